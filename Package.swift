// swift-tools-version: 6.1
import PackageDescription

// Targets and what each may import:
// - TOML: the config's TOML reader with positions; TimelineCore only (TextPosition).
// - TimelineCore: the standard library only (entries, timelines, policies, selection, and the
//   shared vocabulary: WidgetName, Sources, CleanText, JSONEscape, Palette, Words,
//   ExitStatus, DecimalText).
// - Platform: the process's view of the system: the wall clock, the environment, stdout
//   writes; Glibc only, used by everything that runs, timeline-emit included.
// - Spawning: the package's one way to start a program (process groups, the pipe2 shim)
//   and a detached thread; Glibc only. Apart from Platform so that timeline-emit, which
//   starts no program, does not link it.
// - CJSONC: json-c, the reader of whole cache documents (a version 2 file in the writer's
//   layout is read line by line with FlatJSON, by the bars and the CLI alike).
// - TimelineCache: the cache file format, its readers (json-c for documents, FlatJSON for
//   the layout's lines) and its atomic writer (Glibc).
// - Emitters: pure renderers per bar and the OutputFormat registry; TimelineCore only, no
//   Glibc, no file access.
// - EmitRuntime: the emit command's process side (the pipeline from a cache file to a line,
//   the browse view, the placeholder guidance, argv, stdout, signals, inotify, --follow),
//   shared by timeline-emit and `timeline emit`.
// - CCurl: libcurl, the HTTP client's transport (one file of Providers uses it).
// - CIntl: glibc's gettext, the refresh's and the CLI's words (Providers/Language).
// - Providers: networking and time-zone maths live here and nowhere else; FoundationEssentials
//   (JSON decoding) here, and for a few JSON and date helpers in TimelineKit and the CLI.
// - TimelineKit: config, the refresh orchestration, status and what the CLI prints.
// - timeline: the CLI; ArgumentParser parsing and dispatch into TimelineKit only.
// - timeline-emit: the bars' command; never Foundation, never ArgumentParser, never network.
// - timeline-simulate (bench/simulate): a refresh schedule simulated over days, for the bench.
// - MarkupOracle, TimelineTestSupport, EmitTestSupport: what the tests and the fuzzers share.
let strict: [SwiftSetting] = [
  .enableUpcomingFeature("ExistentialAny"), .enableUpcomingFeature("MemberImportVisibility"),
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
    .target(name: "TimelineCore", swiftSettings: strict),
    // The config's TOML 1.0 reader, every key and value with its line:column (TimelineCore's
    // TextPosition, which the config keeps for its messages); nothing else.
    .target(name: "TOML", dependencies: ["TimelineCore"], swiftSettings: strict),
    .target(name: "Platform", dependencies: ["TimelineCore"], swiftSettings: strict),
    .target(name: "Spawning", dependencies: ["TimelineCore"], swiftSettings: strict),
    .systemLibrary(
      name: "CJSONC", pkgConfig: "json-c",
      providers: [.apt(["libjson-c-dev"]), .brew(["json-c"])]),
    // libcurl, through one file (Providers/HTTP/CurlTransfer.swift).
    .systemLibrary(
      name: "CCurl", pkgConfig: "libcurl",
      providers: [.apt(["libcurl4-openssl-dev"]), .brew(["curl"])]),
    // glibc's gettext (libintl.h), for the words of the refresh and the CLI
    // (Providers/Language); part of libc, so nothing more is linked.
    .systemLibrary(name: "CIntl"),
    .target(name: "TimelineCache", dependencies: ["TimelineCore", "Platform", "CJSONC"], swiftSettings: strict),
    .target(name: "Emitters", dependencies: ["TimelineCore"], swiftSettings: strict),
    .target(
      name: "EmitRuntime", dependencies: ["Emitters", "Platform", "TimelineCache", "TimelineCore"],
      swiftSettings: strict),
    .target(
      name: "Providers", dependencies: ["TimelineCore", "Platform", "Spawning", "CCurl", "CIntl"],
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
        .product(name: "ArgumentParser", package: "swift-argument-parser"),
      ],
      swiftSettings: strict),
    .executableTarget(name: "timeline-emit", dependencies: ["EmitRuntime"], swiftSettings: strict),
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
    // The built binaries end to end; the goldens of every bar in each language.
    .testTarget(
      name: "CLITests",
      dependencies: ["EmitTestSupport", "Spawning", "TimelineCache", "TimelineCore", "TimelineTestSupport"],
      exclude: ["Goldens"]),
    .testTarget(name: "IntegrationTests", dependencies: ["TimelineTestSupport"]),
    .testTarget(
      name: "ReliabilityTests", dependencies: ["Spawning", "TimelineCache", "TimelineCore", "TimelineTestSupport"]),
  ]
)

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
