/// The release version, in one place: `--version` of both binaries and the HTTP
/// User-Agent read it here, and scripts/version reads this line for the tarball and the
/// Debian package names (`make dist`, `make deb`). Change it here only.
public enum TimelineVersion {
  /// The version, `MAJOR.MINOR.PATCH`.
  public static let string = "0.1.0"
}
