import TimelineCore

/// The config that applies when no file exists, and what `timeline config --default` prints.
public enum DefaultConfig {
  /// The embedded default config, TOML.
  public static let toml = """
    # timeline config: see examples/config.toml for every option.

    [sources]            # base URLs, overridable (tests point them at 127.0.0.1)
    banidb = "\(Source.banidb.defaultURL)"
    varsom = "\(Source.varsom.defaultURL)"
    lavinprognoser = "\(Source.lavinprognoser.defaultURL)"

    [widgets.random-shabad]
    kind = "random-shabad"

    [widgets.hukamnama]
    kind = "hukamnama"

    [widgets.avalanche]
    kind = "avalanche"
    region = 3011

    """
}
