import FoundationEssentials
import Glibc
import Platform
import TimelineCore

/// Kind `favourites`: the user's saved shabads (ids and a Gurbani Khoj import) in a
/// rotation that is a pure function of the clock, so refreshes, reboots and late timers
/// never restart or stall it. Each shabad is fetched once and kept in the cache; BaniDB's
/// own error text only ever reaches `lastError`. The rules: docs/providers/banidb.md.
public struct FavouritesProvider: TimelineProvider {
  /// The kind name in config.
  public static let kind = "favourites"
  /// Reads BaniDB only.
  public static let services: [Service] = [.banidb]
  static let retryGap: Int64 = 30 * 60
  static let fetchesPerRefresh = 40

  let ids: [Int]
  let importPath: String?
  let folder: String?
  let interval: Int64
  let style: BaniDBStyle
  /// The saved shabads in order, read (with the import) when the config is loaded.
  let saved: [GurbaniKhoj.Saved]

  /// Reads and checks the widget's options; throws `ProviderError.config` naming a bad one.
  public init(config: WidgetConfig) throws {
    var options = Options(config)
    if case .array(let items)? = config.options["shabads"] {
      for (index, item) in items.enumerated() {
        switch item {
        case .int(let id) where id > 0: continue
        case .string(let text) where (Int(text) ?? 0) > 0: continue
        case .string(let text):
          throw options.invalid("shabads", expected: "numeric shabad ids, got \"\(text)\"", item: index)
        default: throw options.invalid("shabads", expected: "positive shabad ids, got \(item.typeName)", item: index)
        }
      }
    }
    ids = try options.ints("shabads") ?? []
    if ids.contains(where: { $0 <= 0 }) { throw options.invalid("shabads", expected: "positive shabad ids") }
    importPath = try options.string("import").map { Self.resolve($0, relativeTo: config.file) }
    folder = try options.string("folder")
    if folder != nil && importPath == nil {
      throw options.invalid("folder", expected: "an `import` file to choose the folder from")
    }
    if ids.isEmpty && importPath == nil {
      throw options.invalid("shabads", expected: "a list of shabad ids, or `import = \"file.gkhoj\"`")
    }
    interval = try options.duration("interval", default: 3 * 3600, minimum: 600)
    style = try BaniDBStyle(&options)
    try options.finish()
    // A missing or unreadable import is a config error now, at load time (exit 2), not a
    // failed refresh later.
    saved = try Self.savedShabads(ids: ids, importPath: importPath, folder: folder, config: config)
  }

  /// An `import` path: `~/` is the home directory, an absolute path stays, and a relative
  /// one is relative to the config file's directory (the config path itself made
  /// absolute against the working directory first, as `--config my.toml` is relative).
  static func resolve(
    _ path: String, relativeTo configFile: String, cwd: String = FileManager.default.currentDirectoryPath
  ) -> String {
    if path.hasPrefix("~/") { return homeDirectory() + path.dropFirst(1) }
    if path.hasPrefix("/") { return path }
    // "<embedded default>" is no file: only the working directory is left to go by.
    let isFile = !configFile.isEmpty && !configFile.hasPrefix("<")
    var directory = cwd
    if isFile {
      let file = configFile.hasPrefix("/") ? configFile : cwd + "/" + configFile
      // The file's directory: all before its last slash ("/" for a file at the root).
      directory = String(file[..<(file.lastIndex(of: "/") ?? file.startIndex)])
      if directory.isEmpty { directory = "/" }
    }
    return (directory.hasSuffix("/") ? directory : directory + "/") + path
  }

  /// `$HOME`, else the password database's entry for the user (as the shell's `~` does).
  static func homeDirectory() -> String {
    if let home = Environment.get("HOME"), !home.isEmpty { return home }
    guard let entry = getpwuid(getuid()), let directory = entry.pointee.pw_dir else { return "/" }
    return String(cString: directory)
  }

  /// The saved list as read from `shabads` and the import: a new bookmark, a removed one
  /// or a changed line in the import file makes the widget due.
  public var inputs: String { saved.map { "\($0.id):\($0.line ?? "")" }.joined(separator: "\n") }

  /// What the bars show before the first refresh; no I/O.
  public func placeholder() -> Entry { BaniDBRender.placeholder("ੴ", kind: "favourite") }

  /// The preview's timeline, made without the network.
  public func snapshot(context: ProviderContext) -> TimelineDraft {
    let now = context.clock.now()
    guard let shabad = BaniDBSamples.shabad("favourites") else {
      return TimelineDraft(entries: [placeholder()], end: nil, policy: .never, line: style.line)
    }
    return TimelineDraft(
      entries: [makeEntry(shabad, id: shabad.id, line: nil, date: now)], end: now + interval, policy: .never,
      line: style.line)
  }

  /// Keyed by the id the user saved, not the one in the body, so the cache lookup on the
  /// next refresh always finds it.
  func makeEntry(_ shabad: Shabad, id: Int, line: String?, date: Int64) -> Entry {
    // A Gurbani Khoj bookmark names its line in the legacy font; show that line if found.
    let wanted = line.map(Self.squeeze)
    let verse = wanted.flatMap { wanted in
      shabad.verses.first { $0.ascii.map(Self.squeeze) == wanted || Self.squeeze($0.unicode) == wanted }
    }
    var entry = BaniDBRender.entry(
      shabad, date: date, style: style, alt: "shabad", classes: ["shabad", "favourite"],
      key: "shabad:\(id)", line: verse)
    entry.relevance = Relevance(RelevanceTable.favourites)
    return entry
  }

  private static func squeeze(_ text: String) -> String { text.filter { !$0.isWhitespace } }

  /// The saved shabads in order, without repeats: `shabads` first, then the import.
  static func savedShabads(
    ids: [Int], importPath: String?, folder: String?, config: WidgetConfig
  ) throws -> [GurbaniKhoj.Saved] {
    var saved = ids.map { GurbaniKhoj.Saved(id: $0, line: nil) }
    if let importPath {
      // The user's file, read as the config is: a FIFO or a device must not hang the
      // refresh, and a huge file is refused rather than read into memory.
      let data: [UInt8]
      switch SmallFile.bytes(importPath, limit: 8 << 20) {
      case .success(let bytes): data = bytes
      case .failure(let failure):
        throw ProviderError.config(
          "\(config.place(of: "import")) import: cannot read \"\(importPath)\": \(failure.reason)")
      }
      guard var nodes = try? GurbaniKhoj.parse(data) else {
        throw ProviderError.config(
          "\(config.place(of: "import")) import: \"\(importPath)\" is not a Gurbani Khoj export (.gkhoj property list)")
      }
      if let folder {
        guard let children = GurbaniKhoj.folder(folder, in: nodes) else {
          let names = GurbaniKhoj.folderNames(nodes).prefix(8).map { "\"\($0)\"" }.joined(separator: ", ")
          throw ProviderError.config(
            "\(config.place(of: "folder")) folder: no folder \"\(folder)\" in the import (folders: \(names.isEmpty ? "none" : names))"
          )
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
    if saved.isEmpty {
      throw ProviderError.config("\(config.place()): no shabads to show (the import or folder is empty)")
    }
    return saved
  }

  /// Marks a shabad id BaniDB answered 404 for. Kept in the cache as an entry dated just
  /// before the first slot (so it is never current) until the config changes (the engine
  /// then passes no `previous`) or `refresh --force`, so a wrong id costs one request per
  /// config rather than one per cycle.
  static let missingPrefix = "missing:"

  func missingEntry(_ id: Int, date: Int64) -> Entry {
    Entry(
      date: date, relevance: Relevance(RelevanceTable.favourites),
      runs: [TextRun("⚠ shabad \(id)", color: BaniDBStyle.placeholderColor)],
      tooltip: [Self.note(id, "not found")], alt: "missing", classes: ["favourite", "warning"],
      key: Self.missingPrefix + String(id))
  }

  /// A tooltip line in our own words; never BaniDB's error text (that goes to `lastError`).
  static func note(_ id: Int, _ reason: String) -> String { "⚠ shabad \(id) could not be fetched (\(reason))" }

  /// The widget's timeline at `context`'s time.
  public func timeline(context: ProviderContext) async throws -> TimelineDraft {
    let now = context.clock.now()
    var cached: [Int: Entry] = [:]
    var notFound = Set<Int>()
    if !context.force {
      for entry in context.previous?.entries ?? [] where !entry.isRepeat {
        guard let key = entry.key else { continue }
        if key.hasPrefix("shabad:"), let id = Int(key.dropFirst("shabad:".count)) { cached[id] = entry }
        if key.hasPrefix(Self.missingPrefix), let id = Int(key.dropFirst(Self.missingPrefix.count)) {
          notFound.insert(id)
        }
      }
    }
    let missing = saved.filter { cached[$0.id] == nil && !notFound.contains($0.id) }
    let batch = Array(missing.prefix(Self.fetchesPerRefresh))
    let api = BaniDBAPI(context)
    // nil is a 404: the id is wrong, so retrying soon would not help.
    let results = await BaniDBAPI.each(batch) { item in try await api.shabad("/shabads/\(item.id)") }
    var failed: [(id: Int, reason: String)] = []
    var errors: [ProviderError] = []
    var retrySoon = missing.count > batch.count
    for (item, result) in zip(batch, results) {
      switch result {
      case .success(let shabad?): cached[item.id] = makeEntry(shabad, id: item.id, line: item.line, date: 0)
      case .success(nil):
        errors.append(ProviderError("BaniDB: shabad \(item.id) not found (HTTP 404)"))
        notFound.insert(item.id)
      case .failure(let failure):
        errors.append(failure.error)
        failed.append((item.id, failure.reason))
        retrySoon = true
      }
    }
    let loaded = saved.compactMap { cached[$0.id] }
    let wrong = saved.map(\.id).filter { notFound.contains($0) }
    guard !loaded.isEmpty else {
      if errors.isEmpty {
        throw ProviderError(
          "BaniDB: none of the saved shabads was found (\(wrong.map { "shabad \($0)" }.joined(separator: ", ")))")
      }
      throw BaniDBAPI.combined(errors)
    }
    var notes = wrong.map { Self.note($0, "not found") } + failed.map { Self.note($0.id, $0.reason) }
    if missing.count > batch.count {
      notes.append("\(missing.count - batch.count) more shabads load at the next refresh")
    }
    let start = (now >= 0 ? now / interval : (now - interval + 1) / interval)
    let count = max(loaded.count, 2)
    let warned = !wrong.isEmpty || !failed.isEmpty
    let repeats = Int(OfflineRotation.span / interval)
    var entries = (0..<(count + repeats)).map { k -> Entry in
      var entry = loaded[Int((start + Int64(k)) % Int64(loaded.count))]
      entry.date = (start + Int64(k)) * interval
      // Notes from an earlier refresh are about that refresh; replace them.
      entry.tooltip = entry.tooltip.filter { !$0.hasPrefix("⚠ ") && !$0.hasSuffix("load at the next refresh") } + notes
      entry.classes = entry.classes.filter { $0 != "warning" } + (warned ? ["warning"] : [])
      return k < count ? entry : OfflineRotation.copy(entry, date: entry.date)
    }
    entries += wrong.map { missingEntry($0, date: start * interval - 1) }
    let cycleEnd = (start + Int64(count)) * interval
    let end = (start + Int64(count + repeats)) * interval
    var refresh = cycleEnd - interval
    if retrySoon { refresh = min(refresh, now + Self.retryGap) }
    return TimelineDraft(entries: entries, end: end, policy: .after(refresh), line: style.line)
  }
}
