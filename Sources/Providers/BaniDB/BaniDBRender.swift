import FoundationEssentials
import TimelineCore

/// How a widget shows Gurbani: the options the three BaniDB kinds share.
struct BaniDBStyle: Sendable, Equatable {
  static let translations = ["en.bdb", "en.ms", "en.ssk", "pu.ss", "pu.ft", "es.sn", "hi.ss", "hi.sts", "none"]
  static let transliterations = ["none", "en", "hi", "ur"]
  static let visraamSources = ["sttm", "igurbani", "sttm2", "none"]

  var translation: String? = "en.bdb"
  var transliteration: String?
  var visraam: String? = "sttm"
  var larivaar = false
  /// The line form bars show by default (`line`).
  var line: LineForm = .gurmukhi

  /// Main pause (`v`): orange-red; yamki (`y`): green. Both are the dark-theme shades of
  /// the colours Gurbani apps use (red/orange for `v`, green for `y`), lifted enough to
  /// read on a dark bar and distinct for the common red-green deficiencies by lightness.
  static let mainColor = "#ff6f4d"
  static let yamkiColor = "#4dcf4d"
  static let headerColor = "#e5c07b"

  static let placeholderColor = "#e5c07b"

  init() {}

  /// The translation a widget without its own `translation` shows: BaniDB's in the user's
  /// language where it has one (Punjabi, Hindi, Spanish), else English.
  static var defaultTranslation: String {
    switch Language.service(["pa", "hi", "es"], else: "en") {
    case "pa": "pu.ss"
    case "hi": "hi.ss"
    case "es": "es.sn"
    default: "en.bdb"
    }
  }

  /// Reads `translation`, `transliteration`, `visraam` and `larivaar`.
  init(_ options: inout Options) throws {
    let translation = try options.choice("translation", Self.translations, default: Self.defaultTranslation)
    let transliteration = try options.choice("transliteration", Self.transliterations, default: "none")
    let visraam = try options.choice("visraam", Self.visraamSources, default: "sttm")
    self.translation = translation == "none" ? nil : translation
    self.transliteration = transliteration == "none" ? nil : transliteration
    self.visraam = visraam == "none" ? nil : visraam
    larivaar = try options.bool("larivaar", default: false)
    let line = try options.choice("line", LineForm.allCases.map(\.rawValue), default: "gurmukhi")
    self.line = LineForm.named(line) ?? .gurmukhi
  }

  /// The Gurmukhi line as runs: words marked by the chosen visraam source are coloured;
  /// with larivaar the words are joined without spaces after colouring, because the
  /// server's larivaar string has lost the word boundaries the marks index into.
  /// `ascii` builds the same runs from the verse's ASCII (GurbaniAkhar) text: its words
  /// align with the Unicode ones, so the same visraam positions colour the same words.
  func runs(_ verse: Verse, ascii: Bool = false) -> [TextRun] {
    var marks: [Int: VisraamPoint.Kind] = [:]
    for point in visraam.flatMap({ verse.visraam[$0] }) ?? [] where marks[point.word] != .main {
      marks[point.word] = point.kind
    }
    let text = ascii ? verse.ascii ?? "" : verse.unicode
    let words = text.split(separator: " ", omittingEmptySubsequences: false)
    let gap = larivaar ? "" : " "
    var runs: [TextRun] = []
    var plain = ""
    for (index, word) in words.enumerated() {
      if index > 0 { plain += gap }
      guard let kind = marks[index], !word.isEmpty else {
        plain += word
        continue
      }
      if !plain.isEmpty { runs.append(TextRun(plain)) }
      plain = ""
      runs.append(TextRun(String(word), color: kind == .main ? Self.mainColor : Self.yamkiColor))
    }
    if !plain.isEmpty { runs.append(TextRun(plain)) }
    return runs
  }

  /// `runs(verse, ascii: true)` when the ASCII text has as many words as the Unicode line:
  /// the visraam positions index both, and a line that does not align would colour the
  /// wrong words. Nil otherwise (and without an ASCII text).
  func asciiRuns(_ verse: Verse) -> [TextRun]? {
    guard let ascii = verse.ascii,
      ascii.split(separator: " ", omittingEmptySubsequences: false).count
        == verse.unicode.split(separator: " ", omittingEmptySubsequences: false).count
    else { return nil }
    return runs(verse, ascii: true)
  }

  /// A detail line of Gurbani: `runs(verse)`, each run carrying its words' ASCII twin
  /// (`TextRun.ascii`) from `asciiRuns`, the same rule's runs of the same words in the same
  /// colours. A line whose two forms do not split alike gets no twins.
  func twinnedRuns(_ verse: Verse) -> [TextRun] {
    var line = runs(verse)
    guard let twins = asciiRuns(verse), twins.count == line.count,
      zip(line, twins).allSatisfy({ $0.color == $1.color })
    else { return line }
    for index in line.indices { line[index].ascii = twins[index].text }
    return line
  }

  func transliteration(of verse: Verse) -> String? { transliteration.flatMap { verse.transliterations[$0] } }
  func translation(of verse: Verse) -> String? { translation.flatMap { verse.translations[$0] } }

  /// The transliteration bars show with `line = "transliteration"`: the configured script,
  /// English when the option is "none" (or the script is missing for this verse).
  func lineTransliteration(of verse: Verse) -> String? {
    transliteration(of: verse) ?? verse.transliterations["en"]
  }

  /// The translation bars show with `line = "translation"`: the configured source, en.bdb
  /// when the option is "none" (or the source is missing for this verse).
  func lineTranslation(of verse: Verse) -> String? { translation(of: verse) ?? verse.translations["en.bdb"] }
}

/// Turning shabads into entries; shared by random-shabad, hukamnama and favourites.
enum BaniDBRender {
  static func url(_ shabad: Shabad) -> String { "https://www.sikhitothemax.org/shabad?id=\(shabad.id)" }

  /// The bar line: the verse the shabad is named by, else the first verse that is not a
  /// heading ("ਮਃ ੨ ॥", "ੴ ਸਤਿਗੁਰ ਪ੍ਰਸਾਦਿ ॥"), else the first verse.
  static func titleVerse(_ shabad: Shabad) -> Verse {
    if let name = shabad.nameVerse, let verse = shabad.verses.first(where: { $0.id == name }) { return verse }
    return shabad.verses.first { !isHeading($0) } ?? shabad.verses[0]
  }

  static func isHeading(_ verse: Verse) -> Bool {
    if verse.unicode.hasPrefix("ੴ") { return true }
    // BaniDB's English translations of headings end in a colon ("Second Mehla:").
    if let english = verse.translations["en.bdb"] ?? verse.translations["en.ssk"], english.hasSuffix(":") {
      return true
    }
    let words = verse.unicode.split(separator: " ")
    let markers = ["ਮਹਲਾ", "ਮਹਲੁ", "ਮਃ", "ਸਲੋਕੁ", "ਸਲੋਕ", "ਪਉੜੀ"]
    return words.count <= 5 && words.contains { markers.contains(String($0)) }
  }

  /// "Ang 954 · Raag Raamkalee · Guru Angad Dev Ji" (absent parts left out).
  static func about(_ shabad: Shabad) -> String {
    var parts: [String] = []
    if let page = shabad.page {
      if shabad.sourceId == nil || shabad.sourceId == "G" {
        parts.append(localized("Ang %d", page))
      } else {
        let source = shabad.sourceName ?? localized("Source %s", shabad.sourceId ?? "?")
        parts.append(localized("%s, page %d", source, page))
      }
    }
    if let raag = shabad.raag { parts.append(raag) }
    if let writer = shabad.writer { parts.append(writer) }
    return parts.joined(separator: " · ")
  }

  /// The first few words, cut at a word boundary (never inside a conjunct).
  static func short(_ text: String, words: Int = 4) -> String {
    let all = text.split(separator: " ")
    return all.count <= words ? all.joined(separator: " ") : all.prefix(words).joined(separator: " ") + " …"
  }

  /// Every verse with its transliteration and translation under it, after `header`.
  static func detail(_ shabad: Shabad, header: [String], style: BaniDBStyle) -> [[TextRun]] {
    var lines: [[TextRun]] = header.map { [TextRun($0, color: BaniDBStyle.headerColor, bold: true)] }
    lines.append([])
    for verse in shabad.verses {
      lines.append(style.twinnedRuns(verse))
      if let text = style.transliteration(of: verse) { lines.append([TextRun(text, color: Palette.dim)]) }
      if let text = style.translation(of: verse) { lines.append([TextRun(text)]) }
      if style.transliteration != nil || style.translation != nil { lines.append([]) }
    }
    while lines.last?.isEmpty == true { lines.removeLast() }
    return lines
  }

  /// One entry for `shabad`. `label` heads the tooltip and detail (e.g. the hukamnama's
  /// date); `notes` are extra tooltip lines; `line` picks a verse other than the title.
  static func entry(
    _ shabad: Shabad, date: Int64, style: BaniDBStyle, alt: String, classes: [String], key: String,
    label: String? = nil, notes: [String] = [], line: Verse? = nil, extraDetail: [Shabad] = [],
    dateLine: String? = nil
  ) -> Entry {
    let verse = line ?? titleVerse(shabad)
    let runs = style.runs(verse)
    let text = runs.plainText
    var tooltip = [text]
    if let translit = style.transliteration(of: verse) { tooltip.append(translit) }
    if let translation = style.translation(of: verse) { tooltip.append(translation) }
    tooltip.append("")
    if let label { tooltip.append(label) }
    let facts = about(shabad)
    if !facts.isEmpty { tooltip.append(facts) }
    tooltip += notes
    tooltip.append(localized("Source: BaniDB"))
    var header = [label, facts, dateLine].compactMap { $0 }.filter { !$0.isEmpty }
    if header.isEmpty { header = [localized("Shabad %d", shabad.id)] }
    var detail = detail(shabad, header: header, style: style)
    for (index, other) in extraDetail.enumerated() {
      detail.append([])
      let otherFacts = about(other)
      let heading =
        localized("Shabad %d of %d", index + 2, extraDetail.count + 1) + (otherFacts.isEmpty ? "" : " · \(otherFacts)")
      detail += BaniDBRender.detail(other, header: [heading], style: style)
    }
    let short = style.transliteration(of: verse).map { Self.short($0, words: 5) } ?? Self.short(text)
    let ascii = style.asciiRuns(verse) ?? []
    return Entry(
      date: date, runs: runs, short: short, tooltip: tooltip, alt: alt, classes: classes,
      url: url(shabad), key: key, detail: detail, ascii: ascii,
      transliteration: style.lineTransliteration(of: verse).map { LineText($0, short: Self.short($0, words: 5)) },
      translation: style.lineTranslation(of: verse).map { LineText($0, short: Self.short($0, words: 6)) })
  }

  /// A local date and time for a detail header ("Mon 2 Mar 2026, 09:00"), in `timeZone`
  /// (the context's; nil or an identifier `Zone` does not know is the user's zone).
  static func localTime(_ epoch: Int64, timeZone: String?) -> String {
    TimeText.dateTime(epoch, in: timeZone.flatMap { try? Zone(identifier: $0) } ?? .user)
  }

  /// No colour and no tooltip: the emitters give every placeholder one look and a tooltip
  /// that says what to do (EmitRuntime/Guidance.swift).
  static func placeholder(_ text: String, kind: String) -> Entry {
    Entry(date: 0, runs: [TextRun(text)], alt: "placeholder", classes: [kind])
  }
}
