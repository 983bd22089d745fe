// swift-tools-version: 6.1
// Micro-benchmarks for StoryKit, kept in a nested package so the library does not depend on the
// benchmark harness. Run from this folder: `swift package benchmark`.
import PackageDescription

let package = Package(
    name: "StoryKitBenchmarks",
    platforms: [.macOS(.v13)],
    dependencies: [
        .package(name: "StoryKit", path: ".."),
        .package(url: "https://github.com/ordo-one/benchmark", from: "1.38.1", traits: ["MallocInterposer"]),
    ],
    targets: [
        .executableTarget(
            name: "StoryKitBenchmarks",
            dependencies: [
                .product(name: "StoryKit", package: "StoryKit"),
                .product(name: "Benchmark", package: "benchmark"),
            ],
            path: "Benchmarks/StoryKitBenchmarks",
            plugins: [.plugin(name: "BenchmarkPlugin", package: "benchmark")]
        ),
    ],
    swiftLanguageModes: [.v6]
)
