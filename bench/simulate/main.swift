// timeline-simulate: P4 of `make bench` (bench/measure.py). Steps a settable clock through
// a day of timer runs, calling the real Refresher (the code `timeline refresh` runs)
// against whatever `[sources]` the config names (the loopback fixture server in the
// bench), and prints one JSON line per run with each widget's outcome.
//
// usage: timeline-simulate CONFIG CACHE_DIR START_EPOCH RUNS STEP_SECONDS
import Foundation
import Providers
import TimelineCache
import TimelineCore
import TimelineKit

/// A clock the driver sets between runs; providers and the Refresher read it.
final class SteppedClock: WallClock, @unchecked Sendable {
  private let lock = NSLock()
  private var instant: Int64
  init(_ instant: Int64) { self.instant = instant }
  func now() -> Int64 { lock.withLock { instant } }
  func set(_ value: Int64) { lock.withLock { instant = value } }
}

let arguments = CommandLine.arguments
guard arguments.count == 6, let start = Int64(arguments[3]), let runs = Int(arguments[4]),
  let step = Int64(arguments[5])
else {
  FileHandle.standardError.write(Data("usage: timeline-simulate CONFIG CACHE_DIR START_EPOCH RUNS STEP_SECONDS\n".utf8))
  exit(2)
}
let config: AppConfig
do {
  config = try ConfigLoader.load(explicit: arguments[1])
} catch {
  FileHandle.standardError.write(Data("timeline-simulate: \(error)\n".utf8))
  exit(2)
}
let clock = SteppedClock(start)
let refresher = Refresher(config: config, store: CacheStore(directory: arguments[2]), clock: clock)
for run in 0..<runs {
  let now = start + Int64(run) * step
  clock.set(now)
  let results: [(WidgetName, Refresher.Outcome)]
  do {
    results = try await refresher.refresh([], force: false)
  } catch {
    FileHandle.standardError.write(Data("timeline-simulate: \(error)\n".utf8))
    exit(2)
  }
  var outcomes: [String: String] = [:]
  for (name, outcome) in results {
    let widget = name.text
    switch outcome {
    case .refreshed(let entries, _, _): outcomes[widget] = "refreshed \(entries)"
    case .notDue: outcomes[widget] = "not due"
    case .rerendered: outcomes[widget] = "rerendered"
    case .failed(let message, _, _): outcomes[widget] = "failed: \(message)"
    case .invalidConfig(let message): outcomes[widget] = "config: \(message)"
    }
  }
  let line = try JSONSerialization.data(
    withJSONObject: ["run": run, "now": now, "outcomes": outcomes], options: [.sortedKeys])
  print(String(decoding: line, as: UTF8.self))
}
