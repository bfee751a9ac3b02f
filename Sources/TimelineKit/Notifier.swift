import Glibc
import Providers
import TimelineCache
import TimelineCore

/// Turns what a refresh fetched into desktop notifications, each once (docs/notifications.md):
/// for each subject, the facts at or above its kind's threshold that rise above what
/// `NoticeMemory` remembers become one notification, composed by the kind. A notification
/// that could not be sent is not remembered, so the next refresh tries again.
public struct Notifier: Sendable {
  /// `[notify]` and the widgets silenced.
  var config: NotifyConfig
  /// Where the memory is kept.
  var directory: String
  var sender: any NoticeSending

  /// A notifier for `config`.
  public init(
    config: NotifyConfig, directory: String = NoticeMemory.directory(), sender: any NoticeSending = GDBusNotifier()
  ) {
    self.config = config
    self.directory = directory
    self.sender = sender
  }

  /// The report of one run: what was sent, what was not and why.
  public struct Report: Sendable {
    var sent: [String] = []
    var failed: [(summary: String, reason: String)] = []
    /// Why the memory could not be kept, if it could not.
    var memoryProblem: String?

    /// Lines for the refresh's report.
    public var lines: [String] {
      sent.map { "notified: \($0)" }
        + failed.map {
          "notification not sent (\($0.reason)); the next refresh tries again: \($0.summary)"
        } + (memoryProblem.map { ["notifications: \($0)"] } ?? [])
    }
  }

  /// Sends what `fetched` calls for, under a lock on the memory, so two refreshes at once
  /// never send one notification twice.
  public func run(_ fetched: [(WidgetConfig, [NoticeFact])], now: Int64) -> Report {
    var report = Report()
    let chosen = fetched.compactMap { widget, facts -> (any TimelineProvider.Type, Int, [NoticeFact])? in
      guard !facts.isEmpty, let threshold = config.threshold(for: widget),
        let type = ProviderRegistry.type(for: widget.kind)
      else { return nil }
      return (type, threshold, facts)
    }
    guard !chosen.isEmpty else { return report }
    let lock: Int32
    do { lock = try Self.lock(directory) } catch {
      report.memoryProblem = "cannot keep what was sent (\(error)), so nothing is sent"
      return report
    }
    defer { close(lock) }
    var memory = NoticeMemory.load(directory: directory)
    var unreachable: NoticeSendError?
    for subject in Self.subjects(chosen) {
      let fresh = subject.facts.filter { $0.level >= subject.threshold && $0.level > (memory.level(of: $0) ?? .min) }
      var told = true
      if !fresh.isEmpty {
        let notice = subject.type.notice(fresh)
        let result = unreachable.map { Result<UInt32, NoticeSendError>.failure($0) } ?? sender.send(notice)
        switch result {
        case .success: report.sent.append(notice.summary)
        case .failure(let error):
          // A bus or server that is not there now will not be there for the next one.
          unreachable = error
          told = false
          report.failed.append((notice.summary, error.description))
        }
      }
      for fact in subject.facts where told || !fresh.contains(fact) { memory.record(fact, at: now) }
    }
    do { try memory.save(directory: directory, now: now) } catch {
      report.memoryProblem = "cannot remember what was sent (\(error)); it may be sent again"
    }
    return report
  }

  struct Subject {
    var type: any TimelineProvider.Type
    var threshold: Int
    var facts: [NoticeFact]
  }

  /// The facts by subject, in the order first reported; a fact two widgets report is
  /// kept once (the higher level), and the lower threshold of two widgets wins.
  static func subjects(_ chosen: [(any TimelineProvider.Type, Int, [NoticeFact])]) -> [Subject] {
    var order: [String] = []
    var bySubject: [String: Subject] = [:]
    for (type, threshold, facts) in chosen {
      for fact in facts {
        guard var subject = bySubject[fact.subject] else {
          order.append(fact.subject)
          bySubject[fact.subject] = Subject(type: type, threshold: threshold, facts: [fact])
          continue
        }
        subject.threshold = Swift.min(subject.threshold, threshold)
        if let index = subject.facts.firstIndex(where: { $0.occasion == fact.occasion }) {
          if fact.level > subject.facts[index].level { subject.facts[index] = fact }
        } else {
          subject.facts.append(fact)
        }
        bySubject[fact.subject] = subject
      }
    }
    return order.compactMap { bySubject[$0] }
  }

  /// An exclusive lock on `directory/.notified.lock`; waits for another refresh holding it.
  static func lock(_ directory: String) throws(CacheWriteError) -> Int32 {
    try CacheStore(directory: directory).ensureDirectory()
    let path = directory + "/.notified.lock"
    let fd = open(path, O_RDWR | O_CREAT | O_CLOEXEC | O_NOFOLLOW, 0o600)
    guard fd >= 0 else { throw .io("open \(path)", errno) }
    while flock(fd, LOCK_EX) != 0 {
      guard errno == EINTR else {
        let code = errno
        close(fd)
        throw .io("lock \(path)", code)
      }
    }
    return fd
  }
}
