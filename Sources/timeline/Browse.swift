import ArgumentParser
import FoundationEssentials
import Platform
import TimelineCache
import TimelineCore
import TimelineKit

extension Browser.Move: ExpressibleByArgument {}

extension TimelineCommand {
  struct Browse: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
      abstract: "Look ahead along a widget's timeline from the bar: the next shabad, tomorrow's warning.",
      discussion: """
        `next` shows the entry after the one the bar shows, `prev` the one before (never \
        before now), `now` returns to the current entry. Every bar showing WIDGET follows: \
        the browsed entry has the class `browsing` in waybar (with "in 3 h", "tomorrow" or \
        "Wednesday" at the top of its tooltip); polybar, tmux, i3bar and plain put that \
        word before the text ("tomorrow ▸ …"). `next` past the last entry stays on it.

        A friends widget turns through today's due list instead, as `timeline friends \
        next|prev` does ("2/5 ▸ ☎ Bob · due today"), wrapping at either end; `now` \
        returns to the most overdue friend. A stack turns through its members in order \
        of relevance. So one wheel binding serves every widget.

        The view returns to now by itself `[bars] browse_timeout` after the last browse \
        (default 60 s), at local midnight when it names a day, or as soon as the current \
        entry changes. Meant for mouse bindings: waybar `on-scroll-down`/`on-scroll-up`, \
        polybar `scroll-down`/`scroll-up`, tmux `WheelDownStatus` (see integrations/).

        The state belongs to your session, not to the cache: it is kept in a folder per \
        cache directory in $XDG_RUNTIME_DIR/timeline (else a private $TMPDIR/timeline-UID, \
        or /tmp/timeline-UID), so browsing one cache directory leaves the bars of another \
        alone, and only read by the emitters. Overlapping browses take turns under the directory's \
        lock, each waiting at most 10 s. No network, no refresh.

        Exit status: 0; 1 when the view cannot be saved (the runtime directory is not a \
        private directory of this user, cannot be written, or stayed locked for 10 s), or a friends widget has \
        nothing to turn through (no cache yet, contacts that cannot be read); 2 for an \
        unknown widget, a usage error or a config error.
        """)

    @OptionGroup var common: CommonOptions
    @Argument(
      help: ArgumentHelp("The widget, as named in the config.", valueName: "widget"), completion: Completions.widgets,
      transform: WidgetArgument.parse)
    var widget: WidgetName
    @Argument(
      help: ArgumentHelp("Where to move the view: one entry later, one earlier, or back to now.", valueName: "move"))
    var move: Browser.Move
    @Flag(help: "Print nothing.") var quiet = false

    func run() async throws {
      try await exiting {
        let config = try common.loadConfig()
        let outcome: Browser.Outcome
        do {
          outcome = try Browser.move(
            move, widget: widget, config: config, cache: common.store,
            browse: BrowseStore.session(cache: common.store.directory),
            now: SystemClock().now())
        } catch let error as ConfigError {
          throw error
        } catch let error as FriendsError {
          // The friends wheel: the same exit status as `timeline friends next`.
          throw Friends.failure(error)
        } catch {
          throw CommandFailure.failed("\(error)")
        }
        if !quiet { print(outcome.describe(widget: widget.text)) }
        return 0
      }
    }
  }
}
