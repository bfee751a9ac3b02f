import Glibc
import Platform
import Synchronization

/// The system's time-zone database: one TZif file per IANA name under `TZDIR`, else
/// /usr/share/zoneinfo (Debian's tzdata package), as the C library finds it.
enum ZoneDatabase {
  static var directory: String {
    guard let custom = Environment.get("TZDIR"), !custom.isEmpty else { return "/usr/share/zoneinfo" }
    return custom
  }

  /// True for a relative name of plain parts ("America/Argentina/Buenos_Aires",
  /// "Etc/GMT+5"): names come from config and from servers, so none may leave the
  /// directory (no `..`, no absolute path) or hide odd bytes.
  static func isValid(_ name: String) -> Bool {
    let parts = name.split(separator: "/", omittingEmptySubsequences: false)
    return name.utf8.count <= 255
      && parts.allSatisfy { part in
        !part.isEmpty && part != "." && part != ".."
          && part.unicodeScalars.allSatisfy {
            $0.isASCII && ($0.properties.isAlphabetic || "0123456789_+-.".unicodeScalars.contains($0))
          }
      }
  }

  /// The zone `name` from the database.
  static func load(_ name: String) throws(ZoneError) -> Zone {
    guard isValid(name) else { throw .invalidName(name) }
    return try file(directory + "/" + name, name: name)
  }

  /// The TZif file at `path`, called `name`.
  static func file(_ path: String, name: String) throws(ZoneError) -> Zone {
    switch SmallFile.bytes(path, limit: 1 << 20) {
    case .failure(.missing), .failure(.notRegular): throw .missing(name, directory: directory)
    case .failure(let error): throw .damaged(name, why: "\(error)")
    case .success(let bytes):
      switch TZif.rules(bytes) {
      case .success(let rules): return Zone(name: name, rules: rules)
      case .failure(let error): throw .damaged(name, why: error.why)
      }
    }
  }
}

/// The user's own zone, read as the C library reads it, and kept until `TZ` changes.
enum UserZone {
  private static let cache = Mutex<(tz: String?, zone: Zone)?>(nil)

  /// The zone `TZ` names now.
  static func current() -> Zone {
    let tz = Environment.get("TZ")
    return cache.withLock { cached in
      if let cached, cached.tz == tz { return cached.zone }
      let zone = resolve(tz)
      cached = (tz, zone)
      return zone
    }
  }

  /// `TZ` unset: /etc/localtime. Empty or unusable: UTC. `:name` or `name`: the database's
  /// zone; an absolute path (with or without the colon): that file; otherwise a POSIX
  /// rule ("EST5EDT,M3.2.0,M11.1.0").
  static func resolve(_ tz: String?) -> Zone {
    let utc = Zone(name: "UTC", rules: ZoneRules(fixed: 0))
    guard let tz else { return systemZone() ?? utc }
    let text = tz.hasPrefix(":") ? String(tz.dropFirst()) : tz
    if text.isEmpty { return utc }
    if text.hasPrefix("/") { return (try? ZoneDatabase.file(text, name: text)) ?? utc }
    if let zone = try? ZoneDatabase.load(text) { return zone }
    if let rule = PosixRule(text) { return Zone(name: text, rules: ZoneRules(tail: rule)) }
    return utc
  }

  /// /etc/localtime: a link into the database (named after its target, "Europe/Oslo") or
  /// a TZif file itself ("localtime"); nil when there is none.
  static func systemZone(_ path: String = "/etc/localtime") -> Zone? {
    var name = "localtime"
    var target = [CChar](repeating: 0, count: 4096)
    let length = readlink(path, &target, target.count - 1)
    if length > 0 {
      let link = String(decoding: target[0..<length].map { UInt8(bitPattern: $0) }, as: UTF8.self)
      if let range = link.firstRange(of: "zoneinfo/") { name = String(link[range.upperBound...]) }
    }
    return try? ZoneDatabase.file(path, name: name)
  }
}
