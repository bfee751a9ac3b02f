import Foundation
import Testing
import TimelineTestSupport

/// A refresh made while the clock ran 5.5 h ahead (a dual-boot clock kept in local time),
/// then the clock set right: the cache's own times lie in the future. The widget is due
/// again at once, the next refresh brings the bar back, and `doctor` says the clock moved.
@Suite struct ClockJumpTests {
  @Test func aCacheWrittenInTheFutureIsDueAndDoctorSaysTheClockMoved() throws {
    let scene = try CommandScene()
    try scene.config([("w", #"printf '{"entries":[{"date":0,"text":"now"}]}'"# + "\n")])
    #expect(try scene.timelineRun(["refresh"]).status == 0)
    let path = scene.cacheDir + "/w.json"
    var text = try String(contentsOfFile: path, encoding: .utf8)
    // The meta's own times moved 5.5 h ahead, the same number of digits (the layout's
    // lengths stay right).
    for key in ["generated", "lastSuccess"] {
      let pattern = try NSRegularExpression(pattern: "\"\(key)\":(\\d+)")
      let range = try #require(pattern.firstMatch(in: text, range: NSRange(text.startIndex..., in: text)))
      let digits = try #require(Range(range.range(at: 1), in: text))
      text.replaceSubrange(digits, with: String(Int64(text[digits])! + 19_800))
    }
    try text.write(toFile: path, atomically: true, encoding: .utf8)

    let doctor = try scene.timelineRun(["doctor"])
    #expect(doctor.stdout.contains("the clock moved back since the last refresh of w"), "\(doctor)")
    #expect(doctor.stdout.contains("in the future"), "\(doctor)")
    let refresh = try scene.timelineRun(["refresh"])
    #expect(refresh.status == 0 && (refresh.stdout + refresh.stderr).contains("w: refreshed"), "\(refresh)")
    let after = try String(contentsOfFile: path, encoding: .utf8)
    #expect(after != text, "the refresh left the cache written in the future")
  }
}
