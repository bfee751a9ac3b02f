import Providers
import TimelineCore

/// A digest of everything that shapes a widget's cache file (docs/cache-format.md,
/// `configHash`): `FETCH[+INPUTS]|SHOWN`. FETCH also holds the user's language when it is
/// not English (the words are fixed in the cache) and only the `[sources]` the provider
/// reads, so editing another service's URL leaves the widget alone. A change to FETCH
/// discards the cached entries; to INPUTS, makes the widget due but keeps them (a new
/// import list keeps the shabads already fetched); to SHOWN, restyles the cache offline.
enum ConfigHash {
  static let presentationOptions: Set<String> = ["line", HideWhenEmpty.key]

  /// `inputs`: the provider's `inputs`; `services`: the services it calls.
  static func of(
    _ widget: WidgetConfig, sources: Sources, bars: BarsConfig = BarsConfig(), inputs: String = "",
    services: [Service] = []
  ) -> String {
    var text = "kind=\(widget.kind)\n"
    for key in widget.options.keys.sorted() where !presentationOptions.contains(key) {
      text += "\(key)=\(describe(widget.options[key]))\n"
    }
    if let language = Language.current { text += "language=\(language)\n" }
    for service in services.sorted(by: { $0.key < $1.key }) {
      text += "source.\(service.key)=\(sources[service].text)\n"
    }
    var shown = ""
    // `line` always, as it always was; a later key only when set, so that the hash of a
    // config without it stays what it was and no cache is taken for out of date.
    for key in presentationOptions.sorted() where key == "line" || widget.options[key] != nil {
      shown += "\(key)=\(describe(widget.options[key]))\n"
    }
    if let font = bars.polybarGurmukhiFont { shown += "bars.polybarGurmukhiFont=\(font)\n" }
    return digest(text) + (inputs.isEmpty ? "" : "+" + digest(inputs)) + "|" + digest(shown)
  }

  /// Whether two stored hashes agree on the options (the part before `+` or `|`).
  static func sameOptions(_ a: String, _ b: String) -> Bool {
    a.prefix { $0 != "+" && $0 != "|" } == b.prefix { $0 != "+" && $0 != "|" }
  }

  /// Whether two stored hashes agree on what is fetched (the part before `|`).
  static func sameFetch(_ a: String, _ b: String) -> Bool {
    a.prefix { $0 != "|" } == b.prefix { $0 != "|" }
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
