/// One JSON object on a line, read with the cache's reader (json-c): what a bar writes
/// back on a stream (i3bar's click events, one object per line inside an endless array).
/// A leading `,` (the array's separator) and space around the object are allowed;
/// anything else that is not exactly one object is refused.
public struct JSONLine {
  private let object: JSONNode

  /// Nil unless `line` holds one JSON object as described above.
  public init?(_ line: some Collection<UInt8>) {
    var bytes = Array(line)
    while let last = bytes.last, last == 0x20 || last == 0x09 || last == 0x0D || last == 0x0A { bytes.removeLast() }
    let start = bytes.firstIndex { $0 != 0x20 && $0 != 0x09 && $0 != 0x2C } ?? bytes.count
    guard start < bytes.count, bytes[start] == UInt8(ascii: "{"), let parser = JSONParser() else { return nil }
    let body = bytes[start...]
    var used = 0
    guard let document = body.withUnsafeBytes({ parser.parse($0, used: &used) }), used == body.count else {
      return nil
    }
    object = document.node
  }

  /// The member `key`, only if it is a JSON string.
  public func string(_ key: StaticString) -> String? { object[key]?.string }

  /// The member `key`, only if it is a JSON integer.
  public func integer(_ key: StaticString) -> Int64? { object[key]?.int }
}
