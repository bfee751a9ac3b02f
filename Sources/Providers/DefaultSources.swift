/// The production base URLs of the services, in one place: the embedded default config,
/// the fallback for a `[sources]` key a config leaves out, and `timeline regions` all
/// read them here.
public enum DefaultSources {
  public static let banidb = "https://api.banidb.com/v2"
  public static let varsom = "https://api01.nve.no/hydrology/forecast/avalanche/v6.3.0/api"
  public static let lavinprognoser = "https://nvgis.naturvardsverket.se/geoserver/lavinprognoser/ows"

  /// By `[sources]` key.
  public static let all: [String: String] = ["banidb": banidb, "varsom": varsom, "lavinprognoser": lavinprognoser]
}
