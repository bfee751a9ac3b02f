import Foundation
import Testing
import TimelineTestSupport

/// What the language tests share: the catalogs of po/ compiled with msgfmt and real locales
/// generated with localedef, both in a directory of the test's own, and runs of the built
/// binaries in one language, optionally at a pinned instant.
struct LanguageLab {
  let dir: TempDir
  /// `TIMELINE_LOCALE_DIR`: every po/*.po as `<lang>/LC_MESSAGES/timeline.mo`.
  let catalogs: String
  /// `LOCPATH`: the locales generated (`nb_NO` → `nb_NO.UTF-8`).
  let locales: String

  init(locales names: [String]) throws {
    dir = try TempDir()
    catalogs = dir.file("locale")
    for po in try FileManager.default.contentsOfDirectory(atPath: Paths.repo + "/po") where po.hasSuffix(".po") {
      try Self.compile(Paths.repo + "/po/" + po, into: catalogs, as: String(po.dropLast(3)))
    }
    locales = dir.file("locales")
    try FileManager.default.createDirectory(atPath: locales, withIntermediateDirectories: true)
    for locale in names {
      let made = try run("/usr/bin/localedef", ["-i", locale, "-f", "UTF-8", locales + "/" + locale + ".UTF-8"])
      try #require(made.status == 0, "\(made)")
    }
  }

  static func compile(_ po: String, into catalogs: String, as language: String) throws {
    let out = catalogs + "/" + language + "/LC_MESSAGES"
    try FileManager.default.createDirectory(atPath: out, withIntermediateDirectories: true)
    let made = try run("/usr/bin/msgfmt", ["--check", "-o", out + "/timeline.mo", po])
    try #require(made.status == 0, "\(made)")
  }

  /// Installs a catalog for `language` that translates nothing: the language then counts as
  /// the user's (its words stay English), as it will once a translator adds it.
  func addEmptyCatalog(_ language: String) throws {
    let po = try dir.write(
      language + ".po", "msgid \"\"\nmsgstr \"Content-Type: text/plain; charset=UTF-8\\n\"\n")
    try Self.compile(po, into: catalogs, as: language)
  }

  /// The environment of a run under `locale` (`LANG`; the other locale variables emptied,
  /// so the caller's own never leak in), in `zone`, with `config` and a cache and runtime
  /// directory of `name`'s own.
  func environment(locale: String, zone: String? = nil, config: String, name: String) throws -> [String: String] {
    let runtime = dir.file(name + "-run")
    try FileManager.default.createDirectory(atPath: runtime, withIntermediateDirectories: true)
    var env = [
      "LANG": locale, "LANGUAGE": "", "LC_ALL": "", "LC_MESSAGES": "", "LOCPATH": locales,
      "TIMELINE_LOCALE_DIR": catalogs, "TIMELINE_CONFIG": config, "TIMELINE_CACHE_DIR": dir.file(name + "-cache"),
      "XDG_RUNTIME_DIR": runtime,
    ]
    if let zone { env["TZ"] = zone }
    return env
  }

  /// `timeline` with `arguments` in `env`, its clock set to `instant` ("2026-03-01
  /// 13:00:00", read in `env`'s `TZ`) when one is given. The refresh and `browse` read the
  /// real clock (the emitter alone takes `--at`), so libfaketime moves it for that one
  /// process; the monotonic clock, which timeouts use, is left alone.
  static func timeline(_ arguments: [String], _ env: [String: String], at instant: String? = nil) throws -> RunResult {
    guard let instant else { return try run(Paths.binary("timeline"), arguments, environment: env) }
    try #require(FileManager.default.isExecutableFile(atPath: faketime), "no \(faketime): run make deps")
    var env = env
    env["DONT_FAKE_MONOTONIC"] = "1"
    return try run(faketime, ["-f", "@" + instant, Paths.binary("timeline")] + arguments, environment: env)
  }

  static let faketime = "/usr/bin/faketime"
}
