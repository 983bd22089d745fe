import Foundation
import MotionCore
import StoryKit
import StoryKitTestSupport
import StoryRender
import Testing

/// Renders the Stories viewer's tappable areas through the compositor: the action's pill (with
/// its swipe-up chevron) at the bottom of Ava's photo, rotated a little, and nothing for a link
/// (also written to `$STORYKIT_DEBUG_RENDERS/viewer/`).
@Suite(.enabled(if: GoldenImages.referenceTextEngineIsAvailable, GoldenImages.textEngineReason))
struct StoriesViewerAreaRenderTests {
    /// The goldens of this file's tests (`__Snapshots__/StoriesViewerAreaRenderTests/`).
    static let goldens = GoldenImages(["theActionAreaIsAPillAndALinkDrawsNothing": ["pill"]])

    /// Ava's first photo with a link across its middle (rotated 20°) and a swipe-up "See more"
    /// pill near the bottom (rotated −4°).
    static func viewer(areas: Bool) -> StoriesViewer {
        var feed = StoriesViewerRenderTests.feed
        if areas {
            feed.users[0].items[0].areas = [
                StoryArea(id: "shop", kind: .link(url: "https://example.com"), frame: Rect(x: 0.1, y: 0.4, width: 0.8, height: 0.15),
                          rotation: 20),
                StoryArea(id: "more", kind: .action(label: "See more", swipeUp: true),
                          frame: Rect(x: 0.25, y: 0.85, width: 0.5, height: 0.07), rotation: -4),
            ]
        }
        var viewer = StoriesViewer(feed: feed, pageSize: StoriesViewerRenderTests.page)
        viewer.media(.displaying, for: "ava-1", time: 0)
        viewer.advance(to: 2.5)
        return viewer
    }

    @Test func theActionAreaIsAPillAndALinkDrawsNothing() throws {
        let with = try StoriesViewerRenderTests.render(Self.viewer(areas: true), "areas-pill")
        Self.goldens.assertMatches(with, label: "pill", dependsOn: [.jpegDecoder, .textEngine])
        let without = try StoriesViewerRenderTests.render(Self.viewer(areas: false), "areas-none")
        // The pill: 90 × 22.4 pt centred at (90, 283.2); its fill is near white beside the label.
        let beside = RenderCheck.rgba(with, 2 * 50, Int(2 * 283.2))
        #expect(beside[0] > 215 && beside[1] > 215 && beside[2] > 215, "the pill's fill left of the label: \(beside)")
        #expect(RenderCheck.rgba(with, 2 * 90, Int(2 * 283.2)) != RenderCheck.rgba(without, 2 * 90, Int(2 * 283.2)))
        // The link's middle draws nothing: the photo as without areas.
        #expect(RenderCheck.rgba(with, 2 * 90, 2 * 152) == RenderCheck.rgba(without, 2 * 90, 2 * 152))
        // The chevron above the pill: its tip 25.7 pt above the pill's centre, turned −4° with it
        // (about (88.2, 257.6)), is white on the photo; without areas nothing white is there.
        func whitest(_ image: RGBAImage) -> Int {
            var best = 0
            for y in Int(2 * 255.6)...Int(2 * 259.6) {
                for x in Int(2 * 86.2)...Int(2 * 90.2) { best = max(best, RenderCheck.rgba(image, x, y).prefix(3).min() ?? 0) }
            }
            return best
        }
        #expect(whitest(with) > 235 && whitest(without) < 235, "the chevron: \(whitest(with)) against \(whitest(without))")
    }
}
