import Foundation
import Testing
import TimelineTestSupport

/// `timeline doctor` reads the bar configs it finds and warns when one runs a
/// `timeline-emit` that does not exist: the bar would stay blank, with the only trace in
/// its own stderr.
@Suite struct DoctorBarCommandsTests {
  func barCommandsLine(_ dir: TempDir, files: [String: String], path: String = "/usr/bin:/bin") throws -> String {
    for (relative, text) in files {
      let file = dir.file(relative)
      try FileManager.default.createDirectory(
        atPath: (file as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
      try text.write(toFile: file, atomically: false, encoding: .utf8)
    }
    let config = try dir.write("config.toml", "[widgets.w]\nkind = \"command\"\ncommand = [\"/bin/true\"]\n")
    let env = isolated(dir, ["HOME": dir.path, "XDG_CONFIG_DIRS": dir.file("none"), "PATH": path])
    let result = try run(
      Repo.timeline, ["doctor", "--config", config, "--cache-dir", dir.file("cache")], environment: env)
    let lines = result.stdout.split(separator: "\n").map(String.init)
    let at = try #require(lines.firstIndex { $0.contains(" bar commands: ") }, "\(result.stdout)")
    return lines[at...].prefix(2).joined(separator: "\n")
  }

  @Test func aMissingEmitterInAWaybarConfigIsAFailure() throws {
    let dir = try TempDir()
    let line = try barCommandsLine(
      dir,
      files: [
        "xdg-config/waybar/config.jsonc":
          "{ \"custom/t\": { \"exec\": \"exec /old/prefix/bin/timeline-emit --follow waybar w\" } }"
      ])
    #expect(line.hasPrefix("✗ bar commands: "), "\(line)")
    #expect(line.contains("/old/prefix/bin/timeline-emit, which does not exist"), "\(line)")
    #expect(line.contains("fix: "), "\(line)")
  }

  @Test func aQuotedPathThatExistsIsFineInTmuxAndPolybar() throws {
    let dir = try TempDir()
    let bin = dir.file("my bin")
    try FileManager.default.createDirectory(atPath: bin, withIntermediateDirectories: true)
    try FileManager.default.copyItem(atPath: Repo.emit, toPath: bin + "/timeline-emit")
    let line = try barCommandsLine(
      dir,
      files: [
        ".tmux.conf": "set -g status-right '#('\(bin)/timeline-emit' tmux w)'\n",
        "xdg-config/polybar/config.ini":
          "[module/t]\n; exec = /gone/timeline-emit polybar w\nexec = exec '\(bin)/timeline-emit' --follow polybar w\n",
      ])
    #expect(line.hasPrefix("✓ bar commands: "), "\(line)")
    #expect(line.contains("polybar: \(bin)/timeline-emit") && line.contains("tmux: \(bin)/timeline-emit"), "\(line)")
  }

  @Test func aBareNameNotOnPathIsAFailureInAnI3Config() throws {
    let dir = try TempDir()
    let line = try barCommandsLine(
      dir, files: ["xdg-config/i3/config": "bar {\n  status_command timeline-emit --follow i3bar w\n}\n"])
    #expect(line.hasPrefix("✗ bar commands: "), "\(line)")
    #expect(line.contains("runs timeline-emit by name, and it is not on PATH"), "\(line)")
  }
}
