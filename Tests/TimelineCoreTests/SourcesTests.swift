import Testing
import TimelineCore

/// The `[sources]` base URLs are checked and normalised in one place, `SourceURL`; what a
/// provider receives is that value, so no request path ever meets a doubled slash.
@Suite struct SourcesTests {
  @Test func dropsEveryTrailingSlash() throws {
    #expect(try SourceURL("https://example.org/v2/").text == "https://example.org/v2")
    #expect(try SourceURL("https://example.org/v2///").text == "https://example.org/v2")
    #expect(try SourceURL("https://example.org/").text == "https://example.org")
    #expect(try SourceURL("http://127.0.0.1:8080/api").text == "http://127.0.0.1:8080/api")
  }

  @Test func refusesWhatIsNotAnHTTPURLWithAHost() {
    for text in [
      "ftp://x/api", "https://", "http:///api", "https://user@example.org", "https://a b", "example.org", "",
    ] {
      #expect(throws: SourceURL.Problem.invalid, "\(text)") { try SourceURL(text) }
    }
  }

  @Test func plainHTTPOnlyToLoopback() throws {
    for text in [
      "http://127.0.0.1/api", "http://127.1.2.3", "http://localhost:9/x", "http://[::1]:9/api", "HTTP://LOCALHOST",
    ] {
      #expect(throws: Never.self, "\(text)") { try SourceURL(text) }
    }
    for text in [
      "http://example.org/api", "http://10.0.0.1", "http://127.0.0.1.example.org", "http://127.evil.example",
    ] {
      #expect(throws: SourceURL.Problem.insecure, "\(text)") { try SourceURL(text) }
    }
  }

  @Test func defaultsUntilSetAndOnlyTheSetOneChanges() throws {
    var sources = Sources()
    #expect(sources[.banidb].text == "https://api.banidb.com/v2")
    #expect(Source.allCases.allSatisfy { Sources()[$0] == $0.defaultURL })
    let local = try SourceURL("http://127.0.0.1:9/varsom/")
    sources[.varsom] = local
    #expect(sources[.varsom].text == "http://127.0.0.1:9/varsom")
    #expect(sources[.banidb] == Source.banidb.defaultURL)
    #expect(sources == Sources([.varsom: local]))
    #expect(sources != Sources())
  }

  @Test func everyDefaultPassesItsOwnCheck() throws {
    for source in Source.allCases {
      #expect(try SourceURL(source.defaultURL.text) == source.defaultURL)
    }
    #expect(Source.keyList == "banidb, varsom, lavinprognoser")
  }
}
