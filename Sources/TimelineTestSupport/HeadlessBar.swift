import Foundation

/// A real X11 bar (polybar, i3bar, xmobar, lemonbar, conky) run headless on a private Xvfb
/// display by Tests/Support/xbar_run.sh, drawing with the project's own fonts.
public enum HeadlessBar {
  /// A fontconfig file in `dir` that sees the project's OpenGurbaniAkhar (fonts/) and the
  /// system fonts, nothing of the user's, with its cache inside `dir`.
  public static func fontConfig(in dir: TempDir) throws -> String {
    try dir.write(
      "fonts.conf",
      """
      <?xml version="1.0"?>
      <!DOCTYPE fontconfig SYSTEM "fonts.dtd">
      <fontconfig>
        <dir>\(Paths.repo)/fonts/OpenGurbaniAkhar</dir>
        <dir>/usr/share/fonts</dir>
        <cachedir>\(dir.file("fc-cache"))</cachedir>
      </fontconfig>
      """)
  }

  /// What one run left: the script's result (status 0 when the bar still ran when
  /// stopped), the bar's output, and the screenshot's path.
  public struct Outcome: Sendable {
    /// xbar_run.sh's own result.
    public var result: RunResult
    /// Everything the bar wrote to stdout and stderr.
    public var log: String
    /// The screenshot, a PNG.
    public var screenshot: String
  }

  /// Runs the shell command `command` (the bar) as `name` in `dir`: waits `settle` seconds,
  /// clicks each (x, y, button) of `clicks`, then screenshots `shot` (ImageMagick geometry,
  /// the whole screen when nil) to `dir/name.png` and stops the bar.
  public static func run(
    _ command: String, name: String, in dir: TempDir, settle: Int, clicks: [(x: Int, y: Int, button: Int)] = [],
    shot: String? = nil, environment: [String: String]
  ) throws -> Outcome {
    var arguments = [Paths.fixture("Support/xbar_run.sh")]
    for click in clicks { arguments += ["--click", "\(click.x) \(click.y) \(click.button)"] }
    if let shot { arguments += ["--shot", shot] }
    arguments += [String(settle), dir.file(name), command]
    let result = try TimelineTestSupport.run("/bin/sh", arguments, environment: environment, timeout: 120)
    let log = (try? String(contentsOfFile: dir.file(name + ".log"), encoding: .utf8)) ?? ""
    return Outcome(result: result, log: log, screenshot: dir.file(name + ".png"))
  }

  /// Runs a real polybar (log level trace) as `name` in `dir`: a bar `main` on a dark ground,
  /// DejaVu Sans as font-0 and the project's OpenGurbaniAkhar as font-1 (what `%{T2}`
  /// selects), showing `modulesLeft`, with `modules` (sections, or an `include-file` line)
  /// after it. The outcome's log is polybar's.
  public static func polybar(
    modulesLeft: String, modules: String, name: String, in dir: TempDir, shot: String? = nil,
    environment: [String: String] = [:]
  ) throws -> Outcome {
    let ini = try dir.write(
      name + ".ini",
      """
      [bar/main]
      width = 100%
      height = 36
      background = #222222
      foreground = #eeeeee
      font-0 = DejaVu Sans:size=13;3
      font-1 = OpenGurbaniAkhar:size=16;3
      modules-left = \(modulesLeft)

      \(modules)
      """)
    let base = ["FONTCONFIG_FILE": try fontConfig(in: dir), "LANG": "C.UTF-8", "LC_ALL": "C.UTF-8"]
    return try run(
      "exec polybar -l trace -c \(ini) main", name: name, in: dir, settle: 4, shot: shot,
      environment: base.merging(environment) { $1 })
  }

  /// The widest module polybar's renderer flushed, in pixels, from its trace log: 0 when
  /// nothing was drawn.
  public static func polybarWidth(_ log: String) -> Int {
    log.matches(of: /flush\(\d+ geom=(\d+)x\d+/).compactMap { Int($0.output.1) }.max() ?? 0
  }
}
