// swift-tools-version: 6.1
import PackageDescription

// Targets and what each may import:
// - TimelineCore: the standard library only (entries, timelines, policies, selection).
// - CJSONC: json-c, the reader of whole cache documents (version 2 hot lines use FlatJSON).
// - TimelineCache: the cache file format, its readers (json-c; FlatJSON for the bars' lines) and its atomic writer (Glibc).
// - Emitters: pure renderers per bar, plus the pipeline both emit front ends share.
// - Providers: networking, Foundation and time-zone maths live here and nowhere else.
// - TimelineKit: config, the refresh orchestration and status, used by the CLI.
// - timeline-emit: the bars' fast path; never Foundation, never ArgumentParser.
let strict: [SwiftSetting] = [.enableUpcomingFeature("ExistentialAny")]
// The bars' fast path (timeline-emit and the modules it links): value operations on large
// structs (Entry, CacheMeta) lowered field by field instead of through type layouts, whose
// runtime metadata lookups cost each one-shot emit ~40 k instructions (docs/performance.md).
// Each function in its own section, so that the emitter's link can lay out the hot ones together.
let fastPath: [SwiftSetting] =
  strict + [.unsafeFlags(["-Xfrontend", "-disable-type-layout", "-Xfrontend", "-function-sections"])]

let package = Package(
  name: "timeline",
  platforms: [.macOS(.v13)],
  products: [
    .executable(name: "timeline", targets: ["timeline"]),
    .executable(name: "timeline-emit", targets: ["timeline-emit"]),
  ],
  dependencies: [
    .package(url: "https://github.com/apple/swift-argument-parser", from: "1.5.0"),
    .package(url: "https://github.com/LebJe/TOMLKit", from: "0.6.0"),
  ],
  targets: [
    .target(name: "TimelineCore", swiftSettings: fastPath),
    .systemLibrary(
      name: "CJSONC", pkgConfig: "json-c",
      providers: [.apt(["libjson-c-dev"]), .brew(["json-c"])]),
    .target(name: "TimelineCache", dependencies: ["TimelineCore", "CJSONC"], swiftSettings: fastPath),
    .target(name: "Emitters", dependencies: ["TimelineCore", "TimelineCache"], swiftSettings: fastPath),
    .target(name: "Providers", dependencies: ["TimelineCore"], resources: [.copy("Samples")], swiftSettings: strict),
    .target(
      name: "TimelineKit",
      dependencies: ["TimelineCore", "TimelineCache", "Providers", "Emitters", .product(name: "TOMLKit", package: "TOMLKit")],
      swiftSettings: strict),
    .executableTarget(
      name: "timeline",
      dependencies: ["TimelineKit", "Emitters", .product(name: "ArgumentParser", package: "swift-argument-parser")],
      swiftSettings: strict),
    .executableTarget(name: "timeline-emit", dependencies: ["Emitters"], swiftSettings: fastPath),
    .executableTarget(
      name: "timeline-simulate", dependencies: ["TimelineKit", "TimelineCore", "TimelineCache", "Providers"],
      path: "bench/simulate"),
    .target(name: "TimelineTestSupport", dependencies: ["Providers"], path: "Sources/TimelineTestSupport"),
    .testTarget(name: "TimelineCoreTests", dependencies: ["TimelineCore"]),
    .testTarget(name: "TimelineCacheTests", dependencies: ["TimelineCache", "TimelineTestSupport"]),
    .testTarget(name: "EmittersTests", dependencies: ["Emitters", "TimelineCache", "TimelineTestSupport"], resources: [.copy("Goldens")]),
    .testTarget(name: "ProvidersTests", dependencies: ["Providers", "TimelineKit", "Emitters", "TimelineTestSupport"], resources: [.copy("Fixtures")]),
    .testTarget(name: "TimelineKitTests", dependencies: ["TimelineKit", "TimelineCache", "TimelineTestSupport"]),
    .testTarget(name: "CLITests", dependencies: ["TimelineCache", "TimelineCore", "TimelineTestSupport"]),
    .testTarget(name: "IntegrationTests", dependencies: ["TimelineTestSupport"]),
    .testTarget(name: "ReliabilityTests", dependencies: ["TimelineCache", "TimelineCore", "TimelineTestSupport"]),
  ]
)

// timeline-emit's release link: lld puts the code and data a bar's one-shot emit touches
// first, in the order bench/emit_order.py profiled (bench/timeline-emit.order), so the kernel's
// 64 KB fault-around maps ~1.6 MB less of the static binary and the emit takes ~30 fewer page
// faults (docs/performance.md). The order only moves sections: a stale name costs memory,
// never behaviour. SwiftPM does not relink when only the order file changes.
let emitOrder = Context.packageDirectory + "/bench/timeline-emit.order"
for target in package.targets where target.name == "timeline-emit" {
  target.linkerSettings = [
    .unsafeFlags(
      ["-use-ld=lld", "-Xlinker", "--symbol-ordering-file", "-Xlinker", emitOrder,
       "-Xlinker", "--no-warn-symbol-ordering"],
      .when(configuration: .release))
  ]
}

// libFuzzer targets (Fuzz/README.md), declared only when TIMELINE_FUZZ is set so that
// normal builds never see them: `make fuzz` builds them with -sanitize=fuzzer,address.
if Context.environment["TIMELINE_FUZZ"] != nil {
  let fuzzTargets: [(String, [Target.Dependency])] = [
    ("cache-reader", ["TimelineCache", "TimelineCore"]),
    ("emitters", ["Emitters", "TimelineCore"]),
    ("varsom", ["Providers", "TimelineCore"]),
    ("banidb", ["Providers", "TimelineCore"]),
    ("command", ["Providers", "TimelineCache", "TimelineCore"]),
    ("config", ["TimelineKit", "Providers", "TimelineCache", "TimelineCore"]),
  ]
  package.targets.append(.target(name: "FuzzDriver", dependencies: ["TimelineCore"], path: "Fuzz/driver"))
  for (name, dependencies) in fuzzTargets {
    package.targets.append(
      .executableTarget(name: "fuzz-\(name)", dependencies: dependencies + ["FuzzDriver"], path: "Fuzz/\(name)"))
  }
}
