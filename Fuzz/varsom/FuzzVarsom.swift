// libFuzzer target: the avalanche wire decoders (Varsom's AvalancheWarningByRegion/Detail
// and lavinprognoser's WFS reply), run through the public provider API with an HTTP client
// that answers every request with the fuzz input. Nothing is internal: a body either
// becomes a timeline or a one-line ProviderError, and must never crash.
//
// Input: byte 0 chooses the service (bit 0: 0 Varsom, 1 lavinprognoser) and the clock
// (bits 1-3, an index into `instants`, so recorded replies land on "today"); byte 1 the
// region; byte 2 the HTTP status class; the rest is the response body.
import FuzzDriver
import Providers
import TimelineCore

private let instants: [Int64] = [
  1_677_654_000,  // 2023-03-01T07:00Z (detail-3022-en-2023-03-01)
  1_638_446_400,  // 2021-12-02T12:00Z (detail-3016-en-2021-12-02)
  1_772_348_400,  // 2026-03-01T07:00Z (simple-3011-nb-2026-03-01)
  1_614_596_400,  // 2021-03-01T11:00Z (wfs-sv-2021-03-01)
  1_669_716_000,  // 2022-11-29T10:00Z (wfs-sv-2022-11-29-offseason)
  1_642_320_000,  // 2022-01-16T08:00Z
  0, 4_102_444_800,
]
private let norway = [3022, 3016, 3011, 3010]
private let sweden = [1, 2, 3, 7]
private let statuses = [200, 200, 200, 200, 404, 429, 500, 503]

/// One fuzz input: `size` bytes at `data` (nil when empty); returns 0, as libFuzzer expects.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
  let bytes = UnsafeBufferPointer(start: data, count: size)
  let mode = size > 0 ? Int(bytes[0]) : 0
  let pick = size > 1 ? Int(bytes[1]) : 0
  let status = statuses[(size > 2 ? Int(bytes[2]) : 0) % statuses.count]
  let body = Array(bytes.dropFirst(3))
  let swedish = mode & 1 == 1
  let options: [String: ConfigValue] =
    swedish
    ? [
      "country": .string("se"), "area": .int(sweden[pick % sweden.count]),
      "language": .string(pick & 4 == 0 ? "sv" : "en"),
    ]
    : [
      "region": .int(norway[pick % norway.count]), "language": .string(pick & 4 == 0 ? "en" : "nb"),
      "palette": .string(pick & 8 == 0 ? "varsom" : "eaws"),
    ]
  let config = fuzzWidget("avalanche", kind: "avalanche", options: options)
  guard let provider = try? AvalancheProvider(config: config) else { fatalError("fuzz config rejected") }
  let now = instants[(mode >> 1) % instants.count]
  let response = HTTPResponse(status: status, headers: ["retry-after": "120"], body: body)
  if let draft = fuzzTimeline(provider, config: config, now: now, response: response) {
    for (a, b) in zip(draft.entries, draft.entries.dropFirst()) {
      precondition(a.date < b.date, "entries out of order")
    }
    for entry in draft.entries { precondition((0...5).contains(entry.level ?? 0), "level out of range") }
  }
  return 0
}
