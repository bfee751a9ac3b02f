import TimelineCore

/// A minimal JSON writer for the cache format. The writer decides the byte layout (one
/// value per line, see docs/cache-format.md), which is why it is not a general encoder.
struct JSONWriter {
  private(set) var bytes: [UInt8] = []
  private var needsComma: [Bool] = []

  init() { bytes.reserveCapacity(4096) }

  mutating func raw(_ text: String) { bytes.append(contentsOf: text.utf8) }

  mutating func beginObject() { begin(UInt8(ascii: "{")) }
  mutating func endObject() { end(UInt8(ascii: "}")) }
  mutating func beginArray() { begin(UInt8(ascii: "[")) }
  mutating func endArray() { end(UInt8(ascii: "]")) }

  private mutating func begin(_ bracket: UInt8) {
    separate()
    bytes.append(bracket)
    needsComma.append(false)
  }
  private mutating func end(_ bracket: UInt8) {
    bytes.append(bracket)
    needsComma.removeLast()
  }
  mutating func field(_ name: String, _ value: String) {
    key(name)
    string(value)
  }
  mutating func field(_ name: String, _ value: Int64) {
    key(name)
    int(value)
  }
  mutating func field(_ name: String, _ value: Bool) {
    key(name)
    bool(value)
  }
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
    JSONEscape.appendString(value, to: &bytes)
  }

  mutating func int(_ value: Int64) {
    separate()
    raw(String(value))
  }
  mutating func bool(_ value: Bool) {
    separate()
    raw(value ? "true" : "false")
  }
  mutating func null() {
    separate()
    raw("null")
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

extension JSONWriter {
  /// Appends another writer's bytes as they are (a block written ahead, e.g. the entry
  /// lines, whose length the meta line records).
  mutating func append(_ other: JSONWriter) { bytes.append(contentsOf: other.bytes) }
}
