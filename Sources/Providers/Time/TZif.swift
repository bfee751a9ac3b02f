import TimelineCore

/// Reads a TZif file (RFC 8536), the format of the system's time-zone database. Version 1
/// files give 32-bit change times only; version 2 and later repeat the data with 64-bit
/// times and end with a footer, the POSIX rule for instants after the last change. Leap
/// second records (the `right/` zones) are skipped: the package counts POSIX seconds.
enum TZif {
  /// The zone's offsets, or why the bytes are not a TZif file.
  static func rules(_ bytes: [UInt8]) -> Result<ZoneRules, TZifError> {
    var reader = ByteReader(bytes: bytes)
    do throws(TZifError) {
      var header = try Header(&reader)
      var timeSize = 4
      if header.version >= UInt8(ascii: "2") {
        try reader.skip(header.blockSize(timeSize: 4))
        header = try Header(&reader)
        timeSize = 8
      }
      var transitions: [Int64] = []
      for _ in 0..<header.times {
        let time = try timeSize == 8 ? reader.int64() : Int64(reader.int32())
        guard transitions.last.map({ $0 < time }) ?? true else { throw TZifError("changes out of order") }
        transitions.append(time)
      }
      var indices: [Int] = []
      for _ in 0..<header.times { indices.append(Int(try reader.byte())) }
      var utcOffsets: [Int64] = []
      for _ in 0..<header.types {
        let offset = try Int64(reader.int32())
        guard (-26 * 3600...26 * 3600).contains(offset) else { throw TZifError("offset out of range") }
        utcOffsets.append(offset)
        try reader.skip(2)  // is-DST flag, abbreviation index
      }
      guard indices.allSatisfy({ $0 < utcOffsets.count }) else { throw TZifError("unknown local-time type") }
      try reader.skip(header.characters + header.leaps * (timeSize + 4) + header.standardFlags + header.utcFlags)
      var tail: PosixRule?
      if timeSize == 8 {
        let footer = try reader.footer()
        if !footer.isEmpty {
          guard let rule = PosixRule(footer) else { throw TZifError("unreadable rule \"\(footer)\"") }
          tail = rule
        }
      }
      return .success(
        ZoneRules(
          transitions: transitions, offsets: indices.map { utcOffsets[$0] }, initial: utcOffsets[0], tail: tail))
    } catch {
      return .failure(error)
    }
  }

  /// A header's version and counts.
  private struct Header {
    var version: UInt8
    var utcFlags, standardFlags, leaps, times, types, characters: Int

    init(_ reader: inout ByteReader) throws(TZifError) {
      guard Array(try reader.take(4)) == Array("TZif".utf8) else { throw TZifError("not a TZif file") }
      version = try reader.byte()
      try reader.skip(15)
      var counts: [Int] = []
      for _ in 0..<6 { counts.append(Int(try reader.int32())) }
      // Beyond these no real zone goes; a damaged count must not make a huge allocation.
      guard counts.allSatisfy({ (0...100_000).contains($0) }), counts[4] >= 1 else {
        throw TZifError("impossible counts")
      }
      (utcFlags, standardFlags, leaps, times, types, characters) =
        (counts[0], counts[1], counts[2], counts[3], counts[4], counts[5])
    }

    /// The bytes of the data block after this header.
    func blockSize(timeSize: Int) -> Int {
      times * (timeSize + 1) + types * 6 + characters + leaps * (timeSize + 4) + standardFlags + utcFlags
    }
  }
}

/// Why bytes are not a readable TZif file.
struct TZifError: Error, Equatable {
  let why: String
  init(_ why: String) { self.why = why }
}

/// Big-endian reads that fail instead of reading past the end.
private struct ByteReader {
  let bytes: [UInt8]
  var index = 0

  mutating func take(_ count: Int) throws(TZifError) -> ArraySlice<UInt8> {
    guard count >= 0, count <= bytes.count - index else { throw TZifError("truncated") }
    defer { index += count }
    return bytes[index..<index + count]
  }

  mutating func skip(_ count: Int) throws(TZifError) { _ = try take(count) }

  mutating func byte() throws(TZifError) -> UInt8 { try take(1).first ?? 0 }

  mutating func int32() throws(TZifError) -> Int32 {
    Int32(bitPattern: try take(4).reduce(0) { $0 << 8 | UInt32($1) })
  }

  mutating func int64() throws(TZifError) -> Int64 {
    Int64(bitPattern: try take(8).reduce(0) { $0 << 8 | UInt64($1) })
  }

  /// The footer: a rule between two newlines (empty for a zone with no rule).
  mutating func footer() throws(TZifError) -> String {
    guard try byte() == UInt8(ascii: "\n") else { throw TZifError("no footer") }
    let rest = bytes[index...]
    guard let end = rest.firstIndex(of: UInt8(ascii: "\n")) else { throw TZifError("truncated footer") }
    index = end + 1
    return String(decoding: rest[..<end], as: UTF8.self)
  }
}
