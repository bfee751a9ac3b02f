import Foundation
import Testing
import TimelineTestSupport

/// `timeline friends log NAME` finds a contact by more than the name as written: the
/// transliteration of a Gurmukhi name, a nickname, an e-mail's local part. Through the
/// built `timeline`, with a folder of hand-written vCards.
@Suite struct FriendsSpellingTests {
  let dir: TempDir
  let env: [String: String]

  init() throws {
    dir = try TempDir()
    let cards = [
      "harpreet.vcf": "BEGIN:VCARD\r\nVERSION:4.0\r\nUID:harpreet\r\nFN:ਹਰਪ੍ਰੀਤ ਕੌਰ\r\n"
        + "EMAIL:harpreet@example.com\r\nCATEGORIES:friends\r\nEND:VCARD\r\n",
      "robert.vcf": "BEGIN:VCARD\r\nVERSION:3.0\r\nUID:robert\r\nFN:Robert Tables\r\n"
        + "NICKNAME:Bobby,Rob\r\nEMAIL:rt@example.org\r\nCATEGORIES:friends\r\nEND:VCARD\r\n",
      "singh.vcf": "BEGIN:VCARD\r\nVERSION:4.0\r\nUID:singh\r\nFN:ਗੁਰਮੀਤ ਸਿੰਘ\r\n"
        + "EMAIL:gs@example.com\r\nCATEGORIES:friends\r\nEND:VCARD\r\n",
    ]
    for (name, text) in cards { _ = try dir.write("cards/" + name, text) }
    let config = try dir.write(
      "config.toml",
      """
      [widgets.friends]
      kind = "friends"
      contacts = "\(dir.file("cards"))"
      every = "2w"
      """)
    env = [
      "TIMELINE_CONFIG": config, "TIMELINE_CACHE_DIR": dir.file("cache"), "XDG_DATA_HOME": dir.file("data"),
      "XDG_RUNTIME_DIR": dir.file("run"), "TZ": "UTC", "HOME": dir.path,
    ]
  }

  func timeline(_ args: [String]) throws -> RunResult {
    try run(Paths.binary("timeline"), args, environment: env)
  }

  @Test func aGurmukhiNameIsFoundByItsEmailAndItsTransliteration() throws {
    let byMail = try timeline(["friends", "log", "harpreet"])
    #expect(byMail.status == 0, "\(byMail)")
    #expect(byMail.stdout.hasPrefix("logged contact with ਹਰਪ੍ਰੀਤ ਕੌਰ ("), "\(byMail.stdout)")
    // ਗੁਰਮੀਤ ਸਿੰਘ has no Latin letter in her card but the e-mail `gs`: the
    // transliteration finds her.
    let byLatin = try timeline(["friends", "log", "gurmeet"])
    #expect(byLatin.status == 0, "\(byLatin)")
    #expect(byLatin.stdout.hasPrefix("logged contact with ਗੁਰਮੀਤ ਸਿੰਘ ("), "\(byLatin.stdout)")
    let list = try timeline(["friends", "list"])
    #expect(list.stdout.contains("ਹਰਪ੍ਰੀਤ ਕੌਰ · every 2w · last "), "\(list.stdout)")
    #expect(list.stdout.contains("ਗੁਰਮੀਤ ਸਿੰਘ · every 2w · last "), "\(list.stdout)")
  }

  @Test func aNicknameFindsItsContactAndTheOutputNamesThem() throws {
    let result = try timeline(["friends", "log", "bobby", "--how", "call"])
    #expect(result.status == 0, "\(result)")
    #expect(result.stdout.hasPrefix("logged call with Robert Tables on "), "\(result.stdout)")
  }

  @Test func aNameMatchingNobodyStillExitsTwo() throws {
    let result = try timeline(["friends", "log", "nobody"])
    #expect(result.status == 2)
    #expect(result.stderr.contains("no tracked friend matches \"nobody\""), "\(result.stderr)")
  }
}
