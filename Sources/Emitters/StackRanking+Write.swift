import TimelineCore

extension StackRanking {
  /// The ranking (`lines`) written into a `LargeWriter` as its rows come: the same lines,
  /// runs and colours, with no line array and no String made for a row's prefix. Building
  /// the lines first cost a stack's large form about as much as the member it shows.
  public struct Writer {
    /// A row's prefix, built in place ("▶ 1. name · relevance 50, shown · ").
    private var text: [UInt8] = []
    private var rank = 0
    private let shapes: Bool

    /// Writes the rule, the heading and, while browsing, what is browsed; `shapes` as in
    /// `lines`.
    public init(stack: String, browsing: String?, shapes: Bool, into writer: inout LargeWriter) {
      self.shapes = shapes
      text.reserveCapacity(128)
      writer.rule()
      append(text: stack)
      append(": its members by relevance now")
      line(into: &writer)
      if let browsing {
        append("browsing: ")
        append(text: browsing)
        line(into: &writer)
      }
    }

    /// The next member by relevance, shown with `entry`'s line in its widget's form `form`
    /// (its runs are read only if `drawsRuns`). `writeRuns`, where given, writes the runs
    /// instead, straight from the entry's file (in the colour given, else each in its own;
    /// taken back for the note where `checksRuns` finds Gurmukhi in them); false from it is
    /// returned: the line it left is not the String form's, which must then answer.
    @discardableResult
    public mutating func row(
      name: String, entry: Entry, score: Int, form: LineForm?, stale: Bool, shown: Bool, held: Bool,
      into writer: inout LargeWriter, writeRuns: ((inout LargeWriter, String?) -> Bool)? = nil
    ) -> Bool {
      rank += 1
      append(shown ? "▶ " : "  ")
      number(rank)
      append(". ")
      append(text: name)
      append(" · relevance ")
      number(score)
      if stale { append(", stale (score halved)") }
      if shown { append(held ? ", shown, held by min_display" : ", shown") }
      append(" · ")
      writer.beginLine()
      flush(into: &writer)
      // `runs(_:form:shapes:)` without its arrays: freeing a run array is the first use of
      // a type the runtime then looks up by name, which costs a one-shot emit some 35 k.
      var shownForm: LineText?
      if case .text(let text) = choice(entry, form: form) { shownForm = text }
      let gurmukhi =
        checksRuns
        && (shownForm.map { ConkyEmitter.isGurmukhi($0.text) }
          ?? entry.runs.contains { ConkyEmitter.isGurmukhi($0.text) })
      var written = true
      if gurmukhi {
        writer.run("(Gurmukhi text)", color: Palette.dim)
      } else if let shownForm {
        writer.run(shownForm.text, color: stale ? Palette.dim : nil)
      } else if let writeRuns {
        let color = stale ? Palette.dim : nil
        if checksRuns {
          let result = writer.unlessGurmukhi { writeRuns(&$0, color) }
          written = result.written
          if result.gurmukhi { writer.run("(Gurmukhi text)", color: Palette.dim) }
        } else {
          written = writeRuns(&writer, color)
        }
      } else {
        for run in entry.runs { writer.run(run.text, color: stale ? Palette.dim : run.color) }
      }
      writer.endLine()
      return written
    }

    /// Whether a row's runs are checked for Gurmukhi letters (`shapes` off: such a line is
    /// shown as "(Gurmukhi text)"), which needs them decoded.
    public var checksRuns: Bool { !shapes }

    /// Whether a row in the line form `form` reads the entry's forms at all: a bar that
    /// shapes the script draws a Gurmukhi line's runs (`LineChoice.choose`).
    public func readsForms(_ form: LineForm?) -> Bool {
      !(shapes && (form ?? .gurmukhi) == .gurmukhi)
    }

    /// Whether `row` draws `entry`'s runs, not one of its forms (`LineChoice`): the runs of
    /// an entry shown in a form need not be read.
    public func drawsRuns(_ entry: Entry, form: LineForm?) -> Bool {
      if case .text = choice(entry, form: form) { return false }
      return true
    }

    private func choice(_ entry: Entry, form: LineForm?) -> LineChoice.Choice {
      // No font index: the ASCII form is never drawn, and does not change the choice.
      LineChoice.choose(
        entry, line: form ?? .gurmukhi, font: nil, traits: BarTraits(shapesComplexScripts: shapes, markup: .none))
    }

    /// A member with nothing to show, and why (`Row.missing`).
    public mutating func missing(name: String, why: String?, into writer: inout LargeWriter) {
      append("–  ")
      append(text: name)
      append(" · ")
      if let why { append(text: why) } else { append("placeholder: nothing to show") }
      line(into: &writer)
    }

    /// The text built so far as a line of its own, dimmed.
    private mutating func line(into writer: inout LargeWriter) {
      writer.beginLine()
      flush(into: &writer)
      writer.endLine()
    }

    /// The text built so far as one dim run (a bar's colour markup wraps each run).
    private mutating func flush(into writer: inout LargeWriter) {
      _ = text.withUnsafeBytes { writer.run($0, json: false, color: Palette.dim) }
      text.removeAll(keepingCapacity: true)
    }

    /// A literal: its bytes are in the binary. Named apart from `append(text:)` so that a
    /// literal never becomes a String first (a String argument wins the overload).
    private mutating func append(_ part: StaticString) {
      text.append(contentsOf: UnsafeBufferPointer(start: part.utf8Start, count: part.utf8CodeUnitCount))
    }

    private mutating func append(text part: String) {
      var part = part
      part.withUTF8 { text.append(contentsOf: $0) }
    }

    /// `value` in decimal, as `String(value)` writes it, most significant digit first.
    private mutating func number(_ value: Int) {
      if value < 0 { text.append(UInt8(ascii: "-")) }
      let magnitude = value.magnitude
      var divisor: UInt = 1
      while magnitude / divisor >= 10 { divisor *= 10 }
      repeat {
        text.append(UInt8(ascii: "0") + UInt8(magnitude / divisor % 10))
        divisor /= 10
      } while divisor > 0
    }
  }
}
