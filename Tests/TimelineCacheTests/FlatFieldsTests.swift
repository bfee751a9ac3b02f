import Testing
import TimelineCore

@testable import TimelineCache

/// The meta line's keys found in one pass (`FlatFields`) against the subscript that asks
/// for one key at a time, and the meta decoded from them against the same decoder fed by
/// the subscript, on hostile objects: escaped keys, keys spelled inside
/// strings, repeated keys with `null`s between, unicode escapes, NUL, very long values,
/// keys that differ only in length or last byte, and cut lines.
@Suite struct FlatFieldsTests {
  /// The same decoder through the subscript (the generic path json-c's nodes take).
  static func generic<Node: JSONReading>(_ node: Node) -> CacheMeta? { CacheMeta.decode(node) }

  /// Every field of `text`'s object through both look-ups, and the meta all three ways.
  static func expectAgreement(_ text: String) {
    let bytes = Array(text.utf8)
    bytes.withUnsafeBytes { raw in
      var used = 0
      let json = FlatJSON.parse(raw, used: &used)
      guard let json else {
        // A line the flat reader refuses never reaches a decoder.
        return
      }
      let root = json.root
      FlatFields<CacheMeta.Field>.read(root) { fields in
        for raw in 0..<CacheMeta.Field.keyCount {
          guard let field = CacheMeta.Field(rawValue: raw) else {
            Issue.record("no field \(raw)")
            continue
          }
          #expect(fields[field]?.index == root[field.name]?.index, "\(field.name) in \(text)")
        }
      }
      #expect(CacheMeta.decode(root) == generic(root), "\(text)")
      // And the meta json-c's tree gives (its strings compared once made, where the flat
      // reader compares a policy's name by its bytes).
      if let (document, _) = JSONDocument.parse(raw) {
        #expect(CacheMeta.decode(root) == CacheMeta.decode(document.node), "json-c: \(text)")
      }
    }
  }

  static let good =
    #"{"widget":"w","kind":"stack","generated":900,"lastSuccess":900,"due":1000,"grace":1800,"end":5000,"#
    + #""policy":"after","after":5000,"configHash":"abc|def","members":["a","b"],"minDisplay":600,"line":"#
    + #""translation","polybarFont":3,"count":2,"entryBytes":10,"placeholder":{"date":0,"alt":"p","runs":[{"t":"…"}]}}"#

  @Test(arguments: [
    good,
    // Repeated keys: the last that is not null wins; a null never hides an earlier value.
    #"{"widget":"a","kind":"k","widget":"b","due":1,"due":null,"grace":5,"grace":null,"grace":7}"#,
    #"{"widget":null,"kind":"k","widget":"z"}"#,
    // Escaped keys: decoded before they are compared, as the subscript does.
    #"{"\u0077idget":"esc","kind":"k","\u006bind":"k2","wid\"get":"not it","gr\u0061ce":12}"#,
    #"{"widget":"w","kind":"k","d\u0075e":3,"due\u0000":4,"\u0000due":5}"#,
    // Key names spelled inside values and in nested objects are not keys of the meta.
    #"{"widget":"\"kind\":\"stack\"","kind":"k","placeholder":{"widget":"inner","kind":"x","date":0}}"#,
    #"{"widget":"w","kind":"k","members":["kind","widget"],"x":{"due":9}}"#,
    // Near misses: one byte longer or shorter, a different last or first byte, case.
    #"{"widget":"w","kind":"k","du":1,"duee":2,"dud":3,"Due":4,"gracE":5,"count ":6," count":7}"#,
    // A policy's name spelled with escapes, a byte off, cut, longer, in another case.
    #"{"widget":"w","kind":"k","policy":"ne\u0076er"}"#, #"{"widget":"w","kind":"k","policy":"\u0061fter","after":7}"#,
    #"{"widget":"w","kind":"k","policy":"neve"}"#, #"{"widget":"w","kind":"k","policy":"afterr","after":7}"#,
    #"{"widget":"w","kind":"k","policy":"Never"}"#, #"{"widget":"w","kind":"k","policy":"never\u0000"}"#,
    #"{"widget":"w","kind":"k","policy":"nevers"}"#, #"{"widget":"w","kind":"k","policy":"","after":7}"#,
    // Wrong types: absent for the decoder, as the subscript gives them.
    #"{"widget":1,"kind":"k"}"#, #"{"widget":"w","kind":"k","due":"1","grace":1.5,"end":[1],"policy":7}"#,
    // Not an object at all.
    #"["widget","w"]"#, #""widget""#, #"7"#, #"{}"#,
    // Very long values and a long key.
    #"{"widget":""# + String(repeating: "ਸ", count: 5000) + #"","kind":"k","# + "\""
      + String(repeating: "k", count: 300) + #"":1}"#,
    // Cut lines: nothing to decode.
    String(good.prefix(40)), String(good.dropLast()),
  ])
  func oneLookupPerKeyAgreesWithTheSubscript(_ text: String) {
    Self.expectAgreement(text)
  }

  /// Random objects over the meta's keys, near-miss keys and escaped spellings.
  @Test func generatedObjectsAgree() {
    var seed: UInt64 = 7
    func next(_ bound: Int) -> Int {
      seed = seed &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
      return Int(seed >> 33) % bound
    }
    let names = (0..<CacheMeta.Field.keyCount).compactMap { CacheMeta.Field(rawValue: $0)?.name.description }
    let others = ["", "x", "widgets", "kin", "\\u0077idget", "k\\u0069nd", "gr\\u0061ce", "d\\\"ue", "\\u0000"]
    let values = [
      "null", "1", "-5", "0.5", "\"after\"", "\"never\"", "\"ne\\u0076er\"", "\"afte\"", "\"afterx\"", "\"atEnd\"",
      "\"stack\"", "\"w\"", "\"translation\"", "[\"a\",1,null]",
      "{\"date\":0,\"alt\":\"p\"}", "true", "\"\\u0041\\n\"", "12345678901234567890",
    ]
    for _ in 0..<3000 {
      var members = ["\"widget\":\"w\"", "\"kind\":\"k\""].filter { _ in next(4) > 0 }
      for _ in 0..<next(12) {
        let key = next(3) == 0 ? others[next(others.count)] : names[next(names.count)]
        members.insert("\"\(key)\":\(values[next(values.count)])", at: next(members.count + 1))
      }
      Self.expectAgreement("{" + members.joined(separator: ",") + "}")
    }
  }

  /// The relevance read through the subscript, as the generic decoder does.
  static func genericRelevance<Node: JSONReading>(_ node: Node) -> Relevance? { EntryDecoder.relevance(node) }

  /// A line's relevance found in one pass (`EntryDecoder.relevance` of a `FlatNode`)
  /// against the subscript's and json-c's, on random lines of `rel`, the older
  /// `relevance` and near misses, with values of every shape (arrays with a non-integer
  /// or Int64.min, fractions out of range, strings, nulls, repeated keys).
  @Test func relevanceInOnePassAgreesWithTheSubscriptAndJSONC() {
    var seed: UInt64 = 11
    func next(_ bound: Int) -> Int {
      seed = seed &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
      return Int(seed >> 33) % bound
    }
    let keys = ["rel", "relevance", "rel", "relevance", "r\\u0065l", "rel\\u0000", "re", "rell", "date", "x", "Rel"]
    let values = [
      "50", "-3", "250", "12345678901234567890", "[50,100,20]", "[50]", "[]", "[50,\"x\"]", "[50,-9223372036854775808]",
      "[[1]]", "0.5", "1.5", "-0.3", "1e400", "\"50\"", "null", "true", "{\"rel\":1}", "0",
    ]
    for _ in 0..<3000 {
      var members: [String] = []
      for _ in 0..<next(6) { members.append("\"\(keys[next(keys.count)])\":\(values[next(values.count)])") }
      let text = "{" + members.joined(separator: ",") + "}"
      let bytes = Array(text.utf8)
      bytes.withUnsafeBytes { raw in
        var used = 0
        guard let json = FlatJSON.parse(raw, used: &used) else { return }
        let onePass = EntryDecoder.relevance(json.root)
        #expect(onePass == Self.genericRelevance(json.root), "\(text)")
        if let (document, _) = JSONDocument.parse(raw) {
          #expect(onePass == EntryDecoder.relevance(document.node), "json-c: \(text)")
        }
      }
    }
  }

  /// The cache path joined in one allocation is the one `+` made.
  @Test(arguments: ["/tmp/c", "/", "/home/ਸਤਿ/.cache/timeline", "relative/dir", ""])
  func theCachePathIsTheDirectoryAndTheCacheFile(_ directory: String) throws {
    for name in ["w", "avalanche-no-5", String(repeating: "a", count: 64)] {
      let widget = try #require(WidgetName(name))
      #expect(CacheStore(directory: directory).path(for: widget) == directory + "/" + widget.cacheFile)
    }
  }
}
