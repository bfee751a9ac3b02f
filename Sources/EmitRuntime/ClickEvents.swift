import Glibc
import TimelineCache
import TimelineCore

/// i3bar and swaybar click events, one JSON object per click on our stdin (the `--follow
/// i3bar` header asks for them), get the other bars' actions (docs/emitters.md, "Per bar"),
/// run by the `timeline` beside this binary with stdout on /dev/null, so nothing it prints
/// can reach the bar's protocol stream.
struct ClickEvents {
  private(set) var fd: Int32 = 0
  private var buffer: [UInt8] = []
  let widgets: [String]

  init(widgets: [String]) { self.widgets = widgets }

  /// Reads what stdin holds and runs the action of each complete click. At the end of
  /// stdin (a bar that sends no clicks), stops watching it.
  mutating func readAndAct() {
    var chunk = [UInt8](repeating: 0, count: 4096)
    let count = read(fd, &chunk, chunk.count)
    if count <= 0 {
      if count == 0 || (errno != EINTR && errno != EAGAIN) { fd = -1 }
      return
    }
    buffer += chunk[0..<count]
    while let newline = buffer.firstIndex(of: 0x0A) {
      let line = Array(buffer[..<newline])
      buffer.removeSubrange(...newline)
      if let (widget, button) = Self.parse(line), widgets.contains(widget), let action = Self.action(button) {
        Self.run(action + [widget] + (button >= 4 ? [button == 4 ? "prev" : "next", "--quiet"] : []))
      }
    }
    // A line this long is no click event: drop it rather than grow without bound.
    if buffer.count > 65_536 { buffer.removeAll() }
    Self.reap()
  }

  static func action(_ button: Int) -> [String]? {
    switch button {
    case 1: ["open"]
    case 2: ["reload"]
    case 4, 5: ["browse"]
    default: nil
    }
  }

  /// The `instance` (our widget name) and `button` of one event line; nil for anything
  /// else (the opening `[`, a malformed line, a name that is not a widget's).
  static func parse(_ line: [UInt8]) -> (String, Int)? {
    guard let event = JSONLine(line), let instance = event.string("instance"), WidgetName(instance) != nil,
      let button = event.integer("button"), (1...99).contains(button)
    else { return nil }
    return (instance, Int(button))
  }

  /// `timeline` beside this binary (`/proc/self/exe`), else the one on PATH.
  static func timelinePath() -> String {
    var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
    let count = readlink("/proc/self/exe", &buffer, buffer.count - 1)
    if count > 0 {
      let exe = String(decoding: buffer[0..<count].map { UInt8(bitPattern: $0) }, as: UTF8.self)
      if let slash = exe.lastIndex(of: "/") {
        let sibling = String(exe[..<slash]) + "/timeline"
        if access(sibling, X_OK) == 0 { return sibling }
      }
    }
    return "timeline"
  }

  /// Starts `timeline ARGS` without waiting: stdin and stdout on /dev/null, stderr the bar's.
  static func run(_ arguments: [String]) {
    var actions = posix_spawn_file_actions_t()
    posix_spawn_file_actions_init(&actions)
    defer { posix_spawn_file_actions_destroy(&actions) }
    posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
    posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0)
    let argv = ([timelinePath()] + arguments).map { strdup($0) } + [nil]
    defer { for pointer in argv { free(pointer) } }
    // The action waits for programs of its own (xdg-open): SIGCHLD back to its default there.
    var attributes = posix_spawnattr_t()
    posix_spawnattr_init(&attributes)
    defer { posix_spawnattr_destroy(&attributes) }
    var defaults = sigset_t()
    sigemptyset(&defaults)
    sigaddset(&defaults, SIGCHLD)
    posix_spawnattr_setsigdefault(&attributes, &defaults)
    posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGDEF))
    var pid: pid_t = 0
    guard let program = argv[0] else { return }
    _ = posix_spawnp(&pid, program, &actions, &attributes, argv, environ)
  }

  /// Collects the actions that have finished, so none stays a zombie.
  static func reap() {
    var status: Int32 = 0
    while waitpid(-1, &status, WNOHANG) > 0 {}
  }
}
