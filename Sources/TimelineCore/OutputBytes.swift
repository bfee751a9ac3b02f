/// The large writer's output: an array kept as long as its capacity, `count` bytes of it
/// written and the rest room for what comes. A run's bytes go in with one `memcpy` and one
/// check of room; `Array.append(contentsOf:)` cost about four times that per run, which a
/// long shabad pays once per line. `bytes` trims the room off (no copy), so the output is
/// handed on as the array it was written in.
public struct OutputBytes {
  /// Its first `count` bytes are the output; those after are room, never read.
  private var storage: [UInt8] = []
  /// How many bytes were written.
  public private(set) var count = 0

  /// Room for `capacity` bytes in all.
  mutating func reserve(_ capacity: Int) {
    if capacity > storage.count { grow(to: capacity) }
  }

  /// The bytes written, the room trimmed off (and made anew by the next write).
  public var bytes: [UInt8] {
    mutating get {
      if storage.count > count { storage.removeSubrange(count...) }
      return storage
    }
  }

  /// The byte at `index` (below `count`).
  public subscript(index: Int) -> UInt8 {
    precondition(index < count)
    return storage[index]
  }

  @inline(__always)
  mutating func append(_ byte: UInt8) {
    if count == storage.count { grow(to: count + 1) }
    let at = count
    storage.withUnsafeMutableBufferPointer { $0[at] = byte }
    count = at + 1
  }

  @inline(__always)
  mutating func append(_ source: UnsafeRawPointer, count length: Int) {
    if length > storage.count - count { grow(to: count + length) }
    let at = count
    storage.withUnsafeMutableBytes { room in
      // Never nil: the storage has at least `at + length` bytes, and `length` > 0.
      room.baseAddress.map { ($0 + at).copyMemory(from: source, byteCount: length) }
    }
    count = at + length
  }

  /// Puts `length` bytes from `source` at `index`, the bytes from there on after them.
  mutating func insert(_ source: UnsafeRawPointer, count length: Int, at index: Int) {
    guard length > 0 else { return }
    if length > storage.count - count { grow(to: count + length) }
    let end = count
    storage.withUnsafeMutableBytes { room in
      guard let base = room.baseAddress else { return }
      (base + index + length).copyMemory(from: base + index, byteCount: end - index)
      (base + index).copyMemory(from: source, byteCount: length)
    }
    count = end + length
  }

  /// Puts `bytes` at `index`, as `Array.insert(contentsOf:at:)`.
  mutating func insert(contentsOf bytes: UnsafeBufferPointer<UInt8>, at index: Int) {
    if let base = bytes.baseAddress { insert(base, count: bytes.count, at: index) }
  }

  /// Drops the bytes from `range.lowerBound` on.
  mutating func removeSubrange(_ range: PartialRangeFrom<Int>) {
    precondition(range.lowerBound <= count)
    count = range.lowerBound
  }

  /// Makes room for at least `capacity` bytes: twice the room there was, so a stream of
  /// writes grows it a few times only.
  private mutating func grow(to capacity: Int) {
    let size = Swift.max(capacity, storage.count * 2, 256)
    let kept = count
    // The new bytes past `kept` are room: written before they are read.
    let bigger = [UInt8](unsafeUninitializedCapacity: size) { room, initialized in
      storage.withUnsafeBytes { old in
        if kept > 0, let from = old.baseAddress, let to = room.baseAddress {
          UnsafeMutableRawPointer(to).copyMemory(from: from, byteCount: kept)
        }
      }
      initialized = size
    }
    storage = bigger
  }
}
