// swift-tools-version: 6.1
import PackageDescription

// Targets and what each may import:
// - TOML: the config's TOML reader with positions; TimelineCore only (TextPosition).
// - TimelineCore: the standard library only (entries, timelines, policies, selection, and the
//   shared vocabulary: WidgetName, Sources, CleanText, JSONEscape, Palette).
// - Platform: the process's view of the system: the wall clock, the environment, stdout
//   writes; Glibc only, used by everything that runs, the fast path included.
// - Spawning: the package's one way to start a program (process groups, the pipe2 shim)
//   and a detached thread; Glibc only. Apart from Platform so that timeline-emit does not link it: each type in
//   the binary adds to the runtime's first conformance and metadata look-ups (~2 % of a
//   one-shot emit, measured with callgrind).
// - CJSONC: json-c, the reader of whole cache documents in another layout (a version 2 file in
//   the writer's layout is read line by line with FlatJSON, by the bars and the CLI alike).
// - TimelineCache: the cache file format, its readers (json-c; FlatJSON for the layout's lines) and its atomic writer (Glibc).
// - Emitters: pure renderers per bar and the OutputFormat registry; TimelineCore only, no
//   Glibc, no file access.
// - EmitRuntime: the emit command's process side (the pipeline from a cache file to a line,
//   the browse view, the placeholder guidance, argv, stdout, signals, inotify, --follow),
//   shared by timeline-emit and `timeline emit`.
// - CCurl: libcurl, the HTTP client's transport (one file of Providers uses it).
// - Providers: networking and time-zone maths live here and nowhere else; FoundationEssentials
//   (JSON decoding) here, and for a few JSON and date helpers in TimelineKit and the CLI.
// - TimelineKit: config, the refresh orchestration, status and what the CLI prints.
// - timeline: the CLI; ArgumentParser parsing and dispatch into TimelineKit only.
// - timeline-emit: the bars' fast path; never Foundation, never ArgumentParser.
// - LoaderTables: C; timeline's start-up hands the dynamic loader's relocation tables back.
let strict: [SwiftSetting] = [
  .enableUpcomingFeature("ExistentialAny"), .enableUpcomingFeature("MemberImportVisibility"),
]
// The bars' fast path (timeline-emit and the modules it links): value operations on large
// structs (Entry, CacheMeta) lowered field by field instead of through type layouts, whose
// runtime metadata lookups cost each one-shot emit ~40 k instructions (docs/performance.md).
// Generic types' metadata through their accessors, not the runtime's demangler (~13 k).
// Each function in its own section, so that the emitter's link can lay out the hot ones together.
// unsafeFlags stay on purpose: the package's products are executables alone, so no downstream
// package can depend on these targets (SwiftPM refuses unsafeFlags only in the targets of a
// product another package uses). Add a library product and its targets must drop them.
let fastPath: [SwiftSetting] =
  strict + [
    .unsafeFlags([
      "-Xfrontend", "-disable-type-layout", "-Xfrontend", "-function-sections",
      "-Xfrontend", "-disable-concrete-type-metadata-mangled-name-accessors",
    ])
  ]

let package = Package(
  name: "timeline",
  platforms: [.macOS(.v13)],
  products: [
    .executable(name: "timeline", targets: ["timeline"]),
    .executable(name: "timeline-emit", targets: ["timeline-emit"]),
  ],
  dependencies: [
    .package(url: "https://github.com/apple/swift-argument-parser", from: "1.5.0")
  ],
  targets: [
    .target(name: "TimelineCore", swiftSettings: fastPath),
    // The config's TOML 1.0 reader, every key and value with its line:column (TimelineCore's
    // TextPosition, which the config keeps for its messages); nothing else.
    .target(name: "TOML", dependencies: ["TimelineCore"], swiftSettings: strict),
    .target(name: "Platform", dependencies: ["TimelineCore"], swiftSettings: fastPath),
    .target(name: "Spawning", dependencies: ["TimelineCore"], swiftSettings: strict),
    .systemLibrary(
      name: "CJSONC", pkgConfig: "json-c",
      providers: [.apt(["libjson-c-dev"]), .brew(["json-c"])]),
    // libcurl, through one file (Providers/HTTP/CurlTransfer.swift).
    .systemLibrary(
      name: "CCurl", pkgConfig: "libcurl",
      providers: [.apt(["libcurl4-openssl-dev"]), .brew(["curl"])]),
    .target(name: "TimelineCache", dependencies: ["TimelineCore", "Platform", "CJSONC"], swiftSettings: fastPath),
    .target(name: "Emitters", dependencies: ["TimelineCore"], swiftSettings: fastPath),
    .target(
      name: "EmitRuntime", dependencies: ["Emitters", "Platform", "TimelineCache", "TimelineCore"],
      swiftSettings: fastPath),
    .target(
      name: "Providers", dependencies: ["TimelineCore", "Platform", "Spawning", "CCurl"],
      // Samples/ is read from the file system (SampleFiles.swift), not a SwiftPM resource.
      exclude: ["Samples"], swiftSettings: strict),
    .target(
      name: "TimelineKit",
      dependencies: [
        "TimelineCore", "Platform", "Spawning", "TimelineCache", "Providers", "Emitters", "EmitRuntime", "TOML",
      ],
      swiftSettings: strict),
    .executableTarget(
      name: "timeline",
      dependencies: [
        "TimelineKit", "TimelineCore", "TimelineCache", "Providers", "EmitRuntime", "Emitters", "Platform", "Spawning",
        "LoaderTables", .product(name: "ArgumentParser", package: "swift-argument-parser"),
      ],
      swiftSettings: strict),
    // timeline-emit's argv for the runtime, without its /proc/self/maps scan (argv.c).
    .target(name: "EmitArgv"),
    // timeline's start-up: the loader's relocation tables handed back after use (tables.c).
    .target(name: "LoaderTables"),
    .executableTarget(name: "timeline-emit", dependencies: ["EmitRuntime", "EmitArgv"], swiftSettings: fastPath),
    .executableTarget(
      name: "timeline-simulate", dependencies: ["TimelineKit", "TimelineCore", "TimelineCache", "Providers"],
      path: "bench/simulate"),
    // The bar markup oracles, standard library only: the tests get them through
    // TimelineTestSupport, the emitters fuzzer (a sanitizer build) directly.
    .target(name: "MarkupOracle"),
    .target(
      name: "TimelineTestSupport", dependencies: ["Spawning", "TimelineCore", "MarkupOracle"],
      path: "Sources/TimelineTestSupport"),
    .testTarget(name: "TimelineCoreTests", dependencies: ["TimelineCore", "TimelineTestSupport"]),
    .testTarget(name: "TOMLTests", dependencies: ["TOML", "TimelineCore", "TimelineTestSupport"]),
    .testTarget(name: "TimelineCacheTests", dependencies: ["TimelineCache", "TimelineCore", "TimelineTestSupport"]),
    // What the emitters' and the emit runtime's tests share: cache builders, goldens beside
    // each test file, the line forms' hostile text, conky's reading of a line, the spawn.
    .target(
      name: "EmitTestSupport",
      dependencies: ["Emitters", "Spawning", "TimelineCache", "TimelineCore", "TimelineTestSupport"],
      path: "Sources/EmitTestSupport"),
    // The pure renderers: goldens, markup oracles, real bars drawing what they print.
    .testTarget(
      name: "EmittersTests",
      dependencies: ["Emitters", "EmitTestSupport", "TimelineCache", "TimelineCore", "TimelineTestSupport"],
      exclude: ["Goldens"]),
    // The emit command's process side: the pipeline, stacks, browsing, --follow, the large
    // family, argv and the built binary.
    .testTarget(
      name: "EmitRuntimeTests",
      dependencies: [
        "EmitRuntime", "Emitters", "EmitTestSupport", "Spawning", "TimelineCache", "TimelineCore",
        "TimelineTestSupport",
      ],
      exclude: ["Goldens"]),
    .testTarget(
      name: "ProvidersTests",
      dependencies: ["Providers", "Emitters", "TimelineCache", "TimelineCore", "TimelineTestSupport"],
      resources: [.copy("Fixtures")]),
    .testTarget(
      name: "TimelineKitTests",
      dependencies: [
        "TimelineKit", "TimelineCache", "TimelineCore", "Providers", "Emitters", "EmitRuntime", "TimelineTestSupport",
      ]),
    .testTarget(name: "CLITests", dependencies: ["Spawning", "TimelineCache", "TimelineCore", "TimelineTestSupport"]),
    .testTarget(name: "IntegrationTests", dependencies: ["TimelineTestSupport"]),
    .testTarget(name: "LoaderTablesTests", dependencies: ["LoaderTables"]),
    .testTarget(
      name: "ReliabilityTests", dependencies: ["Spawning", "TimelineCache", "TimelineCore", "TimelineTestSupport"]),
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
      [
        "-use-ld=lld", "-Xlinker", "--symbol-ordering-file", "-Xlinker", emitOrder,
        "-Xlinker", "--no-warn-symbol-ordering",
      ],
      .when(configuration: .release))
  ]
}

// timeline's release link (docs/packaging.md, "The binaries"; `make build` also compiles
// every module with -function-sections). lld, for three things gold lacks: --icf=all folds
// identical functions (0.25 MB); --symbol-ordering-file puts the code a refresh runs
// together at the front, in the order bench/refresh_order.py profiled
// (bench/timeline-refresh.order), so the kernel's 64 KB fault-around maps 2 MB less of the
// binary per run; and --no-eh-frame-hdr drops the unwinder's 0.34 MB search table, which
// nothing needs (no C++ exception is thrown in it, a Swift error is not an unwind; glibc's
// forced unwind of the main thread, when the async main parks it, stops at the first frame
// without one, as at the top of any stack). And no dynamic symbol table of the package's own
// symbols: swiftc's -static-stdlib link exports every one (0.4 MB); nothing loads them by
// name. And no unwind tables at all (scripts/link/no-eh-frame.ld, 1.4 MB), for the same
// reason as the search table; which makes room for libstdc++ linked in statically
// (scripts/link/static-libstdc++ turns the driver's -lstdc++ into libstdc++.a): 70 KB more
// binary, about 1 MB less resident memory per refresh (the library's relocations and start-up).
// Only the runtime's strings and tables use it, built without exceptions: a C++ throw there
// ends the process, with or without tables. SwiftPM does not relink when only these files
// change.
let refreshOrder = Context.packageDirectory + "/bench/timeline-refresh.order"
let linkDirectory = Context.packageDirectory + "/scripts/link"
for target in package.targets where target.name == "timeline" {
  target.linkerSettings = [
    .unsafeFlags(
      [
        "-use-ld=lld", "-Xlinker", "--icf=all", "-Xlinker", "--no-eh-frame-hdr", "-Xlinker", "--no-export-dynamic",
        "-Xlinker", "--symbol-ordering-file", "-Xlinker", refreshOrder, "-Xlinker", "--no-warn-symbol-ordering",
        "-Xlinker", "-T", "-Xlinker", linkDirectory + "/no-eh-frame.ld", "-L", linkDirectory + "/static-libstdc++",
      ],
      .when(configuration: .release))
  ]
}

// libFuzzer targets (Fuzz/README.md), declared only when TIMELINE_FUZZ is set so that
// normal builds never see them: `make fuzz` builds them with -sanitize=fuzzer,address.
if Context.environment["TIMELINE_FUZZ"] != nil {
  let fuzzTargets: [(String, [Target.Dependency])] = [
    ("cache-reader", ["TimelineCache", "TimelineCore"]),
    ("emitters", ["Emitters", "TimelineCore", "MarkupOracle"]),
    ("varsom", ["Providers", "TimelineCore"]),
    ("banidb", ["Providers", "TimelineCore"]),
    ("command", ["Providers", "TimelineCache", "TimelineCore"]),
    ("config", ["TimelineKit", "Providers", "TimelineCache", "TimelineCore", "TOML"]),
    ("vcard", ["Providers"]),
  ]
  package.targets.append(.target(name: "FuzzDriver", dependencies: ["TimelineCore"], path: "Fuzz/driver"))
  for (name, dependencies) in fuzzTargets {
    package.targets.append(
      .executableTarget(name: "fuzz-\(name)", dependencies: dependencies + ["FuzzDriver"], path: "Fuzz/\(name)"))
  }
}
