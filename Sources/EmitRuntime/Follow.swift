import Emitters
import Glibc
import Platform
import TimelineCache
import TimelineCore

/// `--follow`: print the current line, then sleep until something can change it, and print
/// again only if the line differs; no periodic wake-ups (docs/emitters.md, "`--follow`").
/// Ends with 0 on a stop signal (also while a write is blocked), when stdout's reader hangs
/// up, and when the bar that started us is gone although stdout still takes writes
/// (`ParentWatch`).
enum Follow {
  static func run(
    _ request: EmitRequest, directory: String, browse: BrowseStore, out: Output, err: Output, program: String,
    clock: any WallClock
  ) -> Int32 {
    guard let wakeFD = Wakeups.install() else {
      err.write("\(program): cannot set up --follow (signals or timer); printing once\n")
      return EmitCommand.emitOnce(
        request, directory: directory, browse: browse, now: clock.now(), out: out, err: err, program: program)
    }
    let parent = ParentWatch()
    let checked = request.names
    let names = checked.compactMap { $0 }
    var watched = Set(names.map(\.cacheFile))
    var watcher = DirectoryWatcher(directory: directory, names: watched)
    // `timeline browse` writes here. The browse directory is made first: watching a missing
    // one means watching its parent, which without XDG_RUNTIME_DIR is /tmp, whose traffic
    // would wake the follower for nothing.
    browse.prepare()
    let browseWatcher = DirectoryWatcher(
      directory: browse.directory, names: Set(names.map(\.browseFile)))
    if watcher == nil && request.verbose {
      err.write("\(program): inotify is unavailable; only timed changes will show\n")
    }
    let stream = request.format.stream
    let streaming = stream != nil
    if let stream, !out.write(stream.header, stopped: { stopRequested }) { return 0 }
    // i3bar and swaybar send clicks on stdin (the header asks for them).
    var clicks = request.format == .i3bar ? ClickEvents(widgets: names.map(\.text)) : nil
    // A click's action is never waited for: the kernel reaps it as it ends, so none is left
    // a zombie until the next click (`ClickEvents.run` gives the action back the default).
    if clicks != nil { signal(SIGCHLD, SIG_IGN) }
    var last: String?
    var lastReasons: [String?] = []
    while true {
      if parent.isGone { return 0 }
      watcher?.arm()
      browseWatcher?.arm()
      let now = clock.now()
      let resolved = checked.map {
        EmitPipeline.resolve(widget: $0, directory: directory, now: now, browse: browse, explain: request.verbose)
      }
      // A stack's output follows its members' caches too; its member list can change
      // with a refresh of the stack, so the watch is renewed when it does.
      let needed = watched.union(resolved.flatMap { $0.members.compactMap { WidgetName($0)?.cacheFile } })
      if needed != watched {
        watched = needed
        watcher = DirectoryWatcher(directory: directory, names: watched)
        watcher?.arm()
      }
      let reasons = resolved.map(\.reason)
      if request.verbose && reasons != lastReasons {
        EmitCommand.report(resolved, of: request.widgets, err: err, program: program)
      }
      lastReasons = reasons
      let line = EmitPipeline.line(
        resolved.map(\.state), format: request.format, options: request.options, streaming: streaming)
      if line != last {
        let prefix = last != nil ? stream?.separator ?? "" : ""
        guard out.write(prefix + line + "\n", stopped: { stopRequested }) else { return 0 }
        last = line
      }
      Wakeups.arm(at: resolved.compactMap(\.nextChange).min())
      guard
        wait(wakeFD: wakeFD, watchers: [watcher, browseWatcher].compactMap { $0 }, output: out.fd, clicks: &clicks)
      else {
        return 0
      }
    }
  }

  /// Blocks until a relevant wake-up; false means stop. `output` is watched for hang-up, so
  /// when the bar closes its end we exit now, not at the next write, which may be a day away.
  private static func wait(
    wakeFD: Int32, watchers: [DirectoryWatcher], output: Int32, clicks: inout ClickEvents?
  ) -> Bool {
    var fds = [pollfd(fd: wakeFD, events: Int16(POLLIN), revents: 0), pollfd(fd: output, events: 0, revents: 0)]
    for watcher in watchers { fds.append(pollfd(fd: watcher.fd, events: Int16(POLLIN), revents: 0)) }
    // Last, so the watchers keep their indexes; a negative fd is ignored by poll.
    fds.append(pollfd(fd: clicks?.fd ?? -1, events: Int16(POLLIN), revents: 0))
    while true {
      fds[fds.count - 1].fd = clicks?.fd ?? -1
      let ready = poll(&fds, nfds_t(fds.count), -1)
      if ready < 0 {
        if errno == EINTR { continue }
        return false
      }
      if fds[1].revents & Int16(POLLHUP | POLLERR | POLLNVAL) != 0 { return false }
      var wake = false
      if fds[0].revents != 0 {
        switch Wakeups.drain(wakeFD) {
        case .stop: return false
        case .timer: wake = true
        case .none: break
        }
      }
      for (index, watcher) in watchers.enumerated() where fds[index + 2].revents != 0 && watcher.consume() {
        wake = true
      }
      // A click's action writes the browse state or the cache, which the watchers see.
      if fds[fds.count - 1].fd >= 0, fds[fds.count - 1].revents != 0 { clicks?.readAndAct() }
      if wake { return true }
    }
  }
}
