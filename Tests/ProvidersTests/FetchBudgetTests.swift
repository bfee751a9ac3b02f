import Providers
import Testing
import TimelineCore
import TimelineTestSupport

/// The refresh's network budget against a real loopback server that never answers: a host
/// that keeps timing out is given up on, and no request outlives the budget.
@Suite struct FetchBudgetTests {
  @Test func aHostThatTimesOutTwiceIsNotAskedAgainInTheRun() async throws {
    let server = try FixtureServer(routes: ["/silent/*": ["fault": "timeout", "seconds": 120]])
    let budget = FetchBudget(seconds: 600, strikes: 2)
    let client = CurlHTTPClient(totalTimeout: 1, concurrency: 1, budget: budget)
    var errors: [String] = []
    for index in 0..<6 {
      do {
        _ = try await client.get(server.baseURL + "/silent/\(index)", headers: [:])
      } catch let error as ProviderError {
        errors.append(error.message)
      }
    }
    #expect(
      errors == Array(repeating: "timed out waiting for 127.0.0.1 (no complete response within 1 s)", count: 2)
        + Array(repeating: "127.0.0.1 timed out 2 times in this refresh; not asked again until the next", count: 4))
    #expect(try await server.log().paths == ["/silent/0", "/silent/1"])
  }

  @Test func noRequestOutlivesTheBudget() async throws {
    let server = try FixtureServer(routes: ["/silent/*": ["fault": "timeout", "seconds": 120]])
    let budget = FetchBudget(seconds: 5, strikes: 10)
    let client = CurlHTTPClient(totalTimeout: 60, budget: budget)
    let first = await #expect(throws: ProviderError.self) {
      _ = try await client.get(server.baseURL + "/silent/1", headers: [:])
    }
    #expect(first?.message == "timed out waiting for 127.0.0.1: the refresh's 5 s for network requests ran out")
    let second = await #expect(throws: ProviderError.self) {
      _ = try await client.get(server.baseURL + "/silent/2", headers: [:])
    }
    #expect(second?.message == "127.0.0.1 not asked: the refresh's 5 s for network requests ran out")
    #expect(try await server.log().paths == ["/silent/1"])
  }
}
