// swift-tools-version: 6.1
import PackageDescription

/// Settings every HabitFlow target shares: Swift 6 language mode with strict concurrency.
let strictSwift: [SwiftSetting] = [
  .enableUpcomingFeature("ExistentialAny"),
  .enableUpcomingFeature("InternalImportsByDefault"),
]

let package = Package(
  name: "HabitFlow",
  platforms: [.macOS(.v15)],
  products: [
    .library(name: "HabitCore", targets: ["HabitCore"])
  ],
  dependencies: [
    .package(url: "https://github.com/x-sheep/swift-property-based.git", from: "2.0.1")
  ],
  targets: [
    .target(
      name: "HabitCore",
      swiftSettings: strictSwift,
      linkerSettings: [.linkedLibrary("m", .when(platforms: [.linux]))]
    ),
    .executableTarget(
      name: "HabitBenchmarks",
      dependencies: ["HabitCore"],
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
  ],
  swiftLanguageModes: [.v6]
)
