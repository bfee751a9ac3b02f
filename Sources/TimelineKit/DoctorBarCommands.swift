import Platform
import TimelineCore

/// The `timeline doctor` check that the bar configs run a `timeline-emit` that exists: a
/// bar started by a display manager has its own PATH, and a missing binary leaves the
/// module blank with nothing but a line in the bar's stderr.
extension Doctor {
  /// The usual config files of waybar (and what it includes), polybar, tmux, i3 and sway.
  func barConfigFiles() -> [(bar: String, file: String)] {
    let home = environment("HOME") ?? ""
    let config = environment("XDG_CONFIG_HOME").flatMap { $0.isEmpty ? nil : $0 } ?? home + "/.config"
    var out: [(String, String)] = []
    func add(_ bar: String, _ file: String) {
      if !out.contains(where: { $0.1 == file }), (try? SmallFile.read(file).get()) != nil { out.append((bar, file)) }
    }
    for name in ["config", "config.jsonc"] {
      let file = config + "/waybar/" + name
      add("waybar", file)
      for included in Self.waybarIncludes(text(of: file)) {
        add("waybar", included.hasPrefix("~/") ? home + included.dropFirst() : included)
      }
    }
    if let polybar = polybarConfigPath() { add("polybar", polybar) }
    add("tmux", home + "/.tmux.conf")
    add("tmux", config + "/tmux/tmux.conf")
    add("i3", config + "/i3/config")
    add("i3", home + "/.i3/config")
    add("sway", config + "/sway/config")
    return out
  }

  private func text(of file: String) -> String { (try? SmallFile.read(file).get()) ?? "" }

  /// The absolute paths in a waybar config's `"include"` list.
  static func waybarIncludes(_ text: String) -> [String] {
    guard let start = text.firstRange(of: "\"include\"") else { return [] }
    let rest = text[start.upperBound...]
    let list = rest[..<(rest.firstIndex(of: "]") ?? rest.endIndex)]
    return list.split(separator: "\"").enumerated().compactMap { index, part in
      index % 2 == 1 && (part.hasPrefix("/") || part.hasPrefix("~/")) ? String(part) : nil
    }
  }

  /// Each `timeline-emit` a config's command lines (not its comments) run, as written.
  static func emitterCommands(in text: String) -> [String] {
    var found: [String] = []
    for rawLine in text.split(separator: "\n") {
      let line = rawLine.drop { $0 == " " || $0 == "\t" }
      if line.hasPrefix("#") || line.hasPrefix(";") || line.hasPrefix("//") { continue }
      var rest = line[...]
      while let hit = rest.firstRange(of: "timeline-emit") {
        defer { rest = rest[hit.upperBound...] }
        let after = rest[hit.upperBound...].first
        if let after, after.isLetter || after.isNumber || after == "-" || after == "." || after == "/" { continue }
        var start = hit.lowerBound
        if after == "'", let open = line[..<hit.lowerBound].lastIndex(of: "'") {
          start = line.index(after: open)
        } else {
          while start > line.startIndex {
            let previous = line[line.index(before: start)]
            if " \t\"'=(`;".contains(previous) { break }
            start = line.index(before: start)
          }
        }
        let word = String(line[start..<hit.upperBound])
        if !found.contains(word) { found.append(word) }
      }
    }
    return found
  }

  func barCommands() -> Check {
    let name = "bar commands"
    let home = environment("HOME") ?? ""
    var fine: [String] = []
    var broken: [String] = []
    for (bar, file) in barConfigFiles() {
      let body = bar == "polybar" ? polybarConfigText(file) : text(of: file)
      for command in Self.emitterCommands(in: body) {
        var path = command
        if path.hasPrefix("~/") { path = home + path.dropFirst() }
        if path.hasPrefix("$HOME/") { path = home + path.dropFirst(5) }
        if path == "timeline-emit" {
          if let onPath = ExternalProgram.find("timeline-emit", path: self.path) {
            fine.append("\(bar) runs timeline-emit by name (\(onPath) on this PATH; the bar's may differ)")
          } else {
            broken.append("\(file) runs timeline-emit by name, and it is not on PATH")
          }
        } else if path.hasPrefix("/"), ExternalProgram.find(path, path: "") != nil {
          fine.append("\(bar): \(path)")
        } else {
          broken.append("\(file) runs \(command), which does not exist")
        }
      }
    }
    if !broken.isEmpty {
      let installed = ExternalProgram.find("timeline-emit", path: self.path)
      return Check(
        name: name, ok: false, detail: broken.joined(separator: "; "),
        fix: "name the installed timeline-emit by its full path"
          + (installed.map { " (\($0))" } ?? "") + ", as the snippets in share/timeline/integrations/ do")
    }
    if fine.isEmpty { return Check(name: name, ok: true, detail: "no bar config found that runs timeline-emit") }
    return Check(name: name, ok: true, detail: fine.joined(separator: "; "))
  }
}
