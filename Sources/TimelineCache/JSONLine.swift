/// One JSON object on a line, read with the cache's line reader (`FlatJSON`): what a bar
/// writes back on a stream (i3bar's click events, one object per line inside an endless
/// array). A leading `,` (the array's separator) and space around the object are allowed;
/// anything else that is not exactly one object is refused.
public final class JSONLine {
  private let storage: UnsafeMutableRawBufferPointer
  private let json: FlatJSON

  /// Nil unless `line` holds one JSON object as described above.
  public init?(_ line: some Collection<UInt8>) {
    var bytes = Array(line)
    while let last = bytes.last, last == 0x20 || last == 0x09 || last == 0x0D || last == 0x0A { bytes.removeLast() }
    var start = 0
    while start < bytes.count, bytes[start] == 0x20 || bytes[start] == 0x09 || bytes[start] == 0x2C { start += 1 }
    let count = bytes.count - start
    guard count > 0, bytes[start] == UInt8(ascii: "{") else { return nil }
    let storage = UnsafeMutableRawBufferPointer.allocate(byteCount: count, alignment: 1)
    storage.copyBytes(from: bytes[start...])
    var used = 0
    guard let json = FlatJSON.parse(UnsafeRawBufferPointer(storage), used: &used), used == count else {
      storage.deallocate()
      return nil
    }
    self.storage = storage
    self.json = json
  }

  deinit { storage.deallocate() }

  /// The member `key`, only if it is a JSON string.
  public func string(_ key: StaticString) -> String? { json.root[key]?.string }

  /// The member `key`, only if it is a JSON integer.
  public func integer(_ key: StaticString) -> Int64? { json.root[key]?.int }
}
