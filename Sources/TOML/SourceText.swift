import TimelineCore

/// The document as Unicode scalars, with what is needed to turn an offset into a position.
///
/// "\r\n" is read as "\n": TOML lets a parser normalise line ends, and multi-line strings
/// then hold "\n" whatever the file used. A lone "\r" stays and is refused where it appears.
struct SourceText {
  let scalars: [Unicode.Scalar]
  /// The offset of each line's first scalar.
  private let lineStarts: [Int]

  init(bytes: some Sequence<UInt8>) throws(TOMLError) {
    var scalars: [Unicode.Scalar] = []
    var lineStarts = [0]
    var iterator = bytes.makeIterator()
    var decoder = UTF8()
    decoding: while true {
      switch decoder.decode(&iterator) {
      case .scalarValue(let scalar):
        if scalar == "\n" {
          if scalars.last == "\r" { scalars.removeLast() }
          scalars.append(scalar)
          lineStarts.append(scalars.count)
        } else {
          scalars.append(scalar)
        }
      case .emptyInput: break decoding
      case .error:
        let line = lineStarts.count
        let column = Self.characters(scalars[lineStarts[line - 1]...]) + 1
        throw TOMLError("the file is not valid UTF-8", at: TextPosition(line: line, column: column))
      }
    }
    self.scalars = scalars
    self.lineStarts = lineStarts
  }

  /// The line and column of the scalar at `offset`.
  func position(_ offset: Int) -> TextPosition {
    var low = 0
    var high = lineStarts.count - 1
    while low < high {
      let middle = (low + high + 1) / 2
      if lineStarts[middle] <= offset { low = middle } else { high = middle - 1 }
    }
    let end = Swift.min(offset, scalars.count)
    return TextPosition(line: low + 1, column: Self.characters(scalars[lineStarts[low]..<end]) + 1)
  }

  /// How many characters (grapheme clusters) `run` makes.
  private static func characters(_ run: ArraySlice<Unicode.Scalar>) -> Int {
    var view = String.UnicodeScalarView()
    view.append(contentsOf: run)
    return String(view).count
  }
}
