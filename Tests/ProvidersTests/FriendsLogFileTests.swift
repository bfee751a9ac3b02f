import Foundation
import Testing
import TimelineCore
import TimelineTestSupport

@testable import Providers

/// The friends log as a file: an append on a log that lost its last newline, a
/// symlinked log, and what is not a regular file.
@Suite struct FriendsLogFileTests {
  static func contact(_ who: String, day: Int) -> FriendsLog.Event {
    FriendsLog.Event(kind: .contact, who: "uid:" + who, name: who, day: day, at: 1)
  }

  /// The last line without its newline (an editor that adds none, an append cut short
  /// after its JSON): the next append starts on a line of its own, and both parse.
  @Test func anAppendStartsOnAFreshLine() throws {
    let dir = try TempDir()
    let log = FriendsLog(path: dir.file("friends/log.jsonl"))
    try log.append([Self.contact("bob", day: 20_000)])
    #expect(truncate(log.path, off_t(try Data(contentsOf: URL(fileURLWithPath: log.path)).count - 1)) == 0)
    try log.append([Self.contact("alice", day: 20_001)])
    let (events, damaged) = try log.read()
    #expect(events.map(\.who) == ["uid:bob", "uid:alice"])
    #expect(damaged.isEmpty)
    // And a log whose last line ends properly gets no empty line between.
    try log.append([Self.contact("carol", day: 20_002)])
    let text = try String(contentsOfFile: log.path, encoding: .utf8)
    #expect(text.split(separator: "\n", omittingEmptySubsequences: false).count == 4, "\(text)")
  }

  /// A log that is a symlink (a dotfile manager's) is followed for writes as for reads;
  /// the link stays a link.
  @Test func aSymlinkedLogIsFollowed() throws {
    let dir = try TempDir()
    try FileManager.default.createDirectory(atPath: dir.file("dotfiles"), withIntermediateDirectories: true)
    try FileManager.default.createDirectory(atPath: dir.file("data/friends"), withIntermediateDirectories: true)
    try FileManager.default.createSymbolicLink(
      atPath: dir.file("data/friends/log.jsonl"), withDestinationPath: dir.file("dotfiles/log.jsonl"))
    let log = FriendsLog(path: dir.file("data/friends/log.jsonl"))
    try log.append([Self.contact("bob", day: 20_000)])
    try log.append([Self.contact("alice", day: 20_001)])
    #expect(try log.read().events.count == 2)
    let target = try String(contentsOfFile: dir.file("dotfiles/log.jsonl"), encoding: .utf8)
    #expect(target.split(separator: "\n").count == 2)
    let kind = try FileManager.default.attributesOfItem(atPath: log.path)[.type] as? FileAttributeType
    #expect(kind == .typeSymbolicLink)
  }

  /// A FIFO or a directory where the log should be is refused at once, with no wait.
  @Test func whatIsNotARegularFileIsRefused() throws {
    let dir = try TempDir()
    #expect(mkfifo(dir.file("fifo.jsonl"), 0o600) == 0)
    try FileManager.default.createDirectory(atPath: dir.file("dir.jsonl"), withIntermediateDirectories: true)
    for name in ["fifo.jsonl", "dir.jsonl"] {
      #expect(throws: ProviderError.self) { try FriendsLog(path: dir.file(name)).append([Self.contact("x", day: 1)]) }
    }
  }

  /// A log larger than the reader takes is an error that says so, never a log read in part
  /// (which would lose its latest events without a word); reading it changes nothing.
  @Test func aLogTooLargeToReadIsAnErrorNotACut() throws {
    let dir = try TempDir()
    let log = FriendsLog(path: dir.file("log.jsonl"))
    try log.append([Self.contact("bob", day: 20_000)])
    // Sparse: the size without the disk.
    #expect(truncate(log.path, off_t(FriendsLog.maxBytes + 1)) == 0)
    do {
      _ = try log.read()
      Issue.record("a log of \(FriendsLog.maxBytes + 1) bytes was read")
    } catch {
      #expect("\(error)".contains("larger than 256 MB"), "\(error)")
    }
    var info = stat()
    #expect(stat(log.path, &info) == 0 && Int(info.st_size) == FriendsLog.maxBytes + 1)
  }
}
