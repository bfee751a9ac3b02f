import TimelineCore

/// A zone's offsets: the changes the database lists, then the POSIX rule it gives for
/// every instant after the last one (tzdata lists changes only up to 2037, or not at all
/// in its slim files, and states the rule that continues them).
struct ZoneRules: Sendable, Equatable {
  /// Instants of the listed changes, ascending.
  var transitions: [Int64] = []
  /// The offset from each change on (seconds east of UTC), one per transition.
  var offsets: [Int64] = []
  /// The offset before the first change (the file's first local-time type).
  var initial: Int64 = 0
  /// The rule after the last change; nil: the last offset holds for ever.
  var tail: PosixRule?

  /// Seconds east of UTC at `epoch`.
  func offset(at epoch: Int64) -> Int64 {
    guard let last = transitions.last, epoch < last else {
      if let tail { return tail.offset(at: epoch) }
      return offsets.last ?? initial
    }
    // The last change at or before `epoch`, by bisection.
    var low = 0
    var high = transitions.count
    while low < high {
      let middle = (low + high) / 2
      if transitions[middle] <= epoch { low = middle + 1 } else { high = middle }
    }
    return low == 0 ? initial : offsets[low - 1]
  }

  /// "+05:30" for 19 800 seconds; "" for zero.
  static func offsetText(_ seconds: Int64) -> String {
    guard seconds != 0 else { return "" }
    let size = abs(seconds)
    return (seconds < 0 ? "-" : "+") + ISOTime.pad(size / 3600, 2) + ":" + ISOTime.pad(size / 60 % 60, 2)
  }
}

extension ZoneRules {
  /// No changes, one offset.
  init(fixed seconds: Int64) { initial = seconds }

  /// Only a rule (a POSIX `TZ` value, or a stand-in when the database is missing).
  init(tail: PosixRule?) { self.init(initial: tail?.standard ?? 0, tail: tail) }
}
