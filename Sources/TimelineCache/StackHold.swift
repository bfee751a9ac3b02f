import Glibc
import TimelineCore

/// Which member a stack shows and since when, so a member stays at least the stack's
/// `min_display` (docs/relevance.md). Kept beside the browse states, never in the cache: it
/// is what this session's bars showed. On disk: `timeline-stack 1`, `member NAME`, `since DATE`.
public struct StackHold: Sendable, Equatable {
  /// The member shown.
  public var member: String
  /// Since when it has been shown (UTC epoch seconds).
  public var since: Int64

  /// Creates a hold of `member` since `since`.
  public init(member: String, since: Int64) {
    self.member = member
    self.since = since
  }

  static let header: StaticString = "timeline-stack 1"

  /// The file's text.
  public func encoded() -> String { "\(Self.header)\nmember \(member)\nsince \(since)\n" }

  /// Parses a file's bytes (read on every stack emit, so by comparing bytes, without
  /// building strings or arrays to compare with).
  static func decode(bytes: ArraySlice<UInt8>) -> StackHold? {
    var at = bytes.startIndex
    guard skip(header, in: bytes, at: &at), skip("\nmember ", in: bytes, at: &at) else { return nil }
    let nameStart = at
    while at < bytes.endIndex, bytes[at] != 0x0A { at += 1 }
    let member = String(decoding: bytes[nameStart..<at], as: UTF8.self)
    guard WidgetName.isValid(member), skip("\nsince ", in: bytes, at: &at) else { return nil }
    var value: Int64 = 0
    var digits = 0
    while at < bytes.endIndex, bytes[at] >= 48, bytes[at] <= 57, digits < 18 {
      value = value * 10 + Int64(bytes[at] - 48)
      digits += 1
      at += 1
    }
    guard digits > 0, at == bytes.endIndex || (bytes[at] == 0x0A && at + 1 == bytes.endIndex) else { return nil }
    return StackHold(member: member, since: value)
  }

  /// Whether `bytes` hold `text` at `at`; if so, `at` moves past it.
  private static func skip(_ text: StaticString, in bytes: ArraySlice<UInt8>, at: inout Int) -> Bool {
    let count = text.utf8CodeUnitCount
    guard bytes.endIndex - at >= count else { return false }
    for offset in 0..<count where bytes[at + offset] != text.utf8Start[offset] { return false }
    at += count
    return true
  }
}

extension BrowseStore {
  /// The hold file of `stack`, `<stack>.shown`, joined in one allocation.
  func holdPath(for stack: WidgetName) -> String { CacheStore.join(directory, stack.text, ".shown") }

  /// The stack's hold; nil when there is none or it cannot be trusted.
  public func readHold(_ stack: WidgetName) -> StackHold? {
    guard let bytes = small(holdPath(for: stack), limit: 255) else { return nil }
    return StackHold.decode(bytes: bytes[...])
  }

  /// Records the stack's hold atomically; a failure only costs the hold (bars then pick
  /// by score alone), so it is not reported.
  public func writeHold(_ hold: StackHold, for stack: WidgetName) {
    let path = holdPath(for: stack)
    let store = CacheStore(directory: directory)
    guard (try? store.ensureDirectory()) != nil, isSafe() else { return }
    try? store.writeAtomically(Array(hold.encoded().utf8), to: path)
  }
}
