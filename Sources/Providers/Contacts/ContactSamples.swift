/// The bundled sample cards (`Samples/contacts/sample.vcf`) that `timeline preview`
/// shows: one card of each vCard version, so the preview also exercises the reader.
enum ContactSamples {
  static func contacts() -> [Contact] {
    guard let data = SampleFiles.data("contacts/sample.vcf") else { return fallback }
    let read = VCardReader.read(Array(data), file: "sample.vcf").contacts
    return read.isEmpty ? fallback : read
  }

  /// Used when the samples are not installed: the same people, fewer details.
  private static var fallback: [Contact] {
    ["Alice Example", "Bob Sample", "Åse Nordmann", "Dev Patel"].enumerated().map { index, name in
      var contact = Contact(name: name, uid: "sample-\(index)", file: "sample.vcf", card: index + 1)
      contact.categories = index < 3 ? ["friends"] : ["family"]
      contact.birthday = ContactDate(year: 1986 + index, month: 4, day: 12)
      contact.phones = ["+4755501\(index)"]
      return contact
    }
  }
}
