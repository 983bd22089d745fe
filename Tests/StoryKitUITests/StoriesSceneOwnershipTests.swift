import StoryKit
import StoryKitTestSupport
@testable import StoryKitUI
import Testing

/// The viewer's scene and its UIKit views draw from the same StoryKit values: the title frame
/// (``StoriesViewer/ChromeLayout/title``) and each face's ``CubeFaceAppearance``.
@Suite struct StoriesSceneOwnershipTests {
    static let page = StoriesFrontEndRulesTests.page

    @Test(arguments: [0.0, 8.0, 24.0])
    func theSceneWritesTheNameAndAgeInTheTitleFrame(inset: Double) throws {
        var configuration = StoriesViewer.Configuration()
        configuration.segments.inset = inset
        let viewer = StoriesViewer(feed: StoriesFrontEndRulesTests.feed, pageSize: Self.page, configuration: configuration)
        let scene = viewer.scene(media: { _, _ in nil }, now: 10_000)
        let title = viewer.chromeLayout.title
        for name in ["name", "age"] {
            let layer = try #require(StoriesFrontEndRulesTests.layer(named: name, in: scene.layers))
            // The text spans the title's width, from its left edge, its line centred in the title.
            #expect(Approximately.equal(layer.position.x - layer.bounds.width / 2, title.minX))
            #expect(Approximately.equal(layer.bounds.width, title.width))
            #expect(layer.position.y > title.minY && layer.position.y < title.maxY)
        }
    }

    @Test func midTurnEachScenePageIsItsFacesAppearance() throws {
        var viewer = StoriesViewer(feed: StoriesFrontEndRulesTests.feed, pageSize: Self.page)
        viewer.touchBegan(at: Point(x: 300, y: 400), time: 1)
        viewer.touchMoved(to: Point(x: 250, y: 400), time: 1.05)
        viewer.touchMoved(to: Point(x: 180, y: 400), time: 1.1)
        let appearances = CubeFaceAppearance.appearances(for: viewer.cube.layout) { _ in true }
        #expect(appearances.count == 2)
        let scene = viewer.scene(media: { _, _ in nil })
        for appearance in appearances {
            let page = try #require(StoriesFrontEndRulesTests.layer(named: "page \(appearance.index)", in: scene.layers))
            #expect(page.transform == appearance.transform && page.opacity == appearance.opacity)
            #expect(page.isDoubleSided == appearance.isDoubleSided && page.antialiasedEdges == appearance.antialiasedEdges)
            let shading = try #require(StoriesFrontEndRulesTests.layer(named: "shading", in: [page]))
            #expect(shading.opacity == appearance.shadingOpacity)
        }
    }
}
