import Glibc
import LoaderTables
import Testing

/// `loader_tables_release` in this test process, which is dynamically linked like
/// `timeline`: the tables leave memory, their bytes come back intact when read, and the
/// loader still works afterwards.
@Suite(.serialized) struct LoaderTablesTests {
  @Test func theTablesLeaveMemoryAndReadBackAsTheFileHasThem() throws {
    var ranges = [LoaderTableRange](repeating: LoaderTableRange(), count: 256)
    var count: Int32 = 0
    let bytes = loader_tables_release(&ranges, Int32(ranges.count), &count)
    #expect(bytes > 0)
    #expect(count > 0)
    let kept = ranges.prefix(Int(min(count, Int32(ranges.count))))
    #expect(kept.reduce(0) { $0 + $1.length } == bytes || count > Int32(ranges.count))
    let page = Int(sysconf(Int32(_SC_PAGESIZE)))
    for range in kept {
      let start = Int(bitPattern: range.start)
      #expect(start % page == 0 && range.length % page == 0)
      // Not resident right after the call (nothing but the loader reads these pages).
      #expect(try residentPages(start: start, length: range.length, page: page) == 0)
      // Read back: the same bytes as the mapped file at that offset.
      let (path, offset) = try #require(try mapping(of: start))
      let fd = open(path, O_RDONLY)
      try #require(fd >= 0)
      defer { close(fd) }
      var fromFile = [UInt8](repeating: 0, count: range.length)
      #expect(pread(fd, &fromFile, range.length, off_t(offset)) == range.length)
      let inMemory = UnsafeRawBufferPointer(start: range.start, count: range.length)
      #expect(fromFile.elementsEqual(inMemory))
    }
  }

  @Test func theLoaderStillLoadsAndBindsAfterwards() throws {
    loader_tables_release(nil, 0, nil)
    // A library this process has not loaded: the loader relocates it against the ones
    // whose tables are gone, which needs their symbol tables, not their relocations.
    let handle = try #require(dlopen("liblzma.so.5", RTLD_NOW | RTLD_LOCAL))
    defer { dlclose(handle) }
    let symbol = try #require(dlsym(handle, "lzma_version_number"))
    let version = unsafeBitCast(symbol, to: (@convention(c) () -> UInt32).self)()
    #expect(version >= 50_000_002)
  }

  /// How many pages of [start, start + length) are resident, from /proc/self/pagemap.
  private func residentPages(start: Int, length: Int, page: Int) throws -> Int {
    let fd = open("/proc/self/pagemap", O_RDONLY)
    try #require(fd >= 0)
    defer { close(fd) }
    var entries = [UInt64](repeating: 0, count: length / page)
    let size = entries.count * 8
    let read = entries.withUnsafeMutableBytes { pread(fd, $0.baseAddress, size, off_t(start / page * 8)) }
    try #require(read == size)
    return entries.filter { $0 >> 63 == 1 }.count
  }

  /// The file and offset /proc/self/maps gives for `address`.
  private func mapping(of address: Int) throws -> (String, Int)? {
    let fd = open("/proc/self/maps", O_RDONLY)
    try #require(fd >= 0)
    defer { close(fd) }
    var text: [UInt8] = []
    var chunk = [UInt8](repeating: 0, count: 65536)
    while true {
      let got = read(fd, &chunk, chunk.count)
      if got <= 0 { break }
      text += chunk[..<got]
    }
    for line in String(decoding: text, as: UTF8.self).split(separator: "\n") {
      let fields = line.split(separator: " ", omittingEmptySubsequences: true)
      guard fields.count >= 6, let dash = fields[0].firstIndex(of: "-"),
        let low = Int(fields[0][..<dash], radix: 16),
        let high = Int(fields[0][fields[0].index(after: dash)...], radix: 16),
        let offset = Int(fields[2], radix: 16), low <= address, address < high
      else { continue }
      return (String(fields[5...].joined(separator: " ")), offset + address - low)
    }
    return nil
  }
}
