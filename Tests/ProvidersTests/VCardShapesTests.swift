import Testing
import TimelineTestSupport

@testable import Providers

/// The vCard reader on shapes no fixture has: long runs of folded and soft-broken lines,
/// a byte order mark, each kind of line end, cards over the budget, placeholder years.
@Suite struct VCardShapesTests {
  /// A 260 KB name in quoted-printable with thousands of soft breaks reads as the name.
  @Test func aLongQuotedPrintableValueWithManySoftBreaksIsDecodedWhole() throws {
    let name = String(repeating: "Åse Nordmann ", count: 14_000) + "Ende"
    let encoded = VCardText.quotedPrintable(name)
    #expect(encoded.utf8.count > 260_000)
    #expect(encoded.split(separator: "\r\n").count > 3_000)
    let card =
      "BEGIN:VCARD\r\nVERSION:2.1\r\nFN;CHARSET=UTF-8;ENCODING=QUOTED-PRINTABLE:\(encoded)\r\nTEL;CELL:+47 555\r\nEND:VCARD\r\n"
    let result = VCardReader.read(Array(card.utf8), file: "long.vcf")
    #expect(result.problems.isEmpty, "\(result.problems)")
    let contact = try #require(result.contacts.first)
    #expect(contact.name == name)
    #expect(contact.phones == ["+47 555"])
  }

  /// Folded lines with no colon, each ending in `=`: text before any colon, never decoded
  /// again and again; the card around them still reads.
  @Test func aLongFoldedLineWithNoColonIsPassedOnce() throws {
    let junk = String(repeating: " ENCODING=QUOTED-PRINTABLE;X=abcdefghijklmnopqrstuvwxyz0123456789=\r\n", count: 6_000)
    let card = "BEGIN:VCARD\r\nVERSION:2.1\r\nX-JUNK;QUOTED-PRINTABLE\r\n\(junk)FN:Kept Card\r\nEND:VCARD\r\n"
    #expect(card.utf8.count > 400_000)
    let result = VCardReader.read(Array(card.utf8), file: "junk.vcf")
    #expect(result.contacts.map(\.name) == ["Kept Card"])
    #expect(result.problems.isEmpty, "\(result.problems)")
  }

  /// A soft break followed by a line that starts with a space keeps the space: it is the
  /// value's, not folding.
  @Test func aSoftBreakTakesTheNextLineWhole() throws {
    let card = "BEGIN:VCARD\r\nFN;ENCODING=QUOTED-PRINTABLE:Ann=\r\n Lee=\r\n=C3=A5\r\nEND:VCARD\r\n"
    let result = VCardReader.read(Array(card.utf8), file: "soft.vcf")
    #expect(result.contacts.map(\.name) == ["Ann Leeå"])
  }

  /// Over the budget a card is skipped and named, and the next card still reads.
  @Test(arguments: [
    TextArgument("NOTE:" + String(repeating: "x", count: VCardReader.maxCardBytes + 10) + "\r\n"),
    TextArgument(String(repeating: "TEL:1\r\n", count: VCardReader.maxCardLines + 1)),
    TextArgument("NOTE:" + String(repeating: "y\r\n ", count: VCardReader.maxCardBytes + 10) + "\r\n"),
  ])
  func aCardOverTheBudgetIsSkippedAndTheNextRead(body: TextArgument) throws {
    let file =
      "BEGIN:VCARD\r\nFN:Too Big\r\n\(body.text)END:VCARD\r\nBEGIN:VCARD\r\nFN:Next One\r\nEND:VCARD\r\n"
    let result = VCardReader.read(Array(file.utf8), file: "big.vcf")
    #expect(result.contacts.map(\.name) == ["Next One"])
    #expect(
      result.problems == [
        "big.vcf: card 1 \"Too Big\" (line 1): larger than 1 MB or \(VCardReader.maxCardLines) properties; skipped"
      ])
  }

  /// A byte order mark, and LF, CRLF, CR-only or mixed line ends, all read the same card.
  @Test(
    arguments: [
      ("\u{FEFF}", "\r\n"), ("\u{FEFF}", "\n"), ("", "\r"), ("\u{FEFF}", "\r"), ("", "mixed"),
    ] as [(TextArgument, TextArgument)])
  func aByteOrderMarkAndEveryLineEndRead(bom: TextArgument, end: TextArgument) throws {
    let (bom, end) = (bom.text, end.text)
    let lines = [
      "BEGIN:VCARD", "VERSION:3.0", "FN:Line", "  Ends", "BDAY:1990-04-12", "TEL:+47 1", "END:VCARD",
    ]
    let ends = ["\r\n", "\n", "\r"]
    var text = bom
    for (index, line) in lines.enumerated() { text += line + (end == "mixed" ? ends[index % 3] : end) }
    let result = VCardReader.read(Array(text.utf8), file: "ends.vcf")
    #expect(result.problems.isEmpty, "\(result.problems)")
    let contact = try #require(result.contacts.first)
    #expect(contact.name == "Line Ends")
    #expect(contact.birthday == ContactDate(year: 1990, month: 4, day: 12))
    #expect(contact.phones == ["+47 1"])
  }

  /// Years before 1800 are placeholders for an unknown year: the day stays, the age goes.
  @Test func placeholderYearsAreNoYear() {
    #expect(ContactDate("00000412") == ContactDate(year: nil, month: 4, day: 12))
    #expect(ContactDate("0001-04-12") == ContactDate(year: nil, month: 4, day: 12))
    #expect(ContactDate("1604-07-14") == ContactDate(year: nil, month: 7, day: 14))
    #expect(ContactDate("1799-12-31") == ContactDate(year: nil, month: 12, day: 31))
    #expect(ContactDate("0001-02-29") == ContactDate(year: nil, month: 2, day: 29))
    #expect(ContactDate("1800-01-01") == ContactDate(year: 1800, month: 1, day: 1))
    #expect(ContactDate("1900-02-29") == nil)
  }
}
