/// A day of the year with or without its year: `BDAY:19860412`, `BDAY:--0412`.
public struct ContactDate: Sendable, Equatable {
  /// The year, when the card gives one.
  var year: Int?
  /// 1 to 12.
  public var month: Int
  /// 1 to 31.
  public var day: Int
}

extension ContactDate {
  /// Years before this are placeholders for an unknown year (`0000`, `0001`, Apple's
  /// `1604`): such a date keeps its day and loses its year, so no age is shown.
  static let earliestYear = 1800

  /// Parses the date forms vCard writers use (docs/providers/birthdays.md); nil for
  /// anything else (a text value such as `circa 1800`).
  init?(_ text: String) {
    var digits = Substring(text.trimmingSpaces)
    if let t = digits.firstIndex(of: "T") { digits = digits[..<t] }
    let yearless = digits.hasPrefix("--")
    if yearless { digits = digits.dropFirst(2) }
    let plain = digits.filter { $0 != "-" }
    guard plain.allSatisfy(\.isASCII), plain.allSatisfy(\.isNumber) else { return nil }
    let numbers = Array(plain.utf8).map { Int($0) - 48 }
    func number(_ range: Range<Int>) -> Int { range.reduce(0) { $0 * 10 + numbers[$1] } }
    if yearless, numbers.count == 4 {
      (year, month, day) = (nil, number(0..<2), number(2..<4))
    } else if !yearless, numbers.count == 8 {
      (year, month, day) = (number(0..<4), number(4..<6), number(6..<8))
    } else {
      return nil
    }
    let longest = [31, 29, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31]
    guard (1...12).contains(month), (1...longest[month - 1]).contains(day) else { return nil }
    // Before the leap-year check: `0001-02-29` is a placeholder year on a real day.
    if let known = year, known < Self.earliestYear { year = nil }
    if let year, month == 2, day == 29, !ContactDate.isLeap(year) { return nil }
  }

  static func isLeap(_ year: Int) -> Bool { year % 4 == 0 && (year % 100 != 0 || year % 400 == 0) }
}

/// What the providers need of one card. Everything is text as the card gave it;
/// escaping for a bar or a terminal is the emitters' job.
public struct Contact: Sendable, Equatable {
  /// `FN`, else the `N` components joined as a person would write them.
  public var name: String
  /// `UID`, when the card has one.
  var uid: String?
  /// `TEL` values, in card order.
  var phones: [String] = []
  /// `EMAIL` values, in card order.
  var emails: [String] = []
  /// `CATEGORIES`, every value of every such line.
  var categories: [String] = []
  /// `NICKNAME`, every value of every such line.
  var nicknames: [String] = []
  /// `BDAY`.
  public var birthday: ContactDate?
  /// `ANNIVERSARY` (4.0) or `X-ANNIVERSARY` (Evolution, Android).
  public var anniversary: ContactDate?
  /// The file it came from, relative to the address book, and its place in it.
  var file: String
  /// The card's place in its file, from 1.
  var card: Int

  /// A contact with only a name (and a UID, when given).
  init(name: String, uid: String? = nil, file: String, card: Int = 1) {
    self.name = name
    self.uid = uid
    self.file = file
    self.card = card
  }

  /// What the friends log records a contact by: the UID, which survives a renaming,
  /// else the name.
  public var key: String { uid.map { "uid:" + $0 } ?? "name:" + name }

  /// The link a left click opens: the first phone number, else the first e-mail
  /// address. Only characters a dialler or a mail client needs are kept, so no entry
  /// can smuggle an argument or a header into the handler.
  public var link: String? {
    for phone in phones {
      var number = phone.hasPrefix("tel:") ? Substring(phone.dropFirst(4)) : Substring(phone)
      // `tel:+1-555;ext=5` (RFC 3966): the parameters are not part of the number.
      if let semicolon = number.firstIndex(of: ";") { number = number[..<semicolon] }
      let digits = number.filter { $0.isASCII && ($0.isNumber || $0 == "+") }
      if digits.contains(where: \.isNumber) { return "tel:" + digits }
    }
    for email in emails {
      let address = email.hasPrefix("mailto:") ? String(email.dropFirst(7)) : email
      let safe = address.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber || "@.-_+".contains($0)) }
      if safe, address.contains("@"), !address.hasPrefix("-") { return "mailto:" + address }
    }
    return nil
  }

  /// Initials for `private = true`: "Alice Example" → "A. E.".
  public var initials: String {
    let words = name.split(whereSeparator: { $0 == " " || $0 == "\t" || $0 == "\n" })
    let letters = words.prefix(4).compactMap { $0.first(where: { $0.isLetter || $0.isNumber }) }
    return letters.isEmpty ? "?" : letters.map { "\($0.uppercased())." }.joined(separator: " ")
  }
}

extension String {
  /// Without leading and trailing spaces, tabs and line ends (no Foundation).
  var trimmingSpaces: String {
    let blank: (Character) -> Bool = { $0 == " " || $0 == "\t" || $0 == "\r" || $0 == "\n" }
    guard let first = firstIndex(where: { !blank($0) }), let last = lastIndex(where: { !blank($0) }) else { return "" }
    return String(self[first...last])
  }
}
