import Glibc
import Platform

/// The check that an address-space limit (`ulimit -v`, systemd's `LimitAS=`) leaves room
/// to run. The async commands run on Swift's cooperative pool, whose threads libdispatch
/// starts with the default stack size; when the limit leaves no room for those stacks,
/// libdispatch retries the thread forever and the command never ends. So before any of
/// that starts, the room is reserved once and given back: if it cannot be, the command
/// says so and exits instead.
enum AddressSpace {
  /// The room to keep free: a default-sized stack for each thread the pool may start
  /// (one per processor) and one for libdispatch's own, and 16 MiB for the work itself.
  static func room() -> Int {
    var attributes = pthread_attr_t()
    var stack = 8 << 20
    if pthread_attr_init(&attributes) == 0 {
      var size = 0
      if pthread_attr_getstacksize(&attributes, &size) == 0, size > 0 { stack = size }
      pthread_attr_destroy(&attributes)
    }
    let processors = max(1, sysconf(Int32(_SC_NPROCESSORS_ONLN)))
    return (processors + 1) * stack + (16 << 20)
  }

  /// The address space mapped now (/proc/self/statm's first field), or 0 if unknown.
  static func mapped() -> Int {
    guard case .success(let text) = SmallFile.read("/proc/self/statm") else { return 0 }
    return (Int(text.prefix { $0 != " " }) ?? 0) * sysconf(Int32(_SC_PAGESIZE))
  }

  /// Nil when there is no limit or the room fits under it; else the message to print.
  static func shortfall() -> String? {
    var limit = rlimit()
    // rlim_t.max is RLIM_INFINITY.
    guard getrlimit(Int32(RLIMIT_AS.rawValue), &limit) == 0, limit.rlim_cur != rlim_t.max else { return nil }
    let room = room()
    // PROT_NONE and MAP_NORESERVE: address space only, no memory is touched.
    let reserved = mmap(nil, room, PROT_NONE, MAP_PRIVATE | MAP_ANONYMOUS | MAP_NORESERVE, -1, 0)
    if let reserved, reserved != MAP_FAILED {
      munmap(reserved, room)
      return nil
    }
    let needed = (mapped() + room) >> 20
    return "the address-space limit (ulimit -v, LimitAS=) of \(limit.rlim_cur >> 20) MiB is too low to run; "
      + "it needs about \(needed) MiB"
  }
}
