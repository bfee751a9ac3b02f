import Foundation
import Testing
import TimelineCore
import TimelineTestSupport

@testable import Providers

/// The vCard reader on hand-written cards of each version and quirk (Fixtures/contacts).
@Suite struct VCardReaderTests {
  func read(_ name: String) throws -> VCardReader.Result {
    let bytes = try Data(contentsOf: URL(fileURLWithPath: Paths.fixture("ProvidersTests/Fixtures/contacts/" + name)))
    return VCardReader.read(Array(bytes), file: name)
  }

  @Test func version21QuotedPrintableNamesWithSoftBreaksAndCharsets() throws {
    let result = try read("v21-phone-export.vcf")
    #expect(result.problems.isEmpty)
    #expect(result.contacts.map(\.name) == ["Åse Nordmann", "Jürgen Müller"])
    #expect(result.contacts[0].phones == ["+47 555 01 03"])
    #expect(result.contacts[0].birthday == ContactDate(year: 1990, month: 4, day: 12))
    #expect(result.contacts[0].link == "tel:+4755501" + "03")
    #expect(result.contacts[1].uid == nil && result.contacts[1].key == "name:Jürgen Müller")
  }

  @Test func version30FoldingGroupsEscapesAndAppleYearlessBirthday() throws {
    let result = try read("v30-apple.vcf")
    #expect(result.problems.isEmpty)
    let jane = try #require(result.contacts.first)
    #expect(jane.name == "Jane Doe")
    #expect(jane.emails == ["jane@example.com"])
    #expect(jane.categories == ["Friends", "Climbing, Outdoor"])
    #expect(jane.birthday == ContactDate(year: nil, month: 7, day: 14))
    #expect(jane.anniversary == ContactDate(year: 2012, month: 9, day: 1))
    #expect(jane.link == "tel:5550102000")
  }

  @Test func version40ParametersQuotedListsUriValuesAndDateForms() throws {
    let result = try read("v40-rfc.vcf")
    #expect(result.problems.isEmpty)
    let bob = try #require(result.contacts.first)
    #expect(bob.name == "Bob, the builder")
    #expect(bob.uid == "urn:uuid:4fbe8971-0bc3-424c-9c26-36c3e1eff6b1")
    #expect(bob.birthday == ContactDate(year: nil, month: 2, day: 29))
    #expect(bob.anniversary == ContactDate(year: 2009, month: 8, day: 8))
    #expect(bob.link == "tel:+15555555555")
  }

  @Test func aMalformedCardIsSkippedAndNamedAndTheOthersStay() throws {
    let result = try read("malformed.vcf")
    #expect(result.contacts.map(\.name) == ["Good After Bad"])
    #expect(result.contacts[0].birthday == nil)
    #expect(result.problems.count == 3)
    #expect(result.problems[0].contains("malformed.vcf: card 1 \"Has No End\" (line 1): no END:VCARD"))
    #expect(result.problems[1].contains("card 2 (line 4): no name (FN or N); skipped"))
    #expect(result.problems[2].contains("\"Good After Bad\": BDAY \"notadate\" is not a date; ignored"))
  }

  @Test func aLargePhotoIsPassedOverAndTheCardStillReads() {
    let photo = String(repeating: " QUJDREVGR0hJSktMTU5PUFFSU1RVVldYWVo=\r\n", count: 200_000)
    let card =
      "BEGIN:VCARD\r\nVERSION:3.0\r\nFN:Pic Ture\r\nPHOTO;ENCODING=b;TYPE=JPEG:AAAA\r\n\(photo)TEL:+1\r\nEND:VCARD\r\n"
    let result = VCardReader.read(Array(card.utf8), file: "p.vcf")
    #expect(result.problems.isEmpty)
    #expect(result.contacts.map(\.name) == ["Pic Ture"])
    #expect(result.contacts[0].phones == ["+1"])
  }

  @Test func textThatIsNoVCardIsNamed() {
    let result = VCardReader.read(Array("hello\nworld\n".utf8), file: "notes.vcf")
    #expect(result.contacts.isEmpty)
    #expect(result.problems == ["notes.vcf: no BEGIN:VCARD; not a vCard file"])
  }

  @Test func dateForms() {
    #expect(ContactDate("19860412") == ContactDate(year: 1986, month: 4, day: 12))
    #expect(ContactDate("1986-04-12T10:00:00Z") == ContactDate(year: 1986, month: 4, day: 12))
    #expect(ContactDate("--0412") == ContactDate(year: nil, month: 4, day: 12))
    #expect(ContactDate("--04-12") == ContactDate(year: nil, month: 4, day: 12))
    for bad in ["", "1986", "19861312", "19870229", "--1301", "circa 1800", "１９８６０４１２"] {
      #expect(ContactDate(bad) == nil, "\(bad)")
    }
  }

  @Test func linksKeepOnlyWhatAHandlerNeeds() {
    var contact = Contact(name: "X", file: "x.vcf")
    contact.emails = ["a@b.c?subject=x", "-o@x.y", "ok+tag@example.org"]
    #expect(contact.link == "mailto:ok+tag@example.org")
    contact.phones = ["call me"]
    #expect(contact.link == "mailto:ok+tag@example.org")
    contact.phones = ["+47 (0) 555;ext=1"]
    #expect(contact.link == "tel:+470555")
    #expect(Contact(name: "åse van der berg", file: "").initials == "Å. V. D. B.")
  }
}
