import Foundation
import Testing
import TimelineCore

@testable import Emitters

@Suite struct I3barEmitterTests {
  @Test(arguments: GoldenCase.all)
  func golden(_ golden: GoldenCase) throws {
    let line = I3barEmitter.render(golden.input, options: golden.options)
    Golden.check(line, bar: "i3bar", name: golden.name)
    #expect(!line.contains("\n"))
    let object = try #require(jsonObject(line), "not JSON: \(line)")
    #expect(object["full_text"] as? String == expectedText(golden, order: .logical))
    #expect(object["short_text"] is String)
    #expect(object["markup"] as? String == "none")
    #expect(object["name"] as? String == "timeline")
    #expect(object["instance"] as? String == golden.input.widget)
    #expect(object["urgent"] as? Bool == golden.input.entry.isUrgent)
    if let color = object["color"] as? String { #expect(TextRun.validColor(color) == color) }
  }

  @Test func colourPrecedence() {
    let level = RenderInput(widget: "w", entry: Entry(date: 0, runs: [TextRun("x")], alt: "a", level: 4))
    #expect(I3barEmitter.render(level, options: RenderOptions()).contains(##""color":"#ff0000""##))
    var stale = level
    stale.isStale = true
    #expect(I3barEmitter.render(stale, options: RenderOptions()).contains(##""color":"#888888""##))
    let none = RenderInput(widget: "w", entry: Caches.entry("x"))
    #expect(!I3barEmitter.render(none, options: RenderOptions()).contains("color"))
  }

  @Test func statusLineIsAnArrayOfBlocks() throws {
    let states = [RenderInput(widget: "a", entry: Caches.entry("1")), RenderInput(widget: "b", entry: Caches.entry("2\""))]
    let line = I3barEmitter.renderLine(states, options: RenderOptions())
    let array = try #require(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [[String: Any]])
    #expect(array.map { $0["instance"] as? String } == ["a", "b"])
    #expect(I3barEmitter.header == "{\"version\":1,\"stop_signal\":0}\n[\n")
  }
}
