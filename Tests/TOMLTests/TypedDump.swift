@testable import TOML

/// A document as typed JSON, byte for byte what OracleScript prints for
/// Python's tomllib: `{"type": ..., "value": ...}` leaves, tables in document order, floats
/// by their IEEE bits (any NaN as "nan"), date-times to the microsecond (tomllib's precision),
/// and Python's `json.dumps(ensure_ascii=True)` escaping.
enum TypedDump {
  static func json(_ table: TOMLTable) -> String {
    "{" + table.entries.map { quote($0.key) + ":" + json($0.node.value) }.joined(separator: ",") + "}"
  }

  static func json(_ value: TOMLValue) -> String {
    switch value {
    case .table(let table): return json(table)
    case .array(let items): return "[" + items.map { json($0.value) }.joined(separator: ",") + "]"
    case .string(let text): return leaf("string", text)
    case .integer(let number): return leaf("integer", String(number))
    case .boolean(let flag): return leaf("bool", flag ? "true" : "false")
    case .float(let number):
      let bits = String(number.bitPattern, radix: 16)
      return leaf("float", number.isNaN ? "nan" : String(repeating: "0", count: 16 - bits.count) + bits)
    case .dateTime(let moment): return dateTime(moment)
    }
  }

  private static func dateTime(_ moment: TOMLDateTime) -> String {
    let date = moment.date.map { pad($0.year, 4) + "-" + pad($0.month, 2) + "-" + pad($0.day, 2) }
    let time = moment.time.map {
      pad($0.hour, 2) + ":" + pad($0.minute, 2) + ":" + pad($0.second, 2) + "." + pad($0.nanosecond / 1000, 6)
    }
    switch (date, time, moment.offsetMinutes) {
    case (let date?, let time?, let offset?):
      return leaf("datetime", date + "T" + time + (offset < 0 ? "" : "+") + "\(offset)")
    case (let date?, let time?, nil): return leaf("datetime-local", date + "T" + time)
    case (let date?, nil, _): return leaf("date-local", date)
    default: return leaf("time-local", time ?? "")
    }
  }

  private static func pad(_ value: Int, _ width: Int) -> String {
    let digits = String(value)
    return String(repeating: "0", count: Swift.max(0, width - digits.count)) + digits
  }

  private static func leaf(_ type: String, _ value: String) -> String {
    "{\"type\":\(quote(type)),\"value\":\(quote(value))}"
  }

  static func quote(_ text: String) -> String {
    var out = "\""
    for unit in text.utf16 {
      switch unit {
      case 0x22: out += "\\\""
      case 0x5C: out += "\\\\"
      case 0x0A: out += "\\n"
      case 0x0D: out += "\\r"
      case 0x09: out += "\\t"
      case 0x08: out += "\\b"
      case 0x0C: out += "\\f"
      case 0x20...0x7E: out.unicodeScalars.append(Unicode.Scalar(UInt8(unit)))
      default:
        let hex = String(unit, radix: 16)
        out += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
      }
    }
    return out + "\""
  }
}
