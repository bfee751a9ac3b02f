/// Reads the cards of one vCard file (2.1, 3.0 or 4.0) from its bytes. Never throws: a
/// card it cannot use is left out and described in `problems`, and the others are kept.
public enum VCardReader {
  /// The cards of a file and what was wrong with it.
  public struct Result: Sendable, Equatable {
    /// The cards it could use.
    public var contacts: [Contact] = []
    /// One line per card left out.
    public var problems: [String] = []
  }

  /// Properties whose values can be large and are never needed: their continuation
  /// lines are passed over without being copied.
  private static let skipped: Set<String> = ["PHOTO", "LOGO", "SOUND", "KEY"]

  /// The cards in `bytes`; `file` names them in problems.
  public static func read(_ bytes: [UInt8], file: String) -> Result {
    var result = Result()
    var card: CardBuilder?
    var cardCount = 0
    var logical: [UInt8] = []
    var logicalLine = 0
    var skipping = false
    var softBreak = false

    func finishLine() {
      defer { logical.removeAll(keepingCapacity: true) }
      guard !skipping, !logical.isEmpty, let line = VCardLine(logical[...], lineNumber: logicalLine) else { return }
      if line.name == "BEGIN", line.text.uppercased() == "VCARD" {
        if let open = card { result.problems.append(open.describe(file: file, "no END:VCARD before the next card")) }
        cardCount += 1
        card = CardBuilder(number: cardCount, line: line.lineNumber)
      } else if line.name == "END", line.text.uppercased() == "VCARD" {
        guard let done = card else { return }
        switch done.build(file: file) {
        case .success(let contact):
          result.contacts.append(contact)
          result.problems += done.notes.map {
            "\(file): card \(done.number) \"\(contact.name.prefix(60))\": \($0); ignored"
          }
        case .failure(let problem): result.problems.append(problem.text)
        }
        card = nil
      } else {
        card?.add(line)
      }
    }

    var lineNumber = 0
    var start = 0
    let count = bytes.count
    while start < count {
      var end = start
      while end < count, bytes[end] != 0x0A { end += 1 }
      lineNumber += 1
      var stop = end
      if stop > start, bytes[stop - 1] == 0x0D { stop -= 1 }
      let first = stop > start ? bytes[start] : 0
      if (first == 0x20 || first == 0x09) && !logical.isEmpty || skipping && (first == 0x20 || first == 0x09) {
        if !skipping { logical.append(contentsOf: bytes[(start + 1)..<stop]) }
      } else if softBreak {
        logical.removeLast()
        logical.append(contentsOf: bytes[start..<stop])
      } else {
        finishLine()
        logicalLine = lineNumber
        skipping = isSkipped(bytes, from: start, to: stop)
        if !skipping { logical.append(contentsOf: bytes[start..<stop]) }
      }
      softBreak = !skipping && logical.last == UInt8(ascii: "=") && isQuotedPrintable(logical)
      start = end + 1
    }
    finishLine()
    if let open = card { result.problems.append(open.describe(file: file, "the file ends before END:VCARD")) }
    if cardCount == 0 && result.problems.isEmpty { result.problems.append("\(file): no BEGIN:VCARD; not a vCard file") }
    return result
  }

  /// Whether the line from `start` names a property in `skipped` (after any group).
  private static func isSkipped(_ bytes: [UInt8], from start: Int, to stop: Int) -> Bool {
    var nameStart = start
    var index = start
    while index < stop, index - start < 64 {
      let byte = bytes[index]
      if byte == UInt8(ascii: ";") || byte == UInt8(ascii: ":") { break }
      if byte == UInt8(ascii: ".") { nameStart = index + 1 }
      index += 1
    }
    let length = index - nameStart
    guard length >= 3, length <= 5 else { return false }
    let name = String(decoding: bytes[nameStart..<index], as: UTF8.self).uppercased()
    return skipped.contains(name)
  }

  /// Whether the text before the value's colon marks it quoted-printable.
  private static func isQuotedPrintable(_ line: [UInt8]) -> Bool {
    guard let colon = line.firstIndex(of: UInt8(ascii: ":")) else { return false }
    return String(decoding: line[..<colon], as: UTF8.self).uppercased().contains("QUOTED-PRINTABLE")
  }
}

/// One card's properties as they are read.
private struct CardBuilder {
  struct Problem: Error { var text: String }

  let number: Int
  let line: Int
  var formatted: String?
  var structured: String?
  var contact = Contact(name: "", file: "")
  var notes: [String] = []

  init(number: Int, line: Int) {
    self.number = number
    self.line = line
  }

  mutating func add(_ line: VCardLine) {
    switch line.name {
    case "FN": formatted = formatted ?? line.text.trimmingSpaces
    case "N":
      // family;given;additional;prefixes;suffixes → "prefix given additional family suffix".
      let parts = line.components(separatedBy: UInt8(ascii: ";")).map(\.trimmingSpaces)
      let order = [3, 1, 2, 0, 4].filter { $0 < parts.count }.map { parts[$0] }
      structured = structured ?? order.filter { !$0.isEmpty }.joined(separator: " ")
    case "UID": contact.uid = contact.uid ?? line.text.trimmingSpaces
    case "TEL": contact.phones.append(line.text.trimmingSpaces)
    case "EMAIL": contact.emails.append(line.text.trimmingSpaces)
    case "CATEGORIES":
      contact.categories += line.components(separatedBy: UInt8(ascii: ",")).map(\.trimmingSpaces).filter {
        !$0.isEmpty
      }
    case "BDAY": contact.birthday = contact.birthday ?? date(line)
    case "ANNIVERSARY", "X-ANNIVERSARY": contact.anniversary = contact.anniversary ?? date(line)
    default: break
    }
  }

  /// A date value; a text value (`VALUE=text`) is not a day and is left out quietly.
  private mutating func date(_ line: VCardLine) -> ContactDate? {
    if line.has("VALUE", "TEXT") { return nil }
    let text = line.text
    guard var date = ContactDate(text) else {
      notes.append("\(line.name) \"\(text.prefix(40))\" is not a date")
      return nil
    }
    // Apple writes a year-less birthday as 1604 and marks it X-APPLE-OMIT-YEAR=1604.
    if let omit = line.parameter("X-APPLE-OMIT-YEAR"), Int(omit) == date.year { date.year = nil }
    return date
  }

  func describe(file: String, _ reason: String) -> String {
    let who = (formatted ?? structured).map { " \"\($0.prefix(60))\"" } ?? ""
    return "\(file): card \(number)\(who) (line \(line)): \(reason); skipped"
  }

  func build(file: String) -> Result<Contact, Problem> {
    guard let name = [formatted, structured].compactMap({ $0 }).first(where: { !$0.isEmpty }) else {
      return .failure(Problem(text: describe(file: file, "no name (FN or N)")))
    }
    var built = contact
    built.name = name
    built.file = file
    built.card = number
    return .success(built)
  }
}
