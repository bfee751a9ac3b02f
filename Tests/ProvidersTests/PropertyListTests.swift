import Foundation
import Testing

@testable import Providers

/// The Gurbani Khoj import's property-list reader (`PropertyList`), in both formats Apple
/// writes, against what FoundationEssentials' decoder read from the same files before it,
/// and against hostile files, which must fail cleanly rather than crash or hang.
@Suite struct PropertyListTests {
  typealias Value = PropertyList.Value

  func xml(_ body: String) throws -> Value {
    let head = """
      <?xml version="1.0" encoding="UTF-8"?>
      <!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN" "http://www.apple.com/DTDs/PropertyList-1.0.dtd">
      <plist version="1.0">

      """
    return try PropertyList.parse(Array((head + body + "\n</plist>\n").utf8))
  }

  func ids(_ body: String) throws -> [Int] {
    guard case .array(let items) = try xml(body) else { return [] }
    return items.compactMap { item in
      guard case .array(let pair) = item, pair.count >= 2 else { return nil }
      return GurbaniKhoj.shabadId(pair[1])
    }
  }

  @Test func theBinaryExportReadsAsTheXMLOne() throws {
    let xml = try GurbaniKhoj.parse(Data(contentsOf: URL(fileURLWithPath: BaniDBFixture.path("favourites.gkhoj"))))
    let binary = try GurbaniKhoj.parse(
      Data(contentsOf: URL(fileURLWithPath: BaniDBFixture.path("favourites-binary.gkhoj"))))
    // The binary copy adds a Gurmukhi line (its id a string) and an id past Int's range.
    #expect(Array(binary.prefix(xml.count)) == xml)
    #expect(binary.count == xml.count + 1)
    #expect(binary.last == .shabad(GurbaniKhoj.Saved(id: 3492, line: "ਨਾਨਕ ਮੰਨਿਆ")))
    #expect(GurbaniKhoj.shabads(binary).map(\.id) == [3492, 2565, 100, 300, 3492])
  }

  @Test func valuesOfTheXMLFormat() throws {
    #expect(
      try xml("<array><string>a &amp; b &#x0A15; &#65; &lt;&gt;&quot;&apos;</string><string/><key>k</key></array>")
        == .array([.text("a & b ਕ A <>\"'"), .text(""), .text("k")]))
    #expect(try xml("<array><string><![CDATA[x <y> & z]]></string></array>") == .array([.text("x <y> & z")]))
    #expect(
      try xml("<array><!-- c --><true/><false></false><array/><dict><key>a</key><integer>1</integer></dict></array>")
        == .array([.bool(true), .bool(false), .array([]), .other]))
    #expect(
      try xml("<array><date>2020-01-01T00:00:00Z</date><data>AAEC</data><real>1e3</real><real>-2.5</real></array>")
        == .array([.other, .other, .real(1000), .real(-2.5)]))
    // As Apple's reader: a sign and 0x are taken, spaces and fractions are not (the item is
    // skipped, the file is not refused).
    #expect(
      try xml(
        "<array><integer>+15</integer><integer>0x10</integer><integer>-3</integer><integer> 16 </integer>"
          + "<integer>25.0</integer><integer></integer><integer>99999999999999999999</integer></array>")
        == .array([.int(15), .int(16), .int(-3), .other, .other, .other, .other]))
    // Without <plist> around it, and with whatever follows </plist>.
    #expect(
      try PropertyList.parse(Array("<?xml version=\"1.0\"?>\n<array><integer>5</integer></array>".utf8))
        == .array([.int(5)]))
    #expect(try PropertyList.parse(Array("<plist><array/></plist>junk".utf8)) == .array([]))
  }

  @Test func whatCountsAsAShabadId() throws {
    let pairs = [
      "<integer>1</integer>", "<integer>0</integer>", "<integer>-5</integer>", "<true/>", "<real>3492</real>",
      "<real>3492.5</real>", "<real>1e20</real>", "<string> 42 </string>", "<string>0x1E</string>",
      "<string>+12</string>",
    ].map { "<array><string>line</string>\($0)</array>" }
    #expect(try ids("<array>\(pairs.joined())</array>") == [1, 3492, 42, 12])
  }

  @Test func malformedXMLIsRefused() {
    for body in [
      "<array><foo>1</foo></array>", "<array>junk<array/></array>", "<array><TRUE/></array>",
      "<array><string>a &bogus; b</string></array>", "<array><string>a<integer>1</integer></array>",
      "<array><string>a &#xD800; b</string></array>", "<array><string><![CDATA[x</string></array>",
      "<array><array>", "",
    ] {
      #expect(throws: PropertyList.Invalid.self, "\(body)") { try xml(body) }
    }
    for text in ["{\"a\": 1}", "hello", "", "<plist>", "<plist/>", "<!-- only a comment -->"] {
      #expect(throws: PropertyList.Invalid.self, "\(text)") { try PropertyList.parse(Array(text.utf8)) }
    }
  }

  @Test func deepNestingIsRefusedNotACrash() {
    let depth = 100_000
    let text = String(repeating: "<array>", count: depth) + String(repeating: "</array>", count: depth)
    #expect(throws: PropertyList.Invalid.self) { try PropertyList.parse(Array(text.utf8)) }
    // 200 levels are fine; the folder tree keeps 64 of them.
    let fine = String(repeating: "<array>", count: 200) + String(repeating: "</array>", count: 200)
    #expect((try? PropertyList.parse(Array(fine.utf8))) != nil)
  }

  /// A binary property list of `objects` (each its encoded bytes), one-byte offsets and
  /// references unless told otherwise.
  func bplist(_ objects: [[UInt8]], top: UInt64 = 0, offsetSize: UInt8 = 1, refSize: UInt8 = 1) -> [UInt8] {
    var out = Array("bplist00".utf8)
    var offsets: [Int] = []
    for object in objects {
      offsets.append(out.count)
      out += object
    }
    let table = out.count
    for offset in offsets {
      out += (0..<Int(offsetSize)).reversed().map { UInt8(truncatingIfNeeded: offset >> ($0 * 8)) }
    }
    out += [0, 0, 0, 0, 0, 0, offsetSize, refSize]
    for field in [UInt64(objects.count), top, UInt64(table)] {
      out += (0..<8).reversed().map { UInt8(truncatingIfNeeded: field >> (UInt64($0) * 8)) }
    }
    return out
  }

  @Test func valuesOfTheBinaryFormat() throws {
    // [[ "z", 35 as a 16-byte integer ], [ "f", 36 as a 4-byte real ], "ਐ" in UTF-16, -1.0, true, nil]
    let objects: [[UInt8]] = [
      [0xA6, 1, 4, 7, 8, 9, 10],
      [0xA2, 2, 3], [0x51, 0x7A], [0x14] + [UInt8](repeating: 0, count: 15) + [35],
      [0xA2, 5, 6], [0x51, 0x66], [0x22, 0x42, 0x10, 0, 0],
      [0x61, 0x0A, 0x10], [0x23, 0xBF, 0xF0, 0, 0, 0, 0, 0, 0], [0x09], [0x00],
    ]
    #expect(
      try PropertyList.parse(bplist(objects))
        == .array([
          .array([.text("z"), .int(35)]), .array([.text("f"), .real(36)]), .text("ਐ"), .real(-1), .bool(true), .other,
        ]))
    // A count past 14 follows the marker as an integer object; 2-byte offsets and references.
    let long = [UInt8](repeating: 0x61, count: 20)
    #expect(
      try PropertyList.parse(bplist([[0xA1, 0, 1], [0x5F, 0x10, 20] + long], offsetSize: 2, refSize: 2))
        == .array([.text(String(repeating: "a", count: 20))]))
  }

  @Test func hostileBinaryListsFailCleanly() {
    let cases: [(String, [UInt8])] = [
      ("an array that contains itself", bplist([[0xA1, 0]])),
      ("two arrays that contain each other", bplist([[0xA1, 1], [0xA1, 0]])),
      ("a count past the file", bplist([[0xAF, 0x13, 0x40, 0, 0, 0, 0, 0, 0, 0]])),
      ("a reference past the objects", bplist([[0xA1, 5]])),
      ("a top object past the objects", bplist([[0xA0]], top: 7)),
      ("a string past the file", bplist([[0xA1, 1], [0x6F, 0x10, 0x7F, 0x41]])),
      ("an offset size of 0", bplist([[0xA0]], offsetSize: 0)),
      ("an offset size of 9", bplist([[0xA0]], offsetSize: 9)),
      ("an unknown marker", bplist([[0xA1, 1], [0x70]])),
      ("a 16-byte real", bplist([[0xA1, 1], [0x24] + [UInt8](repeating: 0, count: 16)])),
      ("a newer format", Array("bplist15".utf8) + bplist([[0xA0]]).dropFirst(8)),
      ("the trailer alone", Array(bplist([[0xA0]]).suffix(40))),
      ("no trailer", Array("bplist00".utf8) + [0xA0]),
    ]
    for (what, bytes) in cases {
      #expect(throws: PropertyList.Invalid.self, "\(what)") { try PropertyList.parse(bytes) }
    }
  }

  @Test func sharedArraysCannotExpandWithoutBound() {
    // Each level lists the next one 8 times: 8^7 leaves from a 100-byte file.
    var objects = (0..<7).map { level in [0xA8] + [UInt8](repeating: UInt8(level + 1), count: 8) }
    objects += [[0xA2, 8, 9], [0x51, 0x71], [0x10, 33]]
    #expect(throws: PropertyList.Invalid.self) { try PropertyList.parse(bplist(objects)) }
    // Shared strings and numbers, as Apple's writer emits them, are fine.
    let shared: [[UInt8]] = [[0xA3, 1, 1, 1], [0xA2, 2, 3], [0x51, 0x71], [0x10, 33]]
    let pair = Value.array([.text("q"), .int(33)])
    #expect((try? PropertyList.parse(bplist(shared))) == .array([pair, pair, pair]))
  }
}
