/// Which form of a Gurbani line a bar shows (the `line` option and `--line`); entries without
/// the forms (avalanche, command) show their main text for every form.
public enum LineForm: String, Sendable, Equatable, CaseIterable {
  /// The Gurmukhi line: Unicode runs with visraam colours (and, for polybar with a
  /// GurbaniAkhar font, its ASCII form).
  case gurmukhi
  /// The transliteration, in the script of the widget's `transliteration` option.
  case transliteration
  /// The translation, from the source of the widget's `translation` option.
  case translation

  /// The valid names, for messages: "gurmukhi, transliteration, translation".
  public static let names = "gurmukhi, transliteration, translation"

  /// `init(rawValue:)` as a plain switch (no array lookup on the emitter's fast path).
  public static func named(_ name: String) -> LineForm? {
    switch name {
    case "gurmukhi": .gurmukhi
    case "transliteration": .transliteration
    case "translation": .translation
    default: nil
    }
  }
}

/// A line form that is plain text: the text and its short form for narrow bars.
public struct LineText: Sendable, Equatable {
  /// The literal text; never markup.
  public var text: String
  /// The short form (i3bar `short_text`), when the provider made one.
  public var short: String?

  /// Creates a line text.
  public init(_ text: String, short: String? = nil) {
    self.text = text
    self.short = short
  }
}
