import TimelineCore

/// The writer's line layout, located in a mapped file:
///
///     {"version":1,"meta":{…},"entries":[
///     {"date":…},
///     {"date":…}
///     ]}
///
/// Each entry line is one complete JSON object, so a reader can binary-search the lines by
/// byte offset and hand only the lines it probes to json-c.
struct LineLayout {
  let bytes: UnsafeRawBufferPointer
  let meta: CacheMeta?
  /// Byte range of the entry lines.
  let start: Int
  let end: Int
  /// Whether the closing `]}` is there; a file without it was cut short.
  let complete: Bool

  enum Found {
    case layout(LineLayout)
    case futureVersion(Int64)
    case other
  }

  private static let prefix = Array(#"{"version":"#.utf8)
  private static let metaKey = Array(#","meta":"#.utf8)
  private static let entriesKey = Array(#","entries":["#.utf8)

  static func find(_ bytes: UnsafeRawBufferPointer) -> Found {
    guard bytes.starts(with: prefix) else { return .other }
    var at = prefix.count
    var version: Int64 = 0
    while at < bytes.count, (48...57).contains(bytes[at]), version < 1_000_000 {
      version = version * 10 + Int64(bytes[at] - 48)
      at += 1
    }
    if version > CacheEncoder.version { return .futureVersion(version) }
    guard version == CacheEncoder.version, bytes[at...].starts(with: metaKey) else { return .other }
    at += metaKey.count
    let metaBytes = UnsafeRawBufferPointer(rebasing: bytes[at..<lineEnd(bytes, from: at)])
    guard let (document, used) = JSONDocument.parse(metaBytes) else {
      return .layout(LineLayout(bytes: bytes, meta: nil, start: 0, end: 0, complete: false))
    }
    let meta = CacheMeta.decode(document.node)
    at += used
    guard bytes[at...].starts(with: entriesKey) else { return .other }
    at += entriesKey.count
    guard at < bytes.count, bytes[at] == 0x0A else { return .other }
    let start = at + 1
    var tail = bytes.count
    while tail > start, bytes[tail - 1] == 0x0A { tail -= 1 }
    let complete = tail - start >= 2 && bytes[tail - 2] == UInt8(ascii: "]") && bytes[tail - 1] == UInt8(ascii: "}")
    return .layout(LineLayout(bytes: bytes, meta: meta, start: start, end: complete ? tail - 2 : tail, complete: complete))
  }

  private static func lineEnd(_ bytes: UnsafeRawBufferPointer, from: Int) -> Int {
    var at = from
    while at < bytes.count, bytes[at] != 0x0A { at += 1 }
    return at
  }

  private func lineStart(before position: Int) -> Int {
    var at = position
    while at > start, bytes[at - 1] != 0x0A { at -= 1 }
    return at
  }

  /// The entry whose line starts at `position`, and where the next line starts.
  private func entry(at position: Int) -> (Entry?, Int) {
    let stop = Self.lineEnd(bytes, from: position)
    let next = Swift.min(stop + 1, end)
    guard stop > position, let (document, _) = JSONDocument.parse(UnsafeRawBufferPointer(rebasing: bytes[position..<stop]))
    else { return (nil, next) }
    return (EntryDecoder.entry(document.node), next)
  }

  /// Binary search for the last line whose date ≤ now.
  func select(at now: Int64, meta: CacheMeta, path: String) -> CacheView {
    var low = start
    var high = end
    var best: Entry?
    while low < high {
      let probe = lineStart(before: (low + high) / 2)
      let (entry, next) = entry(at: probe)
      guard let entry else {
        return CacheView(meta: meta, error: .corrupt(path, "an entry line is not valid"))
      }
      if entry.date <= now {
        best = entry
        low = next
      } else {
        high = probe
      }
    }
    // The loop ends on the first line dated after now, if there is one.
    let nextDate = low < end ? entry(at: low).0?.date : nil
    let current = Selection.isExpired(end: meta.end, now: now) ? nil : best
    return CacheView(meta: meta, current: current, nextDate: nextDate)
  }
}
