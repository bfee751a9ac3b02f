import CIntl
import FoundationEssentials
import Glibc
import Platform
import TimelineCore

/// The user's language for every word the project writes (bars, tooltips, `show`,
/// `status`, notifications): glibc's gettext over the catalogs of `po/`, installed as
/// `share/locale/<lang>/LC_MESSAGES/timeline.mo`. The `timeline` binary chooses it once at
/// start-up (`use`), before any task runs, and the refresh fixes the words in the caches;
/// the emitters get theirs from the words file (`Words`). Without `use`, English.
public enum Language {
  /// The catalogs' gettext domain.
  public static let domain = "timeline"

  /// The language `use` chose ("nb", "de_AT"), nil for English: the services' default
  /// language follows it. Written once at start-up, before any concurrent work, and only
  /// read after.
  public nonisolated(unsafe) private(set) static var current: String?

  /// Where the catalogs are: `$TIMELINE_LOCALE_DIR` (tests, a build tree), else
  /// `share/locale` beside the installed binary's `bin/`, as the samples are found.
  public static func catalogs(environment: (String) -> String? = Environment.get) -> String {
    if let dir = environment("TIMELINE_LOCALE_DIR"), !dir.isEmpty { return dir }
    let bin = URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath().deletingLastPathComponent()
    return bin.deletingLastPathComponent().appendingPathComponent("share/locale").path
  }

  /// The language to use: the config's `language` when set, else the first of the
  /// environment's that gettext would read (`LANGUAGE`'s list, then the first set of
  /// `LC_ALL`, `LC_MESSAGES`, `LANG`), each tried as written ("de_AT") and as its language
  /// alone ("de"). Only a language with a catalog in `catalogs` counts; "C", "POSIX",
  /// English or none of them is nil (English). "no" (Norwegian) is read as "nb".
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
  ///
  /// The language is resolved above rather than left to gettext, because gettext reads
  /// `LANGUAGE` only when the messages category is a real locale, and the user's locale
  /// may not be generated on this system (then `setlocale` fails and messages stay in
  /// "C", English), and the config may name another language. So the messages category
  /// alone is set: the user's locale if it loads, else C.UTF-8 (every glibc since 2.35
  /// installs it); and `LANGUAGE` names the one catalog chosen. Only `LC_MESSAGES`: numbers
  /// and character handling stay in the C locale (json-c reads "1.5" whatever the user's
  /// locale writes). Without any UTF-8 locale at all, the words stay English.
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

  /// The words file's text (`Words`) in the language in use: what a refresh writes beside
  /// the caches for the emitters.
  public static func emitterWords() -> String { Words.encoded(translation) }

  /// The catalog's text for `msgid`, its placeholders left as they are, as a bar or a
  /// terminal may show it: a catalog is a file like any other (a translator's mistake, a
  /// hostile package), so its controls and line breaks are taken out (`CleanText`; no
  /// msgid has any), and a translation longer than `maxBytes`, which is no word or phrase,
  /// is not used.
  /// gettext answers with `msgid`'s own pointer when it has no translation: the copy is
  /// made while that C string lives.
  static func translation(_ msgid: String) -> String {
    checked(msgid.withCString { String(cString: dgettext(domain, $0)) }, msgid)
  }

  /// `text`, a translation of `english`, cleaned; `english` when it is too long.
  static func checked(_ text: String, _ english: String) -> String {
    text.utf8.count > maxBytes ? english : CleanText.clean(text)
  }

  /// The longest translation used.
  static let maxBytes = 1024

  /// The service language for a widget without its own: the user's language when the
  /// service has it (`offered`, the service's own codes), else `fallback`.
  public static func service(_ offered: [String], else fallback: String) -> String {
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
public func localizedPlural(
  _ one: String, _ other: String, _ count: Int, _ arguments: any CustomStringConvertible...
) -> String {
  let text = one.withCString { one in
    other.withCString { other in String(cString: dngettext(Language.domain, one, other, UInt(max(0, count)))) }
  }
  let checked = Language.checked(text, count == 1 ? one : other)
  return Template.fill(checked, arguments.isEmpty ? [String(count)] : arguments.map(\.description))
}
