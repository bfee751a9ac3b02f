/// The parts of an EAWS CAAMLv6 JSON bulletin file (`{"bulletins": [...]}`) the widget
/// reads. Every field is optional on the wire; `EAWSBulletin` decides what a usable
/// bulletin needs. Services differ in small ways: elevation bounds are strings ("2200",
/// "treeline") at avalanche.report and numbers at SLF, and SLF sends explicit nulls.
struct CAAMLDocument: Decodable {
  var bulletins: [CAAMLBulletin]
}

struct CAAMLBulletin: Decodable {
  var bulletinID: String?
  var publicationTime: String?
  var validTime: CAAMLValidTime?
  var regions: [CAAMLRegion]?
  var dangerRatings: [CAAMLRating]?
  var avalancheProblems: [CAAMLProblem]?
  var highlights: String?
  var tendency: [CAAMLTendency]?
}

struct CAAMLValidTime: Decodable {
  var startTime: String?
  var endTime: String?
}

struct CAAMLRegion: Decodable {
  var regionID: String?
  var name: String?
}

struct CAAMLRating: Decodable {
  var mainValue: String?
  var elevation: CAAMLElevation?
  var validTimePeriod: String?
}

struct CAAMLElevation: Decodable {
  var lowerBound: CAAMLBound?
  var upperBound: CAAMLBound?
}

/// An elevation bound: metres, or "treeline". Read from a string or a number.
struct CAAMLBound: Decodable, Equatable {
  var text: String

  init(_ text: String) { self.text = text }

  init(from decoder: any Decoder) throws {
    let container = try decoder.singleValueContainer()
    if let number = try? container.decode(Int.self) {
      text = String(number)
    } else {
      text = try container.decode(String.self)
    }
  }
}

struct CAAMLProblem: Decodable {
  var problemType: String?
  var elevation: CAAMLElevation?
  var aspects: [String]?
  var validTimePeriod: String?
}

struct CAAMLTendency: Decodable {
  var highlights: String?
  var comment: String?
}
