// libFuzzer target: what a `command` widget prints (docs/command-provider.md), decoded by
// CommandOutput.decode, then put through everything that does arithmetic on its dates:
// the timeline's due time, stale limit and next change, ISO formatting, and a cache file
// written and read back. Dates are the point: epoch numbers at Int64's limits and ISO
// strings of every shape must give a timeline inside ISOTime.validRange or a one-line
// ProviderError, never a trap.
//
// Input: byte 0 picks the clock (an index into `instants`) and the grace; the rest is the
// program's stdout.
import FuzzDriver
import Providers

@testable import TimelineCache
@testable import TimelineCore

private let instants: [Int64] = [
  1_772_348_400, 0, -62_135_596_800, 253_402_300_799, Int64.max, Int64.min, Int64.max - 1, Int64.min + 1,
]
private let graces: [Int64] = [0, 3600, 7 * 86_400, -1, Int64.max, Int64.min]

/// One fuzz input: `size` bytes at `data` (nil when empty); returns 0, as libFuzzer expects.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
  let bytes = UnsafeBufferPointer(start: data, count: size)
  let mode = size > 0 ? Int(bytes[0]) : 0
  let now = instants[mode % instants.count]
  let grace = graces[(mode >> 3) % graces.count]
  let draft: TimelineDraft
  do {
    draft = try CommandOutput.decode(Array(bytes.dropFirst()), now: now, program: "fuzz")
  } catch let error as ProviderError {
    precondition(!error.message.unicodeScalars.contains { $0.value < 0x20 }, "multi-line error")
    return 0
  } catch {
    fatalError("not a ProviderError: \(error)")
  }
  let valid = ISOTime.validRange
  for entry in draft.entries where entry.date != now { precondition(valid.contains(entry.date), "date out of range") }
  if let end = draft.end { precondition(valid.contains(end), "end out of range") }
  if case .after(let date) = draft.policy { precondition(valid.contains(date), "policy.after out of range") }
  let timeline = Timeline(
    widget: fuzzName("w"), kind: "command", entries: draft.entries, end: draft.end, policy: draft.policy,
    placeholder: Entry(date: 0, runs: [TextRun("…")], alt: "placeholder"), generated: now, lastSuccess: now,
    grace: grace)
  for instant in instants {
    _ = timeline.display(at: instant)
    _ = timeline.isStale(at: instant)
    if let next = timeline.nextChange(after: instant) { precondition(next > instant, "next change not after now") }
    _ = ISOTime.format(instant)
  }
  if let due = timeline.due { _ = ISOTime.format(due) }
  for entry in timeline.entries.prefix(64) { _ = ISOTime.format(entry.date) }
  // Encoded as a cache file and read back by the emitter's reader, at every instant.
  let encoded = CacheEncoder.encode(timeline)
  encoded.withUnsafeBytes { raw in
    for instant in instants {
      let view = CacheReader.view(bytes: raw, at: instant)
      if let date = view.current?.date { precondition(date <= instant, "entry after the instant") }
    }
  }
  return 0
}
