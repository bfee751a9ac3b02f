import Glibc
import TimelineCache
import TimelineCore

/// What the cache directory knows about one widget: its last good timeline and its refresh state.
struct WidgetRecord: Sendable {
  /// Nil when missing or damaged.
  var timeline: Timeline?
  /// Nil after a success.
  var state: WidgetState?
  /// Why the cache file could not be read, when it exists but is damaged.
  var readError: String?
  /// What is wrong with a cache file read all the same (`timeline` is then what the bars
  /// show); the next refresh rewrites it.
  var readWarning: String?
  /// Both files as they were when read (taken before the read, so a change during it
  /// counts as a change).
  private var seen: [FileStamp] = []

  /// Reads both files for `widget`.
  static func load(_ widget: WidgetName, store: CacheStore) -> WidgetRecord {
    let path = store.path(for: widget)
    let seen = FileStamp.of(widget, in: store)
    var record = WidgetRecord(state: store.state(of: widget))
    record.seen = seen
    do {
      let read = try CacheReader.read(path: path)
      let timeline = read.timeline
      record.readWarning = read.warning
      if let field = timeline.fieldOutOfRange {
        record.readError = "\(path): \(field) is out of range (years 1 to 9999); the next refresh replaces the file"
      } else {
        record.timeline = timeline
      }
    } catch .missing {
      record.readError = nil
    } catch {
      record.readError = error.description
    }
    return record
  }

  /// `earlier` when neither file has changed since it was read, else the files read again:
  /// a refresh looks before it takes the widget's lock and again after.
  static func load(_ widget: WidgetName, store: CacheStore, unlessUnchanged earlier: WidgetRecord)
    -> WidgetRecord
  {
    guard !earlier.seen.isEmpty, FileStamp.of(widget, in: store) == earlier.seen else {
      return load(widget, store: store)
    }
    return earlier
  }

  /// How far in the future a file's own times may lie before the clock is taken to have
  /// moved back since it was written: a few minutes of drift are no such move.
  static let clockSlack: Int64 = 300

  /// Whether the cache or the state was written at a time still ahead of `now`: the clock
  /// moved back since, and every date derived from then is off.
  func writtenInTheFuture(at now: Int64) -> Bool {
    let limit = now.adding(saturating: Self.clockSlack)
    return [timeline?.generated, timeline?.lastSuccess, state?.lastAttempt].contains { ($0 ?? Int64.min) > limit }
  }

  /// The instant of the next fetch: a pending retry wins, else the cache's `due`; nil: never.
  var nextRefresh: Int64? {
    if state?.lastError != nil { return state?.retryAt ?? state?.lastAttempt }
    return timeline?.due
  }

  /// The last failure, if the last attempt failed.
  var lastError: String? { state?.lastError }

  /// Why a refresh is due at `now`, or nil if it is not.
  func dueReason(at now: Int64, configHash: String) -> String? {
    guard let timeline else {
      // A missing file is due whatever the backoff says (a failed first fetch writes an
      // empty timeline, so only a file removed since gets here); a damaged one waits.
      if readError == nil { return "no cache" }
      if writtenInTheFuture(at: now) { return "the clock moved back since the last attempt" }
      if let retry = nextRefresh, state?.lastError != nil, now < retry { return nil }
      return "damaged cache"
    }
    if timeline.configHash != configHash { return "config changed" }
    if writtenInTheFuture(at: now) { return "the clock moved back since the last refresh" }
    // A file the bars read only in part, as the damaged one above, waits for the backoff.
    if readWarning != nil {
      if let retry = nextRefresh, state?.lastError != nil, now < retry { return nil }
      return "entry lines out of date order"
    }
    if let next = nextRefresh, next <= now { return "due" }
    return nil
  }
}

extension WidgetRecord {
  /// Enough of `stat` to tell that a file was replaced (the writer renames over it) or
  /// written in place.
  fileprivate struct FileStamp: Equatable, Sendable {
    var device: UInt64 = 0
    var inode: UInt64 = 0
    var size: Int64 = -1
    /// The modification and change times, seconds and nanoseconds.
    var times: [Int] = []

    /// The cache file and the state file of `widget`; a missing file has a stamp of its own.
    static func of(_ widget: WidgetName, in store: CacheStore) -> [FileStamp] {
      [stamp(store.path(for: widget)), stamp(store.directory + "/" + widget.stateFile)]
    }

    private static func stamp(_ path: String) -> FileStamp {
      var info = stat()
      guard stat(path, &info) == 0 else { return FileStamp() }
      return FileStamp(
        device: UInt64(info.st_dev), inode: UInt64(info.st_ino), size: Int64(info.st_size),
        times: [info.st_mtim.tv_sec, info.st_mtim.tv_nsec, info.st_ctim.tv_sec, info.st_ctim.tv_nsec])
    }
  }
}
