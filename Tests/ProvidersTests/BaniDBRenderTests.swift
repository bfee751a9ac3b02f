import Testing
import TimelineCore

@testable import Providers

@Suite struct BaniDBRenderTests {
  let main = BaniDBStyle.mainColor
  let yamki = BaniDBStyle.yamkiColor

  func style(
    _ visraam: String? = "sttm", larivaar: Bool = false, translation: String? = "en.bdb", translit: String? = nil
  ) -> BaniDBStyle {
    var style = BaniDBStyle()
    style.visraam = visraam
    style.larivaar = larivaar
    style.translation = translation
    style.transliteration = translit
    return style
  }

  @Test func titleLineIsTheShabadNameVerseWithItsVisraam() throws {
    let shabad = try BaniDBFixture.shabad()
    let verse = BaniDBRender.titleVerse(shabad)
    #expect(verse.id == 40755)
    #expect(
      style().runs(verse) == [
        TextRun("ਜਪੁ ਤਪੁ ਸਭੁ ਕਿਛੁ "), TextRun("ਮੰਨਿਐ", color: main), TextRun(" ਅਵਰਿ ਕਾਰਾ ਸਭਿ ਬਾਦਿ ॥"),
      ])
  }

  @Test func visraamPointAsStringAndTwoKindsOnOneLine() throws {
    let hukamnama = try #require(Hukamnama(BaniDBFixture.json("hukamnama-latest-2025-10-13.json")))
    let verses = hukamnama.shabads[0].verses
    // sttm has p "5" (a string) on 29088; igurbani has nothing there.
    let line = try #require(verses.first { $0.id == 29088 })
    #expect(style().runs(line).filter { $0.color != nil } == [TextRun("ਛੂਟੈ", color: main)])
    #expect(style("igurbani").runs(line) == [TextRun(line.unicode)])
    let last = try #require(verses.first { $0.id == 29093 })
    #expect(style().runs(last).filter { $0.color != nil } == [TextRun("ਹੈ", color: main), TextRun("ਨਾਨਕ", color: yamki)])
  }

  @Test func unsortedEmptyMissingAndJunkVisraam() throws {
    let shabad = try BaniDBFixture.shabad("shabad-edge-cases.json")
    let (missing, unsorted, empty) = (shabad.verses[0], shabad.verses[1], shabad.verses[2])
    #expect(style().runs(missing) == [TextRun("ਮਃ ੨ ॥")])
    #expect(style().runs(empty) == [TextRun(empty.unicode)])
    #expect(
      style().runs(unsorted) == [
        TextRun("ਜਪੁ ਤਪੁ ਸਭੁ ਕਿਛੁ "), TextRun("ਮੰਨਿਐ", color: main), TextRun(" ਅਵਰਿ "), TextRun("ਕਾਰਾ", color: yamki),
        TextRun(" ਸਭਿ ਬਾਦਿ ॥"),
      ])
    // sttm2 holds only a non-numeric p and an unknown type: both ignored.
    #expect(style("sttm2").runs(unsorted) == [TextRun(unsorted.unicode)])
    #expect(style(nil).runs(unsorted) == [TextRun(unsorted.unicode)])
  }

  @Test func allNullWriterRaagAndTranslations() throws {
    let shabad = try BaniDBFixture.shabad("shabad-edge-cases.json")
    #expect(shabad.writer == nil && shabad.raag == nil && shabad.nameVerse == nil)
    #expect(BaniDBRender.about(shabad) == "Ang 954")
    // Without shabadName the heading "ਮਃ ੨ ॥" is skipped.
    #expect(BaniDBRender.titleVerse(shabad).id == 40755)
    let lastLine = shabad.verses[2]
    #expect(lastLine.translations.isEmpty && lastLine.transliterations.isEmpty)
    let entry = BaniDBRender.entry(
      shabad, date: 0, style: style(translit: "en"), alt: "shabad", classes: [], key: "k", line: lastLine)
    #expect(entry.tooltip == [lastLine.unicode, "", "Ang 954", "Source: BaniDB"])
    #expect(entry.short == "ਨਾਨਕ ਮੰਨਿਆ ਮੰਨੀਐ ਬੁਝੀਐ …")
  }

  @Test func larivaarColoursPadchedWordsThenJoins() throws {
    let verse = BaniDBRender.titleVerse(try BaniDBFixture.shabad())
    let runs = style(larivaar: true).runs(verse)
    #expect(runs == [TextRun("ਜਪੁਤਪੁਸਭੁਕਿਛੁ"), TextRun("ਮੰਨਿਐ", color: main), TextRun("ਅਵਰਿਕਾਰਾਸਭਿਬਾਦਿ॥")])
    #expect(runs.plainText == verse.unicode.replacingOccurrences(of: " ", with: ""))
  }

  @Test func entryTooltipDetailAndLinks() throws {
    let shabad = try BaniDBFixture.shabad()
    let entry = BaniDBRender.entry(
      shabad, date: 5, style: style(translation: "pu.ss", translit: "en"), alt: "shabad", classes: ["shabad"],
      key: "shabad:3492", label: "Label")
    #expect(entry.url == "https://www.sikhitothemax.org/shabad?id=3492")
    #expect(entry.tooltip.first == "ਜਪੁ ਤਪੁ ਸਭੁ ਕਿਛੁ ਮੰਨਿਐ ਅਵਰਿ ਕਾਰਾ ਸਭਿ ਬਾਦਿ ॥")
    #expect(entry.tooltip[1].hasPrefix("jap tap sabh kichh ma(n)niaai"))
    #expect(entry.tooltip[2].hasPrefix("ਜੇ ਮਨ ਪ੍ਰਭੂ"))  // Sahib Singh's Punjabi, Unicode field
    #expect(entry.tooltip.suffix(3) == ["Label", "Ang 954 · Raag Raamkalee · Guru Angad Dev Ji", "Source: BaniDB"])
    #expect(entry.short?.hasPrefix("jap tap sabh kichh") == true)
    // Header, blank, then per verse: Gurmukhi, transliteration, translation, blank.
    #expect(entry.detail[0].plainText == "Label" && entry.detail[1].plainText.hasPrefix("Ang 954"))
    // The heading "ਮਃ ੨ ॥" has no Sahib Singh translation (null), so one line fewer.
    #expect(entry.detail.count == 3 + 3 * 4 - 1 - 1)
    #expect(entry.detail[3] == [TextRun("ਮਃ ੨ ॥", ascii: "mÚ 2 ]")])
    #expect(entry.detail.contains(style().twinnedRuns(shabad.verses[1])))
  }

  /// Each Gurbani detail line's runs carry their ASCII twins: the single line's ASCII runs
  /// (one rule for both), the same words in the same colours, larivaar included; a verse
  /// whose two forms do not align, or that has no ASCII form, has none.
  @Test func detailLinesCarryTheirASCIITwinsSplitAsTheirRuns() throws {
    let shabad = try BaniDBFixture.shabad("shabad-edge-cases.json")
    let unsorted = shabad.verses[1]
    for larivaar in [false, true] {
      let twinned = style(larivaar: larivaar).twinnedRuns(unsorted)
      let ascii = try #require(style(larivaar: larivaar).asciiRuns(unsorted))
      #expect(twinned.map { TextRun($0.text, color: $0.color) } == style(larivaar: larivaar).runs(unsorted))
      #expect(twinned.map { TextRun($0.ascii ?? "", color: $0.color) } == ascii)
      #expect(twinned.count == 5 && twinned[1].ascii == "mMinAY" && twinned[3].ascii == "kwrw")
    }
    #expect(style().twinnedRuns(unsorted).compactMap(\.ascii).joined() == unsorted.ascii)
    var shifted = unsorted
    shifted.ascii = "jpu qpu sBu ikCu mMinAY Avir kwrw ]"
    #expect(style().asciiRuns(shifted) == nil)
    #expect(style().twinnedRuns(shifted) == style().runs(shifted))
    shifted.ascii = nil
    #expect(style().twinnedRuns(shifted).allSatisfy { $0.ascii == nil })
    // The entry's detail: every verse line twinned, the header and translations not.
    let entry = BaniDBRender.entry(
      shabad, date: 0, style: style(translit: "en"), alt: "shabad", classes: [], key: "k")
    let gurbani = entry.detail.filter {
      $0.contains { $0.text.unicodeScalars.contains { (0xA00...0xA7F).contains($0.value) } }
    }
    #expect(gurbani.count == 3 && gurbani.allSatisfy { $0.allSatisfy { $0.ascii != nil } })
    #expect(entry.detail.filter { $0.contains { $0.ascii != nil } }.count == 3)
  }

  @Test func headingsAreRecognised() throws {
    let hukamnama = try #require(Hukamnama(BaniDBFixture.json("hukamnama-latest-2025-10-13.json")))
    var shabad = hukamnama.shabads[0]
    #expect(BaniDBRender.isHeading(shabad.verses[0]))  // "ਧਨਾਸਰੀ ਮਹਲਾ ੫ ॥"
    #expect(!BaniDBRender.isHeading(shabad.verses[1]))
    shabad.nameVerse = 999
    #expect(BaniDBRender.titleVerse(shabad).id == 29084)
    #expect(BaniDBRender.short("ਇਕ ਦੋ") == "ਇਕ ਦੋ")
  }
}
