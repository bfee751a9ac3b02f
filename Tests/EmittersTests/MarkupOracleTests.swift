import Testing
import TimelineTestSupport

/// The shared bar markup oracles refuse what is not ours, so that the tests and the
/// fuzzer that lean on them can fail.
@Suite struct MarkupOracleTests {
  @Test func pangoTakesOnlyOurBalancedTagsAndEntities() {
    #expect(BarMarkup.pangoText("<span foreground=\"#ff9900\"><b>a &amp; b</b></span>") == "a & b")
    #expect(BarMarkup.pangoText("<i>x</i>") == nil)
    #expect(BarMarkup.pangoText("<b>x") == nil)
    #expect(BarMarkup.pangoText("a & b") == nil)
    #expect(BarMarkup.pangoText("<b>x</b>", allowTags: false) == nil)
  }

  @Test func polybarAndTmuxTakeOnlyOurTags() {
    #expect(BarMarkup.polybarIsOurs("%{F#ff9900}x%{F-} %{T2}y%{T-} 100%", click: false))
    #expect(!BarMarkup.polybarIsOurs("%{A1:touch /tmp/x:}x%{A}", click: true))
    #expect(BarMarkup.polybarWithoutOwnTags("%{F#ff9900}x%{F-}%{T3}y%{T-}") == "xy")
    #expect(BarMarkup.tmuxIsOurs("#[fg=#ff9900,bg=#000000,bold]x## #[default]"))
    #expect(!BarMarkup.tmuxIsOurs("#(touch /tmp/x)"))
    #expect(!BarMarkup.tmuxIsOurs("#[fg=red]x"))
  }
}
