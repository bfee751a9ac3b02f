/// NVE's `AvalancheWarningByRegion/Detail` element (API v6.3.0; older replies decode too),
/// its keys in Pascal case. Everything is optional: placeholders ("not assessed" days)
/// leave most fields null, and fields came and went between API versions.
struct VarsomWarning: Decodable, Sendable {
  var regId: Int?
  var regionId: Int?
  var regionName: String?
  var dangerLevel: FlexibleLevel?
  var validFrom: String?
  var publishTime: String?
  var mainText: String?
  var avalancheDanger: String?
  var emergencyWarning: String?
  var isTendency: Bool?
  var avalancheProblems: [VarsomProblem]?
  var avalancheAdvices: [VarsomAdvice]?

  /// 0 when missing or unreadable: "not assessed" is the honest reading of no number.
  var level: Int { dangerLevel?.value ?? 0 }

  /// The auto-generated "not assessed" day the API adds for dates without a warning.
  var isPlaceholder: Bool { (regId ?? 0) == 0 && level == 0 }

  /// The emergency banner, unless it is the API's "none" sentinel.
  var activeEmergency: String? {
    guard let text = emergencyWarning?.trimmed, !text.isEmpty
    else { return nil }
    let sentinels = ["not given", "ikke gitt", "ej utfärdad", "none"]
    return sentinels.contains(text.lowercased()) ? nil : text
  }
}

/// One avalanche problem of a warning.
struct VarsomProblem: Decodable, Sendable {
  var avalancheProblemId: Int?
  var avalancheProblemTypeName: String?
  var dangerLevel: FlexibleLevel?
  var validExpositions: String?
  var exposedHeight1: Int?
  var exposedHeight2: Int?
  var exposedHeightFill: Int?
  /// (sic) NVE's spelling.
  var triggerSenitivityPropagationDestuctiveSizeText: String?
}

struct VarsomAdvice: Decodable, Sendable {
  var text: String?
}

/// `RegionSummary/Simple` element, for `timeline regions`.
struct VarsomRegionSummary: Decodable, Sendable {
  var id: Int?
  var name: String?
  var typeName: String?
  var typeId: Int?
}

/// A danger level, `"3"` or `3` (NVE's own clients disagree); another number or string is
/// unknown (nil). An object, array or boolean fails the decode: a malformed reply must
/// never replace a good timeline with "not assessed".
struct FlexibleLevel: Decodable, Sendable, Equatable {
  var value: Int?

  init(_ value: Int?) { self.value = value }

  init(from decoder: any Decoder) throws {
    let container = try decoder.singleValueContainer()
    if container.decodeNil() {
      value = nil
    } else if let number = try? container.decode(Int.self) {
      value = number
    } else if let text = try? container.decode(String.self) {
      // "3" and also "3 Considerable", which a DangerLevelName-like value would carry.
      value = Int(text.trimmed.prefix { $0.isNumber })
    } else if let number = try? container.decode(Double.self) {
      value = number.isFinite && abs(number) < 1e9 ? Int(number) : nil
    } else {
      throw DecodingError.typeMismatch(
        Int.self, .init(codingPath: decoder.codingPath, debugDescription: "a danger level must be a number or a string")
      )
    }
    if let v = value, !(0...5).contains(v) { value = nil }
  }
}
