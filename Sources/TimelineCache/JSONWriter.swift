/// A minimal JSON writer for the cache format. The writer decides the byte layout (one
/// value per line, see docs/cache-format.md), which is why it is not a general encoder.
struct JSONWriter {
  private(set) var bytes: [UInt8] = []
  private var needsComma: [Bool] = []

  init() { bytes.reserveCapacity(4096) }

  mutating func raw(_ text: String) { bytes.append(contentsOf: text.utf8) }

  mutating func beginObject() { separate(); bytes.append(UInt8(ascii: "{")); needsComma.append(false) }
  mutating func endObject() { bytes.append(UInt8(ascii: "}")); needsComma.removeLast() }
  mutating func beginArray() { separate(); bytes.append(UInt8(ascii: "[")); needsComma.append(false) }
  mutating func endArray() { bytes.append(UInt8(ascii: "]")); needsComma.removeLast() }
  mutating func newline() { bytes.append(UInt8(ascii: "\n")) }

  /// Writes `"name":`; the value call that follows adds no comma of its own.
  mutating func key(_ name: String) {
    separate()
    string(name, separated: false)
    bytes.append(UInt8(ascii: ":"))
    if !needsComma.isEmpty { needsComma[needsComma.count - 1] = false }
    pendingValue = true
  }

  private var pendingValue = false

  private mutating func separate() {
    if pendingValue {
      pendingValue = false
      if !needsComma.isEmpty { needsComma[needsComma.count - 1] = true }
      return
    }
    guard let last = needsComma.last else { return }
    if last { bytes.append(UInt8(ascii: ",")) }
    needsComma[needsComma.count - 1] = true
  }

  mutating func string(_ value: String) { string(value, separated: true) }

  private mutating func string(_ value: String, separated: Bool) {
    if separated { separate() }
    bytes.append(UInt8(ascii: "\""))
    for byte in value.utf8 {
      switch byte {
      case UInt8(ascii: "\""): bytes.append(contentsOf: [92, 34])
      case UInt8(ascii: "\\"): bytes.append(contentsOf: [92, 92])
      case 0x0A: bytes.append(contentsOf: [92, UInt8(ascii: "n")])
      case 0x09: bytes.append(contentsOf: [92, UInt8(ascii: "t")])
      case 0x0D: bytes.append(contentsOf: [92, UInt8(ascii: "r")])
      case 0..<0x20, 0x7F:
        let hex = Array("0123456789abcdef".utf8)
        bytes.append(contentsOf: [92, UInt8(ascii: "u"), 48, 48, hex[Int(byte >> 4)], hex[Int(byte & 15)]])
      default: bytes.append(byte)
      }
    }
    bytes.append(UInt8(ascii: "\""))
  }

  mutating func int(_ value: Int64) { separate(); raw(String(value)) }
  mutating func bool(_ value: Bool) { separate(); raw(value ? "true" : "false") }
  mutating func null() { separate(); raw("null") }
  mutating func double(_ value: Double) {
    separate()
    raw(value.isFinite ? String(value) : "null")
  }

  mutating func optional(_ name: String, _ value: String?) {
    key(name)
    if let value { string(value) } else { null() }
  }
  mutating func optional(_ name: String, _ value: Int64?) {
    key(name)
    if let value { int(value) } else { null() }
  }
}
