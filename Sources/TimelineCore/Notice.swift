/// How a kind's key in the config's `[notify]` table is written (docs/notifications.md).
public enum NotifyRule: Sendable, Equatable {
  /// An integer threshold within the range (`avalanche = 4`), or `false`.
  case level(ClosedRange<Int>)
  /// `true` or `false`: every fact the kind reports is worth one (its level is 1).
  case flag
}

/// One thing a fetched timeline says that a notification may tell, once: one occasion of
/// one subject. Providers report facts below the threshold too, so a rise is seen.
public struct NoticeFact: Sendable, Equatable {
  /// The subject's identity across refreshes and widgets ("avalanche:varsom:3010").
  public var subject: String
  /// Which of the subject's occasions ("2026-11-29"); remembered with its level.
  public var occasion: String
  /// Compared with the `[notify]` threshold; 1 for a yes-or-no fact.
  public var level: Int
  /// The subject as shown ("Lyngen", "Kari Nordmann"), plain outside text.
  public var title: String
  /// What the fact is, short ("5 very high", "birthday").
  public var what: String
  /// When it is ("today", "tomorrow").
  public var when: String
  /// The line a bar's tooltip shows for it, plain text.
  var body: String
  /// The page a click opens (`timeline open`'s link), if any.
  var url: String?
  /// Whether the notification is urgent (the spec's urgency 2).
  var critical: Bool

  /// Creates a fact.
  public init(
    subject: String, occasion: String, level: Int, title: String, what: String, when: String, body: String,
    url: String? = nil, critical: Bool = false
  ) {
    self.subject = subject
    self.occasion = occasion
    self.level = level
    self.title = title
    self.what = what
    self.when = when
    self.body = body
    self.url = url
    self.critical = critical
  }
}

/// One notification: what a kind makes of one subject's new facts. Texts are plain; the
/// sender escapes the body for the notification spec's markup.
public struct Notice: Sendable, Equatable {
  /// The subject the facts share.
  var subject: String
  /// The title line, naming the subject ("Lyngen: 5 very high today, 5 tomorrow").
  public var summary: String
  /// One line, as a bar's tooltip would say it.
  public var body: String
  /// The page a click opens.
  public var url: String?
  /// Urgency critical rather than normal.
  public var critical: Bool

  /// Creates a notice.
  public init(subject: String, summary: String, body: String, url: String?, critical: Bool) {
    self.subject = subject
    self.summary = summary
    self.body = body
    self.url = url
    self.critical = critical
  }

  /// The plain composition: "TITLE: WHAT WHEN, WHAT WHEN", the first fact's body and
  /// link, critical when any fact is. `facts` are one subject's, never empty.
  public static func plain(_ facts: [NoticeFact]) -> Notice {
    let first = facts[0]
    let parts = facts.map { "\($0.what) \($0.when)" }.joined(separator: ", ")
    return Notice(
      subject: first.subject, summary: "\(first.title): \(parts)", body: first.body,
      url: facts.lazy.compactMap(\.url).first, critical: facts.contains(where: \.critical))
  }
}
