/// How much of an entry a format prints, after WidgetKit's widget families: a bar's one
/// line (`small`), or the whole entry on several lines (`large`, see `LargeText`), for the
/// formats that have room for it (conky, plain).
public enum WidgetFamily: String, Sendable, Equatable, CaseIterable {
  case small, large
}
