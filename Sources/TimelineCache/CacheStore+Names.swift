import Glibc
import TimelineCore

/// The cache directory's listing, for messages that name the widgets that exist.
extension CacheStore {
  /// The names in the directory (no `.` and `..`); empty if it cannot be read.
  public func names() -> [String] {
    guard let dir = opendir(directory) else { return [] }
    defer { closedir(dir) }
    var names: [String] = []
    while let item = readdir(dir) {
      let name = withUnsafeBytes(of: item.pointee.d_name) {
        $0.bindMemory(to: CChar.self).baseAddress.map { String(cString: $0) } ?? ""
      }
      if name != "." && name != ".." { names.append(name) }
    }
    return names
  }

  /// The widgets with a cache file, sorted: what a refresh has written so far.
  public func cachedWidgets() -> [WidgetName] {
    names().compactMap { WidgetName(cacheFile: $0) }.sorted()
  }
}
