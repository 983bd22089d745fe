import Foundation
import StoryKitTestSupport
import Testing

/// One check over every golden suite: each stored PNG is produced by a declared test, each
/// declared golden is stored, each declared test exists, and no folder under `__Snapshots__`
/// belongs to no suite (a new suite must be listed here, or its goldens fail this test).
@Suite struct GoldenCatalogTests {
    static let suites: [GoldenImages] = [
        RendererTests.goldens, RendererContentTests.goldens, RendererGroupTests.goldens, RendererLayerPropertiesTests.goldens,
        RendererMaskTests.goldens, TextRenderTests.goldens, RendererImageSamplingTests.goldens,
        CubePagerRenderTests.goldens, StoriesViewerRenderTests.goldens, StoriesViewerSoundRenderTests.goldens, StoriesViewerCaptionRenderTests.goldens, StoryRingRenderTests.goldens,
        StoryTrayRenderTests.goldens, ZoomTransitionRenderTests.goldens, ProfileHeaderRenderTests.goldens,
        StoriesViewerPlaceholderRenderTests.goldens,
        StoriesViewerAreaRenderTests.goldens,
        RightToLeftRenderTests.goldens,
        StoriesViewerCardRenderTests.goldens,
        StoriesViewerOverlayRenderTests.goldens,
    ]

    @Test(arguments: suites.map(\.suite))
    func everyGoldenIsProducedByADeclaredTestAndStored(suite: String) throws {
        let goldens = try #require(Self.suites.first { $0.suite == suite })
        #expect(goldens.orphans() == [], "stored goldens no test declares: delete them or declare them")
        #expect(goldens.missing() == [], "declared goldens never stored: record them (STORYKIT_RECORD_GOLDENS=missing)")
        #expect(goldens.undeclaredTests() == [], "catalog entries naming no test function in \(suite).swift")
    }

    @Test func everyFolderOfGoldensBelongsToASuite() throws {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("__Snapshots__").path
        let folders = try FileManager.default.contentsOfDirectory(atPath: root).filter { !$0.hasPrefix(".") }
        #expect(Set(folders) == Set(Self.suites.map(\.suite)), "each folder under __Snapshots__ is one suite's, named for its test file")
    }
}
