import ArgumentParser
import Platform
import Providers
import TimelineCache
import TimelineCore
import TimelineKit

extension TimelineCommand {
  struct Regions: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
      abstract: "List avalanche forecast regions and areas with their ids, for each country's service.",
      discussion: """
        Norway's regions come from Varsom's RegionSummary (type A = daily warnings in \
        season, B = only when the danger is high); Sweden's areas from lavinprognoser's WFS; \
        Austria's, Germany's, Italy's, Slovenia's and Switzerland's from the regions their \
        latest EAWS bulletins name (avalanche.report, lawinen-warnung.eu, AINEVA, SLF); the \
        US zones from avalanche.org's map layer, as CENTER/ID. Without network the bundled \
        list is printed and stderr says "offline: bundled list".
        """)

    @Option(
      help: ArgumentHelp("Only this country: no, se, at, de, it, si, ch or us.", valueName: "country"),
      completion: .list(AvalancheCountry.allCases.map(\.rawValue)))
    var country: String?

    @Flag(help: "Print a JSON array of {country, id, name, type, slug}.")
    var json = false

    @Flag(help: "Do not ask the services; print the bundled list.")
    var offline = false

    @Option(help: ArgumentHelp("Varsom API base URL (default: [sources] varsom from the config).", valueName: "url"))
    var varsom: String?

    @Option(
      help: ArgumentHelp(
        "lavinprognoser WFS URL (default: [sources] lavinprognoser from the config).", valueName: "url"))
    var lavinprognoser: String?

    func validate() throws {
      if let country, AvalancheCountry(rawValue: country) == nil {
        let list = AvalancheCountry.allCases.map(\.rawValue).joined(separator: ", ")
        throw ValidationError("--country must be one of \(list), got \"\(CleanText.oneLineError(country))\"")
      }
      _ = try url(varsom, flag: "varsom")
      _ = try url(lavinprognoser, flag: "lavinprognoser")
    }

    /// A `--varsom`/`--lavinprognoser` URL, checked as `[sources]` checks its own.
    private func url(_ text: String?, flag: String) throws -> SourceURL? {
      guard let text else { return nil }
      do {
        return try SourceURL(text)
      } catch .invalid {
        throw ValidationError("--\(flag): expected an http:// or https:// URL, got \"\(CleanText.oneLineError(text))\"")
      } catch {
        throw ValidationError(
          "--\(flag): plain http is allowed only to a loopback host, got \"\(CleanText.oneLineError(text))\"")
      }
    }

    func run() async throws {
      let countries = country.flatMap(AvalancheCountry.init(rawValue:)).map { [$0] } ?? AvalancheCountry.allCases
      // A broken config must not stop a listing, so its sources are only a default here.
      let configured = (try? ConfigLoader.load(explicit: nil))?.sources ?? Sources()
      let http = CurlHTTPClient()
      let now = SystemClock().now()
      var all: [AvalancheRegion] = []
      var sources = configured
      if let flag = try url(varsom, flag: "varsom") { sources[.varsom] = flag }
      if let flag = try url(lavinprognoser, flag: "lavinprognoser") { sources[.lavinprognoser] = flag }
      for country in countries {
        if offline {
          all += AvalancheRegions.bundled(country)
          continue
        }
        do {
          all += try await AvalancheRegions.fetch(country, sources: sources, http: http, now: now)
        } catch {
          let keys = country.services.map(\.key).joined(separator: ", ")
          Console.error("offline: bundled list for \(keys) (\(error))")
          all += AvalancheRegions.bundled(country)
        }
      }
      print(json ? RegionList.json(all) : RegionList.table(all))
    }
  }
}
