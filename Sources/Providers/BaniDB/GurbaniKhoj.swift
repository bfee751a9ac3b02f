import Foundation

/// Gurbani Khoj `.gkhoj` exports: an Apple property list (XML or binary) whose root is an
/// array of nested arrays. `[line, id]` is a saved shabad (id an int or a numeric
/// string), `[name, [children…]]` a folder, and a 4-element `[text, id, text, id]` counts
/// as its first pair. Anything else is skipped rather than failing the whole import.
enum GurbaniKhoj {
  struct Saved: Sendable, Equatable {
    var id: Int
    var line: String?
  }

  indirect enum Node: Sendable, Equatable {
    case shabad(Saved)
    case folder(String, [Node])
  }

  struct FormatError: Error {}

  static func parse(_ data: Data) throws -> [Node] {
    let root = try PropertyListSerialization.propertyList(from: data, options: [], format: nil)
    guard let items = root as? [Any] else { throw FormatError() }
    return nodes(items, depth: 0)
  }

  private static func nodes(_ items: [Any], depth: Int) -> [Node] {
    // A hostile file cannot nest deeper than the plist parser allows anyway; this keeps
    // the recursion bounded regardless.
    guard depth < 64 else { return [] }
    return items.compactMap { item -> Node? in
      guard let pair = item as? [Any], pair.count >= 2 else { return nil }
      if let children = pair[1] as? [Any] {
        return .folder(pair[0] as? String ?? "", nodes(children, depth: depth + 1))
      }
      guard let id = shabadId(pair[1]) else { return nil }
      return .shabad(Saved(id: id, line: pair[0] as? String))
    }
  }

  static func shabadId(_ value: Any) -> Int? {
    if let text = value as? String {
      return Int(text.trimmingCharacters(in: .whitespaces)).flatMap { $0 > 0 ? $0 : nil }
    }
    // `<true/>` is an NSNumber of type char ("c"); it must not become shabad 1.
    if let number = value as? NSNumber, String(cString: number.objCType) != "c" {
      let id = number.intValue
      return id > 0 && Double(id) == number.doubleValue ? id : nil
    }
    return nil
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
    return find(nodes) { $0 == name } ?? find(nodes) { $0.caseInsensitiveCompare(name) == .orderedSame }
  }

  static func folderNames(_ nodes: [Node]) -> [String] {
    nodes.flatMap { node -> [String] in
      guard case .folder(let name, let children) = node else { return [] }
      return [name] + folderNames(children)
    }
  }
}
