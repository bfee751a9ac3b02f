import Foundation
import Testing
import TimelineCore
import TimelineTestSupport

@testable import Providers

/// The address book on real folders: khard's own cards, subfolders, one file of many
/// cards, and what must never hang or crash (a FIFO, a symlink loop, a 100 MB file).
@Suite struct AddressBookTests {
  /// Every file under `root` and its bytes, to prove nothing was written.
  static func snapshot(_ root: String) -> [String: Data] {
    var files: [String: Data] = [:]
    let enumerator = FileManager.default.enumerator(atPath: root)
    while let name = enumerator?.nextObject() as? String {
      var isDirectory: ObjCBool = false
      let path = root + "/" + name
      if FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory), !isDirectory.boolValue,
        let data = FileManager.default.contents(atPath: path)
      {
        files[name] = data
      }
    }
    return files
  }

  @Test func cardsWrittenByKhardAreRead() throws {
    let dir = try TempDir()
    let book = try KhardBook(dir)
    try book.add(
      """
      First name : Åse
      Last name : Nordmann
      Birthday : 1986-04-12
      Phone :
          cell : +47 912 34 567
      Categories :
          - friends
          - family
      Note : <b>hi</b>; there, \\n
      """, version: "4.0")
    try book.add(
      """
      First name : Bob
      Last name : Builder
      Anniversary : 2010-06-01
      Birthday : 1980-02-29
      Email :
          home : bob@example.org
      Categories : friends
      """, version: "3.0")
    try book.add(
      """
      First name : Carol
      Last name : ‮evil‬ <i>x</i>
      Birthday : --12-24
      """, version: "4.0")
    let before = Self.snapshot(book.folder)
    let read = try AddressBook.read(book.folder)
    #expect(read.problems.isEmpty, "\(read.problems)")
    #expect(read.files == 3)
    let byName = Dictionary(uniqueKeysWithValues: read.contacts.map { ($0.name, $0) })
    let ase = try #require(byName["Åse Nordmann"])
    #expect(ase.birthday == ContactDate(year: 1986, month: 4, day: 12))
    #expect(ase.categories == ["friends", "family"])
    #expect(ase.link == "tel:+4791234567")
    #expect(ase.uid != nil)
    let bob = try #require(byName["Bob Builder"])
    #expect(bob.birthday == ContactDate(year: 1980, month: 2, day: 29))
    #expect(bob.anniversary == ContactDate(year: 2010, month: 6, day: 1))
    #expect(bob.link == "mailto:bob@example.org")
    let carol = try #require(byName["Carol ‮evil‬ <i>x</i>"])
    #expect(carol.birthday == ContactDate(year: nil, month: 12, day: 24))
    #expect(Self.snapshot(book.folder) == before)
  }

  @Test func subfoldersAndAFileOfManyCardsBothWork() throws {
    let dir = try TempDir()
    let card = { (name: String) in "BEGIN:VCARD\r\nVERSION:3.0\r\nFN:\(name)\r\nEND:VCARD\r\n" }
    try dir.write("book/work/a.vcf", card("A"))
    try dir.write("book/home/b.vcf", card("B"))
    try dir.write("book/home/notes.txt", "not a card")
    try dir.write("book/.status/c.vcf", card("hidden"))
    let folder = try AddressBook.read(dir.file("book"))
    #expect(folder.contacts.map(\.name) == ["B", "A"])
    #expect(folder.contacts.map(\.file) == ["home/b.vcf", "work/a.vcf"])
    let many = try dir.write("all.vcf", (1...50).map { card("P\($0)") }.joined())
    let file = try AddressBook.read(many)
    #expect(file.contacts.count == 50 && file.contacts.last?.card == 50)
  }

  @Test func aFifoASymlinkLoopAndAHugeFileNeitherHangNorCrash() throws {
    let dir = try TempDir()
    try dir.write("book/ok.vcf", "BEGIN:VCARD\nVERSION:4.0\nFN:Still Here\nEND:VCARD\n")
    #expect(mkfifo(dir.file("book/pipe.vcf"), 0o600) == 0)
    #expect(symlink(dir.file("book"), dir.file("book/loop")) == 0)
    #expect(symlink(dir.file("book/missing.vcf"), dir.file("book/broken.vcf")) == 0)
    let huge = FileHandle(forWritingAtPath: try dir.write("book/huge.vcf", ""))
    try huge?.truncate(atOffset: 100 << 20)
    try huge?.close()
    let read = try AddressBook.read(dir.file("book"))
    #expect(read.contacts.map(\.name) == ["Still Here"])
    #expect(read.problems.contains("pipe.vcf: not a regular file; skipped"))
    #expect(read.problems.contains("huge.vcf: larger than 64 MB; skipped"))
    #expect(read.problems.contains("broken.vcf: cannot read (broken link?); skipped"))
  }

  @Test func aMissingBookIsAnErrorNamingThePath() throws {
    #expect(throws: ProviderError.self) { try AddressBook.read("/nonexistent/contacts") }
  }
}
