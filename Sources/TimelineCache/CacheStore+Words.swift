import Glibc
import Platform
import TimelineCore

/// The emitters' words beside the caches (`Words`): `.words`, written by each refresh in
/// the user's language, absent for English. A hidden name, so no widget's files meet it.
extension CacheStore {
  var wordsPath: String { Self.join(directory, ".words") }

  /// The words the last refresh wrote; English when there is no readable file.
  public func words() -> Words {
    guard case .success(let text) = SmallFile.read(wordsPath, limit: 64 << 10) else { return .english }
    return Words(text: text)
  }

  /// Writes `text` (`Words.encoded`) as the words file, or removes the file for English
  /// (empty `text`), so an earlier language's words do not stay.
  public func writeWords(_ text: String) throws(CacheWriteError) {
    if text.isEmpty {
      if unlink(wordsPath) != 0 && errno != ENOENT { throw .io("remove \(wordsPath)", errno) }
      return
    }
    if case .success(let old) = SmallFile.read(wordsPath, limit: 64 << 10), old == text { return }
    try writeAtomically(Array(text.utf8), to: wordsPath)
  }
}
