/// The scan over a run of Gurmukhi (and other E0-led) letters: the large writer's hot loop
/// for a shabad, checked sixteen bytes and then six bytes at a time.
extension LargeWriter {
  /// Where the run of characters led by E0 (U+0800…U+0FFF: Gurmukhi, Devanagari's
  /// dandas…) that starts at `start` ends, single spaces between words included; nil at
  /// invalid UTF-8. The policy acts on none of them (`clean`), so the run stays in the
  /// pending copy; a Gurmukhi letter (E0 A8/A9) marks the line, which a line of the
  /// script does at its first letter: the rest of the run is only checked.
  mutating func skipIndic(_ base: UnsafeRawPointer, _ start: Int, _ count: Int) -> Int? {
    var at = start
    if !lineGurmukhi {
      guard let (end, found) = Self.indicRun(base, at, count, untilGurmukhi: true) else { return nil }
      guard found else { return end }
      lineGurmukhi = true
      at = end
    }
    at = Self.indicBlocks(base, at, count)
    guard at < count && base.load(fromByteOffset: at, as: UInt8.self) == 0xE0 else { return at }
    return Self.indicRun(base, at, count, untilGurmukhi: false)?.end
  }

  /// Where the run of E0-led characters and spaces from `start` (a character's first byte)
  /// stops being checked sixteen bytes at a time: at the first byte that is not one, or
  /// that would make invalid UTF-8, or near the end; always at a character's first byte, the
  /// bytes before it checked. Each byte is told by the two before it (loaded sixteen bytes
  /// earlier by one and by two): after an E0 a byte must be A0…BF, two after one 80…BF,
  /// else E0 or a space. `indicRun` goes on from there (and refuses invalid UTF-8).
  @inline(__always)
  static func indicBlocks(_ base: UnsafeRawPointer, _ start: Int, _ count: Int) -> Int {
    guard start >= 2 else { return start }
    let lead = SIMD16<UInt8>(repeating: 0xE0)
    let space = SIMD16<UInt8>(repeating: 0x20)
    let second = SIMD16<UInt8>(repeating: 0xA0)
    let top2 = SIMD16<UInt8>(repeating: 0xC0)
    let continuation = SIMD16<UInt8>(repeating: 0x80)
    var at = start
    while at &+ 16 <= count {
      let bytes = base.loadUnaligned(fromByteOffset: at, as: SIMD16<UInt8>.self)
      let afterLead = base.loadUnaligned(fromByteOffset: at &- 1, as: SIMD16<UInt8>.self) .== lead
      let twoAfterLead = base.loadUnaligned(fromByteOffset: at &- 2, as: SIMD16<UInt8>.self) .== lead
      let starts = (bytes .== lead) .| (bytes .== space)
      let fits =
        (afterLead .& ((bytes & lead) .== second))
        .| (.!afterLead .& twoAfterLead .& ((bytes & top2) .== continuation))
        .| (.!afterLead .& .!twoAfterLead .& starts)
      let misfits = .!fits
      if ByteScan.isSet(misfits) {
        at &+= ByteScan.firstLane(misfits)
        break
      }
      at &+= 16
    }
    // Back to the first byte of a character cut at `at`.
    if base.load(fromByteOffset: at &- 1, as: UInt8.self) == 0xE0 { return at &- 1 }
    if base.load(fromByteOffset: at &- 2, as: UInt8.self) == 0xE0 { return at &- 2 }
    return at
  }

  /// `skipIndic`'s loop: where the run ends (or, `untilGurmukhi`, the first Gurmukhi
  /// letter's word, and true). Two characters (six bytes) are checked in one 64-bit word,
  /// and the two bytes after them tell whether the run goes on.
  @inline(__always)
  static func indicRun(
    _ base: UnsafeRawPointer, _ start: Int, _ count: Int, untilGurmukhi: Bool
  ) -> (end: Int, found: Bool)? {
    var at = start
    while at &+ 8 <= count {
      let word = base.loadUnaligned(fromByteOffset: at, as: UInt64.self)
      let after: UInt64
      if word & 0x0000_C0E0_FFC0_E0FF == 0x0000_80A0_E080_A0E0 {
        if untilGurmukhi && ((word &>> 8) & 0xFE == 0xA8 || (word &>> 32) & 0xFE == 0xA8) { return (at, true) }
        at &+= 6
        after = word &>> 48
      } else {
        guard word & 0x00C0_E0FF == 0x0080_A0E0 else { return nil }
        if untilGurmukhi && (word &>> 8) & 0xFE == 0xA8 { return (at, true) }
        at &+= 3
        after = word &>> 24
      }
      if after & 0xFF == 0xE0 { continue }
      // A space, then the next word's first letter.
      if after & 0xFFFF == 0xE020 {
        at &+= 1
        continue
      }
      return (at, false)
    }
    let bytes = base.assumingMemoryBound(to: UInt8.self)
    while at < count && bytes[at] == 0xE0 {
      guard at &+ 2 < count, bytes[at &+ 1] & 0xE0 == 0xA0, bytes[at &+ 2] & 0xC0 == 0x80 else { return nil }
      if untilGurmukhi && bytes[at &+ 1] & 0xFE == 0xA8 { return (at, true) }
      at &+= 3
    }
    return (at, false)
  }
}
