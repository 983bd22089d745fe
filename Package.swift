// swift-tools-version: 6.0
// StoryKit — interactive story motion for iOS. Copyright 2026 the StoryKit authors.
// Licensed under the Apache License, Version 2.0 (see LICENSE); version 0.1.0 (see CHANGELOG.md).
import PackageDescription

let package = Package(
    name: "StoryKit",
    platforms: [.iOS(.v15), .macOS(.v13)],
    products: [
        // Pure motion maths: geometry, transforms, springs, timing, gestures. No UI framework.
        .library(name: "MotionCore", targets: ["MotionCore"]),
        // The effect models and stories engine (re-exports MotionCore).
        .library(name: "StoryKit", targets: ["StoryKit"]),
        // UIKit and SwiftUI front-ends; empty where those frameworks do not exist. Static, so that
        // `swift build --product StoryKitUI` builds just it and what it needs (an automatic
        // product makes SwiftPM build every target instead, the command line's too).
        .library(name: "StoryKitUI", type: .static, targets: ["StoryKitUI"]),
        // The headless compositor and image codecs (Linux and macOS).
        .library(name: "StoryRender", targets: ["StoryRender"]),
        // The I/O the stories viewer needs, starting with the persisted seen state (all platforms).
        .library(name: "StoryMedia", targets: ["StoryMedia"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-numerics", from: "1.1.1"),
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.5.0"),
        // Only for the loopback test server below (no product depends on it, so SwiftPM does not
        // fetch it for the library's users).
        .package(url: "https://github.com/apple/swift-nio", from: "2.101.2"),
    ],
    targets: [
        .target(
            name: "MotionCore",
            dependencies: [.product(name: "RealModule", package: "swift-numerics")]
        ),
        .target(
            name: "StoryKit",
            dependencies: ["MotionCore", .product(name: "RealModule", package: "swift-numerics")]
        ),
        // The front-ends read media bytes through StoryMedia's `MediaByteSource` (platform-independent).
        .target(name: "StoryKitUI", dependencies: ["StoryKit", "StoryMedia"]),
        // Files and (later) network for the viewer: POSIX at the file edge, no UI framework.
        .target(name: "StoryMedia", dependencies: ["StoryKit", "StoryFiles"]),
        // The one file layer (POSIX reads, atomic replacement: temporary file, sync, rename,
        // folder sync) that StoryMedia, StoryRender and the command line write through; no
        // product, and it depends on nothing.
        .target(name: "StoryFiles"),
        // The image codecs: libpng and libjpeg on Linux (Debian: libpng-dev libjpeg-dev); on Apple
        // platforms StoryRender uses ImageIO and links neither, so nothing beyond Xcode is needed.
        // libpng's classic API behind two C functions that keep its setjmp/longjmp inside C.
        .target(name: "CPNG", linkerSettings: [.linkedLibrary("png16", .when(platforms: [.linux]))]),
        // Little CMS converts images with an embedded ICC profile to sRGB on Linux, loaded at run
        // time from Debian's liblcms2-2 (no -dev package needed to build; without it profiles are
        // ignored). Apple platforms use ColorSync through ImageIO.
        .target(name: "CLCMS2", linkerSettings: [.linkedLibrary("dl", .when(platforms: [.linux]))]),
        // libjpeg's classic API behind two C functions that keep its setjmp/longjmp inside C.
        .target(name: "CJPEG", linkerSettings: [.linkedLibrary("jpeg", .when(platforms: [.linux]))]),
        // Text on Linux: FreeType rasterises and kerns glyphs, fontconfig matches families and finds
        // fallback fonts (Debian: libfreetype-dev libfontconfig-dev, and fonts such as
        // fonts-dejavu-core). On Apple platforms StoryRender uses Core Text and links neither.
        .systemLibrary(name: "CFreeType", pkgConfig: "freetype2", providers: [.apt(["libfreetype-dev"])]),
        .systemLibrary(name: "CFontconfig", pkgConfig: "fontconfig", providers: [.apt(["libfontconfig-dev"])]),
        // `__builtin_prefetch` and huge-page advice (madvise) for the texture sampler, which Swift cannot spell.
        .target(name: "CPrefetch"),
        // The blur's row and column passes in AVX2 (256-bit) for x86-64 CPUs that have it, chosen
        // at run time; the Swift path (SSE2 there, NEON on arm64) draws the same bytes elsewhere.
        .target(name: "CBlur"),
        .target(
            name: "StoryRender",
            dependencies: [
                "StoryKit", "StoryFiles", "CPrefetch", "CBlur",
                .target(name: "CPNG", condition: .when(platforms: [.linux])),
                .target(name: "CJPEG", condition: .when(platforms: [.linux])),
                .target(name: "CLCMS2", condition: .when(platforms: [.linux])),
                .target(name: "CFreeType", condition: .when(platforms: [.linux])),
                .target(name: "CFontconfig", condition: .when(platforms: [.linux])),
            ]
        ),
        .executableTarget(
            name: "storykit",
            dependencies: ["StoryKit", "StoryRender", "StoryMedia", "StoryFiles",
                           .product(name: "ArgumentParser", package: "swift-argument-parser")]
        ),
        .target(
            name: "StoryKitTestSupport",
            dependencies: ["MotionCore", "StoryRender", "StoryKitUI", "StoryKitStorm",
                           .product(name: "Numerics", package: "swift-numerics")],
            path: "Tests/StoryKitTestSupport"
        ),
        // Seeded storms of hostile input sequences against every model (no product: tests and CI).
        .target(name: "StoryKitStorm", dependencies: ["StoryKit", "MotionCore", "StoryKitUI", "StoryMedia"], path: "Tests/StoryKitStorm"),
        // The media pipeline's loading benchmark against the loopback server (no product: a
        // scripted session, run by hand; see the README's benchmarks).
        .executableTarget(name: "storykit-loading-bench", dependencies: ["StoryMedia", "StoryKitTestServer"],
                          path: "Tests/LoadingBenchmark"),
        .executableTarget(name: "storykit-storm", dependencies: ["StoryKitStorm"], path: "Tests/StormRunner"),
        // A process that saves a seen state and kills itself at a chosen step of the write, for
        // StoryMediaTests' crash test (no product; Process and fork exist on Linux and macOS only).
        .executableTarget(name: "seen-state-crasher", dependencies: ["StoryMedia"], path: "Tests/SeenStateCrasher"),
        // An HTTP/1.1 server on 127.0.0.1 with scripted latency, a shared bandwidth limit, byte
        // ranges and faults, for the media pipeline's tests and the loading benchmark (no product).
        .target(
            name: "StoryKitTestServer",
            dependencies: [
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOPosix", package: "swift-nio"),
                .product(name: "NIOHTTP1", package: "swift-nio"),
                .product(name: "NIOConcurrencyHelpers", package: "swift-nio"),
            ],
            path: "Tests/StoryKitTestServer"
        ),
        .testTarget(
            name: "StoryMediaTests",
            dependencies: ["StoryMedia", "StoryFiles", "StoryKitTestSupport", "StoryKitTestServer", "seen-state-crasher"]
        ),
        .testTarget(name: "MotionCoreTests", dependencies: ["MotionCore", "StoryKitTestSupport"]),
        .testTarget(name: "StoryKitCLITests", dependencies: ["storykit", "StoryKitTestSupport", "StoryKitTestServer"]),
        .testTarget(name: "StoryKitTests", dependencies: ["StoryKit", "StoryKitTestSupport", "StoryKitStorm"]),
        // The front-ends' platform-independent rules (reuse bookkeeping, nested scrolling, edge
        // masks, VoiceOver choices): plain Swift in StoryKitUI, so they run on Linux too.
        .testTarget(name: "StoryKitUITests", dependencies: ["StoryKitUI", "StoryKit", "StoryMedia", "StoryKitTestSupport", "StoryKitTestServer"]),
        // The README's and DocC's UIKit/SwiftUI snippets, compiled for iOS by
        // `../shared/ios-sdk/build.sh --target StoryKitUISnippets` (empty elsewhere; no product).
        .target(name: "StoryKitUISnippets", dependencies: ["StoryKitUI", "StoryMedia"], path: "Tests/StoryKitUISnippets"),
        .testTarget(
            name: "StoryRenderTests",
            dependencies: ["StoryRender", "StoryKitTestSupport"],
            exclude: ["__Snapshots__", "Fixtures"]  // golden PNGs and codec fixtures, read from disk
        ),
    ],
    swiftLanguageModes: [.v6]
)
