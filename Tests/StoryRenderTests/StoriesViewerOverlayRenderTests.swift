import Foundation
import MotionCore
import StoryKit
import StoryKitTestSupport
import StoryRender
import Testing

/// The compositor draws the page overlay the UIKit page draws too (the model's
/// `overlayLayer(forUser:)`): a failed item's circular arrow, "Couldn't load", the reason and a
/// Retry pill, and the loading ring turning with the model's time. Golden frames
/// `theFailedPageShowsItsReasonAndARetryButton.failed` and `theLoadingRingTurnsWithTime.loading`
/// (also written to `$STORYKIT_DEBUG_RENDERS/viewer-overlay/`).
// The frames show text: text gates the suite.
@Suite(.enabled(if: GoldenImages.referenceTextEngineIsAvailable, GoldenImages.textEngineReason))
struct StoriesViewerOverlayRenderTests {
    static let page = Size(width: 180, height: 320)
    static let goldens = GoldenImages(["theFailedPageShowsItsReasonAndARetryButton": ["failed"],
                                       "theLoadingRingTurnsWithTime": ["loading"]])

    static func viewer() -> StoriesViewer {
        let feed = StoryFeed(users: [StoryUser(id: "ava", name: "Ava", items: [StoryItem(id: "a1", kind: .image, url: "a1.jpg"),
                                                                               StoryItem(id: "a2", kind: .image, url: "a2.jpg")])])
        return StoriesViewer(feed: feed, pageSize: page)
    }

    static func render(_ viewer: StoriesViewer, label: String, test: String = #function) throws -> RGBAImage {
        let renderer = Renderer(images: ["photo": RGBAImage(width: 4, height: 4, fill: (200, 40, 40, 255))])
        let image = try renderer.render(viewer.scene(media: { _, _ in ImageContents(image: "photo") }), scale: 2)
        DebugPNG.writeForLooking(width: image.width, height: image.height, premultiplied: image.pixels, topic: "viewer-overlay",
                                 name: label)
        goldens.assertMatches(image, label: label, test: test, dependsOn: [.textEngine])
        return image
    }

    /// How many pixels of `image` in the point rect `rect` (at 2×) are near white.
    static func whitePixels(_ image: RGBAImage, in rect: Rect) -> Int {
        var count = 0
        for y in Int(rect.minY * 2)..<Int(rect.maxY * 2) {
            for x in Int(rect.minX * 2)..<Int(rect.maxX * 2) where RenderCheck.rgba(image, x, y)[0] > 200 { count += 1 }
        }
        return count
    }

    @Test func theFailedPageShowsItsReasonAndARetryButton() throws {
        var viewer = Self.viewer()
        viewer.media(.failed(reason: "The image could not be downloaded (HTTP 404)."), for: "a1", time: 0.2)
        let image = try Self.render(viewer, label: "failed")
        let layout = viewer.retryLayout(reason: viewer.failureReason(forItem: "a1"))
        #expect(viewer.retryButtonFrame == layout.button && layout.button.width >= 88 && layout.button.height >= 36)
        #expect(abs(layout.button.midX - Self.page.width / 2) < 0.001, "centred")
        // The glyph, the title, the reason and the button's label are drawn in white; the page
        // behind is black (no picture of a failed item).
        for box in [layout.glyph, layout.message, layout.reason, layout.button] {
            #expect(Self.whitePixels(image, in: box) > 20, "\(box) has white ink")
        }
        let corner = RenderCheck.rgba(image, 20, Int(layout.glyph.minY * 2) - 20)
        #expect(corner[0] < 40 && corner[1] < 40, "black page: \(corner)")
        // The pill is lighter than the page around it, between the label's letters.
        let pillEdge = RenderCheck.rgba(image, Int(layout.button.minX * 2) + 8, Int(layout.button.midY * 2))
        #expect(pillEdge[0] > 30 && pillEdge[0] < 160, "the translucent pill: \(pillEdge)")
    }

    @Test func theLoadingRingTurnsWithTime() throws {
        var viewer = Self.viewer()
        viewer.advance(to: 0.1)
        #expect(viewer.showsLoadingIndicator && viewer.needsFrames, "the ring turns: frames run while loading")
        let image = try Self.render(viewer, label: "loading")
        // The 3/4 arc (radius 18) is white on three quarters of its circle and the page's black
        // on the rest; half a turn later (1/3 s at 1.5 turns a second) the gap is opposite.
        let centre = Point(x: Self.page.width / 2, y: Self.page.height / 2)
        func dark(_ image: RGBAImage) -> [Bool] {
            (0..<64).map { step in
                let angle = Double(step) / 64 * 2 * Double.pi
                return RenderCheck.rgba(image, Int((centre.x + 18 * cos(angle)) * 2), Int((centre.y + 18 * sin(angle)) * 2))[0] < 60
            }
        }
        let before = dark(image)
        #expect((12...20).contains(before.filter { $0 }.count), "a quarter of the circle is the gap: \(before)")
        viewer.advance(to: 0.1 + 1 / 3.0)
        let after = dark(try Renderer(images: [:]).render(viewer.scene(media: { _, _ in nil }), scale: 2))
        let moved = (0..<64).filter { before[$0] != after[($0 + 32) % 64] }.count
        #expect(moved <= 4, "the gap turned half a turn: \(moved) of 64 samples differ")
    }
}
