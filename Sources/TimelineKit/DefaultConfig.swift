import Providers
import TimelineCore

/// The config that applies when no file exists, and what `timeline config --default` prints.
public enum DefaultConfig {
  /// The embedded default config, TOML.
  public static let toml = """
    # timeline config: see examples/config.toml for every option.

    [sources]            # base URLs, overridable (tests point them at 127.0.0.1)
    \(ProviderRegistry.services.map { "\($0.key) = \"\($0.defaultURL)\"" }.joined(separator: "\n"))

    [widgets.random-shabad]
    kind = "random-shabad"

    [widgets.hukamnama]
    kind = "hukamnama"

    [widgets.avalanche]
    kind = "avalanche"
    region = 3011

    """
}
