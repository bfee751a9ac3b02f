import FoundationEssentials

/// The bundled samples (Samples/banidb/*.json, trimmed from real BaniDB responses) that
/// `snapshot()` shows in `timeline preview` without touching the network.
enum BaniDBSamples {
  static func json(_ name: String) -> JSONValue? {
    guard let data = SampleFiles.data("banidb/\(name).json") else { return nil }
    return JSONValue.parse([UInt8](data))
  }

  static func shabad(_ name: String) -> Shabad? { json(name).flatMap(Shabad.init) }

  static func hukamnama(_ name: String) -> Hukamnama? { json(name).flatMap(Hukamnama.init) }
}
