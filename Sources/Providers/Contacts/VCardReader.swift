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

  /// A card may keep at most this many bytes of text (the passed-over `PHOTO`, `LOGO`,
  /// `SOUND` and `KEY` values do not count) …
  static let maxCardBytes = 1 << 20
  /// … and at most this many properties. A card over either is skipped and named: no
  /// address book needs more, and a file that does is not one to spend a refresh on.
  static let maxCardLines = 10_000
  /// What is kept of a line outside a card, or inside one already over its budget: enough
  /// for `BEGIN:VCARD` and `END:VCARD`, the only lines that matter there.
  private static let strayLineBytes = 256

  /// The cards in `bytes`; `file` names them in problems. Linear in the size of `bytes`
  /// (`VCardUnfold`), with each card held to `maxCardBytes` and `maxCardLines`.
  public static func read(_ bytes: [UInt8], file: String) -> Result {
    var result = Result()
    var card: CardBuilder?
    var cardCount = 0
    var lines = VCardUnfold(bytes)

    func close(_ open: CardBuilder, _ reason: String) {
      result.problems.append(open.describe(file: file, open.tooLarge ? open.budgetReason : reason))
    }

    while true {
      // Room for the rest of the card's budget, and always for an END:VCARD.
      let limit = card.map { $0.tooLarge ? strayLineBytes : max(strayLineBytes, maxCardBytes - $0.kept) }
      guard let physical = lines.next(limit: limit ?? strayLineBytes) else { break }
      let line = physical.passedOver ? nil : VCardLine(physical.bytes, lineNumber: physical.number)
      if let line, line.name == "BEGIN", line.text.uppercased() == "VCARD" {
        if let open = card { close(open, "no END:VCARD before the next card") }
        cardCount += 1
        card = CardBuilder(number: cardCount, line: line.lineNumber)
      } else if let line, line.name == "END", line.text.uppercased() == "VCARD" {
        guard let done = card else { continue }
        card = nil
        guard !done.tooLarge else {
          close(done, "")
          continue
        }
        switch done.build(file: file) {
        case .success(let contact):
          result.contacts.append(contact)
          result.problems += done.notes.map {
            "\(file): card \(done.number) \"\(contact.name.prefix(60))\": \($0); ignored"
          }
        case .failure(let problem): result.problems.append(problem.text)
        }
      } else if card?.tooLarge == false, !physical.bytes.isEmpty || physical.passedOver {
        // Mutated in place through the optional: a copy would copy the card's arrays.
        card?.kept += physical.bytes.count
        card?.lines += 1
        if physical.truncated || (card?.kept ?? 0) > maxCardBytes || (card?.lines ?? 0) > maxCardLines {
          card?.tooLarge = true
        } else if let line {
          card?.add(line)
        }
      }
    }
    if let open = card { close(open, "the file ends before END:VCARD") }
    if cardCount == 0 && result.problems.isEmpty { result.problems.append("\(file): no BEGIN:VCARD; not a vCard file") }
    return result
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
  /// Bytes of text and properties read so far, against the reader's budget.
  var kept = 0
  var lines = 0
  /// Over the budget: nothing more is added, and the card is skipped at its end.
  var tooLarge = false

  /// Why a card over the budget is skipped.
  var budgetReason: String {
    "larger than \(VCardReader.maxCardBytes >> 20) MB or \(VCardReader.maxCardLines) properties"
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
    case "NICKNAME":
      contact.nicknames += line.components(separatedBy: UInt8(ascii: ",")).map(\.trimmingSpaces).filter {
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
