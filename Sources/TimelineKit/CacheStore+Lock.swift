import TimelineCache
import TimelineCore

extension CacheStore {
  /// Runs `body` holding the widget's refresh lock (`lock(_:wait:)`), which may fetch.
  func withLock<T>(_ name: WidgetName, wait: Double = 15, _ body: () async throws -> T) async throws -> T {
    let held = try lock(name, wait: wait)
    do {
      let result = try await body()
      held.release()
      return result
    } catch {
      held.release()
      throw error
    }
  }
}
