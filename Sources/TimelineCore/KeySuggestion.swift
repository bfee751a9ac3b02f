/// The "did you mean" of an unknown config key: the known key a typo most likely meant.
public enum KeySuggestion {
  /// The key of `known` closest to `key` in edits (insert, delete, replace, swap of two
  /// neighbours), when it is close enough to be a typo: at most 2 edits and fewer than half
  /// of the key's length. Ties go to the alphabetically first.
  public static func closest(to key: String, among known: some Sequence<String>) -> String? {
    let limit = Swift.min(2, (key.count - 1) / 2)
    guard limit > 0 else { return nil }
    return known.map { (distance(Array(key), Array($0)), $0) }.filter { $0.0 <= limit }.min { $0 < $1 }?.1
  }

  /// Optimal string alignment distance.
  static func distance(_ a: [Character], _ b: [Character]) -> Int {
    guard !a.isEmpty else { return b.count }
    guard !b.isEmpty else { return a.count }
    var table = [[Int]](repeating: [Int](repeating: 0, count: b.count + 1), count: a.count + 1)
    for i in 0...a.count { table[i][0] = i }
    for j in 0...b.count { table[0][j] = j }
    for i in 1...a.count {
      for j in 1...b.count {
        let cost = a[i - 1] == b[j - 1] ? 0 : 1
        table[i][j] = Swift.min(table[i - 1][j] + 1, table[i][j - 1] + 1, table[i - 1][j - 1] + cost)
        if i > 1, j > 1, a[i - 1] == b[j - 2], a[i - 2] == b[j - 1] {
          table[i][j] = Swift.min(table[i][j], table[i - 2][j - 2] + 1)
        }
      }
    }
    return table[a.count][b.count]
  }
}
