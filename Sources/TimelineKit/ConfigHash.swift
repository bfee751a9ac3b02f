import TimelineCore

/// A digest of everything that shapes a widget's cache file: kind, options, sources and
/// the `[bars]` settings written into it (`polybar_gurmukhi_font`), then `+` and a digest
/// of what the provider read besides them (an import file's shabads), when it read
/// anything. Stored in the cache so that editing either makes the widget due at once.
/// Only a change of the first part (how entries look) discards the cached entries; a new
/// import list keeps the shabads already fetched.
enum ConfigHash {
  /// `inputs`: the provider's `inputs` (what it read besides the options).
  static func of(
    _ widget: WidgetConfig, sources: [String: String], bars: BarsConfig = BarsConfig(), inputs: String = ""
  ) -> String {
    var text = "kind=\(widget.kind)\n"
    for key in widget.options.keys.sorted() { text += "\(key)=\(describe(widget.options[key]))\n" }
    for key in sources.keys.sorted() { text += "source.\(key)=\(sources[key] ?? "")\n" }
    // Only when set, so that caches written before the setting existed stay current.
    if let font = bars.polybarGurmukhiFont { text += "bars.polybarGurmukhiFont=\(font)\n" }
    // Empty inputs leave the digest as it was, so existing caches stay current.
    return digest(text) + (inputs.isEmpty ? "" : "+" + digest(inputs))
  }

  /// Whether two stored hashes agree on the options (the part before `+`).
  static func sameOptions(_ a: String, _ b: String) -> Bool {
    a.prefix { $0 != "+" } == b.prefix { $0 != "+" }
  }

  /// FNV-1a, 16 hex digits: stable across runs and builds, unlike Hasher.
  private static func digest(_ text: String) -> String {
    var hash: UInt64 = 0xcbf2_9ce4_8422_2325
    for byte in text.utf8 {
      hash ^= UInt64(byte)
      hash = hash &* 0x100_0000_01b3
    }
    let hex = String(hash, radix: 16)
    return String(repeating: "0", count: 16 - hex.count) + hex
  }

  private static func describe(_ value: ConfigValue?) -> String {
    switch value {
    case nil: "nil"
    case .string(let s)?: "s:\(s.utf8.count):\(s)"
    case .int(let n)?: "i:\(n)"
    case .double(let d)?: "d:\(d)"
    case .bool(let b)?: "b:\(b)"
    case .array(let items)?: "a[" + items.map { describe($0) }.joined(separator: ",") + "]"
    case .table(let entries)?:
      "t{" + entries.keys.sorted().map { "s:\($0.utf8.count):\($0)=" + describe(entries[$0]) }.joined(separator: ",")
        + "}"
    }
  }
}
