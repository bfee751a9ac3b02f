import Testing
import TimelineCore
import TimelineTestSupport

@testable import Providers

/// A response whose headers run to megabytes is refused for that, in words that say so,
/// not as a lost connection.
@Suite struct HTTPHeaderSizeTests {
  @Test func megabytesOfHeadersAreSaidToBeTooLarge() async throws {
    // 100 headers of 20 KB: each line within libcurl's limit for one, 2 MB in all.
    var headers: [String: String] = [:]
    for index in 0..<100 { headers["X-Pad-\(index)"] = String(repeating: "a", count: 20_000) }
    let server = try FixtureServer(routes: ["/big": ["body": "{}", "headers": headers]])
    await #expect(throws: ProviderError("response headers from 127.0.0.1 are larger than 256 KB")) {
      _ = try await CurlHTTPClient().get(server.baseURL + "/big", headers: [:])
    }
  }

  @Test func headersUnderTheLimitAreRead() async throws {
    let server = try FixtureServer(routes: [
      "/ok": ["body": "{}", "headers": ["X-Pad": String(repeating: "a", count: 50_000)]]
    ])
    let response = try await CurlHTTPClient().get(server.baseURL + "/ok", headers: [:])
    #expect(response.status == 200 && response.headers["x-pad"]?.count == 50_000)
  }
}
