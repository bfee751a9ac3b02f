import Foundation
import Testing
import TimelineCore
import TimelineTestSupport

@testable import TimelineCache

@Suite struct AtomicWriteTests {
  @Test func aReaderNeverSeesAPartialFileDuring1000Rewrites() async throws {
    let dir = try TempDir()
    let store = CacheStore(directory: dir.path)
    try store.write(CacheRoundTripTests.sample(entries: 50))
    let path = store.path(for: try .named("w"))
    let done = ManagedAtomicFlag()
    let reader = Task.detached {
      var reads = 0
      var bad = 0
      while !done.isSet {
        let view = CacheReader.view(path: path, at: 1500)
        if view.error != nil || view.current == nil { bad += 1 }
        reads += 1
        done.count(reads)
      }
      return (reads, bad)
    }
    // Start writing only once the reader is reading, so the two really overlap.
    while done.reads == 0 { usleep(1000) }
    for i in 0..<1000 {
      try store.write(CacheRoundTripTests.sample(entries: 10 + i % 90))
    }
    done.set()
    let (reads, bad) = await reader.value
    #expect(reads > 0)
    #expect(bad == 0)
  }

  @Test func noTemporaryFilesAreLeftBehind() throws {
    let dir = try TempDir()
    let store = CacheStore(directory: dir.path)
    for _ in 0..<10 { try store.write(CacheRoundTripTests.sample(entries: 3)) }
    let names = try FileManager.default.contentsOfDirectory(atPath: dir.path)
    #expect(names == ["w.json"])
  }

  @Test func invalidNamesAreRefused() throws {
    let dir = try TempDir()
    let store = CacheStore(directory: dir.path)
    let good = CacheEncoder.encode(CacheRoundTripTests.sample(entries: 1))
    let meta = String(decoding: good.prefix { $0 != UInt8(ascii: "\n") }, as: UTF8.self)
    for name in ["../x", "/etc/passwd", "a/b", "", "-x", "A", "a\0b", "a.json", String(repeating: "a", count: 65)] {
      #expect(WidgetName(name) == nil, "\(name)")
      // A timeline holds a checked name, so the only way in for a bad one is a file: a meta
      // line naming it is refused as a damaged file, by the bars and the CLI alike.
      var json: [UInt8] = []
      JSONEscape.append(name, to: &json)
      let field = "\"widget\":\"" + String(decoding: json, as: UTF8.self) + "\""
      let bytes =
        Array(meta.replacingOccurrences(of: "\"widget\":\"w\"", with: field).utf8)
        + good.drop { $0 != UInt8(ascii: "\n") }
      #expect(bytes != good)
      let path = try dir.write("bad.json", String(decoding: bytes, as: UTF8.self))
      #expect(throws: CacheReadError.self) { try CacheReader.timeline(path: path) }
      #expect(CacheReader.view(path: path, at: 1000).meta == nil)
    }
    try FileManager.default.removeItem(atPath: dir.file("bad.json"))
    #expect(try FileManager.default.contentsOfDirectory(atPath: dir.path).isEmpty)
    #expect(try store.path(for: .named("random-shabad")) == dir.path + "/random-shabad.json")
  }

  @Test func stateSitsBesideTheCacheWithoutTouchingIt() throws {
    let dir = try TempDir()
    let store = CacheStore(directory: dir.path)
    try store.write(CacheRoundTripTests.sample(entries: 3))
    let before = try Data(contentsOf: URL(fileURLWithPath: store.path(for: try .named("w"))))
    let state = WidgetState(lastAttempt: 10, lastError: "x \"y\"", failures: 2, retryAt: 99)
    try store.writeState(state, of: .named("w"))
    let name = try WidgetName.named("w")
    #expect(store.state(of: name) == state)
    #expect(try Data(contentsOf: URL(fileURLWithPath: store.path(for: try .named("w")))) == before)
    store.clearState(of: try .named("w"))
    #expect(store.state(of: name) == nil)
  }
}

/// A flag shared between a test and a detached reader.
final class ManagedAtomicFlag: @unchecked Sendable {
  private let lock = NSLock()
  private var value = false
  private var seen = 0
  var isSet: Bool {
    lock.lock()
    defer { lock.unlock() }
    return value
  }
  var reads: Int {
    lock.lock()
    defer { lock.unlock() }
    return seen
  }
  func count(_ n: Int) {
    lock.lock()
    seen = n
    lock.unlock()
  }
  func set() {
    lock.lock()
    value = true
    lock.unlock()
  }
}
