import Platform
import TimelineCore

/// What sends a notice; the refresh takes any, so the rules are tested without a bus.
public protocol NoticeSending: Sendable {
  /// The server's id, or why it was not sent.
  func send(_ notice: Notice) -> Result<UInt32, NoticeSendError>
}

/// Why a notification was not sent ("no session bus: …"), for the refresh's report.
public struct NoticeSendError: Error, Sendable, Equatable, CustomStringConvertible {
  /// The reason, one line.
  public var description: String
  init(_ description: String) { self.description = description }
}

/// Sends through the freedesktop notification service with `gdbus` (docs/notifications.md
/// says why not `notify-send`). Every text argument is a quoted GVariant literal, so no
/// outside text is read as GVariant syntax or an option.
public struct GDBusNotifier: NoticeSending {
  /// Where gdbus is looked up.
  var path: String
  /// Seconds to wait for the bus and the server.
  var timeout = 5

  /// A sender that finds gdbus in `path`.
  public init(path: String = Environment.get("PATH") ?? "/usr/bin:/bin") { self.path = path }

  static let destination = [
    "--session", "--dest", "org.freedesktop.Notifications", "--object-path", "/org/freedesktop/Notifications",
  ]

  func call(_ method: String, _ arguments: [String] = []) -> Result<String, NoticeSendError> {
    guard let gdbus = ExternalProgram.find("gdbus", path: path) else {
      return .failure(NoticeSendError("gdbus not found in PATH (install libglib2.0-bin)"))
    }
    let argv =
      [gdbus, "call", "--timeout", String(timeout)] + Self.destination + [
        "--method", "org.freedesktop.Notifications." + method,
      ] + arguments
    let result = ExternalProgram.run(argv, timeout: timeout + 2)
    guard result.status == 0 else {
      let line = result.firstLine(or: "gdbus exited with status \(result.status)")
      return .failure(NoticeSendError(CleanText.oneLineError(line)))
    }
    return .success(result.stdout)
  }

  /// The server's capabilities ("actions", "body-markup", "body-hyperlinks", …).
  func capabilities() -> Result<[String], NoticeSendError> {
    call("GetCapabilities").map(Self.quotedWords)
  }

  /// The server's name, vendor and version, and its spec version.
  func serverInformation() -> Result<[String], NoticeSendError> {
    call("GetServerInformation").map(Self.quotedWords)
  }

  /// Asks the server's capabilities, then calls Notify (docs/notifications.md).
  public func send(_ notice: Notice) -> Result<UInt32, NoticeSendError> {
    let capabilities: [String]
    switch self.capabilities() {
    case .success(let found): capabilities = found
    case .failure(let error): return .failure(error)
    }
    let body = NoticeMarkup.body(notice, hyperlinks: capabilities.contains("body-hyperlinks"))
    let hints = "{'urgency': <byte \(notice.critical ? 2 : 1)>, 'category': <'x-timeline'>}"
    let arguments = [
      GVariantText.string("timeline"), "uint32 0",
      GVariantText.string(notice.critical ? "dialog-warning" : "dialog-information"),
      GVariantText.string(CleanText.tooltip(notice.summary)), GVariantText.string(body), "@as []", hints, "int32 -1",
    ]
    return call("Notify", arguments).flatMap { output in
      guard let id = Self.notifyID(output) else {
        return .failure(NoticeSendError("unexpected reply from the notification service: \(output.prefix(80))"))
      }
      return .success(id)
    }
  }

  /// `(uint32 7,)` → 7.
  static func notifyID(_ output: String) -> UInt32? {
    let words = output.split { " (),\n".contains($0) }
    guard let index = words.firstIndex(of: "uint32"), index + 1 < words.count else { return nil }
    return UInt32(words[index + 1])
  }

  /// The single-quoted strings of a gdbus reply, in order (`(['actions', 'body'],)`).
  static func quotedWords(_ output: String) -> [String] {
    var words: [String] = []
    var current: String?
    var escaped = false
    for character in output {
      if var word = current {
        if escaped {
          word.append(character)
          escaped = false
        } else if character == "\\" {
          escaped = true
        } else if character == "'" {
          words.append(word)
          current = nil
          continue
        } else {
          word.append(character)
        }
        current = word
      } else if character == "'" {
        current = ""
      }
    }
    return words
  }
}

/// GVariant's text form of a string, as gdbus parses its arguments.
enum GVariantText {
  /// `'…'` with `\\`, `\'` and every control character as `\uXXXX`: the text arrives as
  /// written, whatever it holds.
  static func string(_ text: String) -> String {
    quoted(text, in: "'") { $0.value < 0x20 || (0x7F..<0xA0).contains($0.value) }
  }
}
