// libFuzzer target: the BaniDB v2 decoders (shabad, hukamnama, random) run through the
// public provider API with an HTTP client that answers every request with the fuzz input.
// A body either becomes a timeline or a one-line ProviderError, and must never crash.
//
// Input: byte 0 chooses the kind (bits 0-1) and the style options (bits 2-7); byte 1 the
// HTTP status; the rest is the response body.
import FuzzDriver
import Providers
import TimelineCore

private let statuses = [200, 200, 200, 200, 200, 404, 429, 500]

/// One fuzz input: `size` bytes at `data` (nil when empty); returns 0, as libFuzzer expects.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
  let bytes = UnsafeBufferPointer(start: data, count: size)
  let mode = size > 0 ? Int(bytes[0]) : 0
  let status = statuses[(size > 1 ? Int(bytes[1]) : 0) % statuses.count]
  let body = Array(bytes.dropFirst(2))
  var options: [String: ConfigValue] = [
    "transliteration": .string(["none", "en", "hi", "ur"][(mode >> 2) & 3]),
    "visraam": .string(["sttm", "igurbani", "sttm2", "none"][(mode >> 4) & 3]),
    "larivaar": .bool(mode & 0x40 != 0),
    "translation": .string(mode & 0x80 != 0 ? "pu.ss" : "en.bdb"),
  ]
  let kind: String
  let provider: (any TimelineProvider)?
  let config: WidgetConfig
  switch mode & 3 {
  case 0, 3:
    kind = "hukamnama"
    config = fuzzWidget("w", kind: kind, options: options)
    provider = try? HukamnamaProvider(config: config)
  case 1:
    kind = "random-shabad"
    options["entries"] = .int(2)
    config = fuzzWidget("w", kind: kind, options: options)
    provider = try? RandomShabadProvider(config: config)
  default:
    kind = "favourites"
    options["shabads"] = .array([.int(3492), .int(1)])
    config = fuzzWidget("w", kind: kind, options: options)
    provider = try? FavouritesProvider(config: config)
  }
  guard let provider else { fatalError("fuzz config rejected for \(kind)") }
  let response = HTTPResponse(status: status, headers: [:], body: body)
  if let draft = fuzzTimeline(provider, config: config, now: 1_772_434_800, response: response) {
    for (a, b) in zip(draft.entries, draft.entries.dropFirst()) {
      precondition(a.date <= b.date, "entries out of order")
    }
  }
  return 0
}
