import MotionCore
import StoryKit
import Testing

/// The page overlay as the model builds it for the compositor and UIKit alike: the failed page's
/// reason and Retry button (a model hit test, like the mute button, and a VoiceOver element),
/// and the loading ring, which needs frames to turn.
@Suite struct StoriesViewerOverlayTests {
    static func layer(named name: String, in layers: [Layer]) -> Layer? {
        for layer in layers {
            if layer.name == name { return layer }
            if let found = layer.sublayers.lazy.compactMap({ Self.layer(named: name, in: [$0]) }).first { return found }
        }
        return nil
    }

    /// Ava's a2 failed (a1 shown, then a tap to a2).
    static func failed() -> StoriesViewer {
        var viewer = ViewerFixtures.viewer()
        viewer.tap(x: 350, at: 1)
        viewer.media(.failed(reason: "HTTP 404"), for: "a2", time: 1.2)
        return viewer
    }

    @Test func theFailedPageDrawsItsReasonAndARetryButtonAtTheHitFrame() throws {
        let viewer = Self.failed()
        let overlay = try #require(viewer.overlayLayer(forUser: 0))
        #expect(overlay.name == "retry")
        #expect(Self.layer(named: "reason", in: [overlay])?.text?.string == "HTTP 404")
        let button = try #require(Self.layer(named: "button", in: [overlay]))
        #expect(Self.layer(named: "label", in: [button])?.text?.string == "Retry")
        let frame = viewer.retryButtonFrame
        #expect(button.position == Point(x: frame.midX, y: frame.midY) && button.bounds.size == frame.size)
        #expect(abs(frame.midX - 195) < 1e-9 && frame.midY > 422 && frame.midY < 500, "centred, below the page's middle: \(frame)")
        let hit = viewer.retryButtonHitFrame
        #expect(hit.width >= 88 && hit.height >= 44 && hit.contains(Point(x: frame.midX, y: frame.midY)))
        #expect(Self.layer(named: "retry", in: viewer.scene(media: { _, _ in nil }).layers) == overlay,
                "the compositor's page draws the same layer")
    }

    @Test func aTapOnRetryRetriesWithoutNavigatingOrHolding() throws {
        var viewer = Self.failed()
        let centre = Point(x: viewer.retryButtonFrame.midX, y: viewer.retryButtonFrame.midY)
        viewer.touchBegan(at: centre, time: 2)
        #expect(viewer.pauseReasons.isEmpty || !viewer.pauseReasons.contains(.held), "the button's: no hold")
        let events = viewer.touchEnded(at: centre, time: 2.05)
        #expect(viewer.itemIndex == 1, "still a2: a tap on Retry is not a page tap")
        #expect(viewer.failureReason(forItem: "a2") == nil && viewer.state == .loading, "loading again")
        #expect(viewer.players.first?.attempt == 1, "a new attempt: the media loads a2 anew")
        #expect(!events.contains { if case .itemShown = $0 { true } else { false } })
        #expect(viewer.overlayLayer(forUser: 0)?.name == "loading")
    }

    @Test func aTouchThatLeavesRetryOrIsCancelledDoesNothing() {
        var viewer = Self.failed()
        let frame = viewer.retryButtonHitFrame
        viewer.touchBegan(at: Point(x: frame.midX, y: frame.midY), time: 2)
        viewer.touchEnded(at: Point(x: frame.midX, y: frame.maxY + 60), time: 2.1)
        #expect(viewer.failureReason(forItem: "a2") == "HTTP 404" && viewer.itemIndex == 1)
        viewer.touchBegan(at: Point(x: frame.midX, y: frame.midY), time: 3)
        viewer.touchCancelled(time: 3.1)
        viewer.touchEnded(at: Point(x: frame.midX, y: frame.midY), time: 3.2)
        #expect(viewer.failureReason(forItem: "a2") == "HTTP 404", "a cancelled touch retries nothing")
    }

    @Test func aTapBesideRetryOnAFailedPageStillNavigates() {
        var viewer = Self.failed()
        viewer.tap(x: 30, at: 2)          // the leading third, above the button
        #expect(viewer.itemIndex == 0)
    }

    @Test func voiceOverReachesRetryAndActivatingItRetries() throws {
        var viewer = Self.failed()
        let element = try #require(viewer.pageAccessibilityElements.last)
        #expect(element.id == StoriesViewer.retryElementID && element.label == "Retry" && element.hint == "HTTP 404")
        #expect(element.frame == viewer.retryButtonFrame && !element.isLink)
        viewer.activateAccessibilityElement(element.id, time: 2)
        #expect(viewer.failureReason(forItem: "a2") == nil && viewer.state == .loading)
        #expect(viewer.pageAccessibilityElements.isEmpty, "no failure, no areas: no element")
        #expect(viewer.activateAccessibilityElement(StoriesViewer.retryElementID, time: 2.1).isEmpty, "nothing to retry")
    }

    @Test func theLoadingRingNeedsFramesAndTurnsWithTime() throws {
        var viewer = StoriesViewer(feed: ViewerFixtures.feed, pageSize: ViewerFixtures.page)
        #expect(viewer.showsLoadingIndicator && viewer.needsFrames)
        let start = try #require(viewer.overlayLayer(forUser: 0))
        viewer.advance(to: 1 / 6.0)               // a quarter turn at 1.5 turns a second
        let later = try #require(viewer.overlayLayer(forUser: 0))
        #expect(start.name == "loading" && start.transform == .identity)
        let turned = try #require(later.transform.apply(to: Vector3(x: 1, y: 0, z: 0)))
        #expect(abs(turned.x) < 1e-9 && abs(turned.y - 1) < 1e-9, "a quarter turn clockwise on screen: \(turned)")
        viewer.media(.displaying, for: "a1", time: 0.2)
        #expect(viewer.overlayLayer(forUser: 0) == nil && !viewer.showsLoadingIndicator)
    }

    @Test(arguments: [(390.0, 844.0, 4), (492.7, 111.9, 2), (300, 60, 1), (60, 20, 1)])
    func aShortPageDropsTheReasonAndGlyphButKeepsRetryOnThePage(width: Double, height: Double, parts: Int) throws {
        var viewer = Self.failed()
        viewer.pageSize = Size(width: width, height: height)
        let button = viewer.retryButtonFrame
        #expect(button.width > 0 && button.minX >= 0 && button.maxX <= width && button.minY >= 0 && button.maxY <= height,
                "\(button) on \(width) × \(height)")
        let overlay = try #require(viewer.overlayLayer(forUser: 0))
        #expect(overlay.sublayers.count == parts, "\(overlay.sublayers.map { $0.name ?? "?" })")
        #expect(overlay.sublayers.last?.name == "button")
    }

    @Test(arguments: [Double.nan, 0, -3, 1e300])
    func oddSizesAndTextScalesNeverTrap(value: Double) {
        var viewer = Self.failed()
        viewer.captionTextScale = value
        let layout = viewer.retryLayout(reason: String(repeating: "long reason ", count: 200))
        #expect(layout.reasonFontSize >= 13 * 0.75 - 1e-9 && layout.reasonFontSize <= 26)
        viewer.pageSize = Size(width: value, height: value)
        _ = viewer.retryLayout(reason: "x")
        _ = viewer.overlayLayer(forUser: 0)
        _ = viewer.isOnRetryButton(Point(x: value, y: value))
    }
}
