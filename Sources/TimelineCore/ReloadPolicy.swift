/// When a provider wants to be asked again, as in WidgetKit's `TimelineReloadPolicy`.
public enum ReloadPolicy: Sendable, Equatable {
  /// After the timeline ends: its end date, else its last entry's date.
  case atEnd
  /// At a given instant (UTC epoch seconds).
  case after(Int64)
  /// Only on an explicit `timeline reload` or `refresh --force`.
  case never
}
