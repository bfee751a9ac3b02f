import TimelineCore

/// A key segment as written: its name and where it starts.
struct KeySegment {
  var name: String
  var position: TextPosition
}

/// A table while the document is read: shared by reference so that headers, dotted keys
/// and arrays of tables can reach it again; turned into a `TOMLTable` at the end.
final class TableBox {
  /// How the table came to be, which decides what may define or extend it later.
  enum Origin: Equatable {
    /// Named on the way to another table (`a` in `[a.b]`): a header may still define it.
    case implicit
    /// Defined by a `[header]` or as an element of `[[array]]`.
    case header
    /// Made by dotted keys (`a.b = 1`) in the section (or inline table) with this number.
    case dotted(Int)
  }

  /// One key's value while reading: an array of tables grows, so it is not a plain value.
  enum Item {
    case value(TOMLNode)
    case table(TableBox)
    case tables([TableBox], TextPosition)
  }

  var origin: Origin
  let position: TextPosition
  /// How many tables and arrays hold it, the document's root being 0 (see `TOMLDocument.maxDepth`).
  let depth: Int
  private var order: [KeySegment] = []
  private var items: [String: Item] = [:]

  init(_ origin: Origin, at position: TextPosition, depth: Int) {
    self.origin = origin
    self.position = position
    self.depth = depth
  }

  subscript(name: String) -> Item? { items[name] }

  func set(_ segment: KeySegment, _ item: Item) {
    if items.updateValue(item, forKey: segment.name) == nil { order.append(segment) }
  }

  /// The finished table, in document order.
  var table: TOMLTable {
    TOMLTable(
      entries: order.map { segment in
        let node: TOMLNode
        switch items[segment.name] {
        case .value(let value)?: node = value
        case .table(let box)?: node = TOMLNode(.table(box.table), at: box.position)
        case .tables(let boxes, let position)?:
          node = TOMLNode(.array(boxes.map { TOMLNode(.table($0.table), at: $0.position) }), at: position)
        case nil: preconditionFailure("a key in the order without an item")
        }
        return TOMLEntry(key: segment.name, keyPosition: segment.position, node: node)
      })
  }
}

/// The rules of TOML 1.0 for defining tables and keys: no key twice, no table defined
/// twice, dotted keys extend only the tables they made in the same section, inline tables
/// and arrays are closed once written.
enum TableRules {
  /// The table a header's path leads to, creating the tables it names on the way.
  static func parent(of path: [KeySegment], from root: TableBox) throws(TOMLError) -> TableBox {
    var box = root
    for segment in path.dropLast() {
      switch box[segment.name] {
      case nil:
        try checkDepth(box.depth + 1, at: segment.position)
        let made = TableBox(.implicit, at: segment.position, depth: box.depth + 1)
        box.set(segment, .table(made))
        box = made
      case .table(let table)?: box = table
      case .tables(let tables, _)?: box = tables[tables.count - 1]
      case .value(let node)?: throw closed(segment, node)
      }
    }
    return box
  }

  /// `[path]`: the table it defines.
  static func define(_ path: [KeySegment], at position: TextPosition, root: TableBox) throws(TOMLError) -> TableBox {
    let parent = try parent(of: path, from: root)
    let last = path[path.count - 1]
    switch parent[last.name] {
    case nil:
      try checkDepth(parent.depth + 1, at: last.position)
      let made = TableBox(.header, at: position, depth: parent.depth + 1)
      parent.set(last, .table(made))
      return made
    case .table(let table)?:
      switch table.origin {
      case .implicit:
        table.origin = .header
        return table
      case .header: throw TOMLError("table [\(dotted(path))] is defined twice", at: last.position)
      case .dotted:
        throw TOMLError("table [\(dotted(path))] was already defined by dotted keys", at: last.position)
      }
    case .tables?:
      throw TOMLError("[\(dotted(path))] is an array of tables; add to it with [[\(dotted(path))]]", at: last.position)
    case .value(let node)?: throw closed(last, node)
    }
  }

  /// `[[path]]`: the new table appended to the array.
  static func append(_ path: [KeySegment], at position: TextPosition, root: TableBox) throws(TOMLError) -> TableBox {
    let parent = try parent(of: path, from: root)
    let last = path[path.count - 1]
    // The array is one level, each of its tables the next.
    try checkDepth(parent.depth + 2, at: last.position)
    let made = TableBox(.header, at: position, depth: parent.depth + 2)
    switch parent[last.name] {
    case nil: parent.set(last, .tables([made], position))
    case .tables(let tables, let first)?: parent.set(last, .tables(tables + [made], first))
    case .table?:
      throw TOMLError("[[\(dotted(path))]] names a table, not an array of tables", at: last.position)
    case .value(let node)?: throw closed(last, node)
    }
    return made
  }

  /// `path = value` inside `box`, read in section `section`.
  static func insert(_ path: [KeySegment], _ value: TOMLNode, into box: TableBox, section: Int) throws(TOMLError) {
    var box = box
    for segment in path.dropLast() {
      switch box[segment.name] {
      case nil:
        try checkDepth(box.depth + 1, at: segment.position)
        let made = TableBox(.dotted(section), at: segment.position, depth: box.depth + 1)
        box.set(segment, .table(made))
        box = made
      case .table(let table)?:
        switch table.origin {
        case .implicit: table.origin = .dotted(section)
        case .dotted(let made) where made == section: break
        case .dotted: throw TOMLError("table \"\(segment.name)\" cannot be extended here", at: segment.position)
        case .header:
          throw TOMLError(
            "table \"\(segment.name)\" is defined with a header; dotted keys cannot add to it", at: segment.position)
        }
        box = table
      case .tables?:
        throw TOMLError("\"\(segment.name)\" is an array of tables; dotted keys cannot add to it", at: segment.position)
      case .value(let node)?: throw closed(segment, node)
      }
    }
    let last = path[path.count - 1]
    guard box[last.name] == nil else { throw TOMLError("duplicate key \"\(last.name)\"", at: last.position) }
    box.set(last, .value(value))
  }

  static func checkDepth(_ depth: Int, at position: TextPosition) throws(TOMLError) {
    guard depth > TOMLDocument.maxDepth else { return }
    throw tooDeep(at: position)
  }

  /// The error for a table or array nested past `TOMLDocument.maxDepth`, at its start.
  static func tooDeep(at position: TextPosition) -> TOMLError {
    TOMLError("tables and arrays are nested more than \(TOMLDocument.maxDepth) deep here", at: position)
  }

  private static func closed(_ segment: KeySegment, _ node: TOMLNode) -> TOMLError {
    switch node.value {
    case .table: TOMLError("\"\(segment.name)\" is an inline table; it cannot be extended", at: segment.position)
    case .array:
      TOMLError("\"\(segment.name)\" is an array value; it cannot hold tables", at: segment.position)
    default:
      TOMLError("\"\(segment.name)\" already holds \(node.value.typeName)", at: segment.position)
    }
  }

  /// A path as written in messages: bare where possible, else quoted.
  static func dotted(_ path: [KeySegment]) -> String {
    path.map { segment in
      let bare =
        !segment.name.isEmpty
        && segment.name.unicodeScalars.allSatisfy { $0.isASCII && Parser.isBareKey($0) }
      return bare ? segment.name : "\"\(segment.name)\""
    }.joined(separator: ".")
  }
}
