import CIntl
import FoundationEssentials
import Glibc
import Platform
import TimelineCore

/// The user's language for every word the project writes, through glibc's gettext over
/// the catalogs of `po/` (docs/translating.md). `timeline` chooses it once at start-up
/// (`use`); the emitters get their words from the words file (`Words`). Without `use`, English.
public enum Language {
  /// The catalogs' gettext domain.
  static let domain = "timeline"

  /// The language `use` chose ("nb", "de_AT"), nil for English. Written once at start-up,
  /// before any concurrent work, and only read after.
  public nonisolated(unsafe) private(set) static var current: String?

  /// Where the catalogs are: `$TIMELINE_LOCALE_DIR` (tests, a build tree), else
  /// `share/locale` beside the installed binary's `bin/`, as the samples are found.
  public static func catalogs(environment: (String) -> String? = Environment.get) -> String {
    if let dir = environment("TIMELINE_LOCALE_DIR"), !dir.isEmpty { return dir }
    let bin = URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath().deletingLastPathComponent()
    return bin.deletingLastPathComponent().appendingPathComponent("share/locale").path
  }

  /// The language to use, as docs/translating.md says: the config's, else the environment's
  /// as gettext reads it, each name tried as written ("de_AT") and as its language alone;
  /// only one with a catalog in `catalogs` counts, nil is English. "no" is read as "nb".
  public static func resolve(
    configured: String?, environment: (String) -> String? = Environment.get, catalogs: String
  ) -> String? {
    var names: [String] = []
    if let configured {
      names = [configured]
    } else {
      if let list = environment("LANGUAGE") { names += list.split(separator: ":").map(String.init) }
      for key in ["LC_ALL", "LC_MESSAGES", "LANG"] {
        guard let locale = environment(key), !locale.isEmpty else { continue }
        names.append(locale)
        break
      }
    }
    for name in names {
      // "nb_NO.UTF-8@euro" → "nb_NO", then "nb".
      let bare = String(name.prefix { $0 != "." && $0 != "@" })
      let language = String(bare.prefix { $0 != "_" })
      if bare == "C" || bare == "POSIX" || language == "en" { return nil }
      for candidate in [bare, language, language == "no" ? "nb" : nil].compactMap({ $0 }) where !candidate.isEmpty {
        if access(catalogs + "/" + candidate + "/LC_MESSAGES/" + domain + ".mo", R_OK) == 0 { return candidate }
      }
    }
    return nil
  }

  /// Makes `localized` speak `language` (nil: English) from the catalogs in `catalogs`.
  /// gettext reads `LANGUAGE` only when the messages category is a real locale, and the
  /// user's may not be generated here: so `LC_MESSAGES` alone is set, to the user's locale
  /// if it loads, else C.UTF-8, and `LANGUAGE` names the catalog chosen. Numbers stay in
  /// the C locale (json-c reads "1.5" whatever the user's locale writes).
  public static func use(_ language: String?, catalogs: String) {
    current = language
    guard let language else { return }
    if !isLocale(setlocale(LC_MESSAGES, "")) { _ = setlocale(LC_MESSAGES, "C.UTF-8") }
    setenv("LANGUAGE", language, 1)
    bindtextdomain(domain, catalogs)
    bind_textdomain_codeset(domain, "UTF-8")
  }

  /// Whether `setlocale` gave a locale other than C.
  private static func isLocale(_ name: UnsafeMutablePointer<CChar>?) -> Bool {
    guard let name else { return false }
    let text = String(cString: name)
    return text != "C" && text != "POSIX"
  }

  /// The words file's text (`Words`) in the language in use.
  public static func emitterWords() -> String { Words.encoded(translation) }

  /// The catalog's text for `msgid`, placeholders unfilled, `checked`: a catalog is outside
  /// data (a translator's mistake, a hostile package). gettext may answer with `msgid`'s
  /// own pointer, so the copy is made while that C string lives.
  static func translation(_ msgid: String) -> String {
    checked(msgid.withCString { String(cString: dgettext(domain, $0)) }, msgid)
  }

  /// `text`, a translation of `english`, without controls or line breaks (`CleanText`; no
  /// msgid has any); `english` when it is longer than `maxBytes`, which no phrase is.
  static func checked(_ text: String, _ english: String) -> String {
    text.utf8.count > maxBytes ? english : CleanText.clean(text)
  }

  /// The longest translation used.
  static let maxBytes = 1024

  /// The service language for a widget without its own: the user's language when the
  /// service has it (`offered`, the service's own codes), else `fallback`.
  static func service(_ offered: [String], else fallback: String) -> String {
    guard let current else { return fallback }
    let language = String(current.prefix { $0 != "_" })
    return offered.first { $0 == current || $0 == language } ?? fallback
  }
}

/// `msgid` in the user's language (`Language.use`), its `%d` and `%s` filled with
/// `arguments` in order (`%1$s` by position, as a translation may reorder them). The one
/// way the refresh and the CLI write a word; `make update-po` finds every call by name.
public func localized(_ msgid: String, _ arguments: any CustomStringConvertible...) -> String {
  Template.fill(Language.translation(msgid), arguments.map(\.description))
}

/// `one` or `other` as the language's plural rule has it for `count` (gettext's
/// `ngettext`), filled with `arguments`, or with `count` alone when none are given.
func localizedPlural(
  _ one: String, _ other: String, _ count: Int, _ arguments: any CustomStringConvertible...
) -> String {
  let text = one.withCString { one in
    other.withCString { other in String(cString: dngettext(Language.domain, one, other, UInt(max(0, count)))) }
  }
  let checked = Language.checked(text, count == 1 ? one : other)
  return Template.fill(checked, arguments.isEmpty ? [String(count)] : arguments.map(\.description))
}
