import Providers
import TimelineCore

/// `timeline regions` output: the avalanche regions and areas as JSON or a table.
public enum RegionList {
  /// The regions as a JSON array (`timeline regions --json`).
  public static func json(_ regions: [AvalancheRegion]) -> String { jsonArray(regions.map(cleaned)) }

  /// The regions as the table of `timeline regions`.
  public static func table(_ regions: [AvalancheRegion]) -> String {
    let width = Swift.max(6, (regions.map { $0.id.description.count }.max() ?? 0) + 2)
    var lines = ["COUNTRY  " + padded("ID", width) + "TYPE      NAME"]
    for region in regions.map(cleaned) {
      let id = padded(CleanText.terminalLine(region.id.description), width)
      let type = padded(region.type, 10)
      lines.append("\(region.country.rawValue)       \(id)\(type)\(region.name)")
    }
    return lines.joined(separator: "\n")
  }

  /// Names and types come from the services: cleaned for the terminal before either output.
  static func cleaned(_ region: AvalancheRegion) -> AvalancheRegion {
    var region = region
    region.name = CleanText.terminalLine(region.name)
    region.type = CleanText.terminalLine(region.type)
    region.slug = region.slug.map(CleanText.terminalLine)
    return region
  }
}

/// `text` cut or filled with spaces to `width` characters, for the terminal's columns.
func padded(_ text: String, _ width: Int) -> String {
  String(text.prefix(width)) + String(repeating: " ", count: Swift.max(0, width - text.count))
}
