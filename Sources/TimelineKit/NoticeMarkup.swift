import TimelineCore

/// The body of a notification in the spec's body markup: outside text is escaped, so the
/// only markup is the link this file writes.
enum NoticeMarkup {
  /// `&`, `<`, `>` (and `"`, for the link's attribute) as entities.
  static func escape(_ text: String) -> String {
    text.substituting(["&": "&amp;", "<": "&lt;", ">": "&gt;", "\"": "&quot;"])
  }

  /// The body line, then the page a click on the bar opens: a link when the server draws
  /// links, else the address as text, which servers such as dunst still offer to open.
  static func body(_ notice: Notice, hyperlinks: Bool) -> String {
    let line = escape(CleanText.tooltip(notice.body))
    guard let url = notice.url, !url.isEmpty else { return line }
    let shown = escape(url)
    return line + "\n" + (hyperlinks ? "<a href=\"\(shown)\">\(shown)</a>" : shown)
  }
}

extension String {
  /// This text with each character that `table` names replaced by its text.
  func substituting(_ table: [Character: String]) -> String {
    reduce(into: "") { out, character in out += table[character] ?? String(character) }
  }
}
