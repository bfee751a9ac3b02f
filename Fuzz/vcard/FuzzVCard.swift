// libFuzzer target: the vCard reader on any bytes, as a .vcf file of the user's address
// book could hold them. Every card it returns has a name, every date a real day, every
// link only the characters a dialler or mail client needs, and each skipped card is
// named; it must never crash, whatever the folding, escapes or quoted-printable.
//
// Input: the whole file.
import FuzzDriver
import Providers

/// One fuzz input: `size` bytes at `data` (nil when empty); returns 0, as libFuzzer expects.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
  let bytes = Array(UnsafeBufferPointer(start: data, count: size))
  let result = VCardReader.read(bytes, file: "fuzz.vcf")
  for contact in result.contacts {
    if contact.name.isEmpty { fatalError("a card without a name was kept") }
    for date in [contact.birthday, contact.anniversary].compactMap({ $0 }) {
      if !(1...12).contains(date.month) || !(1...31).contains(date.day) { fatalError("not a day: \(date)") }
    }
    _ = BirthdayPlan.upcoming([contact], today: 20_000, days: 366)
    if let link = contact.link {
      let body = link.hasPrefix("tel:") ? link.dropFirst(4) : link.dropFirst(7)
      let allowed = body.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber || "@.-_+".contains($0)) }
      if !allowed || !(link.hasPrefix("tel:") || link.hasPrefix("mailto:")) { fatalError("unsafe link \(link)") }
    }
    _ = contact.initials
  }
  if result.problems.contains(where: { !$0.hasPrefix("fuzz.vcf") }) { fatalError("a problem without its file") }
  return 0
}
