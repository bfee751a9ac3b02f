import Providers
import TimelineCore

/// Why a `timeline friends` command could not do what it was asked, typed where it arose.
/// The CLI decides what each means for the exit status.
public enum FriendsError: Error, Sendable, CustomStringConvertible {
  /// `AppConfig.unknownWidget`'s message.
  case unknownWidget(String)
  case notFriendsWidget(WidgetName)
  case noFriendsWidget(file: String)
  /// A friends widget's options are unusable (the config's message).
  case config(String)
  /// The query and the names, cleaned for the terminal.
  case noMatch(String)
  case ambiguous(String, [String])
  /// `--when` names a day (days since 1970) after today.
  case futureDay(Int)
  case nothingShown(WidgetName)
  case noLongerTracked(WidgetName)
  case nothingToBrowse(WidgetName)
  /// The contacts or the log could not be read or written (why).
  case files(String)
  /// A widget's cache or its browsed view could not be written (why).
  case write(WidgetName, String)

  /// An ambiguous name lists at most this many candidates and counts the rest: a name of
  /// one letter in a large book would otherwise fill the terminal.
  static let namesShown = 10

  /// The message.
  public var description: String {
    switch self {
    case .unknownWidget(let message), .config(let message), .files(let message): message
    case .notFriendsWidget(let name): "\"\(name)\" is not a friends widget"
    case .noFriendsWidget(let file): "no widget of kind \"friends\" in \(file) (docs/providers/friends.md)"
    case .noMatch(let query): "no tracked friend matches \"\(query)\""
    case .ambiguous(let query, let names):
      "\"\(query)\" matches \(names.count) friends; use more of the name:\n"
        + names.prefix(Self.namesShown).map { "  " + $0 }.joined(separator: "\n")
        + (names.count > Self.namesShown ? "\n  … and \(names.count - Self.namesShown) more" : "")
    case .futureDay(let day): "--when: \(LocalDays.iso(day)) is in the future"
    case .nothingShown(let name): "\(name) shows no friend now"
    case .noLongerTracked(let name): "the friend \(name) shows is no longer tracked"
    case .nothingToBrowse(let name): "\(name) shows nothing to browse; run `timeline refresh \(name)`"
    case .write(let name, let reason): "\(name): \(reason)"
    }
  }
}
