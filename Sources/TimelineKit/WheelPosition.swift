import FoundationEssentials
import Platform
import TimelineCache
import TimelineCore

/// Where the mouse wheel stands in a friends widget's due list: session state, kept
/// beside the browse state (`$XDG_RUNTIME_DIR/timeline`), forgotten after the browse
/// timeout so the next turn starts from the top again.
public struct WheelPosition: Sendable {
  let path: String
  let now: Int64
  let timeout: Int64

  /// The position of `widget` at `now`, forgotten `timeout` seconds after a move.
  public init(widget: WidgetName, now: Int64, timeout: Int64, directory: String = BrowseStore.defaultDirectory()) {
    path = directory + "/" + widget.wheelFile
    self.now = now
    self.timeout = timeout
  }

  /// The position after moving `step` from the live one (0 when none is live), saved.
  public func move(by step: Int) -> Int {
    var offset = 0
    if case .success(let text) = SmallFile.read(path, limit: 255, followLinks: false) {
      let parts = text.split(whereSeparator: \.isWhitespace).compactMap { Int64($0) }
      if parts.count == 2, parts[1] > now, let saved = Int(exactly: parts[0]) { offset = saved }
    }
    offset += step
    try? FileManager.default.createDirectory(
      atPath: String(path[..<(path.lastIndex(of: "/") ?? path.startIndex)]), withIntermediateDirectories: true,
      attributes: [.posixPermissions: 0o700])
    try? "\(offset) \(now + timeout)\n".write(toFile: path, atomically: true, encoding: .utf8)
    return offset
  }
}
