/// Tests on eight bytes at once (one little-endian `UInt64`), for the byte loops of the bars'
/// hot path: runs of bytes that need nothing are skipped a word at a time. Each test is exact
/// about whether such a byte exists in the word (not about where), which is all a skip needs.
public enum ByteScan {
  @inlinable static var ones: UInt64 { 0x0101_0101_0101_0101 }
  @inlinable static var highBits: UInt64 { 0x8080_8080_8080_8080 }

  /// The eight bytes at `offset`, any alignment.
  @inlinable public static func word(_ bytes: UnsafeRawPointer, at offset: Int) -> UInt64 {
    bytes.loadUnaligned(fromByteOffset: offset, as: UInt64.self)
  }

  /// Whether a byte of `word` is below `limit` (at most 128).
  @inlinable public static func hasByte(_ word: UInt64, below limit: UInt8) -> Bool { flags(word, below: limit) != 0 }

  /// Whether a byte of `word` is `byte`.
  @inlinable public static func hasByte(_ word: UInt64, equalTo byte: UInt8) -> Bool { flags(word, equalTo: byte) != 0 }

  /// The high bit of each byte of `word` below `limit` (at most 128); exact up to and
  /// including the lowest byte flagged (the borrows only run upward). Flags of several
  /// tests OR together into one test of a word.
  @inlinable public static func flags(_ word: UInt64, below limit: UInt8) -> UInt64 {
    (word &- ones &* UInt64(limit)) & ~word & highBits
  }

  /// The high bit of each byte of `word` that is `byte`, exact as `flags(_:below:)` is.
  @inlinable public static func flags(_ word: UInt64, equalTo byte: UInt8) -> UInt64 {
    let x = word ^ (ones &* UInt64(byte))
    return (x &- ones) & ~x & highBits
  }
}
