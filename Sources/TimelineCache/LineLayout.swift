import Glibc
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

  static func find(_ bytes: UnsafeRawBufferPointer, parser: JSONParser) -> Found {
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
    var used = 0
    guard let document = parser.parse(metaBytes, used: &used) else {
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

  /// Where the line starting at `from` ends (its newline, or the end of the bytes).
  private static func lineEnd(_ bytes: UnsafeRawBufferPointer, from: Int) -> Int {
    guard from < bytes.count, let base = bytes.baseAddress else { return Swift.max(from, bytes.count) }
    guard let found = memchr(base + from, 0x0A, bytes.count - from) else { return bytes.count }
    return UnsafeRawPointer(found) - base
  }

  /// The start of the line holding `position`, never before `start`.
  private func lineStart(before position: Int) -> Int {
    guard position > start, let base = bytes.baseAddress else { return position }
    let byte = base.assumingMemoryBound(to: UInt8.self)
    var at = position
    while at > start, byte[at - 1] != 0x0A { at -= 1 }
    return at
  }

  /// Binary search for the last line whose date ≤ now. Every line it probes is parsed
  /// (so a damaged line is found exactly as before), but only the date is read from it;
  /// the winning line alone is decoded into an `Entry`, and not even that when the
  /// timeline has ended. The next entry's date comes from the last line probed after
  /// now, which is where the search ends: no line is parsed twice.
  func select(at now: Int64, meta: CacheMeta, path: String, parser: JSONParser) -> CacheView {
    var low = start
    var high = end
    var best: JSONDocument?
    var highDate: Int64 = 0
    while low < high {
      let probe = lineStart(before: (low + high) / 2)
      let stop = Self.lineEnd(bytes, from: probe)
      var used = 0
      guard stop > probe,
        let document = parser.parse(UnsafeRawBufferPointer(rebasing: bytes[probe..<stop]), used: &used),
        let date = EntryDecoder.date(document.node)
      else {
        return CacheView(meta: meta, error: .corrupt(path, "an entry line is not valid"))
      }
      if date <= now {
        best = document
        low = Swift.min(stop + 1, end)
      } else {
        high = probe
        highDate = date
      }
    }
    // The loop ends on the first line dated after now, if there is one; it was the last
    // probe that moved `high`.
    var view = CacheView(meta: meta)
    if low < end { view.nextDate = highDate }
    if !Selection.isExpired(end: meta.end, now: now), let best { view.current = EntryDecoder.entry(best.node) }
    return view
  }
}
