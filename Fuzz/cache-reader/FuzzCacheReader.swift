// libFuzzer target: the cache reader (TimelineCache): the bars' read, the large-family read
// and the whole-document path.
// Any bytes are a possible cache file; the reader must never crash, never read out of
// bounds (ASan), never return an entry dated after the instant asked for, and must give
// the CLI's whole read and the bars' read one answer: the same validity, meta and entry,
// and for the large family the same link and detail.

@testable import TimelineCache
@testable import TimelineCore

private let instants: [Int64] = [Int64.min, -1, 0, 1_677_628_800, 1_795_302_000, 1_795_400_000, Int64.max]

/// One fuzz input: `size` bytes at `data` (nil when empty); returns 0, as libFuzzer expects.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
  let bytes = UnsafeRawBufferPointer(start: data, count: size)
  // The CLI's read of the same bytes: one answer with the bars' (docs/cache-format.md).
  let whole = try? CacheReader.timeline(bytes: bytes)
  var damagedAt: Int64?
  for now in instants {
    let view = CacheReader.view(bytes: bytes, at: now)
    if view.error != nil { damagedAt = now }
    if let whole {
      precondition(view.error == nil, "a bar calls damaged a file the CLI reads")
      precondition(view.meta?.widget == whole.widget && view.meta?.kind == whole.kind, "another meta")
      precondition(shown(view.current) == shown(whole.current(at: now)), "the CLI and a bar show different entries")
    }
    if let current = view.current {
      precondition(view.error == nil, "an entry and an error at once")
      precondition(current.date <= now, "current entry dated after now")
      if let level = current.level { precondition((0...5).contains(level), "level out of range") }
      for run in current.runs { precondition(run.color.map { TextRun.validColor($0) == $0 } ?? true, "bad colour") }
    }
    if let next = view.nextDate { precondition(next > now || view.current == nil, "next entry not after now") }
    // The large family's read: the shown entries start at the current one, in date order,
    // and the current one has the link and detail `timeline show` gives it.
    // Read as conky's large family reads it: a twinned run's text is its ASCII twin.
    if case .entries(_, let shown) = CacheReader.large(bytes, at: now, asciiTwins: true, following: { _ in true }) {
      precondition(shown.first.map { $0.date <= now } ?? false, "large: no current entry first")
      precondition(zip(shown, shown.dropFirst()).allSatisfy { $0.date <= $1.date }, "large: entries out of order")
      if let whole, let first = shown.first, let current = whole.current(at: now) {
        precondition(first.url == current.url, "large: another link than the CLI's")
        precondition(first.detail == twinned(whole.detail(of: current)), "large: another detail than the CLI's")
      }
    }
  }
  precondition(damagedAt == nil || whole == nil, "the CLI reads a file a bar calls damaged")
  return 0
}

/// `detail` as a read that draws ASCII twins gives it: a run with a twin has it as its text.
private func twinned(_ detail: [[TextRun]]) -> [[TextRun]] {
  detail.map { line in
    line.map { run in
      var run = run
      run.text = run.ascii ?? run.text
      return run
    }
  }
}

/// An entry as a bar shows it: without the link and detail only the CLI reads.
private func shown(_ entry: Entry?) -> Entry? {
  guard var entry else { return nil }
  entry.url = nil
  entry.key = nil
  entry.detail = []
  return entry
}
