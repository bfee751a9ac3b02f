/// The exit statuses of both programs, `timeline` and `timeline-emit`, in one place (every
/// `--help` states them): success; a failure of the work itself (a refresh, output that
/// could not be written); a usage or config error.
public enum ExitStatus {
  /// Done, also when the reader of the output has gone (as for `cat`).
  public static let success: Int32 = 0
  /// The work failed.
  public static let failure: Int32 = 1
  /// The command line or the config is wrong.
  public static let usage: Int32 = 2
}
