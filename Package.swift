// swift-tools-version: 6.1
import PackageDescription

/// Settings every HabitFlow target shares on top of Swift 6 language mode (strict concurrency).
let strictSwift: [SwiftSetting] = [
  .enableUpcomingFeature("ExistentialAny"),
  .enableUpcomingFeature("InternalImportsByDefault"),
]

let package = Package(
  name: "HabitFlow",
  platforms: [.macOS(.v15)],
  products: [
    .library(name: "HabitCore", targets: ["HabitCore"]),
    .library(name: "HabitSync", targets: ["HabitSync"]),
    .library(name: "HabitInterop", targets: ["HabitInterop"]),
    .library(name: "HabitResources", targets: ["HabitResources"]),
    .library(name: "HabitStore", targets: ["HabitStore"]),
    .library(name: "HabitServer", targets: ["HabitServer"]),
    .library(name: "HabitCLI", targets: ["HabitCLI"]),
    .executable(name: "habit", targets: ["habit"]),
  ],
  dependencies: [
    .package(url: "https://github.com/x-sheep/swift-property-based.git", from: "2.0.1"),
    .package(url: "https://github.com/vapor/sql-kit.git", from: "3.36.0"),
    .package(url: "https://github.com/vapor/sqlite-kit.git", from: "4.5.2"),
    .package(url: "https://github.com/vapor/postgres-kit.git", from: "2.17.0"),
    .package(url: "https://github.com/apple/swift-nio-ssl.git", from: "2.37.6"),
    .package(url: "https://github.com/hummingbird-project/hummingbird.git", from: "2.28.1"),
    .package(url: "https://github.com/hummingbird-project/hummingbird-auth.git", from: "2.5.0"),
    .package(url: "https://github.com/apple/swift-crypto.git", from: "3.12.3"),
    .package(url: "https://github.com/apple/swift-argument-parser.git", from: "1.8.2"),
    .package(url: "https://github.com/apple/swift-log.git", from: "1.16.2"),
    .package(url: "https://github.com/swift-server/swift-service-lifecycle.git", from: "2.13.0"),
    .package(url: "https://github.com/swift-server/async-http-client.git", from: "1.37.0"),
    .package(url: "https://github.com/apple/swift-http-types.git", from: "1.8.0"),
    .package(url: "https://github.com/apple/swift-nio.git", from: "2.101.2"),
    .package(url: "https://github.com/apple/swift-metrics.git", from: "2.13.0"),
    .package(url: "https://github.com/swift-server/swift-prometheus.git", from: "2.4.1"),
  ],
  targets: [
    .target(
      name: "HabitCore",
      swiftSettings: strictSwift,
      linkerSettings: [.linkedLibrary("m", .when(platforms: [.linux]))]
    ),
    .target(name: "HabitSync", dependencies: ["HabitCore"], swiftSettings: strictSwift),
    .target(
      name: "HabitResources", dependencies: ["HabitCore", "HabitSync"], swiftSettings: strictSwift),
    .target(
      name: "HabitInterop", dependencies: ["HabitCore", "HabitSync"], swiftSettings: strictSwift),
    .target(
      name: "HabitApp", dependencies: ["HabitCore", "HabitSync", "HabitInterop"],
      swiftSettings: strictSwift),
    .target(
      name: "HabitWasmBridge",
      swiftSettings: strictSwift + [.enableExperimentalFeature("Extern")]),
    .executableTarget(
      name: "HabitWeb", dependencies: ["HabitApp", "HabitWasmBridge"], swiftSettings: strictSwift),
    .executableTarget(
      name: "HabitDataWeb", dependencies: ["HabitApp", "HabitWasmBridge"],
      swiftSettings: strictSwift),
    .target(
      name: "HabitStore",
      dependencies: [
        "HabitCore", "HabitSync", "HabitInterop",
        .product(name: "SQLKit", package: "sql-kit"),
        .product(name: "SQLiteKit", package: "sqlite-kit"),
        .product(name: "PostgresKit", package: "postgres-kit"),
        .product(name: "NIOSSL", package: "swift-nio-ssl"),
        .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
      ],
      swiftSettings: strictSwift
    ),
    .target(
      name: "HabitServer",
      dependencies: [
        "HabitCore", "HabitSync", "HabitResources", "HabitStore", "HabitInterop",
        .product(name: "Hummingbird", package: "hummingbird"),
        .product(name: "HummingbirdBcrypt", package: "hummingbird-auth"),
        .product(name: "Crypto", package: "swift-crypto"),
        .product(name: "Logging", package: "swift-log"),
        .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
        .product(name: "HTTPTypes", package: "swift-http-types"),
        .product(name: "NIOCore", package: "swift-nio"),
        .product(name: "NIOPosix", package: "swift-nio"),
        .product(name: "Metrics", package: "swift-metrics"),
        .product(name: "Prometheus", package: "swift-prometheus"),
        .product(name: "AsyncHTTPClient", package: "async-http-client"),
      ],
      resources: [.copy("Resources/openapi.json")],
      swiftSettings: strictSwift
    ),
    .target(
      name: "HabitCLI",
      dependencies: [
        "HabitCore", "HabitSync", "HabitStore", "HabitInterop",
        .product(name: "ArgumentParser", package: "swift-argument-parser"),
        .product(name: "AsyncHTTPClient", package: "async-http-client"),
        .product(name: "NIOCore", package: "swift-nio"),
        .product(name: "NIOHTTP1", package: "swift-nio"),
        .product(name: "Logging", package: "swift-log"),
      ],
      swiftSettings: strictSwift
    ),
    .executableTarget(
      name: "habit",
      dependencies: [
        "HabitServer", "HabitCLI", "HabitStore",
        .product(name: "ArgumentParser", package: "swift-argument-parser"),
        .product(name: "Logging", package: "swift-log"),
      ],
      swiftSettings: strictSwift
    ),
    .executableTarget(
      name: "HabitStoreCrashWriter",
      dependencies: ["HabitStore", "HabitSync", "HabitCore"],
      path: "Tools/HabitStoreCrashWriter",
      swiftSettings: strictSwift
    ),
    .executableTarget(
      name: "HabitBenchmarks",
      dependencies: [
        "HabitCore", "HabitSync", "HabitStore", .product(name: "Crypto", package: "swift-crypto"),
      ],
      path: "Benchmarks/HabitBenchmarks",
      swiftSettings: strictSwift
    ),
    .executableTarget(
      name: "HabitWebBenchmarks",
      dependencies: ["HabitCore", "HabitSync", "HabitInterop", "HabitApp"],
      path: "Benchmarks/HabitWebBenchmarks",
      swiftSettings: strictSwift
    ),
    .target(name: "HabitTestPacing", path: "Tests/HabitTestPacing"),
    .target(
      name: "HabitTestSupport",
      dependencies: [
        "HabitStore", "HabitTestPacing", .product(name: "Logging", package: "swift-log"),
        .product(name: "SQLKit", package: "sql-kit"),
      ],
      path: "Tests/HabitTestSupport",
      swiftSettings: strictSwift
    ),
    .testTarget(
      name: "HabitCoreTests",
      dependencies: [
        "HabitCore",
        .product(name: "PropertyBased", package: "swift-property-based"),
      ],
      exclude: ["Fixtures"],
      swiftSettings: strictSwift
    ),
    .testTarget(
      name: "HabitSyncTests",
      dependencies: [
        "HabitCore", "HabitSync",
        .product(name: "PropertyBased", package: "swift-property-based"),
      ],
      resources: [.copy("Fixtures")],
      swiftSettings: strictSwift
    ),
    .testTarget(
      name: "HabitAppTests",
      dependencies: ["HabitCore", "HabitSync", "HabitInterop", "HabitApp"],
      swiftSettings: strictSwift
    ),
    .testTarget(
      name: "HabitServerTests",
      dependencies: [
        "HabitCore", "HabitSync", "HabitStore", "HabitServer", "HabitResources", "HabitInterop",
        "HabitTestSupport", "HabitTestPacing",
        .product(name: "HummingbirdTesting", package: "hummingbird"),
        .product(name: "AsyncHTTPClient", package: "async-http-client"),
        .product(name: "NIOHTTP1", package: "swift-nio"),
        .product(name: "Crypto", package: "swift-crypto"),
      ],
      swiftSettings: strictSwift
    ),
    .testTarget(
      name: "HabitInteropTests",
      dependencies: [
        "HabitCore", "HabitSync", "HabitInterop",
        .product(name: "PropertyBased", package: "swift-property-based"),
      ],
      exclude: ["Fixtures"],
      swiftSettings: strictSwift
    ),
    .testTarget(
      name: "HabitCLITests",
      dependencies: [
        "HabitCore", "HabitSync", "HabitStore", "HabitCLI", "HabitServer", "HabitTestSupport",
        .product(name: "HummingbirdTesting", package: "hummingbird"),
        .product(name: "Logging", package: "swift-log"),
      ],
      swiftSettings: strictSwift
    ),
    .testTarget(
      name: "HabitSimulationTests",
      dependencies: [
        "HabitCore", "HabitSync", "HabitApp", "HabitStore", "HabitServer", "HabitCLI",
        "HabitTestSupport",
        .product(name: "Hummingbird", package: "hummingbird"),
        .product(name: "HummingbirdTesting", package: "hummingbird"),
        .product(name: "Logging", package: "swift-log"),
        .product(name: "HTTPTypes", package: "swift-http-types"),
        .product(name: "NIOCore", package: "swift-nio"),
        .product(name: "SQLKit", package: "sql-kit"),
      ],
      swiftSettings: strictSwift
    ),
    .testTarget(
      name: "HabitStoreTests",
      dependencies: ["HabitCore", "HabitSync", "HabitStore", "HabitInterop", "HabitTestSupport"],
      swiftSettings: strictSwift
    ),
  ],
  swiftLanguageModes: [.v6]
)
