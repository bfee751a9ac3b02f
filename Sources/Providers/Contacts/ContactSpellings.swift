import TimelineCore

extension Contact {
  /// Every spelling a typed name may find this contact by: the name; its Latin
  /// transliteration when it is written in Gurmukhi, without the marks of `(n)` (ਹਰਪ੍ਰੀਤ
  /// ਕੌਰ is found from a Latin keyboard); each nickname and its transliteration; the local
  /// part of each e-mail address (`harpreet` of `harpreet@example.com`). The name comes
  /// first; no spelling is empty and none repeats.
  public var spellings: [String] {
    var out: [String] = []
    func add(_ text: String) {
      if !text.isEmpty, !out.contains(text) { out.append(text) }
    }
    for given in [name] + nicknames {
      add(given)
      add(GurmukhiLatin.latin(given).filter { $0 != "(" && $0 != ")" })
    }
    for email in emails {
      let address = email.hasPrefix("mailto:") ? email.dropFirst(7) : Substring(email)
      if let at = address.lastIndex(of: "@") { add(String(address[..<at])) }
    }
    return out
  }

  /// The loose forms (`NameMatch.loose`) of the transliterations of the name and the
  /// nicknames written in Gurmukhi, for a query that matches no spelling as typed: a
  /// transliteration spells every inherent vowel, a person typing seldom does.
  public var looseSpellings: [String] {
    ([name] + nicknames).compactMap { given in
      let latin = GurmukhiLatin.latin(given)
      return latin == given ? nil : NameMatch.loose(latin)
    }
  }

  /// The name with its Latin transliteration beside it when it is written in Gurmukhi
  /// (`ਹਰਪ੍ਰੀਤ ਕੌਰ (harapreet kaur)`), so a message says which contact was meant to a
  /// reader who typed a Latin spelling; any other name as it is.
  public var nameWithLatin: String {
    let latin = GurmukhiLatin.latin(name)
    return latin == name ? name : "\(name) (\(latin))"
  }
}
