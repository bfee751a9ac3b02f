import Synchronization
import TimelineCore

/// What one refresh may spend on the network, shared by every provider's client in the
/// run. Against a host that never answers, each request would take its full 20 s and a
/// widget with many requests (random-shabad with `entries = 48`) minutes; under the
/// shipped systemd unit's 5-minute limit, and behind a `timeline reload` a bar runs on a
/// click, that is too long. So the run has one deadline (`seconds` from its start, a
/// request never outlives it), and a host that has timed out `strikes` times is not
/// asked again in this run: its remaining requests fail at once and the widget keeps its
/// last good timeline, retried after the backoff.
public final class FetchBudget: Sendable {
  /// The run's allowance in seconds.
  public let seconds: Double
  /// Timeouts after which a host is given up on for the rest of the run.
  public let strikes: Int
  private let start = ContinuousClock.now
  private let timeouts = Mutex<[String: Int]>([:])

  /// Creates a budget that starts now.
  public init(seconds: Double = 60, strikes: Int = 2) {
    self.seconds = seconds
    self.strikes = Swift.max(1, strikes)
  }

  /// Seconds left (0 when spent).
  public func remaining() -> Double {
    let spent = ContinuousClock.now - start
    let used = Double(spent.components.seconds) + Double(spent.components.attoseconds) / 1e18
    return Swift.max(0, seconds - used)
  }

  /// Throws when no request to `host` may start: the time is spent, or the host has timed
  /// out too often.
  func admit(_ host: String) throws(ProviderError) {
    let count = timeouts.withLock { $0[host] ?? 0 }
    if count >= strikes {
      throw ProviderError("\(host) timed out \(count) times in this refresh; not asked again until the next")
    }
    if remaining() < 0.5 {
      throw ProviderError("\(host) not asked: the refresh's \(Int(seconds)) s for network requests ran out")
    }
  }

  /// Counts a timeout against `host`.
  func timedOut(_ host: String) { timeouts.withLock { $0[host, default: 0] += 1 } }
}
