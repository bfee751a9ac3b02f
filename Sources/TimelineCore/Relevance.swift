/// How much an entry matters, on the one 0–100 scale every provider shares (docs/relevance.md),
/// so that a stack can compare entries of different widgets. A score can change while its
/// entry is current: `changes` holds the later scores, each from an instant, so a reader
/// needs no time zone and a bar can switch on time with no refresh.
public struct Relevance: Sendable, Equatable {
  /// The score from the entry's date.
  public var score: Int
  /// Later scores as `[from, score, from, score, …]`, `from` ascending (UTC epoch seconds).
  /// Flat integers rather than an array of pairs: the bars' fast path reads it.
  public var changes: [Int64]

  /// The score of an entry that gives none (a command entry without `relevance`).
  public static let defaultScore = 10
  /// Scores at or above this make bars mark the entry urgent.
  static let urgentScore = 80

  /// Creates a relevance; scores are clamped to 0–100 and changes kept in order.
  public init(_ score: Int, changes: [(from: Int64, score: Int)] = []) {
    self.init(score: score, flatChanges: changes.flatMap { [$0.from, Int64($0.score)] })
  }

  /// Creates a relevance from flat `changes` as stored in a cache; pairs out of order and a
  /// dangling last value are dropped. Without an array of pairs, whose tuple metadata the
  /// runtime would build first on the bars' fast path.
  public init(score: Int, flatChanges: [Int64]) {
    self.score = Self.clamp(score)
    var flat: [Int64] = []
    flat.reserveCapacity(flatChanges.count)
    var last = Int64.min
    var index = 0
    while index + 1 < flatChanges.count {
      let from = flatChanges[index]
      if from > last {
        flat.append(from)
        flat.append(Int64(Self.clamp(Int(clamping: flatChanges[index + 1]))))
        last = from
      }
      index += 2
    }
    self.changes = flat
  }

  /// `value` within 0–100.
  static func clamp(_ value: Int) -> Int { Swift.min(100, Swift.max(0, value)) }

  func score(at now: Int64) -> Int {
    var current = score
    var index = 0
    while index + 1 < changes.count, changes[index] <= now {
      current = Int(changes[index + 1])
      index += 2
    }
    return current
  }

  /// The first instant after `now` at which the score changes.
  public func nextChange(after now: Int64) -> Int64? {
    var index = 0
    while index + 1 < changes.count {
      if changes[index] > now { return changes[index] }
      index += 2
    }
    return nil
  }

  /// Every score shifted by `boost` (a widget's `relevance_boost`), kept within 0–100.
  public func boosted(by boost: Int) -> Relevance {
    guard boost != 0 else { return self }
    var copy = self
    copy.score = Self.clamp(score + boost)
    var index = 1
    while index < copy.changes.count {
      copy.changes[index] = Int64(Self.clamp(Int(copy.changes[index]) + boost))
      index += 2
    }
    return copy
  }
}
