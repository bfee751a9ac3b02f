import Foundation
import Testing
import TimelineCache
import TimelineCore
import TimelineTestSupport

/// Builders for cache files written the real way (CacheStore, atomic rename).
public enum Caches {
  /// A timeline of `entries` for `widget`, generated at 0. `days`: entries that are days of
  /// one forecast; by default, as the avalanche provider declares its own.
  public static func timeline(
    _ widget: WidgetName = "w", kind: String = "test-kind", entries: [Entry], end: Int64? = nil,
    policy: ReloadPolicy = .never, placeholder: Entry = Entry(date: 0, runs: [TextRun("loading")], alt: "loading"),
    grace: Int64 = Timeline.defaultGrace, days: Bool? = nil
  ) -> Timeline {
    Timeline(
      widget: widget, kind: kind, entries: entries, end: end, policy: policy, placeholder: placeholder,
      generated: 0, grace: grace, days: days ?? (kind == "avalanche"))
  }

  /// Writes `timeline` into the cache directory `dir`; a failed write fails the test.
  public static func write(_ timeline: Timeline, in dir: String) {
    #expect(throws: Never.self) { try CacheStore(directory: dir).write(timeline) }
  }

  /// An entry of one run.
  public static func entry(_ text: String, at date: Int64 = 0, color: String? = nil, level: Int? = nil) -> Entry {
    Entry(date: date, runs: [TextRun(text, color: color)], alt: "a", level: level)
  }
}

/// A line of JSON (waybar's, an i3bar block) as an object; nil when it is not one.
public func jsonObject(_ line: String) -> [String: Any]? {
  (try? JSONSerialization.jsonObject(with: Data(line.utf8))) as? [String: Any]
}
