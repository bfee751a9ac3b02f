import Testing
import TimelineCore
import TimelineTestSupport

@testable import Providers

/// The shared client as the BaniDB kinds rely on it, against the loopback server.
@Suite struct BaniDBHTTPTests {
  /// A failure's `lastError` side (its `reason` is checked in `failuresCarryOurOwnReason`).
  func fetch(_ server: FixtureServer, _ path: String) async throws -> Shabad? {
    let context = try BaniDBFixture.context(server, at: 0, BaniDBFixture.config("random-shabad"))
    do {
      return try await BaniDBAPI(context).shabad(path)
    } catch {
      throw error.error
    }
  }

  @Test func failuresCarryOurOwnReason() async throws {
    let server = try FixtureServer(routes: [
      "/v2/shabads/1": BaniDBFixture.error(500, "ER_ACCESS_DENIED_ERROR: Access denied for user banidb@10.0.3.7"),
      "/v2/shabads/2": ["status": 429, "body": "Too Many Requests"],
      "/v2/shabads/3": ["body": "<html>oops</html>"],
      "/v2/shabads/4": ["status": 503, "body": "<html>Service Unavailable</html>"],
    ])
    let context = try BaniDBFixture.context(server, at: 0, BaniDBFixture.config("favourites"))
    let api = BaniDBAPI(context)
    var reasons: [String] = []
    var messages: [String] = []
    for id in 1...4 {
      do {
        _ = try await api.shabad("/shabads/\(id)")
      } catch {
        reasons.append(error.reason)
        messages.append(error.error.message)
      }
    }
    #expect(reasons == ["HTTP 500", "rate limited", "unexpected response", "HTTP 503"])
    // BaniDB's own message stays on the `lastError` side only.
    #expect(messages[0].contains("ER_ACCESS_DENIED_ERROR"))
    #expect(!reasons.joined().contains("ER_ACCESS"))
    // Hukamnama hands errors to the engine as plain ProviderErrors.
    await #expect(throws: ProviderError.self) { try await api.get("/shabads/1") }
  }

  @Test func sameHostRedirectIsFollowedOtherHostIsNot() async throws {
    let server = try FixtureServer()
    try await server.setRoutes([
      "/v2/shabads/1": ["status": 302, "headers": ["Location": server.baseURL + "/v2/shabads/3492"]],
      "/v2/shabads/3492": BaniDBFixture.file("random-3492.json"),
      "/v2/shabads/2": ["status": 302, "headers": ["Location": "http://localhost:\(server.port)/v2/shabads/3492"]],
    ])
    #expect(try await fetch(server, "/shabads/1")?.id == 3492)
    let error = await #expect(throws: ProviderError.self) { try await fetch(server, "/shabads/2") }
    #expect(error?.message.contains("302") == true || error?.message.contains("redirect") == true)
    #expect(try await server.log().paths == ["/v2/shabads/1", "/v2/shabads/3492", "/v2/shabads/2"])
  }

  @Test func oversizedAndNonJSONBodiesAreRefused() async throws {
    let server = try FixtureServer(routes: [
      "/v2/shabads/1": ["fault": "huge"],
      "/v2/shabads/2": ["body": "Too Many Requests", "headers": ["Content-Type": "text/plain"]],
      "/v2/shabads/3": ["body": "{\"shabadInfo\": {}}"],
    ])
    let huge = await #expect(throws: ProviderError.self) { try await fetch(server, "/shabads/1") }
    #expect(huge?.message.contains("larger than 5 MB") == true)
    let text = await #expect(throws: ProviderError.self) { try await fetch(server, "/shabads/2") }
    #expect(text?.message == "BaniDB: response is not JSON")
    let shape = await #expect(throws: ProviderError.self) { try await fetch(server, "/shabads/3") }
    #expect(shape?.message == "BaniDB: unexpected shabad format from /shabads/3")
  }

  @Test func retryAfterAsAnHTTPDate() async throws {
    let server = try FixtureServer(routes: [
      "/v2/shabads/1": [
        "status": 429, "body": "Too Many Requests", "headers": ["Retry-After": "Wed, 21 Oct 2099 07:28:00 GMT"],
      ]
    ])
    let error = await #expect(throws: ProviderError.self) { try await fetch(server, "/shabads/1") }
    // Far-future dates are capped at a day.
    #expect(error?.retryAfter == 86_400 && error?.message == "BaniDB: rate limited (HTTP 429)")
  }
}
