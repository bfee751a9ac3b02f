import Synchronization
import TimelineCore

/// What one refresh may spend on the network, shared by every provider's client in the run:
/// a deadline `seconds` from its start, and `strikes` timeouts per host, after which the
/// host's remaining requests fail at once. Without it, a host that never answers would hold
/// a widget of many requests for minutes: past the systemd unit's limit, and behind a
/// `timeline reload` a bar runs on a click.
public final class FetchBudget: Sendable {
  /// The run's allowance in seconds.
  let seconds: Double
  /// Timeouts after which a host is given up on for the rest of the run.
  let strikes: Int
  private let start = ContinuousClock.now
  private let timeouts = Mutex<[String: Int]>([:])

  /// Creates a budget that starts now.
  public init(seconds: Double = 60, strikes: Int = 2) {
    self.seconds = seconds
    self.strikes = Swift.max(1, strikes)
  }

  /// Seconds left (0 when spent).
  func remaining() -> Double {
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
