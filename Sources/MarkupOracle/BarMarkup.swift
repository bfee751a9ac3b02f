/// The test oracles for what the emitters write, shared by the tests (through
/// TimelineTestSupport) and the emitters fuzzer: each says whether a bar line holds no
/// markup but our own. Standard library only, so that a sanitizer build of a fuzzer can
/// link it. Lines are scanned by Unicode scalar, the way a bar's parser reads bytes (a
/// String would merge `>` with a following combining mark into one character).
public enum BarMarkup {
  /// Pango (waybar, i3bar): the visible text of `markup`, or nil unless every `<` opens
  /// `<span foreground="#rrggbb">` (optionally with `background="#rrggbb"`) or `<b>`, each
  /// closed in order by `</span>` or `</b>`, there is no bare `>`, and every `&` is one of
  /// the five XML entities. `allowTags: false` (tooltips, alt, short text): no tag at all.
  public static func pangoText(_ markup: String, allowTags: Bool = true) -> String? {
    let s = Array(markup.unicodeScalars)
    var out = String.UnicodeScalarView()
    var open: [String] = []
    var i = 0
    while i < s.count {
      switch s[i] {
      case "<":
        guard allowTags else { return nil }
        if matches(s, "<b>", at: i) {
          open.append("b")
          i += 3
        } else if matches(s, "</b>", at: i) || matches(s, "</span>", at: i) {
          let closing = matches(s, "</b>", at: i) ? "b" : "span"
          guard open.popLast() == closing else { return nil }
          i += closing == "b" ? 4 : 7
        } else if matches(s, "<span foreground=\"#", at: i), i + 27 <= s.count, matches(s, "\">", at: i + 25),
          isHex(s[i + 19..<i + 25])
        {
          open.append("span")
          i += 27
        } else if matches(s, "<span foreground=\"#", at: i), i + 48 <= s.count,
          matches(s, "\" background=\"#", at: i + 25), matches(s, "\">", at: i + 46), isHex(s[i + 19..<i + 25]),
          isHex(s[i + 40..<i + 46])
        {
          open.append("span")
          i += 48
        } else {
          return nil
        }
      case ">": return nil
      case "&":
        guard let entity = entities.first(where: { matches(s, $0.name, at: i) }) else { return nil }
        out.append(entity.scalar)
        i += entity.name.unicodeScalars.count
      default:
        out.append(s[i])
        i += 1
      }
    }
    return open.isEmpty ? String(out) : nil
  }

  /// polybar: every `%{` opens one of our tags: `%{F#rrggbb}`, `%{F-}`, `%{B#rrggbb}`,
  /// `%{B-}`, `%{TN}` and `%{T-}` (the GurbaniAkhar font), and with --click the wrapping
  /// `%{A1:timeline open NAME:}` … `%{A}`.
  public static func polybarIsOurs(_ line: String, click: Bool) -> Bool {
    let s = Array(line.unicodeScalars)
    var i = 0
    while i < s.count {
      guard s[i] == "%", i + 1 < s.count, s[i + 1] == "{" else {
        i += 1
        continue
      }
      if let end = ownPolybarTag(s, at: i) {
        i = end
        continue
      }
      if click && matches(s, "%{A}", at: i) && i + 4 == s.count {
        i += 4
        continue
      }
      if click && i == 0 && matches(s, "%{A1:timeline open ", at: 0) {
        var j = 19
        while j < s.count, s[j] == "-" || ("a"..."z").contains(s[j]) || ("0"..."9").contains(s[j]) { j += 1 }
        if matches(s, ":}", at: j) {
          i = j + 2
          continue
        }
      }
      return false
    }
    return true
  }

  /// polybar output with our own colour and font tags removed (the text polybar draws).
  public static func polybarWithoutOwnTags(_ line: String) -> String {
    let s = Array(line.unicodeScalars)
    var out = String.UnicodeScalarView()
    var i = 0
    while i < s.count {
      if s[i] == "%", i + 1 < s.count, s[i + 1] == "{", let end = ownPolybarTag(s, at: i) {
        i = end
      } else {
        out.append(s[i])
        i += 1
      }
    }
    return String(out)
  }

  /// tmux: every `#` is `##` (a literal) or opens one of our styles:
  /// `#[fg=#rrggbb(,bg=#rrggbb)(,bold)]`, `#[bold]`, `#[dim(,bold)]`, `#[default]`,
  /// `#[push-default]`, `#[pop-default]`.
  public static func tmuxIsOurs(_ line: String) -> Bool {
    let s = Array(line.unicodeScalars)
    var i = 0
    while i < s.count {
      guard s[i] == "#" else {
        i += 1
        continue
      }
      if i + 1 < s.count, s[i + 1] == "#" {
        i += 2
        continue
      }
      guard i + 1 < s.count, s[i + 1] == "[", let close = s[(i + 2)...].firstIndex(of: "]") else { return false }
      guard isOwnTmuxStyle(Array(s[(i + 2)..<close])) else { return false }
      i = close + 1
    }
    return true
  }

  private static let entities: [(name: String, scalar: Unicode.Scalar)] = [
    ("&amp;", "&"), ("&lt;", "<"), ("&gt;", ">"), ("&quot;", "\""), ("&apos;", "'"),
  ]

  /// The end of our own colour or font tag at `i` (which starts `%{`), else nil.
  private static func ownPolybarTag(_ s: [Unicode.Scalar], at i: Int) -> Int? {
    if matches(s, "%{F-}", at: i) || matches(s, "%{B-}", at: i) || matches(s, "%{T-}", at: i) { return i + 5 }
    if matches(s, "%{T", at: i) {
      var j = i + 3
      while j < s.count, j < i + 5, ("0"..."9").contains(s[j]) { j += 1 }
      if j > i + 3, j < s.count, s[j] == "}" { return j + 1 }
    }
    if matches(s, "%{F#", at: i) || matches(s, "%{B#", at: i), i + 11 <= s.count, s[i + 10] == "}",
      isHex(s[i + 4..<i + 10])
    {
      return i + 11
    }
    return nil
  }

  /// `fg=#rrggbb`, optionally `,bg=#rrggbb`, optionally `,bold`; or a fixed style.
  private static func isOwnTmuxStyle(_ style: [Unicode.Scalar]) -> Bool {
    if ["default", "push-default", "pop-default", "bold", "dim", "dim,bold"].contains(where: {
      Array($0.unicodeScalars) == style
    }) {
      return true
    }
    guard matches(style, "fg=#", at: 0), style.count >= 10, isHex(style[4..<10]) else { return false }
    var rest = 10
    if matches(style, ",bg=#", at: rest) {
      guard style.count >= rest + 11, isHex(style[(rest + 5)..<(rest + 11)]) else { return false }
      rest += 11
    }
    if matches(style, ",bold", at: rest) { rest += 5 }
    return rest == style.count
  }

  private static func matches(_ s: [Unicode.Scalar], _ literal: String, at index: Int) -> Bool {
    let l = Array(literal.unicodeScalars)
    return index >= 0 && index + l.count <= s.count && Array(s[index..<index + l.count]) == l
  }

  private static func isHex(_ s: ArraySlice<Unicode.Scalar>) -> Bool {
    s.allSatisfy { ("0"..."9").contains($0) || ("a"..."f").contains($0) }
  }
}
