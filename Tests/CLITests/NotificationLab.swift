import Foundation
import TimelineTestSupport

/// A private session bus with dunst under Xvfb and dbus-monitor recording what arrives
/// (Tests/Support/notify_lab.sh). Nil, with the reason printed, where a program is
/// missing: the test then says it skipped instead of passing silently.
final class NotificationLab: @unchecked Sendable {
  let dir: String
  let address: String
  let display: String

  private init(dir: String, address: String, display: String) {
    self.dir = dir
    self.address = address
    self.display = display
  }

  static func start(in dir: String, test: String) throws -> NotificationLab? {
    try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
    let result = try run("/bin/sh", [Paths.repo + "/Tests/Support/notify_lab.sh", "start", dir], timeout: 60)
    if result.status == 77 {
      print("SKIPPED \(test): \(result.stdout.trimmingCharacters(in: .whitespacesAndNewlines))")
      return nil
    }
    guard result.status == 0 else {
      _ = try? run("/bin/sh", [Paths.repo + "/Tests/Support/notify_lab.sh", "stop", dir])
      throw TestSupportError("notify_lab.sh failed: \(result)")
    }
    let lines = result.stdout.split(separator: "\n").map(String.init)
    return NotificationLab(dir: dir, address: lines[0], display: lines[1])
  }

  /// The Notify calls recorded so far, each as dbus-monitor printed it.
  func calls() throws -> [String] {
    let text = (try? String(contentsOfFile: dir + "/monitor", encoding: .utf8)) ?? ""
    let blocks = text.components(separatedBy: "\nmethod call ").dropFirst()
    return blocks.filter { $0.contains("member=Notify") }
  }

  /// A screenshot of the display.
  func screenshot(to path: String) throws {
    _ = try run("/usr/bin/env", ["DISPLAY=\(display)", "import", "-window", "root", path])
  }

  func stop() {
    _ = try? run("/bin/sh", [Paths.repo + "/Tests/Support/notify_lab.sh", "stop", dir])
  }

  deinit { stop() }
}
