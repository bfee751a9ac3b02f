import Foundation
import Testing
import TimelineCache
import TimelineCore
import TimelineKit
import TimelineTestSupport

/// The favourites import is the user's file, read with the package's one safe reader
/// (`SmallFile`): a FIFO in its place cannot hang the refresh, and a huge file is refused,
/// each with a config error that says why; so is a hostile property list.
@Suite struct FavouritesImportReadTests {
  @Test func aFIFOAsTheImportIsRefusedWithoutBlocking() async throws {
    let engine = try Engine("[widgets.favs]\nkind = \"favourites\"\nimport = \"saved.gkhoj\"\n")
    // A real FIFO with no writer: a blocking open would wait for one for ever.
    #expect(mkfifo(engine.dir.file("saved.gkhoj"), 0o600) == 0)
    await #expect {
      _ = try await engine.refresh("favs")
    } throws: { error in
      "\(error)".contains("saved.gkhoj\": is a FIFO, not a regular file")
    }
    #expect(engine.http.paths.isEmpty)
  }

  @Test func aHugeImportIsRefused() async throws {
    let engine = try Engine("[widgets.favs]\nkind = \"favourites\"\nimport = \"saved.gkhoj\"\n")
    let path = try engine.dir.write("saved.gkhoj", ConfigAndStatusTests.gkhoj([3492]))
    let handle = try #require(FileHandle(forWritingAtPath: path))
    try handle.truncate(atOffset: 9 << 20)
    try handle.close()
    await #expect {
      _ = try await engine.refresh("favs")
    } throws: { error in
      "\(error)".contains("saved.gkhoj\": larger than 8 MB")
    }
  }

  @Test func aBinaryListThatContainsItselfIsRefused() async throws {
    let engine = try Engine("[widgets.favs]\nkind = \"favourites\"\nimport = \"saved.gkhoj\"\n")
    // bplist00: one array whose only element is itself, then the offset table and trailer.
    let bytes: [UInt8] =
      Array("bplist00".utf8) + [0xA1, 0x00, 0x08] + [0, 0, 0, 0, 0, 0, 1, 1] + [0, 0, 0, 0, 0, 0, 0, 1]
      + [0, 0, 0, 0, 0, 0, 0, 0] + [0, 0, 0, 0, 0, 0, 0, 10]
    #expect(FileManager.default.createFile(atPath: engine.dir.file("saved.gkhoj"), contents: Data(bytes)))
    await #expect {
      _ = try await engine.refresh("favs")
    } throws: { error in
      "\(error)".contains("saved.gkhoj\" is not a Gurbani Khoj export")
    }
    #expect(engine.http.paths.isEmpty)
  }
}
