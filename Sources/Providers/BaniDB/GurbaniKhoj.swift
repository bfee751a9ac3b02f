/// Gurbani Khoj `.gkhoj` exports, a property list of nested arrays (the shapes:
/// docs/providers/banidb.md). Anything else is skipped rather than failing the import.
enum GurbaniKhoj {
  struct Saved: Sendable, Equatable {
    var id: Int
    var line: String?
  }

  indirect enum Node: Sendable, Equatable {
    case shabad(Saved)
    case folder(String, [Node])
  }

  typealias Item = PropertyList.Value

  /// The export's folders and shabads; throws when `bytes` is not a property list whose
  /// root is an array.
  static func parse(_ bytes: some Collection<UInt8>) throws -> [Node] {
    guard case .array(let items) = try PropertyList.parse(Array(bytes)) else { throw PropertyList.Invalid() }
    return nodes(items, depth: 0)
  }

  private static func nodes(_ items: [Item], depth: Int) -> [Node] {
    // A hostile file cannot nest deeper than the plist parser allows anyway; this keeps
    // the recursion bounded regardless.
    guard depth < 64 else { return [] }
    return items.compactMap { item -> Node? in
      guard case .array(let pair) = item, pair.count >= 2 else { return nil }
      let name: String? = if case .text(let text) = pair[0] { text } else { nil }
      if case .array(let children) = pair[1] { return .folder(name ?? "", nodes(children, depth: depth + 1)) }
      guard let id = shabadId(pair[1]) else { return nil }
      return .shabad(Saved(id: id, line: name))
    }
  }

  static func shabadId(_ value: Item) -> Int? {
    switch value {
    case .text(let text): Int(text.trimmed).flatMap { $0 > 0 ? $0 : nil }
    case .int(let id): id > 0 ? id : nil
    case .real(let number): number > 0 && number < 1e15 && number == number.rounded() ? Int(number) : nil
    default: nil
    }
  }

  /// Every saved shabad under `nodes`, depth first, in file order.
  static func shabads(_ nodes: [Node]) -> [Saved] {
    nodes.flatMap { node -> [Saved] in
      switch node {
      case .shabad(let saved): return [saved]
      case .folder(_, let children): return shabads(children)
      }
    }
  }

  /// The first folder named `name` (exact, else ignoring case), depth first.
  static func folder(_ name: String, in nodes: [Node]) -> [Node]? {
    func find(_ nodes: [Node], _ match: (String) -> Bool) -> [Node]? {
      for node in nodes {
        guard case .folder(let folderName, let children) = node else { continue }
        if match(folderName) { return children }
        if let found = find(children, match) { return found }
      }
      return nil
    }
    return find(nodes) { $0 == name } ?? find(nodes) { $0.lowercased() == name.lowercased() }
  }

  static func folderNames(_ nodes: [Node]) -> [String] {
    nodes.flatMap { node -> [String] in
      guard case .folder(let name, let children) = node else { return [] }
      return [name] + folderNames(children)
    }
  }
}
