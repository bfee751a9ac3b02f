import Foundation
import Providers
import Testing
import TimelineCore
import TimelineTestSupport

/// The shared client against a real loopback server: slow answers inside the 20 s total
/// succeed, connections are reused, and the connect check fails fast on a closed port.
@Suite struct HTTPTimeoutTests {
  @Test func aSlowFirstByteWithinTheTotalStillSucceeds() async throws {
    let server = try FixtureServer(routes: ["/slow": ["body": "{\"ok\":true}", "delay": 6]])
    let response = try await CurlHTTPClient().get(server.baseURL + "/slow", headers: [:])
    #expect(response.status == 200)
    #expect(String(decoding: response.body, as: UTF8.self) == "{\"ok\":true}")
  }

  @Test func aClosedPortIsRefusedByTheConnectCheck() async throws {
    // Port 9 (discard) has no listener on the loopback interface here.
    await #expect(throws: ProviderError("connection refused by 127.0.0.1")) {
      _ = try await CurlHTTPClient().get("http://127.0.0.1:9/x", headers: [:])
    }
  }

  @Test func aRedirectToAnotherPortIsNotFollowed() async throws {
    let server = try FixtureServer(routes: [
      "/moved": ["status": 302, "headers": ["Location": "http://127.0.0.1:9/elsewhere"], "body": ""]
    ])
    let response = try await CurlHTTPClient().get(server.baseURL + "/moved", headers: [:])
    #expect(response.status == 302)
    let paths = try await server.log().paths
    #expect(paths == ["/moved"])
  }
}

/// Cancelling the task that waits for a response (what a terminated refresh does) stops
/// the transfer instead of waiting for the server.
@Suite struct HTTPCancellationTests {
  @Test func aCancelledRequestStopsWithItsOwnError() async throws {
    // Timeouts far beyond the test's length: only the cancellation can end the request,
    // however slowly a busy machine runs the test.
    let server = try FixtureServer(routes: ["/silent": ["fault": "timeout", "seconds": 600]])
    let client = CurlHTTPClient(totalTimeout: 600)
    let request = Task { try await client.get(server.baseURL + "/silent", headers: [:]) }
    // Wait until the server has the request, so the transfer is under way when cancelled.
    while try await server.log().paths.isEmpty { try await Task.sleep(nanoseconds: 20_000_000) }
    request.cancel()
    await #expect(throws: ProviderError("request to 127.0.0.1 was cancelled")) { try await request.value }
  }
}
