import Glibc
import Providers
import TimelineCache
import TimelineCore

/// Refreshes widgets the way WidgetKit renews timelines: only those that are due, each
/// under its own lock, concurrently, keeping the last good timeline on any failure.
public struct Refresher: Sendable {
  var config: AppConfig
  var store: CacheStore
  /// Injected so tests can step through days.
  var clock: any WallClock
  var backoff = Backoff()
  /// Seconds to wait for a widget whose lock another refresh holds.
  public var lockWait: Double = 15
  /// Seconds one run may spend on the network in all (`FetchBudget`): well inside the
  /// systemd unit's limit for a timer's `refresh`; `reload`, run on a click, asks for less.
  public var networkBudget: Double = 60
  /// Makes one provider's HTTP client (each has its own request cap), drawing on the budget.
  var makeHTTP: @Sendable (FetchBudget) -> any HTTPClient

  /// A refresher with the real HTTP client.
  public init(
    config: AppConfig, store: CacheStore, clock: any WallClock,
    makeHTTP: @escaping @Sendable (FetchBudget) -> any HTTPClient = { CurlHTTPClient(budget: $0) }
  ) {
    self.config = config
    self.store = store
    self.clock = clock
    self.makeHTTP = makeHTTP
  }

  /// One widget's result.
  public enum Outcome: Sendable, Equatable {
    /// `facts`: what the fetch found that a notification may tell (`Notifier`).
    case refreshed(entries: Int, next: Int64?, facts: [NoticeFact] = [])
    case notDue(until: Int64?)
    /// `kept`: the cache still has a timeline the bars can show; false on a first refresh.
    case failed(String, retryAt: Int64?, kept: Bool = true)
    /// The provider found the widget's config unusable: no backoff, and `refresh` exits 2.
    case invalidConfig(String)
    /// Only presentation settings changed: applied to the cached timeline, with no request.
    case rerendered(next: Int64?)
  }

  /// Builds every widget's provider first, so a config error stops the run before any
  /// fetch. Throws `ConfigError` for an unknown widget name or a bad option.
  public func providers(for names: [WidgetName]) throws(ConfigError) -> [(WidgetConfig, any TimelineProvider)] {
    var chosen: [WidgetConfig]
    if names.isEmpty {
      chosen = config.widgets
    } else {
      // A name given twice is one widget: refreshing it twice would wait on its own lock.
      var seen: Set<WidgetName> = []
      chosen = try names.filter { seen.insert($0).inserted }.map { name throws(ConfigError) in
        guard let widget = config.widget(name) else { throw ConfigError(config.unknownWidget(name.text)) }
        return widget
      }
      // A stack fetches nothing itself: refreshing it refreshes its members.
      for stack in chosen where stack.kind == StackRule.kind {
        for member in config.stackMembers(stack) where !chosen.contains(where: { $0.name == member.name }) {
          chosen.append(member)
        }
      }
    }
    return try chosen.map { widget throws(ConfigError) in (widget, try WidgetFactory.provider(for: widget)) }
  }

  /// Refreshes the due widgets among `names` (all when empty), concurrently.
  public func refresh(_ names: [WidgetName], force: Bool) async throws(ConfigError) -> [(WidgetName, Outcome)] {
    let jobs = try providers(for: names)
    let limit = Self.concurrencyLimit()
    let budget = FetchBudget(seconds: networkBudget)
    return await withTaskGroup(of: (Int, WidgetName, Outcome).self) { group in
      var results: [(Int, WidgetName, Outcome)] = []
      for (index, (widget, provider)) in jobs.enumerated() {
        // At the limit, one finishes before the next starts.
        if index >= limit, let result = await group.next() { results.append(result) }
        group.addTask {
          (index, widget.name, await self.refreshOne(widget, provider, force: force, budget: budget))
        }
      }
      for await result in group { results.append(result) }
      await writeStacks(except: jobs.map(\.0.name))
      return results.sorted { $0.0 < $1.0 }.map { ($0.1, $0.2) }
    }
  }

  /// Writes the file of each stack but `except` that is missing or out of date, silently.
  /// It is the emitter's only list of the members (the emitter reads no config) and costs
  /// no request, so any refresh writes it, whichever widgets it was asked for.
  func writeStacks(except: [WidgetName] = []) async {
    for widget in config.widgets where widget.kind == StackRule.kind && !except.contains(widget.name) {
      // A stack the run was not asked for cannot fail the run; the next one tries again.
      guard let provider = try? WidgetFactory.provider(for: widget) else { continue }
      _ = await refreshOne(widget, provider, force: false, budget: FetchBudget(seconds: 0))
    }
  }

  /// How many widgets refresh at once: each holds a few descriptors while it runs, so a
  /// low `ulimit -n` slows a refresh of many widgets down instead of failing them.
  static func concurrencyLimit() -> Int {
    var limit = rlimit()
    guard getrlimit(Int32(RLIMIT_NOFILE.rawValue), &limit) == 0 else { return 16 }
    let available = Int(clamping: limit.rlim_cur) - reservedDescriptors
    return Swift.max(1, Swift.min(64, available / descriptorsPerWidget))
  }

  /// Descriptors kept for the process itself.
  static let reservedDescriptors = 64
  static let descriptorsPerWidget = 8

  func refreshOne(
    _ widget: WidgetConfig, _ provider: any TimelineProvider, force: Bool, budget: FetchBudget
  ) async -> Outcome {
    let hash = WidgetFactory.hash(widget, provider, sources: config.sources, bars: config.bars)
    // A cheap look without the lock first: most runs from a timer find nothing due.
    let before = WidgetRecord.load(widget.name, store: store)
    if !force, !Self.presentationOnly(before, hash), before.dueReason(at: clock.now(), configHash: hash) == nil {
      return .notDue(until: before.nextRefresh)
    }
    do {
      return try await store.withLock(widget.name, wait: lockWait) {
        // Another refresh may have finished while we waited for the lock.
        var record = WidgetRecord.load(widget.name, store: store, unlessUnchanged: before)
        var rerendered = false
        if Self.presentationOnly(record, hash), let timeline = record.timeline {
          try store.write(restyled(timeline, widget, hash: hash))
          record = WidgetRecord.load(widget.name, store: store)
          rerendered = true
        }
        // A reload after a presentation-only change needs no request: that was its point.
        if rerendered && (force || record.dueReason(at: clock.now(), configHash: hash) == nil) {
          return .rerendered(next: record.nextRefresh)
        }
        if !force, record.dueReason(at: clock.now(), configHash: hash) == nil {
          return .notDue(until: record.nextRefresh)
        }
        return await fetch(widget, provider, record: record, hash: hash, force: force, budget: budget)
      }
    } catch {
      return .failed("\(error)", retryAt: nil)
    }
  }

  /// Whether the cached timeline differs from the config only in presentation settings.
  static func presentationOnly(_ record: WidgetRecord, _ hash: String) -> Bool {
    guard let stored = record.timeline?.configHash else { return false }
    return stored != hash && ConfigHash.sameFetch(stored, hash)
  }

  /// The cached timeline with this config's presentation settings (the cache holds every
  /// form of each line, so the bars render the new choice at once).
  func restyled(_ timeline: Timeline, _ widget: WidgetConfig, hash: String) -> Timeline {
    var out = timeline
    out.configHash = hash
    out.polybarFont = config.bars.polybarGurmukhiFont
    out.hideWhenEmpty = (try? HideWhenEmpty.of(widget)) ?? false
    if case .string(let name)? = widget.options["line"], let line = LineForm.named(name) {
      out.line = line
    } else if timeline.line != nil {
      // The option's default, for the kinds that have one.
      out.line = .gurmukhi
    }
    return out
  }

  private func fetch(
    _ widget: WidgetConfig, _ provider: any TimelineProvider, record: WidgetRecord, hash: String, force: Bool,
    budget: FetchBudget
  ) async -> Outcome {
    // One instant for the whole fetch, so slots, `generated` and the backoff agree.
    let now = clock.now()
    let context = ProviderContext(
      clock: FixedClock(now), config: widget, sources: config.sources,
      http: LazyHTTPClient(make: { makeHTTP(budget) }),
      previous: record.timeline.flatMap { ConfigHash.sameOptions($0.configHash, hash) ? $0 : nil }, force: force)
    do {
      let draft = try await provider.timeline(context: context)
      let timeline = WidgetFactory.timeline(
        draft, widget: widget, provider: provider, now: now, grace: config.grace, hash: hash, bars: config.bars)
      try store.write(timeline)
      store.clearState(of: widget.name)
      return .refreshed(entries: timeline.entries.count, next: timeline.due, facts: draft.facts)
    } catch {
      let failure = (error as? ProviderError) ?? ProviderError("\(error)")
      if failure.isConfig {
        // Recorded for `status`, but with no retry time: the next run tries again.
        try? store.writeState(WidgetState(lastAttempt: now, lastError: failure.message), of: widget.name)
        return .invalidConfig(failure.message)
      }
      if failure.isShortage { return shortage(failure, widget: widget, record: record, now: now) }
      let failures = (record.state?.lastError == nil ? 0 : record.state?.failures ?? 0) + 1
      let retryAt = now + backoff.delay(failures: failures, retryAfter: failure.retryAfter)
      let state = WidgetState(lastAttempt: now, lastError: failure.message, failures: failures, retryAt: retryAt)
      do {
        try store.writeState(state, of: widget.name)
        if record.timeline == nil && record.readError == nil {
          // An empty timeline lets bars show this kind's own placeholder from the start.
          var empty = Timeline(
            widget: widget.name, kind: widget.kind, entries: [], placeholder: provider.placeholder(),
            generated: now, grace: config.grace, configHash: hash, polybarFont: config.bars.polybarGurmukhiFont)
          empty.hideWhenEmpty = (try? HideWhenEmpty.of(widget)) ?? false
          try store.write(empty)
        }
      } catch {
        // Nothing was recorded, so no retry time holds: say so rather than promise one.
        return .failed(
          "\(failure.message); the failure could not be recorded either (\(error)), so no retry time is set "
            + "and the next run tries again", retryAt: nil)
      }
      let kept = record.timeline.map { !$0.entries.isEmpty && !Selection.isExpired(end: $0.end, now: now) } ?? false
      return .failed(failure.message, retryAt: retryAt, kept: kept)
    }
  }

  /// A fetch the system had no room for (no descriptor, no process) is not the widget's
  /// failure: no backoff counts it and no retry time is set; the state says why.
  private func shortage(_ failure: ProviderError, widget: WidgetConfig, record: WidgetRecord, now: Int64) -> Outcome {
    let message =
      "\(failure.message) (the system ran short, not the widget: its last timeline stays and the next refresh tries again)"
    let failures = record.state?.lastError == nil ? 0 : record.state?.failures ?? 0
    try? store.writeState(
      WidgetState(lastAttempt: now, lastError: message, failures: failures), of: widget.name)
    return .failed(message, retryAt: nil)
  }
}
