/// How a stack picks the member it shows (docs/relevance.md). Pure, on epoch seconds, so the
/// emitter, `status` and the tests decide the same way.
public enum StackRule {
  /// The kind name of a stack widget.
  public static let kind = "stack"
  /// `min_display` when the config gives none.
  public static let defaultMinDisplay: Int64 = 600
  /// How much higher another member must score to replace a shown one within `min_display`.
  static let margin = 20

  /// One member that has an entry to show now.
  public final class Candidate: Sendable, Equatable, CustomStringConvertible {
    /// The member's widget name.
    public let name: String
    /// Its entry's score now, halved when its timeline is stale.
    public let score: Int

    /// Creates a candidate.
    public init(name: String, score: Int) {
      self.name = name
      self.score = score
    }

    /// Candidates are equal when their name and score are.
    public static func == (lhs: Candidate, rhs: Candidate) -> Bool { lhs.name == rhs.name && lhs.score == rhs.score }

    /// "name score", for test messages.
    public var description: String { "\(name) \(score)" }
  }

  /// The score a member's entry has now: stale halves it (rounding down).
  public static func score(_ entry: Entry, at now: Int64, stale: Bool) -> Int {
    score(entry.score(at: now), stale: stale)
  }

  /// An entry's score now (`Entry.score(at:)`) as the stack ranks it: stale halves it.
  public static func score(_ score: Int, stale: Bool) -> Int { stale ? score / 2 : score }

  /// `candidates` (in config order) from the highest score down; equal scores keep their
  /// config order.
  public static func ranking(_ candidates: [Candidate]) -> [Candidate] {
    // A stable insertion sort by hand: a stack has a few members, and the library's sort
    // of enumerated pairs costs the one-shot emitter its generic metadata.
    var out = candidates
    var index = 1
    while index < out.count {
      let item = out[index]
      var at = index
      while at > 0, out[at - 1].score < item.score {
        out[at] = out[at - 1]
        at -= 1
      }
      out[at] = item
      index += 1
    }
    return out
  }

  /// The member to show at `now` from `ranking` (best first), given the member shown since
  /// `shownSince` (the hold), and whether the hold kept it.
  public static func choose(
    _ ranking: [Candidate], shown: String?, shownSince: Int64?, minDisplay: Int64, now: Int64
  ) -> (index: Int, held: Bool)? {
    guard let best = ranking.first else { return nil }
    guard let shown, let since = shownSince, since <= now, now.subtracting(saturating: since) < minDisplay,
      shown != best.name,
      let index = ranking.firstIndex(where: { $0.name == shown }),
      best.score - ranking[index].score < margin
    else { return (0, false) }
    return (index, true)
  }
}
