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

/// The scrim and the progress bars the UIKit page draws through ``SceneLayersView`` are the
/// layers the scene draws: ``StoriesViewer/scrimLayer`` and ``StoriesViewer/barsLayer(forUser:)``.
@Suite struct StoriesChromeLayersTests {
    static let feed = StoriesFrontEndRulesTests.feed

    @Test(arguments: [Size(width: 390, height: 844), Size(width: 320, height: 100)])
    func theScrimDarkensTheTopOfThePageAndFadesOut(page: Size) {
        let viewer = StoriesViewer(feed: Self.feed, pageSize: page)
        let scrim = viewer.scrimLayer
        // Across the whole width, 140 pt down (or the whole of a shorter page), from the top.
        #expect(scrim.name == "scrim" && scrim.bounds.size == Size(width: page.width, height: min(page.height, 140)))
        #expect(scrim.position == Point(x: page.width / 2, y: min(page.height, 140) / 2))
        let gradient = scrim.gradient
        #expect(gradient?.colors.first?.alpha == 0.45 && gradient?.colors.last?.alpha == 0, "dark at the top, clear below")
        #expect(gradient?.startPoint.y == 0 && gradient?.endPoint.y == 1)
    }

    @Test func theBarsFillAsTheItemPlaysAndEmptyFillsAreNotDrawn() throws {
        var viewer = StoriesViewer(feed: Self.feed, pageSize: StoriesFrontEndRulesTests.page)
        StoriesFrontEndRulesTests.showing(&viewer, time: 0)
        viewer.advance(to: 2.5)                                   // half of Ava's first 5 s picture
        let bars = viewer.barsLayer(forUser: 0)
        #expect(bars.name == "bars" && bars.bounds.size == StoriesFrontEndRulesTests.page && bars.sublayers.count == 2)
        let first = try #require(bars.sublayers.first), second = try #require(bars.sublayers.last)
        let fill = try #require(first.sublayers.first)
        #expect(Approximately.equal(fill.bounds.width, first.bounds.width / 2) && fill.position.x == fill.bounds.width / 2)
        #expect(first.backgroundColor == viewer.configuration.segments.trackColor)
        #expect(fill.backgroundColor == viewer.configuration.segments.fillColor)
        #expect(second.sublayers.isEmpty, "the next item's bar is empty: no fill layer")
        #expect(second.position.x > first.position.x && second.cornerRadius == second.bounds.height / 2)
        #expect(viewer.barsLayer(forUser: 9).sublayers.isEmpty, "a user the viewer does not have shows no bars")
    }

    @Test func theBarsTrackPagesThatAreNotInFrontAtWhereTheyResume() {
        var viewer = StoriesViewer(feed: Self.feed, pageSize: StoriesFrontEndRulesTests.page)
        StoriesFrontEndRulesTests.showing(&viewer, time: 0)
        viewer.advance(to: 2.5)
        // Ben is not in front: his one bar is empty.
        #expect(viewer.barsLayer(forUser: 1).sublayers.map(\.sublayers.count) == [0])
    }
}
