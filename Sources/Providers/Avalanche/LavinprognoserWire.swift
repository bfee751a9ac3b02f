/// The WFS `lavinprognoser:published_forecasts` reply: a GeoJSON FeatureCollection.
struct WFSForecastCollection: Decodable, Sendable {
  var features: [WFSForecastFeature]?
}

struct WFSForecastFeature: Decodable, Sendable {
  var properties: WFSForecast?
}

/// One area's published forecast, its snake-case keys converted. Times are Swedish
/// wall-clock `yyyy-MM-dd HH:mm`.
struct WFSForecast: Decodable, Sendable {
  var id: Int?
  var areaId: Int?
  var location: String?
  var risk: FlexibleLevel?
  var validFrom: String?
  var validTo: String?
  var changeDate: String?
  var recommendation: String?
  var assessmentTitle: String?
  var assessmentContent: String?
  var trendRisk: FlexibleLevel?
  var trendDate: String?
  var trendTitle: String?
  var trendContent: String?
  /// A JSON array encoded as a string (or null off-season).
  var problems: String?

  var level: Int { risk?.value ?? 0 }

  /// The problems, decoded from their string; a malformed string yields none rather than
  /// failing the whole forecast.
  var decodedProblems: [WFSProblem] {
    problems.flatMap { [WFSProblem].decoded($0.utf8) } ?? []
  }
}

struct WFSProblem: Decodable, Sendable {
  var title: String?
  var sensitivity: String?
  var spread: String?
  var aboveTreeline: Bool?
  var treeline: Bool?
  var belowTreeline: Bool?
  var directions: [Bool?]

  enum CodingKeys: String, CodingKey {
    case title, sensitivity, spread
    case aboveTreeline = "altitude_meter_above_treeline"
    case treeline = "altitude_meter_treeline"
    case belowTreeline = "altitude_meter_below_treeline"
    case n = "direction_meter_north"
    case ne = "direction_meter_north_east"
    case e = "direction_meter_east"
    case se = "direction_meter_south_east"
    case s = "direction_meter_south"
    case sw = "direction_meter_south_west"
    case w = "direction_meter_west"
    case nw = "direction_meter_north_west"
  }

  init(from decoder: any Decoder) throws {
    let c = try decoder.container(keyedBy: CodingKeys.self)
    title = try? c.decodeIfPresent(String.self, forKey: .title)
    sensitivity = try? c.decodeIfPresent(String.self, forKey: .sensitivity)
    spread = try? c.decodeIfPresent(String.self, forKey: .spread)
    aboveTreeline = try? c.decodeIfPresent(Bool.self, forKey: .aboveTreeline)
    treeline = try? c.decodeIfPresent(Bool.self, forKey: .treeline)
    belowTreeline = try? c.decodeIfPresent(Bool.self, forKey: .belowTreeline)
    directions = [CodingKeys.n, .ne, .e, .se, .s, .sw, .w, .nw].map {
      (try? c.decodeIfPresent(Bool.self, forKey: $0)) ?? nil
    }
  }
}

/// Forecasters paste from MS Word, so texts carry conditional comments, style blocks,
/// tags and entities. A tooltip needs one clean paragraph per block.
enum HTMLText {
  /// Plain text: comments (incl. `<!--[if …]>…<![endif]-->`), `<style>`/`<script>` blocks
  /// and tags removed, entities decoded, whitespace collapsed. Block ends become `\n`.
  static func plain(_ html: String) -> String {
    var text = HTMLTags.strip(html)
    text = decodeEntities(text)
    let paragraphs = text.split(separator: "\n", omittingEmptySubsequences: false).map {
      $0.split(whereSeparator: { $0.isWhitespace }).joined(separator: " ")
    }
    return paragraphs.filter { !$0.isEmpty }.joined(separator: "\n")
  }

  private static let named: [String: String] = [
    "nbsp": " ", "amp": "&", "lt": "<", "gt": ">", "quot": "\"", "apos": "'", "ndash": "–",
    "mdash": "—", "hellip": "…", "aring": "å", "Aring": "Å", "auml": "ä", "Auml": "Ä",
    "ouml": "ö", "Ouml": "Ö", "eacute": "é", "rsquo": "’", "lsquo": "‘", "rdquo": "”",
    "ldquo": "“", "deg": "°",
  ]

  static func decodeEntities(_ text: String) -> String {
    guard text.contains("&") else { return text }
    var out = ""
    var rest = Substring(text)
    while let amp = rest.firstIndex(of: "&") {
      out += rest[..<amp]
      let after = rest[amp...].dropFirst()
      if let semi = after.prefix(10).firstIndex(of: ";") {
        let name = after[..<semi]
        var scalar: String?
        if name.hasPrefix("#x") || name.hasPrefix("#X") {
          scalar = UInt32(name.dropFirst(2), radix: 16).flatMap(Unicode.Scalar.init).map { String(Character($0)) }
        } else if name.hasPrefix("#") {
          scalar = UInt32(name.dropFirst()).flatMap(Unicode.Scalar.init).map { String(Character($0)) }
        } else {
          scalar = named[String(name)]
        }
        if let scalar {
          out += scalar
          rest = after[after.index(after: semi)...]
          continue
        }
      }
      out += "&"
      rest = after
    }
    return out + rest
  }
}
