import Foundation
import Testing
import TimelineCore
import TimelineTestSupport

/// The converters against BaniDB's own pairs: every `unicode`/`gurmukhi` pair (verses,
/// larivaar, source, raag, writer, Punjabi translations) and every verse's
/// `unicode`/`transliteration.english` in the recorded answers of
/// Tests/ProvidersTests/Fixtures/banidb (`random-3492.json` and
/// `hukamnama-latest-2025-10-13.json` are byte for byte the shared research recordings; the
/// others are built from them).
///
/// GurbaniAkhar: all 70 distinct pairs agree once BaniDB's glyph variants are read as the
/// letter they are a form of (`®` for `R`, `µ` for `M`: its typists' choice, which nothing
/// in the Unicode text tells: ਕ੍ਰਿਪਾ is `ik®pw` but ਤ੍ਰਿਪਤਿ `iqRpiq` in one shabad, ਆਨੰਦ
/// `Awnµd` in a verse and `AwnMd` in its translation), and 62 agree byte for byte; the other
/// 8 are exactly the pairs with a variant. Transliteration: all 14 distinct verses exactly.
@Suite struct GurmukhiPairsTests {
  /// Every distinct (unicode, other) pair under `key` in the fixtures.
  static func pairs(_ key: String) throws -> [(unicode: String, other: String)] {
    let dir = Paths.fixture("ProvidersTests/Fixtures/banidb")
    var seen = Set<[String]>()
    var out: [(String, String)] = []
    func walk(_ value: Any) {
      if let object = value as? [String: Any] {
        if key == "gurmukhi", let unicode = object["unicode"] as? String, let ascii = object["gurmukhi"] as? String {
          if seen.insert([unicode, ascii]).inserted { out.append((unicode, ascii)) }
        }
        if key == "transliteration", let verse = object["verse"] as? [String: Any],
          let unicode = verse["unicode"] as? String,
          let latin = (object["transliteration"] as? [String: Any])?["english"] as? String, !latin.isEmpty
        {
          if seen.insert([unicode, latin]).inserted { out.append((unicode, latin)) }
        }
        object.values.forEach(walk)
      } else if let array = value as? [Any] {
        array.forEach(walk)
      }
    }
    for file in try FileManager.default.contentsOfDirectory(atPath: dir).sorted() where file.hasSuffix(".json") {
      walk(try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: dir + "/" + file))))
    }
    return out
  }

  /// BaniDB's glyph variants read as the letter they are a form of.
  static func plain(_ ascii: String) -> String {
    ascii.replacing("®", with: "R").replacing("µ", with: "M")
  }

  @Test func gurbaniAkharMatchesEveryPair() throws {
    let pairs = try Self.pairs("gurmukhi")
    #expect(pairs.count == 70)
    var exact = 0
    for pair in pairs {
      let ascii = GurbaniAkhar.ascii(pair.unicode)
      if ascii == pair.other { exact += 1 }
      #expect(Self.plain(ascii) == Self.plain(pair.other), "\(pair.unicode)")
      #expect((ascii == pair.other) == (Self.plain(pair.other) == pair.other), "\(pair.unicode)")
    }
    #expect(exact == 62, "exactly equal: \(exact) of \(pairs.count)")
  }

  @Test func transliterationMatchesEveryVerse() throws {
    let pairs = try Self.pairs("transliteration")
    #expect(pairs.count == 14)
    for pair in pairs {
      #expect(GurmukhiLatin.latin(pair.unicode) == pair.other, "\(pair.unicode)")
    }
  }

  /// Text that is not BaniDB's: names, a command's words, ੴ; Latin around Gurmukhi is kept.
  @Test func arbitraryText() {
    #expect(GurbaniAkhar.ascii("ਹਰਪ੍ਰੀਤ ਕੌਰ") == "hrpRIq kOr")
    #expect(GurmukhiLatin.latin("ਹਰਪ੍ਰੀਤ ਕੌਰ") == "harapreet kaur")
    #expect(GurbaniAkhar.ascii("ਸ੍ਰੀ") == "sRI")
    #expect(GurmukhiLatin.latin("ਸ੍ਰੀ") == "sree")
    #expect(GurbaniAkhar.ascii("ੴ") == "<>")
    #expect(GurbaniAkhar.ascii("ਸ਼ਾਮ") == GurbaniAkhar.ascii("ਸ\u{0A3C}ਾਮ"))
    #expect(GurmukhiLatin.latin("🎂 ਹਰਪ੍ਰੀਤ · tomorrow") == "🎂 harapreet · tomorrow")
    #expect(GurmukhiLatin.latin("plain text") == "plain text")
  }

  /// Spans: Gurmukhi with the spaces and punctuation between its words; Latin letters, ASCII
  /// digits and other signs outside.
  @Test func spans() {
    let pieces = GurmukhiSpans.split("🎂 ਹਰਪ੍ਰੀਤ ਕੌਰ · 5 ਜੀ, ਹਾਂ!")
    #expect(pieces.map(\.text) == ["🎂 ", "ਹਰਪ੍ਰੀਤ ਕੌਰ", " · 5 ", "ਜੀ, ਹਾਂ", "!"])
    #expect(pieces.map(\.gurmukhi) == [false, true, false, true, false])
    #expect(GurmukhiSpans.split("no script").count == 1)
    #expect(!GurmukhiSpans.contains("ascii only, and é and 🎂"))
    #expect(GurmukhiSpans.contains(String(repeating: "x", count: 17) + "ੴ"))
  }
}
