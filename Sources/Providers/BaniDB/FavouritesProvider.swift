import Foundation
import TimelineCore

/// Kind `favourites`: the user's saved shabads in rotation, like Chet's FavShabads widget.
///
/// Endpoint: `GET {banidb}/shabads/{id}`, once per shabad: fetched shabads are kept in the
/// cache (entries keyed `shabad:<id>`) and only fetched again with `refresh --force`.
/// Options: `shabads` (array of shabad ids) and/or `import` (a Gurbani Khoj `.gkhoj`
/// export; relative to the config file), `folder` (only that folder of the import,
/// recursively), `interval` (default "3h", at least 10m), `translation` ("en.bdb"),
/// `transliteration` ("none"), `visraam` ("sttm"), `larivaar` (false).
/// Rotation: the shabad shown at instant t is list[(t / interval) mod n], a pure function
/// of the clock, so refreshes, reboots and late cron runs never restart or stall it.
/// Timeline: one full cycle from the slot containing now (at least two entries).
/// Policy: `.after(end - interval)`, when the cycle's last entry becomes current; 30
/// minutes when a shabad failed for a reason worth retrying or is still to be fetched.
/// At most 40 shabads are fetched per refresh (BaniDB allows 100 requests a minute).
public struct FavouritesProvider: TimelineProvider {
  public static let kind = "favourites"
  static let retryGap: Int64 = 30 * 60
  static let fetchesPerRefresh = 40

  let ids: [Int]
  let importPath: String?
  let folder: String?
  let interval: Int64
  let style: BaniDBStyle
  let where_: String

  public init(config: WidgetConfig) throws {
    var options = Options(config)
    where_ = "\(config.file): [widgets.\(config.name)]"
    if case .array(let items)? = config.options["shabads"] {
      for item in items {
        switch item {
        case .int(let id) where id > 0: continue
        case .string(let text) where (Int(text) ?? 0) > 0: continue
        case .string(let text): throw options.invalid("shabads", expected: "numeric shabad ids, got \"\(text)\"")
        default: throw options.invalid("shabads", expected: "positive shabad ids, got \(item.typeName)")
        }
      }
    }
    ids = try options.ints("shabads") ?? []
    if ids.contains(where: { $0 <= 0 }) { throw options.invalid("shabads", expected: "positive shabad ids") }
    importPath = try options.string("import").map { Self.resolve($0, relativeTo: config.file) }
    folder = try options.string("folder")
    if folder != nil && importPath == nil { throw options.invalid("folder", expected: "an `import` file to choose the folder from") }
    if ids.isEmpty && importPath == nil {
      throw options.invalid("shabads", expected: "a list of shabad ids, or `import = \"file.gkhoj\"`")
    }
    interval = try options.duration("interval", default: 3 * 3600, minimum: 600)
    style = try BaniDBStyle(&options)
    try options.finish()
  }

  static func resolve(_ path: String, relativeTo configFile: String) -> String {
    if path.hasPrefix("~/") { return NSHomeDirectory() + path.dropFirst(1) }
    if path.hasPrefix("/") || !configFile.hasPrefix("/") { return path }
    return (configFile as NSString).deletingLastPathComponent + "/" + path
  }

  public func placeholder() -> Entry { BaniDBRender.placeholder("ੴ", kind: "favourite") }

  public func snapshot(context: ProviderContext) -> TimelineDraft {
    let now = context.clock.now()
    guard let shabad = BaniDBSamples.shabad("favourites") else {
      return TimelineDraft(entries: [placeholder()], end: nil, policy: .never)
    }
    return TimelineDraft(entries: [makeEntry(shabad, id: shabad.id, line: nil, date: now)], end: now + interval, policy: .never)
  }

  /// Keyed by the id the user saved, not the one in the body, so the cache lookup on the
  /// next refresh always finds it.
  func makeEntry(_ shabad: Shabad, id: Int, line: String?, date: Int64) -> Entry {
    // A Gurbani Khoj bookmark names its line in the legacy font; show that line if found.
    let wanted = line.map(Self.squeeze)
    let verse = wanted.flatMap { wanted in
      shabad.verses.first { $0.ascii.map(Self.squeeze) == wanted || Self.squeeze($0.unicode) == wanted }
    }
    return BaniDBRender.entry(
      shabad, date: date, style: style, alt: "shabad", classes: ["shabad", "favourite"],
      key: "shabad:\(id)", line: verse)
  }

  private static func squeeze(_ text: String) -> String { text.filter { !$0.isWhitespace } }

  /// The saved shabads in order, without repeats: `shabads` first, then the import.
  func savedShabads() throws -> [GurbaniKhoj.Saved] {
    var saved = ids.map { GurbaniKhoj.Saved(id: $0, line: nil) }
    if let importPath {
      guard let data = FileManager.default.contents(atPath: importPath) else {
        throw ProviderError.config("\(where_) import: cannot read \"\(importPath)\" (missing or unreadable)")
      }
      guard var nodes = try? GurbaniKhoj.parse(data) else {
        throw ProviderError.config("\(where_) import: \"\(importPath)\" is not a Gurbani Khoj export (.gkhoj property list)")
      }
      if let folder {
        guard let children = GurbaniKhoj.folder(folder, in: nodes) else {
          let names = GurbaniKhoj.folderNames(nodes).prefix(8).map { "\"\($0)\"" }.joined(separator: ", ")
          throw ProviderError.config("\(where_) folder: no folder \"\(folder)\" in the import (folders: \(names.isEmpty ? "none" : names))")
        }
        nodes = children
      }
      saved += GurbaniKhoj.shabads(nodes)
    }
    // The first mention sets the order; a bookmarked line from any mention is kept.
    var lines: [Int: String] = [:]
    for item in saved where lines[item.id] == nil { lines[item.id] = item.line }
    var seen = Set<Int>()
    saved = saved.filter { seen.insert($0.id).inserted }.map { GurbaniKhoj.Saved(id: $0.id, line: lines[$0.id]) }
    if saved.isEmpty { throw ProviderError.config("\(where_): no shabads to show (the import or folder is empty)") }
    return saved
  }

  public func timeline(context: ProviderContext) async throws -> TimelineDraft {
    let now = context.clock.now()
    let saved = try savedShabads()
    var cached: [Int: Entry] = [:]
    if !context.force {
      for entry in context.previous?.entries ?? [] {
        if let key = entry.key, key.hasPrefix("shabad:"), let id = Int(key.dropFirst("shabad:".count)) { cached[id] = entry }
      }
    }
    let missing = saved.filter { cached[$0.id] == nil }
    let batch = Array(missing.prefix(Self.fetchesPerRefresh))
    let api = BaniDBAPI(context)
    // nil is a 404: the id is wrong, so retrying soon would not help.
    let results = await BaniDBAPI.each(batch) { item in try await api.shabad("/shabads/\(item.id)") }
    var notes: [String] = []
    var errors: [ProviderError] = []
    var retrySoon = missing.count > batch.count
    for (item, result) in zip(batch, results) {
      switch result {
      case .success(let shabad?): cached[item.id] = makeEntry(shabad, id: item.id, line: item.line, date: 0)
      case .success(nil):
        errors.append(ProviderError("BaniDB: shabad \(item.id) not found (HTTP 404)"))
        notes.append("⚠ shabad \(item.id) is not in BaniDB")
      case .failure(let error):
        errors.append(error)
        retrySoon = true
        notes.append("⚠ shabad \(item.id) could not be fetched: \(error.message)")
      }
    }
    let loaded = saved.compactMap { cached[$0.id] }
    guard !loaded.isEmpty else { throw BaniDBAPI.combined(errors) }
    if missing.count > batch.count { notes.append("\(missing.count - batch.count) more shabads load at the next refresh") }
    let start = (now >= 0 ? now / interval : (now - interval + 1) / interval)
    let count = max(loaded.count, 2)
    let entries = (0..<count).map { k -> Entry in
      var entry = loaded[Int((start + Int64(k)) % Int64(loaded.count))]
      entry.date = (start + Int64(k)) * interval
      // Notes from an earlier refresh are about that refresh; replace them.
      entry.tooltip = entry.tooltip.filter { !$0.hasPrefix("⚠ ") && !$0.hasSuffix("load at the next refresh") } + notes
      return entry
    }
    let end = (start + Int64(count)) * interval
    var refresh = end - interval
    if retrySoon { refresh = min(refresh, now + Self.retryGap) }
    return TimelineDraft(entries: entries, end: end, policy: .after(refresh))
  }
}
