import TimelineCore

/// The document as Unicode scalars, with what is needed to turn an offset into a position.
///
/// "\r\n" is read as "\n": TOML lets a parser normalise line ends, and multi-line strings
/// then hold "\n" whatever the file used. A lone "\r" stays and is refused where it appears.
struct SourceText {
  let scalars: [Unicode.Scalar]
  /// The offset of each line's first scalar.
  private let lineStarts: [Int]
  /// Filled as positions are asked for; the text itself never changes.
  private let columns = LineColumns()

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
        let column = Self.columns(scalars[lineStarts[line - 1]...]).last ?? 1
        throw TOMLError("the file is not valid UTF-8", at: TextPosition(line: line, column: column))
      }
    }
    self.scalars = scalars
    self.lineStarts = lineStarts
  }

  /// The line and column of the scalar at `offset`. Each line's columns are counted once,
  /// when a position on it is first asked for, so that a long line of many keys costs its
  /// length and not its length times its keys.
  func position(_ offset: Int) -> TextPosition {
    var low = 0
    var high = lineStarts.count - 1
    while low < high {
      let middle = (low + high + 1) / 2
      if lineStarts[middle] <= offset { low = middle } else { high = middle - 1 }
    }
    let start = lineStarts[low]
    let end = Swift.min(offset, scalars.count)
    if columns.line != low {
      let stop = low + 1 < lineStarts.count ? lineStarts[low + 1] : scalars.count
      columns.line = low
      columns.columns = Self.columns(scalars[start..<stop])
    }
    return TextPosition(line: low + 1, column: columns.columns[end - start])
  }

  /// The column of each scalar of `line`, and one past its end: one more than the
  /// characters (grapheme clusters) before it. A scalar inside a cluster counts the part
  /// of the cluster before it as one character, as a prefix of the line would.
  private static func columns(_ line: ArraySlice<Unicode.Scalar>) -> [Int] {
    var view = String.UnicodeScalarView()
    view.append(contentsOf: line)
    var out: [Int] = []
    out.reserveCapacity(line.count + 1)
    var before = 0
    for character in String(view) {
      out.append(before + 1)
      out.append(contentsOf: repeatElement(before + 2, count: character.unicodeScalars.count - 1))
      before += 1
    }
    out.append(before + 1)
    return out
  }
}

/// The columns of the line a position was last asked for (see `SourceText.position`).
private final class LineColumns {
  var line = -1
  var columns: [Int] = []
}
