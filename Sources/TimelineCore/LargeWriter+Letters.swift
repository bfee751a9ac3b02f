/// The scan of a run's text that also passes the two-byte letters of Latin, Greek and
/// Cyrillic (æ, ø, å, é, ·): a Norwegian forecast has one every few words, and stopping at
/// each cost a call of `clean` and a new start of the sixteen-byte loop, about sixty
/// instructions a letter.
extension LargeWriter {
  /// `skipPlain`, but a valid two-byte UTF-8 character the text policy keeps (lead C2…DF,
  /// not a C1 control C2 80…9F) is no stop: where the first byte to look at is. A block
  /// without any stop of `skipPlain`'s is passed with its test alone; only a block with one
  /// is checked again for two-byte characters, each byte against the bytes beside it (the
  /// byte before `start` is the text's quote or the end of a character already read, never
  /// a lead byte, so a continuation byte there stops the scan as it should).
  @inline(__always)
  static func skipLetters(_ base: UnsafeRawPointer, _ start: Int, _ count: Int) -> Int {
    let space = SIMD16<UInt8>(repeating: 0x20)
    let delete = SIMD16<UInt8>(repeating: 0x7F)
    let quote = SIMD16<UInt8>(repeating: 0x22)
    let three = SIMD16<UInt8>(repeating: 3)
    let backslash = SIMD16<UInt8>(repeating: 0x5C)
    let lowLead = SIMD16<UInt8>(repeating: 0xC2)
    let leads = SIMD16<UInt8>(repeating: 0x1E)
    let top2 = SIMD16<UInt8>(repeating: 0xC0)
    let continuation = SIMD16<UInt8>(repeating: 0x80)
    let c1End = SIMD16<UInt8>(repeating: 0xA0)
    var at = start
    // The block after it is loaded too (a lead's next byte), and the one byte before.
    guard at >= 1 else { return skipPlain(base, at, count) }
    while at &+ 17 <= count {
      let bytes = base.loadUnaligned(fromByteOffset: at, as: SIMD16<UInt8>.self)
      let stops = (bytes .< space) .| (bytes .>= delete) .| ((bytes &- quote) .< three) .| (bytes .== backslash)
      if ByteScan.isSet(stops) {
        // Most often the first stop ends the scan (a quote, a script's letter): told by its
        // byte before the blocks beside it are loaded.
        let first = at &+ ByteScan.firstLane(stops)
        let byte = base.load(fromByteOffset: first, as: UInt8.self)
        if byte < 0x80 || byte >= 0xE0 { return first }
        let next = base.loadUnaligned(fromByteOffset: at &+ 1, as: SIMD16<UInt8>.self)
        let previous = base.loadUnaligned(fromByteOffset: at &- 1, as: SIMD16<UInt8>.self)
        let lead = (bytes &- lowLead) .< leads
        let control = (bytes .== lowLead) .& (next .< c1End)
        let leadFits = lead .& ((next & top2) .== continuation) .& .!control
        let tailFits = ((bytes & top2) .== continuation) .& ((previous &- lowLead) .< leads)
        let real = stops .& .!(leadFits .| tailFits)
        if ByteScan.isSet(real) { return at &+ ByteScan.firstLane(real) }
      }
      at &+= 16
    }
    return skipPlain(base, at, count)
  }
}

/// The search's look for the needle's anchor byte in a detail record, once for many runs.
extension LargeWriter {
  /// Runs noted from now on lie in `record` (a detail record's bytes from its detail on,
  /// alive until `endLookAhead`), in order: the anchor found is kept for the runs before
  /// it, and after it the rest of the record is scanned for the next one. Scanning each
  /// run a word at a time cost a forecast's lines about a hundred and fifty instructions
  /// each. `first`: the address of the first anchor byte in `record`, nil for none (the caller
  /// has looked already).
  public mutating func lookAhead(_ record: UnsafeRawBufferPointer, first: UnsafeRawPointer?) {
    guard let base = record.baseAddress else { return }
    let start = Int(bitPattern: base)
    let limit = start + record.count
    ahead = (start, first.map { Int(bitPattern: $0) } ?? limit, limit)
  }

  /// Runs are scanned one by one again.
  public mutating func endLookAhead() { ahead = (0, 0, 0) }

  /// Whether `raw` has the anchor byte.
  mutating func hasAnchor(_ raw: UnsafeRawBufferPointer) -> Bool {
    let start = Int(bitPattern: raw.baseAddress)
    let end = start + raw.count
    guard ahead.limit != 0 && start >= ahead.from && end <= ahead.limit else { return Self.has(anchor, in: raw) }
    if start > ahead.next {
      ahead.from = start
      ahead.next = scanAhead(from: start)
    }
    return ahead.next < end
  }

  /// The address of the first anchor byte from `start` on in the record, or its end.
  private func scanAhead(from start: Int) -> Int {
    guard let base = UnsafeRawPointer(bitPattern: start) else { return ahead.limit }
    let count = ahead.limit - start
    let byte = SIMD16<UInt8>(repeating: anchor)
    var at = 0
    while at &+ 16 <= count {
      let found = base.loadUnaligned(fromByteOffset: at, as: SIMD16<UInt8>.self) .== byte
      if ByteScan.isSet(found) { return start &+ at &+ ByteScan.firstLane(found) }
      at &+= 16
    }
    while at < count && base.load(fromByteOffset: at, as: UInt8.self) != anchor { at &+= 1 }
    return start &+ at
  }
}
