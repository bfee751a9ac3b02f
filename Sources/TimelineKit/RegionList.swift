import Foundation
import Providers

/// `timeline regions` output: the avalanche regions and areas as JSON or a table.
public enum RegionList {
  /// The regions as a JSON array (`timeline regions --json`).
  public static func json(_ regions: [AvalancheRegion]) -> String {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
    let data = (try? encoder.encode(regions)) ?? Data("[]".utf8)
    return String(decoding: data, as: UTF8.self)
  }

  /// The regions as the table of `timeline regions`.
  public static func table(_ regions: [AvalancheRegion]) -> String {
    var lines = ["COUNTRY  ID    TYPE      NAME"]
    for region in regions {
      let id = String(region.id).padding(toLength: 6, withPad: " ", startingAt: 0)
      let type = region.type.padding(toLength: 10, withPad: " ", startingAt: 0)
      lines.append("\(region.country.rawValue)       \(id)\(type)\(region.name)")
    }
    return lines.joined(separator: "\n")
  }
}
