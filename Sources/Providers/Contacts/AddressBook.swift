import FoundationEssentials
import Glibc
import Platform
import Synchronization
import TimelineCore

/// The user's address book, a vCard folder or one `.vcf`, read only and defensively (the
/// limits: docs/providers/birthdays.md): no FIFO, symlink loop or huge file can hang or
/// crash a refresh. What is passed over is said in `problems`.
struct AddressBook: Sendable, Equatable {
  /// The cards read, in file order.
  var contacts: [Contact] = []
  /// One line per skipped card or file, for `status` and `doctor`.
  var problems: [String] = []
  /// The `.vcf` files read.
  var files = 0

  /// A larger file is skipped and named in `problems`.
  static let maxFileBytes = 64 << 20
  /// Folders deeper than this are not entered.
  static let maxDepth = 8
  /// At most this many files are read in all.
  static let maxFiles = 100_000

  /// Reads `path` (`~/` expanded by the caller). A missing path is an error, since a
  /// wrong `contacts` setting should say so rather than show nobody; so is a folder that
  /// cannot be listed or a file that cannot be opened (mode 000, another user's), since an
  /// empty book would replace a good timeline with "nobody". A subfolder or a card that
  /// cannot be read is only named in `problems`. A friends and a birthdays widget on the
  /// same folder, refreshed together, share one reading: it is kept for a few seconds, and
  /// a second reader waits for the first.
  static func read(_ path: String) throws -> AddressBook {
    try recent.withLock(path) { try readFresh(path) }
  }

  private static let recent = RecentBooks()

  static func readFresh(_ path: String) throws -> AddressBook {
    var info = stat()
    guard stat(path, &info) == 0 else {
      throw ProviderError("contacts: cannot read \(path): \(String(cString: strerror(errno)))")
    }
    var book = AddressBook()
    if info.st_mode & S_IFMT == S_IFDIR {
      var visited: Set<[UInt64]> = []
      try book.walk(path, relative: "", depth: 0, visited: &visited)
    } else {
      let read = contents(path)
      if case .failure(let problem) = read, !problem.opened {
        throw ProviderError("contacts: \(path): \(problem.reason)")
      }
      book.add(read, name: path.split(separator: "/").last.map(String.init) ?? path)
    }
    return book
  }

  /// Reads the cards under `directory`. Throws only when the book's own folder
  /// (`relative` empty) cannot be listed; a subfolder that cannot be is a problem.
  private mutating func walk(
    _ directory: String, relative: String, depth: Int, visited: inout Set<[UInt64]>
  ) throws {
    var info = stat()
    guard stat(directory, &info) == 0, visited.insert([UInt64(info.st_dev), UInt64(info.st_ino)]).inserted else {
      return
    }
    guard depth <= Self.maxDepth else {
      problems.append("\(relative): deeper than \(Self.maxDepth) folders; not read")
      return
    }
    guard let handle = opendir(directory) else {
      let reason = String(cString: strerror(errno))
      if relative.isEmpty { throw ProviderError("contacts: cannot read \(directory): \(reason)") }
      problems.append("\(relative): cannot list: \(reason)")
      return
    }
    var names: [(name: String, type: UInt8)] = []
    while let item = readdir(handle) {
      let name = withUnsafeBytes(of: item.pointee.d_name) { raw in
        String(decoding: raw.prefix(while: { $0 != 0 }), as: UTF8.self)
      }
      // Hidden entries are sync tools' state (vdirsyncer's `.status`, `.git`), not cards.
      if !name.hasPrefix(".") { names.append((name, item.pointee.d_type)) }
    }
    closedir(handle)
    for (name, type) in names.sorted(by: { $0.name < $1.name }) {
      let full = directory + "/" + name
      let shown = relative.isEmpty ? name : relative + "/" + name
      let isCard = name.lowercased().hasSuffix(".vcf")
      // A plain file needs no stat of its own: the read checks what it opened.
      if type == UInt8(DT_REG) {
        if isCard { guard readCard(full, shown) else { return } }
        continue
      }
      var entry = stat()
      // stat, not lstat: a symlinked book is followed; `visited` ends a loop.
      guard stat(full, &entry) == 0 else {
        if name.lowercased().hasSuffix(".vcf") { problems.append("\(shown): cannot read (broken link?); skipped") }
        continue
      }
      if entry.st_mode & S_IFMT == S_IFDIR {
        try walk(full, relative: shown, depth: depth + 1, visited: &visited)
      } else if isCard {
        guard readCard(full, shown) else { return }
      }
    }
  }

  /// Reads one card file; false once `maxFiles` have been read.
  private mutating func readCard(_ path: String, _ shown: String) -> Bool {
    guard files < Self.maxFiles else {
      problems.append("more than \(Self.maxFiles) .vcf files; the rest are not read")
      return false
    }
    add(Self.contents(path), name: shown)
    return true
  }

  private mutating func add(_ read: Result<[UInt8], ReadProblem>, name: String) {
    switch read {
    case .success(let bytes):
      files += 1
      let cards = VCardReader.read(bytes, file: name)
      contacts += cards.contacts
      problems += cards.problems
    case .failure(let problem):
      problems.append("\(name): \(problem.reason); skipped")
    }
  }

  struct ReadProblem: Error {
    var reason: String
    /// Whether the file was opened (so it exists and may be read, but is not usable).
    var opened = true
  }

  /// The bytes of a regular file of at most `maxFileBytes` (`SmallFile`).
  static func contents(_ path: String) -> Result<[UInt8], ReadProblem> {
    SmallFile.bytes(path, limit: maxFileBytes).mapError { error in
      switch error {
      case .missing, .system: ReadProblem(reason: "cannot open: " + error.reason, opened: false)
      case .notRegular: ReadProblem(reason: "not a regular file")
      case .tooLarge: ReadProblem(reason: error.reason)
      }
    }
  }
}

/// The address books read in the last seconds, by path.
private final class RecentBooks: Sendable {
  private let books = Mutex<[String: (book: AddressBook, at: Int64)]>([:])
  private static let seconds: Int64 = 3

  func withLock(_ path: String, _ read: () throws -> AddressBook) throws -> AddressBook {
    try books.withLock { books in
      let now = SystemClock().now()
      if let kept = books[path], now - kept.at < Self.seconds, now >= kept.at { return kept.book }
      let book = try read()
      books[path] = (book, now)
      return book
    }
  }
}
