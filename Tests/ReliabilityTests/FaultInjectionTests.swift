import Foundation
import Testing
import TimelineCache
import TimelineCore
import TimelineTestSupport

/// Every fault a bar meets in months of running, injected for real: the built
/// `timeline refresh --force` runs against a loopback server (or a closed port, an
/// unresolvable host, a full disk) on a widget that already holds a good timeline.
///
/// For each: the cache file stays byte for byte; `timeline-emit` still shows the last good
/// entry (stale once past due + grace); `lastError` is one line of our own words; the next
/// try follows the backoff or Retry-After; the exit status is 1. Cases run concurrently,
/// so the slow ones (trickle and timeout, up to the 20 s total timeout) overlap.
@Suite struct FaultInjectionTests {
  /// Text in every fault body; it must never reach `lastError`.
  static let upstream = "UPSTREAM-TEXT"

  enum Fault: String, CaseIterable, Sendable, CustomTestStringConvertible {
    case http500 = "HTTP 500 with a JSON error body"
    case http429 = "HTTP 429, Retry-After: 120"
    case http503 = "HTTP 503, Retry-After: 7200"
    case timeout = "no response (server silent)"
    case trickle = "body trickling 64 bytes/s"
    case truncated = "truncated JSON (connection closed)"
    case closed = "connection closed before a response"
    case wrongTypeArray = "wrong types: string where an array is expected"
    case wrongTypeLevel = "wrong types: DangerLevel as an object"
    case wrongTypeTop = "wrong types: object instead of the list"
    case html = "HTML page with status 200"
    case empty = "empty body with status 200"
    case notJSON = "plain text with status 200"
    case redirect = "redirect to another host"
    case refused = "connection refused (closed port)"
    case unresolvable = "unresolvable host"
    case huge = "20 MB body (Content-Length)"
    case hugeStream = "20 MB body (streamed, no length)"
    case diskFull = "disk full while writing (tmpfs)"
    case fileTooLarge = "file size limit while writing (RLIMIT_FSIZE)"

    var testDescription: String { rawValue }

    /// The server's route for the fault, if it is one.
    func route(scene: Scene) throws -> [String: Any]? {
      let up = FaultInjectionTests.upstream
      let good = scene.dir.file("good.json")
      switch self {
      case .http500:
        return [
          "status": 500, "body": #"{"error":true,"data":{"error":"\#(up): <b>database</b> down"},"Message":"\#(up)"}"#,
        ]
      case .http429:
        return ["status": 429, "headers": ["Retry-After": "120"], "body": #"{"Message":"\#(up) slow down"}"#]
      case .http503:
        return ["status": 503, "headers": ["Retry-After": "7200"], "body": "\(up) maintenance"]
      case .timeout: return ["fault": "timeout", "seconds": 60]
      case .trickle: return ["fault": "trickle", "file": good]
      case .truncated: return ["fault": "truncate", "file": good]
      case .closed: return ["fault": "close"]
      case .wrongTypeArray:
        let body = try Avalanche.edited { $0["AvalancheProblems"] = "\(up) none" }
        return ["body": body]
      case .wrongTypeLevel:
        let body = try Avalanche.edited { $0["DangerLevel"] = ["value": 3, "text": up] }
        return ["body": body]
      case .wrongTypeTop: return ["body": #"{"AvalancheWarningByRegion":"\#(up)","DangerLevel":"3"}"#]
      case .html: return ["fault": "html", "body": "<html><body><h1>\(up)</h1></body></html>"]
      case .empty: return ["fault": "empty"]
      case .notJSON: return ["body": "\(up): service unavailable"]
      case .redirect: return ["status": 302, "headers": ["Location": "https://example.invalid/api"], "body": up]
      case .huge: return ["fault": "huge"]
      case .hugeStream: return ["fault": "hugestream"]
      case .refused, .unresolvable, .diskFull, .fileTooLarge: return nil
      }
    }

    /// What `lastError` must say.
    var expectedError: String {
      switch self {
      case .http500: "varsom: HTTP 500"
      case .http429: "varsom: rate limited (HTTP 429)"
      case .http503: "varsom: HTTP 503"
      // URLSession's own timeout and the client's 20 s watchdog race; either says it.
      case .timeout: "127.0.0.1"
      case .trickle: "no complete response within 20 s"
      case .truncated, .closed: "127.0.0.1"
      case .wrongTypeArray, .wrongTypeLevel, .wrongTypeTop:
        "varsom: unexpected reply for region 3022 (not a list of warnings)"
      case .html: "varsom: got an HTML page instead of JSON"
      case .empty: "varsom: empty response"
      case .notJSON: "varsom: response is not JSON"
      case .redirect: "varsom: HTTP 302"
      case .refused: "connection refused by 127.0.0.1"
      case .unresolvable: "cannot resolve host nonexistent.invalid"
      case .huge, .hugeStream: "response from 127.0.0.1 is larger than 5 MB"
      case .diskFull: "No space left on device"
      case .fileTooLarge: "File too large"
      }
    }

    /// Seconds from the attempt to the next try: the first backoff step (15 min), or
    /// Retry-After when it asks for longer.
    var expectedDelay: Int64 { self == .http503 ? 7200 : 900 }
  }

  @Test(arguments: Fault.allCases)
  func aFailedRefreshKeepsTheLastGoodTimeline(_ fault: Fault) async throws {
    let scene = try Scene()
    try scene.config()
    var mount: String?
    defer {
      if let mount { _ = try? run("/bin/umount", ["-l", mount]) }
    }
    if fault == .diskFull {
      // A tiny tmpfs as the cache directory; without root (or mount) this case is
      // covered by .fileTooLarge alone.
      try FileManager.default.createDirectory(atPath: scene.cacheDir, withIntermediateDirectories: true)
      let mounted = try run("/bin/mount", ["-t", "tmpfs", "-o", "size=64k,mode=0700", "tmpfs", scene.cacheDir])
      guard mounted.status == 0 else {
        // A skip says so: the case did not run.
        let why = mounted.stderr.trimmingCharacters(in: .whitespacesAndNewlines)
        print("SKIPPED \(fault.rawValue): mount refused (\(why)); fileTooLarge alone covers a full disk")
        Report.add(
          "faults",
          ["order": Fault.allCases.firstIndex(of: fault)!, "fault": fault.rawValue, "skipped": "mount not permitted"])
        return
      }
      mount = scene.cacheDir
    }

    // 1. A good timeline, and what bars show from it now and once it is overdue.
    let first = try scene.refresh()
    try #require(first.status == 0, "first refresh: \(first.stderr)")
    let before = try #require(scene.cache())
    let stale = try scene.staleInstant()
    let waybarBefore = try scene.emit("waybar", at: stale)
    let plainBefore = try scene.emit("plain")

    // 2. The fault.
    var wrapper: [String] = []
    switch fault {
    case .refused:
      try scene.config(varsom: "http://127.0.0.1:\(try closedPort())/api")
    case .unresolvable:
      try scene.config(varsom: "https://nonexistent.invalid/api")
    case .diskFull:
      try fill(scene.cacheDir, leaving: 4096)
    case .fileTooLarge:
      // 8 blocks: 4 KiB for dash (512-byte blocks), 8 KiB for bash; the cache is larger.
      // SIGXFSZ is left at its default: `timeline` itself must ignore it.
      wrapper = ["/bin/sh", "-c", "ulimit -f 8 && exec \"$0\" \"$@\""]
    default:
      let route = try #require(try fault.route(scene: scene))
      try await scene.server.setRoutes([Avalanche.route: route])
    }
    let ran = try scene.refresh(force: true, wrapper: wrapper)

    // 3. What must hold.
    let after = scene.cache()
    let intact = after == before
    #expect(!ran.timedOut, "refresh did not end")
    #expect(ran.signal == nil, "refresh killed by signal \(ran.signal ?? 0): \(ran.stderr)")
    #expect(ran.status == 1, "exit status \(ran.status): \(ran.stderr)")
    #expect(intact, "the cache file changed")
    let waybarAfter = try scene.emit("waybar", at: stale)
    let plainAfter = try scene.emit("plain")
    // The bar keeps the same entry; only the stale tooltip gains why the refresh failed.
    #expect(
      waybarText(waybarAfter) == waybarText(waybarBefore) && waybarClasses(waybarAfter) == waybarClasses(waybarBefore))
    #expect(
      waybarTooltip(waybarAfter).hasPrefix(waybarTooltip(waybarBefore) + "\nLast refresh failed: "), "\(waybarAfter)")
    #expect(plainAfter == plainBefore && plainAfter.hasPrefix("Trollheimen"), "\(plainAfter)")
    #expect(waybarClasses(waybarAfter).contains("stale"), "\(waybarAfter)")
    #expect(waybarText(waybarAfter).hasPrefix("Trollheimen"), "\(waybarAfter)")

    let status = try scene.status()
    let lastError = status["lastError"] as? String ?? ""
    #expect(lastError.contains(fault.expectedError), "lastError: \(lastError)")
    if fault == .timeout {
      #expect(lastError.contains("timed out") || lastError.contains("within 20 s"), "lastError: \(lastError)")
    }
    #expect(!lastError.contains(Self.upstream), "upstream text in lastError: \(lastError)")
    #expect(!lastError.contains("\n") && !lastError.contains("<") && lastError.count <= 300, "\(lastError)")
    #expect(ran.stderr.contains("avalanche: failed: " + lastError), "stderr: \(ran.stderr)")

    let state = scene.state()
    let attempt = state?["lastAttempt"] as? Int64 ?? (state?["lastAttempt"] as? Int).map(Int64.init) ?? 0
    let retry = state?["retryAt"] as? Int64 ?? (state?["retryAt"] as? Int).map(Int64.init) ?? 0
    #expect(state?["failures"] as? Int == 1, "state: \(String(describing: state))")
    #expect(retry - attempt == fault.expectedDelay, "next try after \(retry - attempt) s")

    Report.add(
      "faults",
      [
        "order": Fault.allCases.firstIndex(of: fault)!, "fault": fault.rawValue, "intact": intact,
        "shown": waybarText(waybarAfter), "stale": waybarClasses(waybarAfter).contains("stale"),
        "exit": ran.status, "seconds": (ran.seconds * 10).rounded() / 10, "lastError": lastError,
        "retry": retry - attempt,
      ])
  }

  /// Fills the file system at `path` with a filler file, then frees `leaving` bytes.
  func fill(_ path: String, leaving: Int) throws {
    let filler = path + "/filler"
    let fd = open(filler, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o600)
    guard fd >= 0 else { throw TestSupportError("cannot create \(filler)") }
    defer { close(fd) }
    let block = [UInt8](repeating: 0, count: 4096)
    var size = 0
    while true {
      let n = block.withUnsafeBytes { write(fd, $0.baseAddress, $0.count) }
      if n <= 0 { break }
      size += n
    }
    guard ftruncate(fd, off_t(max(0, size - leaving))) == 0 else { throw TestSupportError("ftruncate failed") }
  }

  /// Failures in a row back off 15 min, 30, 1 h, 2 h, 4 h, then stay at the 6 h cap; a
  /// success clears the state.
  @Test func backoffDoublesToTheCapAndASuccessClearsIt() async throws {
    let scene = try Scene()
    try scene.config()
    #expect(try scene.refresh().status == 0)
    let good = try #require(scene.cache())
    try await scene.server.setRoutes([Avalanche.route: ["status": 500, "body": "{}"]])
    var delays: [Int64] = []
    for _ in 0..<8 {
      let ran = try scene.refresh(force: true)
      #expect(ran.status == 1)
      let state = try #require(scene.state())
      delays.append(Int64(state["retryAt"] as? Int ?? 0) - Int64(state["lastAttempt"] as? Int ?? 0))
    }
    #expect(delays == [900, 1800, 3600, 7200, 14400, 21600, 21600, 21600])
    #expect(scene.cache() == good)
    // Not forced and not due: the retry time holds, nothing is fetched.
    let requests = try await scene.server.log().paths.count
    #expect(try scene.refresh().status == 0)
    #expect(try await scene.server.log().paths.count == requests)
    // The server recovers: the next forced refresh succeeds and clears the failure.
    try await scene.server.setRoutes([Avalanche.route: ["file": scene.dir.file("good.json")]])
    #expect(try scene.refresh(force: true).status == 0)
    #expect(scene.state() == nil)
    #expect(try scene.status()["lastError"] is NSNull)
    Report.add("backoff", ["delays": delays.map { Int($0) }])
  }
}
