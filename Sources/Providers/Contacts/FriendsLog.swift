import FoundationEssentials
import Glibc
import Platform
import TimelineCore

/// Who the user reached out to, and snoozes: data, not cache, kept as append-only JSON
/// Lines (the format: docs/providers/friends.md). Appends are made under an exclusive
/// `flock` on an O_APPEND descriptor, so concurrent writers interleave whole lines and
/// lose none; readers take a shared lock. A line that does not parse (a torn write from
/// another tool, an edit by hand) is skipped and counted, never fatal.
public struct FriendsLog: Sendable {
  /// What a line records: a contact, a snooze, or the start of tracking.
  public enum Kind: String, Sendable { case contact, snooze, track }

  /// One line of the log.
  public struct Event: Sendable, Equatable {
    var kind: Kind
    /// `Contact.key`.
    var who: String
    /// The name when logged, for a reader of the file.
    var name: String
    /// The day of the contact or of the start of tracking; for a snooze, its last day.
    var day: Int
    /// How the contact was made (call, message, meetup), when said.
    var how: String?
    /// When the line was written (UTC epoch seconds).
    var at: Int64

    /// Creates an event.
    public init(kind: Kind, who: String, name: String, day: Int, how: String? = nil, at: Int64) {
      (self.kind, self.who, self.name, self.day, self.how, self.at) = (kind, who, name, day, how, at)
    }
  }

  /// What the log says about each contact.
  struct Summary: Sendable, Equatable {
    /// The latest logged contact day, by `Contact.key`.
    var lastContact: [String: Int] = [:]
    /// How that contact was made, by `Contact.key`.
    var lastHow: [String: String] = [:]
    /// The day tracking began, by `Contact.key`.
    var tracked: [String: Int] = [:]
    /// The last day of the latest snooze, by `Contact.key`.
    var snoozedUntil: [String: Int] = [:]
    /// Line numbers that did not parse.
    var damaged: [Int] = []
  }

  let path: String
  /// The largest log read (about a million events): a larger one is refused with an error
  /// that says so, never read in part.
  static let maxBytes = 256 << 20

  /// A log kept in `path`.
  public init(path: String) { self.path = path }

  /// `$XDG_DATA_HOME/timeline/friends/log.jsonl`, else under `~/.local/share`.
  public static func defaultPath() -> String {
    let data = Environment.get("XDG_DATA_HOME").flatMap { $0.hasPrefix("/") ? $0 : nil }
    return (data ?? (Environment.get("HOME") ?? "") + "/.local/share") + "/timeline/friends/log.jsonl"
  }

  /// Appends `events` as one write, on a line of their own (a newline first when the file
  /// lacks one, so no two events join into a line that parses as neither). A failed write
  /// or fsync is cut back to the length the file had: no torn line, and the caller's error
  /// is the whole truth. A symlink is followed to a regular file; anything else is refused.
  public func append(_ events: [Event]) throws {
    guard !events.isEmpty else { return }
    try makeDirectory()
    // Read and write, to look at the last byte; non-blocking, so a FIFO in its place
    // fails at once instead of waiting for a reader.
    let fd = open(path, O_RDWR | O_APPEND | O_CREAT | O_CLOEXEC | O_NONBLOCK | O_NOCTTY, 0o600)
    guard fd >= 0 else { throw ProviderError("cannot open \(path): \(String(cString: strerror(errno)))") }
    defer { close(fd) }
    var info = stat()
    guard fstat(fd, &info) == 0, info.st_mode & S_IFMT == S_IFREG else {
      throw ProviderError("\(path): not a regular file; the friends log must be one (or a symlink to one)")
    }
    guard flock(fd, LOCK_EX) == 0 else { throw ProviderError("cannot lock \(path)") }
    defer { flock(fd, LOCK_UN) }
    // The size under the lock: another writer may have appended since the open.
    guard fstat(fd, &info) == 0 else { throw ProviderError("cannot read \(path): \(String(cString: strerror(errno)))") }
    let start = info.st_size
    var bytes = Array(events.map(Self.line).joined().utf8)
    if start > 0, Self.lastByte(fd, size: start) != 0x0A { bytes.insert(0x0A, at: 0) }
    var written = 0
    while written < bytes.count {
      let count = bytes[written...].withUnsafeBytes { write(fd, $0.baseAddress, $0.count) }
      if count < 0 && errno == EINTR { continue }
      guard count > 0 else { throw cutBack(fd, to: start, "cannot write") }
      written += count
    }
    guard fsync(fd) == 0 else { throw cutBack(fd, to: start, "cannot save") }
  }

  /// The byte before `size`, or nil when it cannot be read (then a newline is written
  /// first: an empty line is skipped by `read`, a joined one would lose two events).
  private static func lastByte(_ fd: Int32, size: off_t) -> UInt8? {
    var byte: UInt8 = 0
    return pread(fd, &byte, 1, size - 1) == 1 ? byte : nil
  }

  /// Truncates the log back to `size` after a failed append and returns the error to throw,
  /// with `errno` as the failure left it.
  private func cutBack(_ fd: Int32, to size: off_t, _ what: String) -> ProviderError {
    let reason = String(cString: strerror(errno))
    let undone = ftruncate(fd, size) == 0
    return ProviderError(
      "\(what) \(path): \(reason)" + (undone ? "; nothing was logged" : "; the last line may be incomplete"))
  }

  /// Every event in the file, in order, and the line numbers that did not parse. A
  /// missing log is empty.
  func read() throws -> (events: [Event], damaged: [Int]) {
    let bytes: [UInt8]
    switch SmallFile.bytes(path, limit: Self.maxBytes, shared: true) {
    case .success(let read): bytes = read
    case .failure(.missing): return ([], [])
    case .failure(let error): throw ProviderError("cannot read \(path): \(error.reason)")
    }
    var events: [Event] = []
    var damaged: [Int] = []
    for (index, line) in bytes.split(separator: 0x0A, omittingEmptySubsequences: false).enumerated() {
      if line.allSatisfy({ $0 == 0x20 || $0 == 0x0D }) { continue }
      if let event = Self.parse(line) { events.append(event) } else { damaged.append(index + 1) }
    }
    return (events, damaged)
  }

  /// The log folded into each contact's latest state.
  func summary() throws -> Summary {
    let (events, damaged) = try read()
    var summary = Summary()
    summary.damaged = damaged
    for event in events {
      switch event.kind {
      case .contact:
        if event.day >= summary.lastContact[event.who] ?? Int.min {
          summary.lastContact[event.who] = event.day
          summary.lastHow[event.who] = event.how
        }
      case .track: summary.tracked[event.who] = min(summary.tracked[event.who] ?? event.day, event.day)
      // The latest snooze wins, so a snooze can also be shortened or lifted.
      case .snooze: summary.snoozedUntil[event.who] = event.day
      }
    }
    return summary
  }

  static func line(_ event: Event) -> String {
    var fields = [
      "\"v\":1", "\"event\":\(quote(event.kind.rawValue))", "\"who\":\(quote(event.who))",
      "\"name\":\(quote(event.name))",
      "\"\(event.kind == .snooze ? "until" : "day")\":\(quote(LocalDays.iso(event.day)))",
    ]
    if let how = event.how { fields.append("\"how\":\(quote(how))") }
    fields.append("\"at\":\(event.at)")
    return "{" + fields.joined(separator: ",") + "}\n"
  }

  static func parse(_ line: ArraySlice<UInt8>) -> Event? {
    // JSONValue, not JSONSerialization: that one links the whole of Foundation (ICU too).
    guard let object = JSONValue.parse(Array(line)),
      let kind = object["event"]?.string.flatMap(Kind.init(rawValue:)), let who = object["who"]?.string,
      !who.isEmpty, let dayText = object[kind == .snooze ? "until" : "day"]?.string,
      let day = LocalDays.parse(dayText)
    else { return nil }
    let at = object["at"]?.int ?? 0
    return Event(
      kind: kind, who: who, name: object["name"]?.string ?? "", day: day, how: object["how"]?.string, at: at)
  }

  /// A JSON string literal, written by the package's one escaper (`JSONEscape`).
  static func quote(_ text: String) -> String {
    var out: [UInt8] = []
    JSONEscape.appendString(text, to: &out)
    return String(decoding: out, as: UTF8.self)
  }

  private func makeDirectory() throws {
    var partial = ""
    for part in path.split(separator: "/").dropLast() {
      partial += "/" + part
      if mkdir(partial, 0o700) != 0 && errno != EEXIST {
        throw ProviderError("cannot create \(partial): \(String(cString: strerror(errno)))")
      }
    }
  }
}
