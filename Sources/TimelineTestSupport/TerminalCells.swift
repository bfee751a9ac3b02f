/// A terminal line with SGR escapes (what `capture-pane -e` prints) read back into
/// characters and the style each is drawn in, so tests can say "this word is white on blue"
/// instead of matching escape sequences.
public struct TerminalCell: Sendable, Equatable {
  /// The character drawn.
  public var character: Character
  /// `#rrggbb` for 24-bit colours, `ansi0`…`ansi15` for the palette, nil for the default.
  public var foreground: String?
  /// The background, in the same notation as `foreground`.
  public var background: String?
  /// SGR 1.
  public var bold: Bool
  /// SGR 2.
  public var dim: Bool
}

/// Reads SGR-styled lines into cells.
public enum TerminalCells {
  /// The cells of `line`; escapes other than SGR are dropped.
  public static func parse(_ line: String) -> [TerminalCell] {
    var cells: [TerminalCell] = []
    var style = TerminalCell(character: " ", foreground: nil, background: nil, bold: false, dim: false)
    var chars = Array(line)
    chars.removeAll { $0 == "\n" || $0 == "\r" }
    var at = 0
    while at < chars.count {
      if chars[at] == "\u{1B}", at + 1 < chars.count, chars[at + 1] == "[" {
        var end = at + 2
        while end < chars.count, !chars[end].isLetter { end += 1 }
        if end < chars.count, chars[end] == "m" {
          apply(String(chars[(at + 2)..<end]), to: &style)
        }
        at = end + 1
        continue
      }
      var cell = style
      cell.character = chars[at]
      cells.append(cell)
      at += 1
    }
    return cells
  }

  /// The cells of the first occurrence of `text` in `cells`, or nil.
  public static func find(_ text: String, in cells: [TerminalCell]) -> ArraySlice<TerminalCell>? {
    let wanted = Array(text)
    guard wanted.count <= cells.count else { return nil }
    for start in 0...(cells.count - wanted.count) where cells[start..<(start + wanted.count)].map(\.character) == wanted
    {
      return cells[start..<(start + wanted.count)]
    }
    return nil
  }

  private static func apply(_ parameters: String, to style: inout TerminalCell) {
    var codes = parameters.split(separator: ";", omittingEmptySubsequences: false).map { Int($0) ?? 0 }
    if codes.isEmpty { codes = [0] }
    var index = 0
    while index < codes.count {
      let code = codes[index]
      index += 1
      switch code {
      case 0: style = TerminalCell(character: " ", foreground: nil, background: nil, bold: false, dim: false)
      case 1: style.bold = true
      case 2: style.dim = true
      case 22:
        style.bold = false
        style.dim = false
      case 30...37: style.foreground = "ansi\(code - 30)"
      case 90...97: style.foreground = "ansi\(code - 90 + 8)"
      case 39: style.foreground = nil
      case 40...47: style.background = "ansi\(code - 40)"
      case 100...107: style.background = "ansi\(code - 100 + 8)"
      case 49: style.background = nil
      case 38, 48:
        var color: String?
        if index < codes.count, codes[index] == 2, index + 3 < codes.count {
          color = "#" + codes[(index + 1)...(index + 3)].map { hex($0) }.joined()
          index += 4
        } else if index < codes.count, codes[index] == 5, index + 1 < codes.count {
          color = codes[index + 1] < 16 ? "ansi\(codes[index + 1])" : "colour\(codes[index + 1])"
          index += 2
        }
        if code == 38 { style.foreground = color } else { style.background = color }
      default: break
      }
    }
  }

  private static func hex(_ value: Int) -> String {
    let digits = Array("0123456789abcdef")
    return String([digits[(value >> 4) & 15], digits[value & 15]])
  }
}
