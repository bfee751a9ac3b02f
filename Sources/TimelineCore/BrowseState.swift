/// Where a widget's view stands while the user browses its timeline from the bar. It
/// belongs to the session, not the cache: `timeline browse` writes it, the emitters only
/// read it, and anything missing, expired, unreadable or not matching the cache means
/// "now". The file and why it carries what it does: docs/emitters.md, "Browsing".
public struct BrowseState: Sendable, Equatable {
  /// How many entries ahead of the current one the view is (0 only with a `label`).
  public var offset: Int
  /// The date of the entry current when browsing; nil when none was (before the first).
  public var anchor: Int64?
  /// The date of the browsed entry, which `label` describes.
  public var target: Int64
  /// The view returns to now at this instant.
  public var expires: Int64
  /// How to name the browsed entry, when relative hours will not do ("tomorrow").
  public var label: String?
  /// The browsed entry is the current entry of the view file beside this state
  /// (`BrowseStore.writeView`), not one ahead in the cache.
  public var view: Bool
  /// With `view`: where the friends wheel stands in today's due list (0 is the top).
  public var wheel: Int?

  /// Creates a state.
  public init(
    offset: Int, anchor: Int64?, target: Int64, expires: Int64, label: String? = nil, view: Bool = false,
    wheel: Int? = nil
  ) {
    self.offset = offset
    self.anchor = anchor
    self.target = target
    self.expires = expires
    self.label = label
    self.view = view
    self.wheel = wheel
  }

  static let header = "timeline-browse 1"

  /// Whether the view is still browsing at `now`, given the date of the entry that is
  /// current now (nil when none is).
  public func isLive(at now: Int64, current: Int64?) -> Bool {
    (offset > 0 || label != nil) && now < expires && anchor == current
  }

  /// The file's text.
  public func encoded() -> String {
    var text = Self.header + "\n"
    text += "offset \(offset)\n"
    text += "anchor " + (anchor.map { String($0) } ?? "none") + "\n"
    text += "target \(target)\nexpires \(expires)\n"
    if let label {
      // One line: a label never carries a line break into the file.
      text += "label " + CleanText.barLine(label) + "\n"
    }
    if view { text += "view 1\n" }
    if let wheel { text += "wheel \(wheel)\n" }
    return text
  }

  /// Parses a file's text; nil for anything that is not exactly this format.
  public static func decode(_ text: Substring) -> BrowseState? {
    var lines = text.split(separator: "\n", omittingEmptySubsequences: false)
    if lines.last == "" { lines.removeLast() }
    guard lines.first == Substring(header), lines.count <= 9 else { return nil }
    var offset: Int?
    var anchor: Int64??
    var target: Int64?
    var expires: Int64?
    var label: String?
    var view: Bool?
    var wheel: Int?
    for line in lines.dropFirst() {
      guard let space = line.firstIndex(of: " ") else { return nil }
      let key = line[..<space]
      let value = line[line.index(after: space)...]
      switch key {
      case "offset" where offset == nil: offset = Int(value)
      case "anchor" where anchor == nil: anchor = value == "none" ? .some(nil) : Int64(value).map { .some($0) }
      case "target" where target == nil: target = Int64(value)
      case "expires" where expires == nil: expires = Int64(value)
      case "label" where label == nil && !value.isEmpty: label = String(value)
      case "view" where view == nil && value == "1": view = true
      case "wheel" where wheel == nil:
        guard let position = Int(value) else { return nil }
        wheel = position
      default: return nil
      }
    }
    // An offset past any timeline's length is a damaged file.
    guard let offset, offset > 0 || (offset == 0 && label != nil), offset <= 1_000_000, let anchor, let target,
      let expires
    else { return nil }
    return BrowseState(
      offset: offset, anchor: anchor, target: target, expires: expires, label: label, view: view ?? false, wheel: wheel)
  }
}

/// Relative wording from epoch seconds alone, so the emitter can say "in 3 h" without a
/// time zone, in the language of `words`.
public enum RelativeTime {
  /// "now", "in 25 min", "in 3 h", "in 2 h 30 min", "in 2 days" (from `now` to `target`;
  /// beyond an hour to the nearest 5 minutes).
  public static func words(from now: Int64, to target: Int64, words: Words = .english) -> String {
    let seconds = target - now
    if seconds < 60 { return seconds <= 0 ? words(.now) : words(.inMinutes, "1") }
    let minutes = (seconds + 30) / 60
    if minutes < 60 { return words(.inMinutes, DecimalText.string(minutes)) }
    if seconds >= 2 * 86_400 { return words(.inDays, DecimalText.string((seconds + 43_200) / 86_400)) }
    // Past the hour, to the nearest 5 minutes: "in 3 h", not "in 2 h 59 min".
    let rounded = (minutes + 2) / 5 * 5
    let hours = rounded / 60
    let rest = rounded % 60
    return rest == 0
      ? words(.inHours, DecimalText.string(hours))
      : words(.inHoursMinutes, DecimalText.string(hours), DecimalText.string(rest))
  }
}
