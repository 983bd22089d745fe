import Foundation
import MotionCore
import StoryKit
import StoryKitTestSupport
import StoryRender
import Testing

/// Renders the viewer's captions through the compositor: a golden page with a caption and the
/// subtitle at the playhead over a bright photo (legible: white text over the darkening band),
/// also written to `$STORYKIT_DEBUG_RENDERS/viewer-captions/`.
// The goldens are text: the reference text engine gates the suite.
@Suite(.enabled(if: GoldenImages.referenceTextEngineIsAvailable, GoldenImages.textEngineReason))
struct StoriesViewerCaptionRenderTests {
    static let page = Size(width: 180, height: 320)
    /// The goldens of this file's tests (`__Snapshots__/StoriesViewerCaptionRenderTests/`).
    static let goldens = GoldenImages([
        "aCaptionAndASubtitleAreLegibleOverABrightPhoto": ["captions"],
    ])

    @Test func aCaptionAndASubtitleAreLegibleOverABrightPhoto() throws {
        var item = StoryItem(id: "v1", kind: .video, url: "v1.mp4")
        item.caption = "Sunrise over the pier"
        var viewer = StoriesViewer(feed: StoryFeed(users: [StoryUser(id: "ava", name: "Ava", items: [item])]), pageSize: Self.page)
        viewer.setSubtitles(SubtitleTrack(cues: [.init(start: 1, end: 3, text: "Morning!")]), forItem: "v1")
        viewer.media(.duration(8), for: "v1", time: 0)
        viewer.media(.displaying, for: "v1", time: 0)
        viewer.advance(to: 2)
        // A bright, pale photo: the hardest background for white text.
        let photo = RGBAImage(width: 4, height: 4, fill: (240, 236, 225, 255))
        let image = try Renderer(images: ["photo": photo]).render(viewer.scene(media: { _, _ in ImageContents(image: "photo") }), scale: 2)
        DebugPNG.writeForLooking(width: image.width, height: image.height, premultiplied: image.pixels, topic: "viewer-captions", name: "captions")
        Self.goldens.assertMatches(image, label: "captions", dependsOn: [.textEngine])
        let layout = viewer.captionLayout(for: viewer.captions(forUser: 0))
        // The band darkens the photo's bottom: at the caption's baseline it is well below the photo's 240.
        let under = RenderCheck.rgba(image, 2 * 6, Int(2 * layout.caption.midY))
        #expect(under[0] < 170, "the band under the caption: \(under)")
        // Above the band the photo is untouched.
        #expect(RenderCheck.rgba(image, 2 * 90, 2 * 150)[0] > 230)
        // Some pixel of the caption's text is near white, brighter than the band around it.
        var brightest = 0
        for y in Int(2 * layout.caption.minY)..<Int(2 * layout.caption.maxY) {
            for x in Int(2 * layout.caption.minX)..<Int(2 * layout.caption.maxX) {
                brightest = max(brightest, Int(RenderCheck.rgba(image, x, y)[0]))
            }
        }
        #expect(brightest > 220)
    }
}
