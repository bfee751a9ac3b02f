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
    let one = Service(key: "one", defaultURL: "https://one.example/v2")
    let two = Service(key: "two", defaultURL: "https://two.example")
    var sources = Sources()
    #expect(sources[one].text == "https://one.example/v2")
    let local = try SourceURL("http://127.0.0.1:9/two/")
    sources[two] = local
    #expect(sources[two].text == "http://127.0.0.1:9/two")
    #expect(sources[one] == one.defaultURL)
    #expect(sources == Sources([two: local]))
    #expect(sources != Sources())
  }
}
