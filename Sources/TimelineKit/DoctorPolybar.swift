import Emitters
import Platform
import Providers

/// The `timeline doctor` checks for drawing Gurmukhi in polybar, which does not shape text
/// (docs/emitters.md): a GurbaniAkhar font known to fontconfig, and the polybar config
/// declaring one at the font index the widgets use.
extension Doctor {
  /// Family names of the fonts for BaniDB's ASCII `verse.gurmukhi`.
  static func isGurbaniAkhar(_ family: String) -> Bool {
    let name = family.lowercased()
    return name.contains("gurbaniakhar") || name.contains("anmollipi")
  }

  static let fontInstallFix =
    "`make install` puts OpenGurbaniAkhar under $PREFIX/share/fonts; or: install -Dm644 fonts/OpenGurbaniAkhar/*.otf -t ~/.local/share/fonts && fc-cache -f"

  /// Only a failure when polybar is installed: the other bars shape Unicode Gurmukhi.
  func gurbaniAkharFont() -> Check {
    let name = "GurbaniAkhar font"
    guard let fcList = ExternalProgram.find("fc-list", path: path) else {
      return Check(name: name, ok: false, detail: "fc-list not found (fontconfig)", fix: "sudo apt install fontconfig")
    }
    let names = ExternalProgram.run([fcList, ":", "family"]).stdout.split { $0 == "\n" || $0 == "," }
    let families = Set(names.map(\.trimmed).filter(Self.isGurbaniAkhar))
    if !families.isEmpty { return Check(name: name, ok: true, detail: families.sorted().joined(separator: ", ")) }
    // The bars that draw Gurmukhi in the ASCII font (the registry's font-switching formats).
    let needing = OutputFormat.allCases.filter { $0.traits.fontSwitching }.flatMap(\.programs)
    let found = needing.filter { ExternalProgram.find($0, path: path) != nil }
    return Check(
      name: name, ok: found.isEmpty,
      detail: "fontconfig lists none"
        + (found.isEmpty
          ? "; only \(needing.joined(separator: ", ")) need one"
          : " (\(found.joined(separator: ", ")) need one to draw Gurmukhi)"),
      fix: found.isEmpty ? nil : Self.fontInstallFix)
  }

  /// polybar's config file, found the way polybar finds it (polybar(5)).
  func polybarConfigPath() -> String? {
    let home = environment("HOME") ?? ""
    var candidates: [String] = []
    if let xdg = environment("XDG_CONFIG_HOME"), !xdg.isEmpty {
      candidates += [xdg + "/polybar/config", xdg + "/polybar/config.ini"]
    }
    candidates += [home + "/.config/polybar/config", home + "/.config/polybar/config.ini"]
    if let dirs = environment("XDG_CONFIG_DIRS"), !dirs.isEmpty {
      candidates += dirs.split(separator: ":").map { $0 + "/polybar/config.ini" }
    } else {
      candidates.append("/etc/xdg/polybar/config.ini")
    }
    candidates.append("/etc/polybar/config.ini")
    return candidates.first { (try? SmallFile.read($0).get()) != nil }
  }

  /// The config's text with its `include-file`s, a few levels deep.
  func polybarConfigText(_ file: String, depth: Int = 0) -> String {
    guard depth < 5, let text = try? SmallFile.read(file).get() else { return "" }
    var out = text
    let base = file.split(separator: "/", omittingEmptySubsequences: false).dropLast().joined(separator: "/")
    for (key, value) in Self.iniPairs(text) where key == "include-file" {
      var target = value
      if target.hasPrefix("~/") { target = (environment("HOME") ?? "") + target.dropFirst() }
      if !target.hasPrefix("/") { target = base + "/" + target }
      out += "\n" + polybarConfigText(target, depth: depth + 1)
    }
    return out
  }

  static func iniPairs(_ text: String) -> [(String, String)] {
    text.split(separator: "\n").compactMap { line in
      let trimmed = line.trimmed
      guard !trimmed.hasPrefix(";"), !trimmed.hasPrefix("#"), let equals = trimmed.firstIndex(of: "=") else {
        return nil
      }
      var value = trimmed[trimmed.index(after: equals)...].trimmed
      if value.count >= 2, value.hasPrefix("\""), value.hasSuffix("\"") { value = String(value.dropFirst().dropLast()) }
      return (trimmed[..<equals].trimmed, value)
    }
  }

  func polybarFont(_ config: AppConfig?) -> Check {
    let name = "polybar font"
    guard let file = polybarConfigPath() else {
      return Check(name: name, ok: true, detail: "no polybar config found (polybar not in use)")
    }
    let pairs = Self.iniPairs(polybarConfigText(file))
    var fonts: [Int: String] = [:]
    var indexes: [Int] = config?.bars.polybarGurmukhiFont.map { [$0] } ?? []
    for (key, value) in pairs {
      if key.hasPrefix("font-"), let n = Int(key.dropFirst(5)) { fonts[n] = value }
      if key == "exec" || key.hasPrefix("hook-"), value.contains("timeline") {
        let words = value.split(separator: " ").map(String.init)
        for (at, word) in words.enumerated() {
          if word == "--gurmukhi-font", at + 1 < words.count, let n = Int(words[at + 1]) { indexes.append(n) }
          if word.hasPrefix("--gurmukhi-font="), let n = Int(word.dropFirst(16)) { indexes.append(n) }
        }
      }
    }
    let declared = fonts.keys.sorted().filter { Self.isGurbaniAkhar(fonts[$0] ?? "") }
    guard !indexes.isEmpty else {
      let hint = declared.first.map { " (font-\($0) is \(fonts[$0] ?? ""): pass --gurmukhi-font \($0 + 1))" } ?? ""
      return Check(
        name: name, ok: true,
        detail: "\(file): no --gurmukhi-font in use, so polybar shows the transliteration of Gurmukhi lines\(hint)")
    }
    for index in Set(indexes).sorted() {
      let font = fonts[index - 1]
      guard let font, Self.isGurbaniAkhar(font) else {
        let found = font.map { "font-\(index - 1) is \($0)" } ?? "there is no font-\(index - 1)"
        let fix =
          declared.first.map { "use --gurmukhi-font \($0 + 1) (font-\($0) is \(fonts[$0] ?? ""))" }
          ?? "add `font-\(index - 1) = OpenGurbaniAkhar:size=14;3` to the bar (%{T\(index)} is font-\(index - 1))"
        return Check(
          name: name, ok: false, detail: "\(file): --gurmukhi-font \(index) is in use but \(found)",
          fix: fix + "; " + Self.fontInstallFix)
      }
    }
    let shown = Set(indexes).sorted().map { "font-\($0 - 1) = \(fonts[$0 - 1] ?? "")" }.joined(separator: ", ")
    return Check(name: name, ok: true, detail: "\(file): \(shown)")
  }
}
