import Testing
import TimelineTestSupport

@testable import TimelineCore

@Suite struct BrowseStateTests {
  let state = BrowseState(offset: 2, anchor: 1000, target: 5000, expires: 1060, label: "tomorrow")

  @Test func roundTrips() {
    #expect(BrowseState.decode(Substring(state.encoded())) == state)
    let none = BrowseState(offset: 1, anchor: nil, target: 10, expires: 20)
    #expect(BrowseState.decode(Substring(none.encoded())) == none)
  }

  /// The friends wheel's position travels in the same file as the view it belongs to.
  @Test func theWheelPositionRoundTripsBothWays() {
    for position in [0, 3, -2] {
      let wheel = BrowseState(offset: 1, anchor: 7, target: 9, expires: 69, view: true, wheel: position)
      #expect(wheel.encoded().hasSuffix("view 1\nwheel \(position)\n"))
      #expect(BrowseState.decode(Substring(wheel.encoded())) == wheel)
    }
    #expect(BrowseState.decode(Substring(state.encoded()))?.wheel == nil)
    let full = BrowseState(offset: 1, anchor: 7, target: 9, expires: 69, label: "x", view: true, wheel: 1)
    #expect(BrowseState.decode(Substring(full.encoded())) == full)
  }

  @Test func aLabelNeverBreaksTheLine() {
    let hostile = BrowseState(offset: 1, anchor: 1, target: 2, expires: 3, label: "a\nexpires 99\u{7F}b")
    #expect(BrowseState.decode(Substring(hostile.encoded()))?.label == "a expires 99b")
    #expect(BrowseState.decode(Substring(hostile.encoded()))?.expires == 3)
  }

  @Test(arguments: [
    "", "garbage", "timeline-browse 2\noffset 1\nanchor 1\ntarget 2\nexpires 3\n",
    "timeline-browse 1\noffset 0\nanchor 1\ntarget 2\nexpires 3\n",
    "timeline-browse 1\noffset -1\nanchor 1\ntarget 2\nexpires 3\n",
    "timeline-browse 1\noffset 1\nanchor 1\ntarget 2\n",
    "timeline-browse 1\noffset 1\nanchor x\ntarget 2\nexpires 3\n",
    "timeline-browse 1\noffset 1\noffset 2\nanchor 1\ntarget 2\nexpires 3\n",
    "timeline-browse 1\noffset 1\nanchor 1\ntarget 2\nexpires 3\nwhat 4\n",
    "timeline-browse 1\noffset 1\nanchor 1\ntarget 2\nexpires 99999999999999999999\n",
    "timeline-browse 1\noffset 1\nanchor 1\ntarget 2\nexpires 3\nview 1\nwheel x\n",
    "timeline-browse 1\noffset 1\nanchor 1\ntarget 2\nexpires 3\nview 1\nwheel 1\nwheel 2\n",
    "timeline-browse 1\noffset 1\nanchor 1\ntarget 2\nexpires 3\nview 1\nwheel \n",
    "timeline-browse 1\noffset 1\nanchor 1\ntarget 2\nexpires 3",
  ])
  func anythingElseIsNoState(text argument: TextArgument) {
    let text = argument.text
    let decoded = BrowseState.decode(Substring(text))
    // The last case only lacks the final newline, which is accepted.
    if text.hasSuffix("expires 3") {
      #expect(decoded != nil)
    } else {
      #expect(decoded == nil, "\(text.debugDescription)")
    }
  }

  /// Offset 0 is a note over the current entry ("nothing later yet"): only with a label.
  @Test func offsetZeroIsANoteWithItsLabel() throws {
    let note = BrowseState(offset: 0, anchor: 1000, target: 1000, expires: 1010, label: "nothing later yet")
    #expect(BrowseState.decode(Substring(note.encoded())) == note)
    #expect(note.isLive(at: 1009, current: 1000) && !note.isLive(at: 1010, current: 1000))
    #expect(!note.isLive(at: 1005, current: 2000))
    #expect(BrowseState.decode("timeline-browse 1\noffset 0\nanchor 1\ntarget 2\nexpires 3\nlabel \n") == nil)
  }

  @Test func liveOnlyBeforeItExpiresAndWhileTheSameEntryIsCurrent() {
    #expect(state.isLive(at: 1059, current: 1000))
    #expect(!state.isLive(at: 1060, current: 1000))
    #expect(!state.isLive(at: 1010, current: 4000))
    #expect(!state.isLive(at: 1010, current: nil))
    #expect(BrowseState(offset: 1, anchor: nil, target: 5, expires: 9).isLive(at: 1, current: nil))
  }

  @Test func relativeWordsFromEpochSeconds() {
    #expect(RelativeTime.words(from: 100, to: 100) == "now")
    #expect(RelativeTime.words(from: 0, to: 30) == "in 1 min")
    #expect(RelativeTime.words(from: 0, to: 25 * 60) == "in 25 min")
    #expect(RelativeTime.words(from: 0, to: 3 * 3600) == "in 3 h")
    #expect(RelativeTime.words(from: 0, to: 3 * 3600 - 20) == "in 3 h")
    #expect(RelativeTime.words(from: 60, to: 3 * 3600) == "in 3 h")
    #expect(RelativeTime.words(from: 0, to: 3600 + 7 * 60) == "in 1 h 5 min")
    #expect(RelativeTime.words(from: 0, to: 2 * 3600 + 30 * 60) == "in 2 h 30 min")
    #expect(RelativeTime.words(from: 0, to: 3 * 86_400) == "in 3 days")
  }
}
