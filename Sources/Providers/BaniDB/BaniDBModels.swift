import Foundation

/// BaniDB v2 wire models, read through a generic JSON tree rather than strict `Decodable`
/// structs: real responses carry nulls in almost every leaf, `""` for "none", `visraam.p`
/// as an int or a numeric string, `visraam` as `{}` or missing, and `shabads` as `{}`
/// (docs/providers/banidb.md). One odd leaf must cost that leaf, never the shabad.
indirect enum JSON: Decodable, Sendable {
  case object([String: JSON])
  case array([JSON])
  case string(String)
  case number(Double)
  case bool(Bool)
  case null

  init(from decoder: any Decoder) throws {
    let single = try decoder.singleValueContainer()
    if single.decodeNil() {
      self = .null
    } else if let value = try? single.decode(Bool.self) {
      self = .bool(value)
    } else if let value = try? single.decode(Double.self) {
      self = .number(value)
    } else if let value = try? single.decode(String.self) {
      self = .string(value)
    } else if let value = try? single.decode([JSON].self) {
      self = .array(value)
    } else {
      self = .object(try single.decode([String: JSON].self))
    }
  }

  static func parse(_ bytes: [UInt8]) throws -> JSON { try JSONDecoder().decode(JSON.self, from: Data(bytes)) }

  subscript(key: String) -> JSON? {
    if case .object(let object) = self { return object[key] }
    return nil
  }

  /// A path of keys, e.g. `json[path: "translation", "en", "bdb"]`.
  subscript(path keys: String...) -> JSON? {
    keys.reduce(Optional(self)) { $0?[$1] }
  }

  /// Non-empty text; `""` and whitespace count as absent, as BaniDB uses both for "none".
  var text: String? {
    guard case .string(let value) = self else { return nil }
    let trimmed = value.trimmingCharacters(in: .whitespacesAndNewlines)
    return trimmed.isEmpty ? nil : trimmed
  }

  /// An integer from a whole number or a numeric string.
  var int: Int? {
    switch self {
    case .number(let value) where value == value.rounded() && abs(value) < 1e15: return Int(value)
    case .string(let value): return Int(value.trimmingCharacters(in: .whitespaces))
    default: return nil
    }
  }

  var array: [JSON]? {
    if case .array(let items) = self { return items }
    return nil
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

  init?(_ json: JSON) {
    guard let unicode = json[path: "verse", "unicode"]?.text else { return nil }
    self.unicode = unicode
    id = json["verseId"]?.int
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
          guard let word = point["p"]?.int, word >= 0 else { return nil }
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
  var id: Int
  /// The verseId the shabad is named by (its title line), when known.
  var nameVerse: Int?
  var page: Int?
  var sourceId: String?
  var sourceName: String?
  var raag: String?
  var writer: String?
  var verses: [Verse]

  init?(_ json: JSON) {
    guard let id = json[path: "shabadInfo", "shabadId"]?.int else { return nil }
    let info = json["shabadInfo"]
    self.id = id
    nameVerse = info?["shabadName"]?.int
    verses = (json["verses"]?.array ?? []).compactMap(Verse.init)
    guard !verses.isEmpty else { return nil }
    page = info?["pageNo"]?.int ?? info?[path: "source", "pageNo"]?.int ?? json["verses"]?.array?.first?["pageNo"]?.int
    sourceId = info?[path: "source", "sourceId"]?.text
    sourceName = info?[path: "source", "english"]?.text
    raag = info?[path: "raag", "english"]?.text
    writer = info?[path: "writer", "english"]?.text
  }
}

/// The `/hukamnamas…` body: the date BaniDB files it under and its shabads in order.
struct Hukamnama: Sendable {
  var year: Int
  var month: Int
  var day: Int
  var shabads: [Shabad]

  init?(_ json: JSON) {
    guard let date = json[path: "date", "gregorian"], let year = date["year"]?.int,
      let month = date["month"]?.int, let day = date["date"]?.int,
      (1...12).contains(month), (1...31).contains(day)
    else { return nil }
    (self.year, self.month, self.day) = (year, month, day)
    // `shabads` is `{}` when no row matched; that is "no shabads", not a broken body.
    shabads = (json["shabads"]?.array ?? []).compactMap(Shabad.init)
  }
}
