// libFuzzer target: the config reader. Two modes:
// - whole documents: the input after byte 0 is a config file, read by the TOML reader and
//   ConfigLoader.parse(bytes:), which must give a config or an error at a position inside
//   the document, never a trap;
// - durations and numbers: the input becomes the values of `[refresh] grace` and a
//   widget's `interval` (or `timeout`), which ConfigLoader.parse and every provider's
//   options must turn into a config or a ConfigError naming the key, never a trap (issue
//   13: "9999999999999999d" once crashed every command).
//
// Input: byte 0 picks the mode (bit 0: a whole document; else bits 1-2: the widget kind;
// bit 3: the values as TOML strings, or bare, kept to the characters of numbers, dates and
// booleans; bits 4-7 all set: straight into the options, else through TOML text); the
// rest is the document, or is split at the first 0x00 into two values.
import FuzzDriver
import Providers
import TOML
import TimelineCache
import TimelineKit

@testable import TimelineCore

/// Every position of `table` lies inside a document of `lines` lines.
private func checkPositions(_ table: TOMLTable, lines: Int) {
  for entry in table.entries {
    precondition((1...lines).contains(entry.keyPosition.line) && entry.keyPosition.column >= 1, "key position")
    checkPositions(entry.node, lines: lines)
  }
}

private func checkPositions(_ node: TOMLNode, lines: Int) {
  precondition((1...lines).contains(node.position.line) && node.position.column >= 1, "value position")
  switch node.value {
  case .table(let table): checkPositions(table, lines: lines)
  case .array(let items): for item in items { checkPositions(item, lines: lines) }
  default: break
  }
}

private func document(_ bytes: [UInt8]) {
  let lines = bytes.count { $0 == 0x0A } + 1
  do {
    checkPositions(try TOMLDocument.parse(bytes: bytes), lines: lines)
  } catch {
    precondition((1...lines).contains(error.position.line) && error.position.column >= 1, "error position")
    precondition(!error.message.isEmpty, "empty TOML error")
  }
  do {
    let config = try ConfigLoader.parse(bytes: bytes, file: "fuzz.toml")
    precondition((0...7 * 86_400).contains(config.grace), "grace out of range")
  } catch {
    precondition(error.description.hasPrefix("fuzz.toml"), "config error without the file")
  }
}

private let kinds = ["random-shabad", "favourites", "command", "avalanche"]

/// One fuzz input: `size` bytes at `data` (nil when empty); returns 0, as libFuzzer expects.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
  let bytes = UnsafeBufferPointer(start: data, count: size)
  let mode = size > 0 ? Int(bytes[0]) : 0
  let body = Array(bytes.dropFirst())
  if mode & 1 == 1 {
    document(body)
    return 0
  }
  let split = body.firstIndex(of: 0) ?? body.count
  let first = String(decoding: body[..<split], as: UTF8.self)
  let second = String(decoding: body[Swift.min(split + 1, body.count)...], as: UTF8.self)
  // The durations parser on its own, as both keys use it.
  for value in [first, second] {
    if let seconds = Options.parseDuration(value), let number = Int64(value.dropLast()) {
      precondition(seconds.signum() == number.signum() || seconds == 0 || number == 0, "duration changed sign")
    }
  }
  let quoted = mode & 8 == 0
  func value(_ raw: String) -> String {
    guard quoted else {
      let bare = raw.filter { $0.isASCII && ($0.isLetter || $0.isNumber || "+-_.:".contains($0)) }
      return bare.isEmpty ? "0" : bare
    }
    var out = "\""
    for scalar in raw.unicodeScalars {
      switch scalar {
      case "\"": out += "\\\""
      case "\\": out += "\\\\"
      case _ where scalar.value < 0x20 || scalar.value == 0x7F:
        out +=
          "\\u" + String(repeating: "0", count: 4 - String(scalar.value, radix: 16).count)
          + String(scalar.value, radix: 16)
      default: out.unicodeScalars.append(scalar)
      }
    }
    return out + "\""
  }
  let kind = kinds[(mode >> 1) % kinds.count]
  var widget = "[widgets.w]\nkind = \"\(kind)\"\n"
  switch kind {
  case "command": widget += "command = [\"true\"]\ntimeout = \(value(second))\n"
  case "avalanche": widget += "region = 3022\n"
  case "favourites": widget += "shabads = [1]\ninterval = \(value(second))\n"
  default: widget += "interval = \(value(second))\n"
  }
  let text = "[refresh]\ngrace = \(value(first))\n\n" + widget
  // Straight into the options too, so that values TOML cannot write reach the providers.
  if mode & 0xF0 == 0xF0 {
    let grace = ConfigLoader.grace(int: Int(first), string: first)
    if let grace { precondition((0...7 * 86_400).contains(grace), "grace out of range") }
    let options: [String: ConfigValue]
    switch kind {
    case "command":
      options = ["command": .array([.string("true")]), "timeout": Int(second).map(ConfigValue.int) ?? .string(second)]
    case "avalanche": options = ["region": .int(3022)]
    case "favourites":
      options = ["shabads": .array([.int(1)]), "interval": Int(second).map(ConfigValue.int) ?? .string(second)]
    default: options = ["interval": Int(second).map(ConfigValue.int) ?? .string(second)]
    }
    let widget = fuzzWidget("w", kind: kind, options: options)
    if let type = ProviderRegistry.type(for: kind) { _ = try? type.init(config: widget) }
    return 0
  }
  let config: AppConfig
  do {
    config = try ConfigLoader.parse(text, file: "fuzz.toml")
  } catch {
    precondition(!error.description.isEmpty, "empty config error")
    return 0
  }
  precondition((0...7 * 86_400).contains(config.grace), "grace out of range")
  _ = try? Refresher(config: config, store: CacheStore(directory: "/nonexistent"), clock: FixedClock(0))
    .providers(for: [])
  return 0
}
