/// vCard text for tests that build cards of a given shape.
public enum VCardText {
  /// `text` as quoted-printable (vCard 2.1): bytes other than printable ASCII, and `=`,
  /// as `=XX`, in lines of at most 74 characters joined by soft breaks (`=` CRLF), no
  /// escape split across two lines.
  public static func quotedPrintable(_ text: String) -> String {
    var lines: [String] = []
    var line = ""
    for byte in text.utf8 {
      let plain = byte >= 0x20 && byte < 0x7F && byte != UInt8(ascii: "=")
      let code = plain ? String(UnicodeScalar(byte)) : "=" + String(byte, radix: 16, uppercase: true)
      if line.count + code.count > 74 {
        lines.append(line + "=")
        line = ""
      }
      line += code
    }
    return (lines + [line]).joined(separator: "\r\n")
  }
}
