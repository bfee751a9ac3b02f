import Foundation
import Testing
import TimelineTestSupport

/// Config files made to hurt the reader, through the real `timeline`: each is refused
/// with `FILE:LINE:COL: message` on stderr (or doctor's report), never a crash.
@Suite struct HostileConfigTests {
  let dir: TempDir
  init() throws { dir = try TempDir() }

  func timeline(_ arguments: [String]) throws -> RunResult {
    try run(
      Paths.binary("timeline"), arguments,
      environment: ["TIMELINE_CACHE_DIR": dir.file("cache"), "HOME": dir.path, "XDG_CONFIG_HOME": dir.file("xdg")],
      timeout: 60)
  }

  /// The line of each kind of deep nesting and the column where it goes too deep.
  static let deep: [String: (String, Int)] = [
    "inline tables": (
      "a = " + String(repeating: "{b=", count: 8_000) + "1" + String(repeating: "}", count: 8_000), 305
    ),
    "arrays": ("a = " + String(repeating: "[", count: 20_000) + String(repeating: "]", count: 20_000), 105),
    "a dotted key": (Array(repeating: "b", count: 20_000).joined(separator: ".") + " = 1", 201),
  ]

  @Test(arguments: ["inline tables", "arrays", "a dotted key"])
  func deepNestingIsAnErrorAtItsPlace(kind: String) throws {
    let (line, column) = try #require(Self.deep[kind])
    let file = try dir.write("deep.toml", "# \(kind)\n" + line + "\n")
    let message = "\(file):2:\(column): tables and arrays are nested more than 100 deep here"
    let config = try timeline(["config", "--config", file])
    #expect(config.status == 2 && config.signal == nil, "\(config)")
    #expect(config.stderr.contains(message), "\(config.stderr)")
    let doctor = try timeline(["doctor", "--config", file, "--cache-dir", dir.file("cache")])
    #expect(doctor.status == 1 && doctor.signal == nil, "\(doctor)")
    #expect(doctor.stdout.contains("✗ config: " + message), "\(doctor.stdout)")
  }

  @Test func aWidgetNameIsPrintedWithoutControlsOrOverrides() throws {
    let file = try dir.write(
      "config.toml", "[widgets.\"ab\u{202E}cd\\u001B]0;x\\u0007\"]\nkind = \"command\"\ncommand = [\"true\"]\n")
    for arguments in [["config", "--config", file], ["refresh", "--config", file]] {
      let result = try timeline(arguments)
      #expect(result.status == 2, "\(result)")
      #expect(result.stderr.contains("[widgets.abcd]0;x]: invalid widget name"), "\(result.stderr)")
      let forbidden: Set<Unicode.Scalar> = ["\u{202E}", "\u{1B}", "\u{07}"]
      #expect(!result.stderr.unicodeScalars.contains { forbidden.contains($0) }, "\(arguments)")
    }
  }
}
