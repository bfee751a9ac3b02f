import Providers
import TimelineCore

extension Doctor {
  /// Whether `[notify]` is on, for which kinds, and whether a notification service answers.
  func notifications(_ config: AppConfig?) -> Check {
    guard let config, config.notify.isOn else {
      return Check(name: "notifications", ok: true, detail: "off (no [notify] table in the config)")
    }
    let kinds = ProviderRegistry.kinds.compactMap { kind -> String? in
      guard let threshold = config.notify.thresholds[kind] else { return nil }
      return ProviderRegistry.type(for: kind)?.notifyRule == .flag ? kind : "\(kind) ≥ \(threshold)"
    }
    let silenced = config.notify.silenced.map(\.text).sorted()
    let on =
      "on for \(kinds.joined(separator: ", "))"
      + (silenced.isEmpty ? "" : " (silenced: \(silenced.joined(separator: ", ")))")
    switch GDBusNotifier(path: path).serverInformation() {
    case .success(let info):
      let server = info.prefix(3).joined(separator: " ")
      return Check(name: "notifications", ok: true, detail: "\(on); the notification service answers (\(server))")
    case .failure(let error):
      return Check(
        name: "notifications", ok: false, detail: "\(on); no notification service answers: \(error)",
        fix:
          "run a notification daemon (dunst, mako, your desktop's) in a session with a D-Bus session bus; "
          + "until one answers, each refresh says so and sends later")
    }
  }
}
