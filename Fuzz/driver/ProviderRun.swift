import Dispatch
import TimelineCore

/// An HTTP client that answers every request with one canned response: the fuzzed bytes.
struct CannedHTTP: HTTPClient {
  let response: HTTPResponse
  func get(_ url: String, headers: [String: String]) async throws -> HTTPResponse { response }
}

private final class Box<T>: @unchecked Sendable { var value: T? }

/// Runs `provider.timeline` against `response` at `now` and waits for it. A failure must be
/// a one-line `ProviderError`; anything else stops the fuzzer. Returns the draft, if any.
public func fuzzTimeline(
  _ provider: any TimelineProvider, config: WidgetConfig, now: Int64, response: HTTPResponse
) -> TimelineDraft? {
  let context = ProviderContext(
    clock: FixedClock(now), config: config, http: CannedHTTP(response: response))
  let done = DispatchSemaphore(value: 0)
  let result = Box<Result<TimelineDraft, any Error>>()
  Task {
    do { result.value = .success(try await provider.timeline(context: context)) } catch {
      result.value = .failure(error)
    }
    done.signal()
  }
  done.wait()
  switch result.value {
  case .success(let draft)?:
    return draft
  case .failure(let error)?:
    guard let failure = error as? ProviderError else { fatalError("not a ProviderError: \(error)") }
    precondition(!failure.message.unicodeScalars.contains { $0.value < 0x20 }, "multi-line error")
    return nil
  case nil: fatalError("no result")
  }
}

/// A fuzz target's widget name (a constant of the target, so a name that breaks the rule is
/// the target's own bug and stops it at once).
public func fuzzName(_ name: String) -> WidgetName {
  guard let checked = WidgetName(name) else { fatalError("fuzz target names an invalid widget: \(name)") }
  return checked
}

/// A fuzz target's widget config, named `name` (see `fuzzName`).
public func fuzzWidget(_ name: String, kind: String, options: [String: ConfigValue]) -> WidgetConfig {
  WidgetConfig(name: fuzzName(name), kind: kind, options: options, file: "fuzz.toml")
}
