import FoundationEssentials

/// BaniDB v2 wire models, read through the generic `JSONValue` tree rather than strict
/// `Decodable` structs: real responses carry nulls, `""` for "none", numbers as strings
/// and `{}` for empty lists, and one odd leaf must cost that leaf, never the shabad. The
/// lenient readers below are BaniDB's; `JSONValue` itself stays strict for other users.
extension JSONValue {
  /// A path of keys, e.g. `json[path: "translation", "en", "bdb"]`.
  subscript(path keys: String...) -> JSONValue? {
    keys.reduce(Optional(self)) { $0?[$1] }
  }

  /// Non-empty text; `""` and whitespace count as absent, as BaniDB uses both for "none".
  var text: String? {
    guard case .string(let value) = self else { return nil }
    let trimmed = value.trimmed
    return trimmed.isEmpty ? nil : trimmed
  }

  /// An integer from a whole number (however it was written) or a numeric string.
  var integer: Int? {
    switch self {
    case .int(let value): return Int(exactly: value)
    case .double(let value) where value == value.rounded() && abs(value) < 1e15: return Int(value)
    case .string(let value): return Int(value.trimmed)
    default: return nil
    }
  }
}

/// A pause mark: `p` is a 0-based index into the padched line split on single spaces.
struct VisraamPoint: Sendable, Equatable {
  enum Kind: Sendable { case main, yamki }
  var word: Int
  var kind: Kind
}

/// One verse (line) of a shabad.
struct Verse: Sendable {
  var id: Int?
  var unicode: String
  /// The legacy-font (ASCII) text; only for matching a line saved by Gurbani Khoj.
  var ascii: String?
  /// Translations keyed like the `translation` option: `en.bdb`, `pu.ss`, `hi.sts`, …
  var translations: [String: String]
  /// Transliterations keyed `en`, `hi`, `ur`.
  var transliterations: [String: String]
  /// Points by visraam source (`sttm`, `igurbani`, `sttm2`).
  var visraam: [String: [VisraamPoint]]

  init?(_ json: JSONValue) {
    guard let unicode = json[path: "verse", "unicode"]?.text else { return nil }
    self.unicode = unicode
    id = json["verseId"]?.integer
    ascii = json[path: "verse", "gurmukhi"]?.text
    translations = [:]
    if case .object(let languages)? = json["translation"] {
      for (language, sources) in languages {
        guard case .object(let bySource) = sources else { continue }
        for (source, value) in bySource {
          // Punjabi translations are {gurmukhi, unicode}; only Unicode is usable outside
          // the legacy fonts.
          if let text = value.text ?? value["unicode"]?.text { translations["\(language).\(source)"] = text }
        }
      }
    }
    transliterations = [:]
    for (key, aliases) in [("en", ["en", "english"]), ("hi", ["hi", "hindi"]), ("ur", ["ur"])] {
      if let text = aliases.lazy.compactMap({ json[path: "transliteration", $0]?.text }).first {
        transliterations[key] = text
      }
    }
    visraam = [:]
    if case .object(let sources)? = json["visraam"] {
      for (source, points) in sources {
        visraam[source] = (points.array ?? []).compactMap { point in
          guard let word = point["p"]?.integer, word >= 0 else { return nil }
          switch point["t"]?.text {
          case "v": return VisraamPoint(word: word, kind: .main)
          case "y": return VisraamPoint(word: word, kind: .yamki)
          default: return nil
          }
        }
      }
    }
  }
}

/// A shabad: the `/random`, `/shabads/{id}` body and each `hukamnama.shabads[i]`.
struct Shabad: Sendable {
  /// The angs of Sri Guru Granth Sahib (source "G").
  static let angs = 1...1430
  /// The pages any other source of BaniDB's can have, with room to spare.
  static let pages = 1...9999

  /// `page` when it can be one of the source's: an ang of 1 to 1430 for Sri Guru Granth
  /// Sahib (or no source named), a page of 1 to 9999 for another; else nil, and no page
  /// is shown. Anything else is damage on the way (an integer at Int64's limit once read
  /// as "Ang -9223372036854775808"); the shabad itself is still shown.
  static func checkedPage(_ page: Int?, sourceId: String?) -> Int? {
    guard let page else { return nil }
    return (sourceId == nil || sourceId == "G" ? angs : pages).contains(page) ? page : nil
  }

  var id: Int
  /// The verseId the shabad is named by (its title line), when known.
  var nameVerse: Int?
  var page: Int?
  var sourceId: String?
  var sourceName: String?
  var raag: String?
  var writer: String?
  var verses: [Verse]

  init?(_ json: JSONValue) {
    guard let id = json[path: "shabadInfo", "shabadId"]?.integer else { return nil }
    let info = json["shabadInfo"]
    self.id = id
    nameVerse = info?["shabadName"]?.integer
    verses = (json["verses"]?.array ?? []).compactMap(Verse.init)
    guard !verses.isEmpty else { return nil }
    sourceId = info?[path: "source", "sourceId"]?.text
    page = Self.checkedPage(
      info?["pageNo"]?.integer ?? info?[path: "source", "pageNo"]?.integer
        ?? json["verses"]?.array?.first?["pageNo"]?.integer, sourceId: sourceId)
    sourceName = info?[path: "source", "english"]?.text
    raag = info?[path: "raag", "english"]?.text
    writer = info?[path: "writer", "english"]?.text
  }
}

/// The `/hukamnamas…` body: the date BaniDB files it under and its shabads in order.
struct Hukamnama: Sendable {
  var date: LocalDay
  var shabads: [Shabad]

  init?(_ json: JSONValue) {
    guard let date = json[path: "date", "gregorian"], let year = date["year"]?.integer,
      let month = date["month"]?.integer, let day = date["date"]?.integer,
      (1...12).contains(month), (1...31).contains(day)
    else { return nil }
    self.date = LocalDay(year: year, month: month, day: day)
    // `shabads` is `{}` when no row matched; that is "no shabads", not a broken body.
    shabads = (json["shabads"]?.array ?? []).compactMap(Shabad.init)
  }
}
