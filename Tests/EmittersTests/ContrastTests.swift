import Testing

@testable import Emitters

/// WCAG 2 contrast, against figures published with the definition.
@Suite struct ContrastTests {
  @Test func knownRatios() throws {
    #expect(try #require(Contrast.ratio("#000000", "#ffffff")) == 21)
    #expect(try #require(Contrast.ratio("#ffffff", "#ffffff")) == 1)
    // #767676 is the lightest grey that reaches 4.5:1 on white; #777777 just misses it.
    #expect(try #require(Contrast.ratio("#767676", "#ffffff")) >= 4.5)
    #expect(try #require(Contrast.ratio("#777777", "#ffffff")) < 4.5)
    #expect(abs(try #require(Contrast.luminance("#808080")) - 0.2158605) < 1e-6)
    #expect(Contrast.ratio("#abc", "#ffffff") == nil)
  }

  @Test func onlyColoursTooDarkForADarkBarAreBadges() {
    for dark in ["#000000", "#800000", "#112233", "#1e1e2e"] { #expect(Contrast.needsBadge(dark), "\(dark)") }
    for light in ["#969696", "#ed462f", "#ff0000", "#ff6f4d", "#4dcf4d", "#9aa5b1", "#f9c71c"] {
      #expect(!Contrast.needsBadge(light), "\(light)")
    }
    #expect(Contrast.text(on: "#000000") == "#ffffff")
    #expect(Contrast.text(on: "#800000") == "#ffffff")
    #expect(Contrast.text(on: "#ffff00") == "#000000")
  }

  /// `needsBadge` settles bright colours from a lower bound first; it decides exactly as
  /// the ratio against black does, for every grey and a grid of colours.
  @Test func theBadgeShortcutAgreesWithTheRatio() throws {
    func hex(_ r: Int, _ g: Int, _ b: Int) -> String {
      "#" + [r, g, b].map { ($0 < 16 ? "0" : "") + String($0, radix: 16) }.joined()
    }
    var colors = (0...255).map { hex($0, $0, $0) }
    for r in stride(from: 0, through: 255, by: 15) {
      for g in stride(from: 0, through: 255, by: 15) {
        for b in stride(from: 0, through: 255, by: 15) { colors.append(hex(r, g, b)) }
      }
    }
    for color in colors {
      let ratio = try #require(Contrast.ratio(color, "#000000"))
      #expect(Contrast.needsBadge(color) == (ratio < 3), "\(color): \(ratio)")
    }
    #expect(!Contrast.needsBadge("#abc"))
  }
}
