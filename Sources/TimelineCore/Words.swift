/// The words the emitters write themselves (a browsed entry's "in 3 h", the tooltip's notes,
/// a stack's ranking), translated by the refresh into a small file beside the caches
/// (docs/translating.md), which an emitter reads only when it is about to write one of them:
/// `timeline-emit` never loads a catalog. No file is English.
public struct Words: Sendable, Equatable {
  /// The file's text: one `english<TAB>translation` line per phrase; empty for English.
  var text: String

  /// The words of a file's `text` (see `encoded`); anything else reads as English.
  public init(text: String = "") { self.text = text }

  /// English: no translation.
  public static let english = Words()

  /// The file's text for the phrases translated by `translate` (the refresh's gettext);
  /// empty when it changes none, so English writes no file.
  public static func encoded(_ translate: (String) -> String) -> String {
    var text = ""
    for phrase in Phrase.allCases {
      let english = phrase.english
      let word = translate(english)
      if word != english && !word.utf8.contains(where: { $0 == 0x0A || $0 == 0x09 }) {
        text += english + "\t" + word + "\n"
      }
    }
    return text
  }

  /// `phrase` in this language, its `%d`/`%s` filled with `arguments` (`Template.fill`).
  public func callAsFunction(_ phrase: Phrase, _ arguments: String...) -> String {
    Template.fill(word(phrase.english), arguments)
  }

  /// The translation of `english` in the file, else `english` (a scan: the file is read for
  /// a word or two).
  func word(_ english: String) -> String {
    guard !text.isEmpty else { return english }
    for line in text.split(separator: "\n") {
      guard let tab = line.firstIndex(of: "\t"), line[..<tab] == english else { continue }
      // Cleaned as any text a bar shows: the file is another program's to write.
      return CleanText.clean(String(line[line.index(after: tab)...]))
    }
    return english
  }
}

/// Each phrase the emitters write, by its English text: the catalogs' msgid (xgettext
/// finds each by the `localized` mark, as it finds the refresh's own words).
public enum Phrase: Int, CaseIterable, Sendable {
  case now, inMinutes, inHours, inHoursMinutes, inDays, browsingNote, outOfDate
  case noData, unreadable, ended, nothingUntil, noCurrent, lastFailed
  case birthday, anniversary, call
  case stackHeading, stackBrowsing, stackPosition, nothingToShow, relevance, staleHalved, shown, shownHeld
  case stackWhy, stackLevel, keptForMinDisplay, stackNext

  /// The English text.
  public var english: String {
    switch self {
    case .now: localized("now")
    case .inMinutes: localized("in %d min")
    case .inHours: localized("in %d h")
    case .inHoursMinutes: localized("in %d h %d min")
    case .inDays: localized("in %d days")
    case .browsingNote: localized("(browsing; back to now by itself)")
    case .outOfDate: localized("Out of date: the last refresh is overdue")
    case .noData: localized("No data yet: run \"timeline refresh\"")
    case .unreadable: localized("The cache file cannot be read: run \"timeline refresh\"")
    case .ended: localized("Out of date: the timeline ended at %s; run \"timeline refresh\"")
    case .nothingUntil: localized("Nothing to show until %s")
    case .noCurrent: localized("No current entry: run \"timeline refresh\"")
    case .lastFailed: localized("Last refresh failed: %s")
    case .birthday: localized("Birthday")
    case .anniversary: localized("Anniversary")
    case .call: localized("Call")
    case .stackHeading: localized("%s: its members by relevance now")
    case .stackBrowsing: localized("browsing: %s")
    case .stackPosition: localized("%s, %d of %d")
    case .nothingToShow: localized("placeholder: nothing to show")
    case .relevance: localized("relevance %d")
    case .staleHalved: localized(", stale (score halved)")
    case .shown: localized(", shown")
    case .shownHeld: localized(", shown, held by min_display")
    case .stackWhy: localized("%s: relevance %d")
    case .stackLevel: localized("%s: level %d, relevance %d")
    case .keptForMinDisplay: localized(" (kept for min_display)")
    case .stackNext: localized(" · next: %s %d")
    }
  }
}

/// Marks `english` as a msgid for xgettext (`make update-po`); the translation is looked
/// up later, from the words file.
private func localized(_ english: String) -> String { english }

/// printf-style templates without Foundation: the catalogs' messages carry `%s` and `%d`
/// (msgfmt checks a translation keeps them), `%1$s` to reorder, `%%` for a percent sign.
public enum Template {
  /// `template` with its placeholders replaced by `arguments`, in order or by position;
  /// a placeholder without an argument is left out.
  public static func fill(_ template: String, _ arguments: [String]) -> String {
    // Byte by byte: `%`, `$` and digits are ASCII, never inside a multi-byte character.
    let bytes = Array(template.utf8)
    guard bytes.contains(UInt8(ascii: "%")) else { return template }
    var out: [UInt8] = []
    var next = 0
    var at = 0
    while at < bytes.count {
      guard bytes[at] == UInt8(ascii: "%") else {
        out.append(bytes[at])
        at += 1
        continue
      }
      var cursor = at + 1
      guard cursor < bytes.count else { break }
      if bytes[cursor] == UInt8(ascii: "%") {
        out.append(UInt8(ascii: "%"))
        at = cursor + 1
        continue
      }
      var position: Int?
      var digits = cursor
      while digits < bytes.count, bytes[digits] &- UInt8(ascii: "0") < 10 { digits += 1 }
      if digits > cursor, digits < bytes.count, bytes[digits] == UInt8(ascii: "$") {
        position = Int(String(decoding: bytes[cursor..<digits], as: UTF8.self)).map { $0 - 1 }
        cursor = digits + 1
      }
      guard cursor < bytes.count else { break }
      let index = position ?? next
      if position == nil { next += 1 }
      if arguments.indices.contains(index) { out += arguments[index].utf8 }
      // The conversion (`d`, `s`): one character.
      cursor += 1
      while cursor < bytes.count, bytes[cursor] & 0xC0 == 0x80 { cursor += 1 }
      at = cursor
    }
    out += bytes[at...]
    return String(decoding: out, as: UTF8.self)
  }

}
