/// What a stack's ranking needs of the writer beyond lines of runs.
extension LargeWriter {
  /// Writes into the current line with `body` (false from it is returned: the line is not
  /// the String form's), and takes back what it wrote if that has a letter of the Gurmukhi
  /// block (as `ConkyEmitter.isGurmukhi` finds one, before cleaning), then true: a bar that
  /// cannot draw the script shows a note there instead. The line keeps what it had before,
  /// the mark of such a letter included. No link search may be running (`search(for:)`).
  public mutating func unlessGurmukhi(_ body: (inout LargeWriter) -> Bool) -> (written: Bool, gurmukhi: Bool) {
    let mark = out.count
    let before = lineGurmukhi
    // Cleared so that the text is written whole until a letter shows (a line to be left
    // out is not written), and only its own letters count.
    lineGurmukhi = false
    let written = body(&self)
    let found = lineGurmukhi
    if found { out.removeSubrange(mark...) }
    lineGurmukhi = before
    return (written, found)
  }
}
