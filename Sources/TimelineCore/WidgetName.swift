/// A widget's name, checked once where it enters (argv, the config, a directory listing),
/// with the names of the files kept for it. The rule is what keeps a name from escaping the
/// cache directory and from reaching a bar's click command unchecked: this is its one home.
public struct WidgetName: Sendable, Hashable, Comparable, CustomStringConvertible {
  /// The name itself.
  public let text: String

  /// The rule in words, for every message that refuses a name.
  public static let rule = "use [a-z0-9][a-z0-9-]*, at most 64 characters"

  /// `text` as a widget name; nil unless it follows the rule.
  public init?(_ text: String) {
    guard Self.isValid(text) else { return nil }
    self.text = text
  }

  /// The widget whose cache file is called `fileName` (`<name>.json`); nil for any other file.
  public init?(cacheFile fileName: String) {
    guard fileName.hasSuffix(".json") else { return nil }
    self.init(String(fileName.dropLast(5)))
  }

  /// Whether `text` follows the rule.
  public static func isValid(_ text: String) -> Bool {
    // On the bytes in place where a native or small string has them.
    text.utf8.withContiguousStorageIfAvailable { isValid(bytes: $0) } ?? isValid(bytes: text.utf8)
  }

  private static func isValid<Bytes: Collection<UInt8>>(bytes: Bytes) -> Bool {
    var count = 0
    for byte in bytes {
      let lower = byte >= UInt8(ascii: "a") && byte <= UInt8(ascii: "z")
      let digit = byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9")
      guard lower || digit || (count > 0 && byte == UInt8(ascii: "-")) else { return false }
      count += 1
      if count > 64 { return false }
    }
    return count > 0
  }

  /// The cache file, in the cache directory.
  public var cacheFile: String { text + ".json" }
  /// The refresh state (last error, backoff), hidden in the cache directory.
  public var stateFile: String { "." + text + ".state.json" }
  /// The lock a refresh holds while it writes, hidden in the cache directory.
  public var lockFile: String { "." + text + ".lock" }
  /// The browse state of `timeline browse`, in the runtime directory.
  public var browseFile: String { text + ".browse" }
  /// The browsed view a friends widget's wheel writes (a cache file), beside the browse state.
  public var viewFile: String { text + ".view" }
  /// Where an older version kept a friends widget's wheel position; read once and removed.
  public var wheelFile: String { text + ".wheel" }

  /// The name.
  public var description: String { text }

  /// Names sort as their text.
  public static func < (lhs: WidgetName, rhs: WidgetName) -> Bool { lhs.text < rhs.text }
}
