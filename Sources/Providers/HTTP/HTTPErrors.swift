import Foundation
import TimelineCore

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

/// Transport failures in one line each, in our own words.
enum HTTPErrors {
  static func describe(_ error: any Error, host: String) -> ProviderError {
    let code = (error as? URLError)?.code
    switch code {
    case .timedOut?: return ProviderError("timed out waiting for \(host)")
    case .cannotFindHost?, .dnsLookupFailed?: return ProviderError("cannot resolve host \(host)")
    case .cannotConnectToHost?: return ProviderError("connection refused by \(host)")
    case .networkConnectionLost?: return ProviderError("connection to \(host) was lost")
    case .notConnectedToInternet?: return ProviderError("no network connection")
    case .secureConnectionFailed?, .serverCertificateUntrusted?, .serverCertificateHasBadDate?:
      return ProviderError("TLS connection to \(host) failed")
    case .httpTooManyRedirects?, .redirectToNonExistentLocation?:
      return ProviderError("\(host) redirected elsewhere; not followed")
    case .cancelled?: return ProviderError("request to \(host) was cancelled")
    case .badServerResponse?, .cannotParseResponse?: return ProviderError("invalid HTTP response from \(host)")
    case .unknown?: return ProviderError("connection to \(host) closed before the response was complete")
    default: return ProviderError("request to \(host) failed (\(code.map { "\($0.rawValue)" } ?? "network error"))")
    }
  }
}
