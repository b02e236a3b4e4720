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
    .library(name: "HabitStore", targets: ["HabitStore"]),
  ],
  dependencies: [
    .package(url: "https://github.com/x-sheep/swift-property-based.git", from: "2.0.1"),
    .package(url: "https://github.com/vapor/sql-kit.git", from: "3.36.0"),
    .package(url: "https://github.com/vapor/sqlite-kit.git", from: "4.5.2"),
    .package(url: "https://github.com/vapor/postgres-kit.git", from: "2.17.0"),
    .package(url: "https://github.com/apple/swift-nio-ssl.git", from: "2.37.6"),
  ],
  targets: [
    .target(
      name: "HabitCore",
      swiftSettings: strictSwift,
      linkerSettings: [.linkedLibrary("m", .when(platforms: [.linux]))]
    ),
    .target(name: "HabitSync", dependencies: ["HabitCore"], swiftSettings: strictSwift),
    .target(
      name: "HabitStore",
      dependencies: [
        "HabitCore", "HabitSync",
        .product(name: "SQLKit", package: "sql-kit"),
        .product(name: "SQLiteKit", package: "sqlite-kit"),
        .product(name: "PostgresKit", package: "postgres-kit"),
        .product(name: "NIOSSL", package: "swift-nio-ssl"),
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
      dependencies: ["HabitCore", "HabitSync", "HabitStore"],
      path: "Benchmarks/HabitBenchmarks",
      swiftSettings: strictSwift
    ),
    .testTarget(
      name: "HabitCoreTests",
      dependencies: [
        "HabitCore",
        .product(name: "PropertyBased", package: "swift-property-based"),
      ],
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
      name: "HabitStoreTests",
      dependencies: ["HabitCore", "HabitSync", "HabitStore"],
      swiftSettings: strictSwift
    ),
  ],
  swiftLanguageModes: [.v6]
)
