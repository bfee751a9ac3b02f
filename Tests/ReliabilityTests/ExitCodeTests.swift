import Foundation
import Testing
import TimelineTestSupport

/// Every exit status each command's `--help` documents, run for real, plus output that
/// cannot be written: a script must be able to tell what happened from the status alone.
@Suite struct ExitCodeTests {
  /// An entry now with a link, and one an hour later (something to browse to).
  static var json: String {
    let later = Int64(Date().timeIntervalSince1970) + 3600
    return #"echo '{"entries":[{"text":"hi","url":"https://example.org/x"},{"date":\#(later),"text":"later"}]}'"#
  }

  /// A scene with a good widget `w`, a failing one `bad` (with FAIL set) and its cache.
  func scene() throws -> CommandScene {
    let scene = try CommandScene()
    try scene.config([("w", Self.json), ("bad", "\(Self.json)\nexit ${FAIL:-0}\n")])
    let ran = try scene.timelineRun(["refresh"])
    try #require(ran.status == 0, "\(ran)")
    return scene
  }

  func check(_ scene: CommandScene, _ label: String, _ script: String, _ expected: Int32) throws {
    let ran = try scene.shell(
      script + "\necho \"status=$?\"",
      environment: ["TMUX_TMPDIR": scene.dir.file("no-tmux"), "XDG_RUNTIME_DIR": scene.dir.file("run")], timeout: 60)
    let got = ran.stdout.split(separator: "\n").last { $0.hasPrefix("status=") }.flatMap { Int32($0.dropFirst(7)) }
    #expect(got == expected, "\(label): expected \(expected), got \(got.map(String.init) ?? "none"): \(ran)")
    Report.add(
      "exits", ["case": label, "expected": Int(expected), "got": got.map { Int($0) } ?? -1, "ok": got == expected])
  }

  @Test func usageErrorsExit2AsHelpSays() throws {
    let scene = try scene()
    let cases: [(String, String)] = [
      ("refresh --bogus", #""$T" refresh --bogus"#),
      ("browse w sideways", #""$T" browse w sideways --config "$C" --cache-dir "$D""#),
      ("show (no widget)", #""$T" show --config "$C" --cache-dir "$D""#),
      ("status --bogus", #""$T" status --bogus"#),
      ("config --bogus", #""$T" config --bogus"#),
      ("reload --lock-wait 99999", #""$T" reload --lock-wait 99999"#),
      ("regions --country xx", #""$T" regions --country xx --offline"#),
      ("doctor --bogus", #""$T" doctor --bogus"#),
      ("preview (no kind)", #""$T" preview --bogus"#),
      ("open (no widget)", #""$T" open"#),
      ("an unknown subcommand", #""$T" sideways"#),
      ("emit sideways w", #""$T" emit sideways w"#),
      ("timeline-emit sideways w", #""$E" sideways w"#),
    ]
    for (label, script) in cases { try check(scene, "usage error: `\(label)`", script, 2) }
  }

  @Test func eachDocumentedStatusHappens() throws {
    let scene = try scene()
    let common = #"--config "$C" --cache-dir "$D""#
    let cases: [(String, String, Int32)] = [
      ("refresh, all refreshed", #""$T" refresh --force w \#(common)"#, 0),
      ("refresh, a widget failed", #"FAIL=3 "$T" refresh --force \#(common)"#, 1),
      ("refresh, an unknown widget", #""$T" refresh nope \#(common)"#, 2),
      ("reload, all refreshed", #""$T" reload w \#(common)"#, 0),
      ("reload, a widget failed", #"FAIL=3 "$T" reload bad \#(common)"#, 1),
      ("reload, an unknown widget", #""$T" reload nope \#(common)"#, 2),
      ("status", #""$T" status \#(common)"#, 0),
      ("status, an unknown widget", #""$T" status nope \#(common)"#, 2),
      ("show, a current entry", #""$T" show w \#(common)"#, 0),
      ("show, a widget not configured", #""$T" show nope \#(common)"#, 1),
      ("show, an invalid name", #""$T" show ../x \#(common)"#, 2),
      ("open --print, a link", #""$T" open w --print \#(common)"#, 0),
      ("open, no current entry", #"rm -f "$D/bad.json"; "$T" open bad --print \#(common)"#, 1),
      ("browse w next", #""$T" browse w next \#(common)"#, 0),
      ("browse, an unknown widget", #""$T" browse nope next \#(common)"#, 2),
      (
        "browse, an unsafe runtime directory",
        #"mkdir -p run/timeline && chmod 777 run/timeline && "$T" browse w next \#(common)"#, 1
      ),
      ("doctor, a config error", #"echo 'junk = [' > broken.toml; "$T" doctor --config broken.toml"#, 1),
      ("timeline-emit, no cache", #"TIMELINE_CACHE_DIR="$D" "$E" waybar nope"#, 0),
    ]
    for (label, script, expected) in cases { try check(scene, label, script, expected) }
  }

  /// Output lost to a full disk is an error the caller can see.
  @Test func outputThatCannotBeWrittenExitsNonZero() throws {
    let scene = try scene()
    let common = #"--config "$C" --cache-dir "$D""#
    for (label, script) in [
      ("status >/dev/full", #""$T" status \#(common) >/dev/full"#),
      ("status --json >/dev/full", #""$T" status --json \#(common) >/dev/full"#),
      ("config >/dev/full", #""$T" config \#(common) >/dev/full"#),
      ("show w >/dev/full", #""$T" show w \#(common) >/dev/full"#),
    ] {
      try check(scene, label, script, 1)
    }
  }
}
