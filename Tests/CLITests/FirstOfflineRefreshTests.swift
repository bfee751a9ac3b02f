import Foundation
import Glibc
import Testing
import TimelineTestSupport

/// What a failed refresh promises about the bars: "the bars keep the previous timeline"
/// only when there is one; on a first refresh with no network they show the widget's
/// placeholder, and the message says so. Through the built `timeline`, against a
/// loopback port nothing listens on.
@Suite struct FirstOfflineRefreshTests {
  let dir: TempDir

  init() throws { dir = try TempDir() }

  /// A loopback port nothing listens on: bound by the kernel's choice, then closed, so a
  /// connection to it is refused at once.
  static func closedPort() throws -> Int {
    let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
    try #require(fd >= 0)
    defer { close(fd) }
    var address = sockaddr_in()
    address.sin_family = sa_family_t(AF_INET)
    address.sin_addr.s_addr = inet_addr("127.0.0.1")
    address.sin_port = 0
    var length = socklen_t(MemoryLayout<sockaddr_in>.size)
    let bound = withUnsafeMutablePointer(to: &address) {
      $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { pointer in
        bind(fd, pointer, length) == 0 && getsockname(fd, pointer, &length) == 0
      }
    }
    try #require(bound)
    return Int(UInt16(bigEndian: address.sin_port))
  }

  func refresh(_ config: String) throws -> RunResult {
    try run(
      Paths.binary("timeline"), ["refresh", "--force"],
      environment: ["TIMELINE_CACHE_DIR": dir.file("cache"), "TIMELINE_CONFIG": config, "NO_COLOR": "1"])
  }

  @Test func theFirstOfflineRefreshSaysTheBarsShowThePlaceholder() throws {
    let config = try dir.write(
      "config.toml",
      """
      [sources]
      banidb = "http://127.0.0.1:\(try Self.closedPort())/v2"

      [widgets.shabad]
      kind = "random-shabad"
      entries = 2
      """)
    // The first run and the one after it: neither has a timeline to keep.
    for _ in 0..<2 {
      let result = try refresh(config)
      #expect(result.status == 1, "\(result)")
      #expect(result.stderr.contains("shabad: failed: "), "\(result.stderr)")
      #expect(result.stderr.contains("the bars show a placeholder until a refresh succeeds"), "\(result.stderr)")
      #expect(!result.stderr.contains("keep the previous timeline"), "\(result.stderr)")
      let shown = try run(
        Paths.binary("timeline-emit"), ["waybar", "shabad"], environment: ["TIMELINE_CACHE_DIR": dir.file("cache")])
      #expect(shown.stdout.contains("\"placeholder\""), "\(shown.stdout)")
    }
  }

  @Test func aFailureAfterAGoodRefreshSaysTheBarsKeepIt() throws {
    let config = try CommandWidget.config(
      script:
        """
        #!/bin/sh
        [ -e "\(dir.file("fail"))" ] && { echo 'offline' >&2; exit 3; }
        now=$(date +%s)
        printf '{"entries":[{"date":%s,"text":"tick"}],"policy":{"after":%s}}' $now $((now+3600))
        """, in: dir)
    #expect(try refresh(config).status == 0)
    #expect(FileManager.default.createFile(atPath: dir.file("fail"), contents: Data()))
    let failed = try refresh(config)
    #expect(failed.status == 1)
    #expect(failed.stderr.contains("the bars keep the previous timeline"), "\(failed.stderr)")
  }
}
