import Foundation
import Testing
import TimelineCache
import TimelineTestSupport

/// What could stall a bar or a click: a FIFO where the browse state belongs, a bar that
/// stops reading a `--follow` pipe, tmux sockets that never answer. Real FIFOs, real pipes
/// left full, real listening sockets nobody serves. The bounds only prove "does not hang".
@Suite struct StallTests {
  static let json = #"echo '{"entries":[{"text":"hi"}]}'"#

  func row(_ name: String, _ result: String, ok: Bool) {
    Report.add("hangs", ["case": name, "result": result, "ok": ok])
  }

  /// A private runtime directory (as `$XDG_RUNTIME_DIR`) holding the browse directory of
  /// `scene`'s cache.
  func runtime(_ scene: CommandScene) throws -> String {
    let runtime = scene.dir.file("run")
    let session = runtime + "/timeline/" + BrowseStore.key(cache: scene.cacheDir)
    try #require(mkdir(runtime, 0o700) == 0 && mkdir(runtime + "/timeline", 0o700) == 0 && mkdir(session, 0o700) == 0)
    return runtime
  }

  @Test func aFIFOAsTheBrowseFileBlocksNeitherTheEmitterNorBrowse() throws {
    let scene = try CommandScene()
    try scene.config([("w", Self.json)])
    try #require(try scene.timelineRun(["refresh"]).status == 0)
    let runtime = try runtime(scene)
    try #require(mkfifo(runtime + "/timeline/" + BrowseStore.key(cache: scene.cacheDir) + "/w.browse", 0o600) == 0)
    let environment = ["XDG_RUNTIME_DIR": runtime, "TIMELINE_CACHE_DIR": scene.cacheDir]
    let once = try run(Paths.binary("timeline-emit"), ["plain", "w"], environment: environment, timeout: 10)
    #expect(!once.timedOut && once.status == 0 && once.stdout == "hi\n", "one-shot emit: \(once)")
    let follow = try scene.shell(
      """
      "$E" plain w --follow > follow.txt & p=$!
      i=0; while [ ! -s follow.txt ] && [ $i -lt 100 ]; do sleep 0.1; i=$((i + 1)); done
      kill $p; wait $p; echo "follow=$?"; cat follow.txt
      """, environment: environment, timeout: 30)
    #expect(follow.stdout == "follow=0\nhi\n", "--follow: \(follow)")
    let browse = try run(
      scene.timeline, ["browse", "w", "next", "--config", scene.configFile, "--cache-dir", scene.cacheDir],
      environment: environment, timeout: 10)
    #expect(!browse.timedOut && browse.status == 0, "browse: \(browse)")
    let ok = once.stdout == "hi\n" && follow.stdout == "follow=0\nhi\n" && !browse.timedOut && browse.status == 0
    row(
      "a FIFO as the browse file (`timeline-emit`, `--follow`, `timeline browse`)",
      "emit \(once.timedOut ? "HANGS" : "exit \(once.status)"), --follow printed \(follow.stdout.contains("hi") ? "its line" : "NOTHING"), browse \(browse.timedOut ? "HANGS" : "exit \(browse.status)")",
      ok: ok)
  }

  /// A bar that stops reading: the pipe is full before the follower starts, so its first
  /// write blocks; each stop signal must still end it with status 0.
  @Test func aFollowerBlockedOnAFullPipeStillStopsOnSignals() throws {
    let scene = try CommandScene()
    try scene.config([("w", Self.json)])
    try #require(try scene.timelineRun(["refresh"]).status == 0)
    let ran = try scene.python(
      """
      import fcntl, os, signal, subprocess, sys, time
      env = dict(os.environ, TIMELINE_CACHE_DIR=os.environ["D"], XDG_RUNTIME_DIR=os.getcwd())
      for name in ("SIGTERM", "SIGINT", "SIGHUP"):
          r, w = os.pipe()
          fcntl.fcntl(w, 1031, 4096)  # F_SETPIPE_SZ: one page
          os.set_blocking(w, False)
          try:
              while True:
                  os.write(w, b"x" * 512)
          except BlockingIOError:
              pass
          os.set_blocking(w, True)
          p = subprocess.Popen([os.environ["E"], "plain", "w", "--follow"], stdout=w, env=env)
          os.close(w)
          # Once its handlers are in place (SigCgt has SIGTERM), it goes on to its write,
          # which blocks: signal it a moment later.
          for _ in range(200):
              status = open("/proc/%d/status" % p.pid).read()
              caught = [l for l in status.splitlines() if l.startswith("SigCgt:")]
              if caught and int(caught[0].split()[1], 16) & (1 << (signal.SIGTERM - 1)):
                  break
              time.sleep(0.05)
          time.sleep(0.5)
          p.send_signal(getattr(signal, name))
          try:
              print(name, p.wait(timeout=10))
          except subprocess.TimeoutExpired:
              p.kill()
              p.wait()
              print(name, "hangs")
          os.close(r)
      """, timeout: 60)
    let expected = "SIGTERM 0\nSIGINT 0\nSIGHUP 0\n"
    #expect(ran.stdout == expected, "\(ran)")
    row(
      "`--follow` whose reader stopped reading (pipe full), then SIGTERM, SIGINT, SIGHUP",
      ran.stdout.split(separator: "\n").map { $0.replacingOccurrences(of: " ", with: ": exit ") }.joined(
        separator: "; "), ok: ran.stdout == expected)
  }

  /// Four tmux sockets whose server never answers (listening, never accepting): `reload`
  /// nudges them at once, with one short bound for all (one after another took 4 × 10 s).
  @Test func reloadNudgesUnresponsiveTmuxSocketsAtOnce() throws {
    let scene = try CommandScene()
    try scene.config([("w", Self.json)])
    let ran = try scene.python(
      """
      import os, socket, subprocess, time
      base = os.path.join(os.getcwd(), "tmuxdir")
      sockets = os.path.join(base, "tmux-%d" % os.geteuid())
      os.makedirs(sockets, mode=0o700)
      held = []
      for i in range(4):
          s = socket.socket(socket.AF_UNIX)
          s.bind(os.path.join(sockets, "stuck%d" % i))
          s.listen(16)
          held.append(s)
      env = dict(os.environ, TMUX_TMPDIR=base, PATH="/usr/local/bin:/usr/bin:/bin")
      start = time.monotonic()
      p = subprocess.run([os.environ["T"], "reload", "--config", os.environ["C"], "--cache-dir", os.environ["D"]],
                         env=env, capture_output=True, text=True, timeout=30)
      print("reload=%d seconds=%.1f" % (p.returncode, time.monotonic() - start))
      print(p.stdout + p.stderr)
      """, timeout: 150)
    let first = ran.stdout.split(separator: "\n").first.map(String.init) ?? ""
    let seconds = Double(first.split(separator: "=").last ?? "") ?? 999
    // A hang guard, not a measure: one after another the four sockets cost 40 s, past the
    // 30 s the run is given; at once, the reload ends within one socket's bound.
    #expect(first.hasPrefix("reload=0"), "\(ran)")
    let tmux = ran.stdout.split(separator: "\n").first { $0.hasPrefix("tmux:") }.map(String.init) ?? "(no tmux line)"
    row(
      "`timeline reload` with 4 tmux sockets that never answer",
      "exit \(first.hasPrefix("reload=0") ? 0 : -1) after \(String(format: "%.1f", seconds)) s; \(tmux)",
      ok: first.hasPrefix("reload=0"))
  }
}
