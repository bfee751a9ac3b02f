import Testing
import TimelineCore
import TimelineTestSupport

@testable import TimelineKit

/// `[notify]` and the widgets' `notify` switch as the config reads them.
@Suite struct NotifyConfigTests {
  @Test func theTableSetsThresholdsAndAWidgetCanBeSilenced() throws {
    let config = try ConfigLoader.parse(
      """
      [notify]
      avalanche = 4
      birthdays = true
      hukamnama = false

      [widgets.lyngen]
      kind = "avalanche"
      region = 3010
      notify = false
      """, file: "c.toml")
    #expect(config.notify.thresholds == ["avalanche": 4, "birthdays": 1])
    #expect(config.notify.silenced == [WidgetName("lyngen")])
    #expect(config.widgets[0].options["notify"] == nil)
  }

  @Test func noTableNoNotification() throws {
    let config = try ConfigLoader.parse("[widgets.a]\nkind = \"avalanche\"\n", file: "c.toml")
    #expect(!config.notify.isOn)
  }

  @Test(arguments: [
    ("[notify]\navalanch = 4", "c.toml:2:1: [notify] unknown key \"avalanch\""),
    ("[notify]\navalanche = 6", "c.toml:2:13: [notify] avalanche: expected a level from 1 to 5"),
    ("[notify]\nbirthdays = 1", "c.toml:2:13: [notify] birthdays: expected true or false"),
    (
      "[widgets.c]\nkind = \"command\"\ncommand = [\"true\"]\nnotify = false", "kind \"command\" sends no notifications"
    ),
  ])
  func mistakesAreRefusedWithTheirPlace(text: TextArgument, message: String) {
    #expect(throws: ConfigError.self) { try ConfigLoader.parse(text.text, file: "c.toml") }
    do {
      _ = try ConfigLoader.parse(text.text, file: "c.toml")
    } catch {
      #expect(error.description.contains(message), "\(error.description)")
    }
  }

  @Test func theBodyIsEscapedAndTheLinkIsTheOnlyMarkup() {
    let notice = Notice(
      subject: "s", summary: "<b>x</b>", body: "a & <i>b</i>", url: "https://e.x/?a=1&b=\"2\"", critical: true)
    #expect(
      NoticeMarkup.body(notice, hyperlinks: true)
        == "a &amp; &lt;i&gt;b&lt;/i&gt;\n<a href=\"https://e.x/?a=1&amp;b=&quot;2&quot;\">https://e.x/?a=1&amp;b=&quot;2&quot;</a>"
    )
    #expect(GVariantText.string("it's \\ \n") == "'it\\'s \\\\ \\u000a'")
  }
}
