import Foundation
import Testing
import TimelineTestSupport

/// `[notify]` end to end: the built `timeline refresh` against recorded Varsom warnings
/// and a vCard folder, sending to real dunst on a private session bus, with dbus-monitor
/// reading what arrives.
@Suite(.serialized) struct NotifyTests {
  let dir: TempDir
  let server: FixtureServer
  let oslo: String

  init() async throws {
    dir = try TempDir()
    oslo = try today(in: "Europe/Oslo")
    server = try FixtureServer(routes: [:])
    try await serve(lyngen: 5, tromso: 3)
  }

  /// Lyngen (3010) and Tromsø (3011) with the same level on every day from today.
  func serve(lyngen: Int, tromso: Int, lyngenName: String = "Lyngen") async throws {
    let fixture = Paths.fixture("ProvidersTests/Fixtures") + "/avalanche/detail-3022-en-2023-03-01.json"
    let days = try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: fixture))) as? [Any] ?? []
    var routes: [String: Any] = [:]
    for (id, name, level) in [(3010, lyngenName, lyngen), (3011, "Tromsø", tromso)] {
      var warnings: [Any] = []
      for (offset, day) in days.enumerated() {
        guard var warning = day as? [String: Any] else { continue }
        let date = try isoDay(oslo, plus: offset)
        warning["RegionId"] = id
        warning["RegionName"] = name
        warning["DangerLevel"] = String(level)
        warning["ValidFrom"] = date + "T00:00:00"
        warning["ValidTo"] = date + "T23:59:59"
        warning["PublishTime"] = try isoDay(oslo, plus: -1) + "T16:00:00"
        warning["MainText"] = "Main text for \(name) & friends <b>"
        warnings.append(warning)
      }
      let file = dir.file("detail-\(id)-\(level).json")
      try JSONSerialization.data(withJSONObject: warnings).write(to: URL(fileURLWithPath: file))
      routes["/api/AvalancheWarningByRegion/Detail/\(id)/*"] = ["file": file]
    }
    try await server.setRoutes(routes)
  }

  func config(_ notify: String, widgets: String) throws -> String {
    try dir.write(
      "config.toml",
      """
      [sources]
      varsom = "\(server.baseURL)/api"

      \(notify)

      \(widgets)
      """)
  }

  static let avalanche = """
    [widgets.avalanche]
    kind = "avalanche"
    regions = [3010, 3011]
    """

  func refresh(_ config: String, bus: String, force: Bool = false) throws -> RunResult {
    try run(
      Paths.binary("timeline"), ["refresh"] + (force ? ["--force"] : []),
      environment: [
        "TIMELINE_CONFIG": config, "TIMELINE_CACHE_DIR": dir.file("cache"), "XDG_STATE_HOME": dir.file("state"),
        "DBUS_SESSION_BUS_ADDRESS": bus, "HOME": dir.path, "XDG_DATA_HOME": dir.file("data"),
      ])
  }

  @Test func levelFiveNotifiesOnceCriticalAndLevelThreeNot() throws {
    guard let lab = try NotificationLab.start(in: dir.file("lab1"), test: #function) else { return }
    let config = try config("[notify]\navalanche = 4", widgets: Self.avalanche)
    let first = try refresh(config, bus: lab.address)
    #expect(first.status == 0, "\(first)")
    #expect(first.stderr.contains("notified: Lyngen: 5 very high today, 5 tomorrow"), "\(first)")
    var calls = try lab.calls()
    #expect(calls.count == 1, "\(calls)")
    let call = calls.first ?? ""
    #expect(call.contains("string \"timeline\""))
    #expect(call.contains("string \"Lyngen: 5 very high today, 5 tomorrow\""))
    #expect(call.contains("byte 2"), "critical urgency: \(call)")
    #expect(call.contains("<a href=\"https://varsom.no/en/avalanche-bulletins/forecast/Lyngen/\(oslo)\">"), "\(call)")
    #expect(call.contains("Main text for Lyngen &amp; friends &lt;b&gt;"), "\(call)")
    #expect(!call.contains("Tromsø"))
    try lab.screenshot(to: dir.file("shot.png"))
    if let gallery = ProcessInfo.processInfo.environment["TIMELINE_GALLERY"] {
      try? FileManager.default.removeItem(atPath: gallery + "/dunst-notification.png")
      try FileManager.default.copyItem(atPath: dir.file("shot.png"), toPath: gallery + "/dunst-notification.png")
    }

    // A forced refresh and a second run repeat nothing.
    _ = try refresh(config, bus: lab.address, force: true)
    _ = try refresh(config, bus: lab.address, force: true)
    calls = try lab.calls()
    #expect(calls.count == 1, "\(calls)")

    // A restart (a new session, a new daemon): still nothing.
    lab.stop()
    guard let again = try NotificationLab.start(in: dir.file("lab2"), test: #function) else { return }
    let restarted = try refresh(config, bus: again.address, force: true)
    #expect(restarted.status == 0)
    #expect(try again.calls().isEmpty)
  }

  @Test func aLevelThatFallsAndRisesAgainNotifiesAgain() async throws {
    guard let lab = try NotificationLab.start(in: dir.file("lab"), test: #function) else { return }
    let config = try config("[notify]\navalanche = 4", widgets: Self.avalanche)
    _ = try refresh(config, bus: lab.address)
    try await serve(lyngen: 3, tromso: 3)
    _ = try refresh(config, bus: lab.address, force: true)
    #expect(try lab.calls().count == 1)
    try await serve(lyngen: 4, tromso: 3)
    let risen = try refresh(config, bus: lab.address, force: true)
    let calls = try lab.calls()
    #expect(calls.count == 2, "\(risen)")
    #expect(calls.last?.contains("string \"Lyngen: 4 high today, 4 tomorrow\"") == true, "\(calls)")
  }

  @Test func belowTheThresholdNothingIsSent() async throws {
    guard let lab = try NotificationLab.start(in: dir.file("lab"), test: #function) else { return }
    try await serve(lyngen: 3, tromso: 2)
    let config = try config("[notify]\navalanche = 4", widgets: Self.avalanche)
    let result = try refresh(config, bus: lab.address)
    #expect(result.status == 0)
    #expect(try lab.calls().isEmpty)
  }

  @Test func hostileNamesAreShownLiterally() async throws {
    guard let lab = try NotificationLab.start(in: dir.file("lab"), test: #function) else { return }
    try await serve(lyngen: 5, tromso: 3, lyngenName: "<b>Lyng&en</b>")
    let contacts = dir.file("contacts")
    try FileManager.default.createDirectory(atPath: contacts, withIntermediateDirectories: true)
    let (month, day) = (oslo.dropFirst(5).prefix(2), oslo.suffix(2))
    _ = try dir.write(
      "contacts/kari.vcf",
      "BEGIN:VCARD\r\nVERSION:3.0\r\nUID:kari\r\nFN:<i>Kari</i> & 'Nordmann'\r\nBDAY:--\(month)\(day)\r\nEND:VCARD\r\n")
    let config = try config(
      "[notify]\navalanche = 4\nbirthdays = true",
      widgets: Self.avalanche + "\n\n[widgets.birthdays]\nkind = \"birthdays\"\ncontacts = \"\(contacts)\"")
    let result = try refresh(config, bus: lab.address)
    #expect(result.status == 0, "\(result)")
    let calls = try lab.calls()
    #expect(calls.count == 2, "\(calls)")
    let avalanche = calls.first { $0.contains("Lyng") } ?? ""
    #expect(avalanche.contains("string \"<b>Lyng&en</b>: 5 very high today, 5 tomorrow\""), "\(avalanche)")
    #expect(avalanche.contains("Main text for &lt;b&gt;Lyng&amp;en&lt;/b&gt; &amp; friends"), "\(avalanche)")
    let birthday = calls.first { $0.contains("birthday") } ?? ""
    #expect(birthday.contains("string \"<i>Kari</i> & 'Nordmann''s birthday today\""), "\(birthday)")
    #expect(birthday.contains("&lt;i&gt;Kari&lt;/i&gt; &amp; 'Nordmann'"), "\(birthday)")
    #expect(birthday.contains("byte 1"), "normal urgency: \(birthday)")
  }

  @Test func withNoBusTheRefreshSucceedsAndTriesAgainLater() throws {
    let config = try config("[notify]\navalanche = 4", widgets: Self.avalanche)
    let nowhere = try refresh(config, bus: "unix:path=\(dir.file("no-bus"))")
    #expect(nowhere.status == 0, "\(nowhere)")
    #expect(nowhere.stderr.contains("notification not sent ("), "\(nowhere)")
    #expect(nowhere.stderr.contains("the next refresh tries again: Lyngen: 5 very high today"), "\(nowhere)")
    guard let lab = try NotificationLab.start(in: dir.file("lab"), test: #function) else { return }
    let later = try refresh(config, bus: lab.address, force: true)
    #expect(later.stderr.contains("notified: Lyngen"), "\(later)")
    #expect(try lab.calls().count == 1)
  }

  @Test func withoutANotifyTableNothingIsSent() throws {
    guard let lab = try NotificationLab.start(in: dir.file("lab"), test: #function) else { return }
    let plain = try config("", widgets: Self.avalanche)
    _ = try refresh(plain, bus: lab.address)
    let silenced = try config("[notify]\navalanche = 4", widgets: Self.avalanche + "\nnotify = false")
    _ = try refresh(silenced, bus: lab.address, force: true)
    #expect(try lab.calls().isEmpty)
  }
}
