import Foundation
import MotionCore
import StoryKit
import StoryKitTestSupport
import StoryRender
import Testing

/// Renders the Stories viewer's mute button through the compositor: golden frames of a video
/// page muted (a speaker with a cross) and unmuted (a speaker with two waves), also written to
/// `$STORYKIT_DEBUG_RENDERS/viewer-sound/`, and pixel checks of the glyph.
// The viewer's goldens show the user's name: text gates the suite.
@Suite(.enabled(if: GoldenImages.referenceTextEngineIsAvailable, GoldenImages.textEngineReason))
struct StoriesViewerSoundRenderTests {
    static let page = Size(width: 180, height: 320)
    /// The goldens of this file's tests (`__Snapshots__/StoriesViewerSoundRenderTests/`).
    static let goldens = GoldenImages([
        "theMuteButtonShowsTheSoundState": ["muted", "unmuted"],
    ])

    /// One user with a video, its first frame a flat blue-grey, at 2 s of 8.
    static func viewer() -> StoriesViewer {
        let feed = StoryFeed(users: [StoryUser(id: "ava", name: "Ava", items: [StoryItem(id: "v1", kind: .video, url: "v1.mp4")])])
        var viewer = StoriesViewer(feed: feed, pageSize: page)
        viewer.media(.duration(8), for: "v1", time: 0)
        viewer.media(.displaying, for: "v1", time: 0)
        viewer.advance(to: 2)
        return viewer
    }

    static func render(_ viewer: StoriesViewer, label: String, test: String = #function) throws -> RGBAImage {
        let frame = RGBAImage(width: 4, height: 4, fill: (64, 77, 102, 255))
        let renderer = Renderer(images: ["frame": frame])
        let scene = viewer.scene(media: { _, _ in ImageContents(image: "frame") })
        let image = try renderer.render(scene, scale: 2)
        DebugPNG.writeForLooking(width: image.width, height: image.height, premultiplied: image.pixels, topic: "viewer-sound", name: label)
        goldens.assertMatches(image, label: label, test: test, dependsOn: [.textEngine])
        return image
    }

    @Test func theMuteButtonShowsTheSoundState() throws {
        var viewer = Self.viewer()
        #expect(viewer.muteButtonFrame == Rect(x: 140, y: 18, width: 32, height: 32))
        let muted = try Self.render(viewer, label: "muted")
        viewer.sound(.toggle, time: 2)
        let unmuted = try Self.render(viewer, label: "unmuted")
        // The speaker's body (x 146…151, y 30.5…37.5 in points) is white in both.
        #expect(RenderCheck.rgba(muted, 2 * 148, 2 * 34)[0] > 220 && RenderCheck.rgba(unmuted, 2 * 148, 2 * 34)[0] > 220)
        // The cross's centre (24.5, 16 in the button's box) is white only while muted; the outer
        // wave (at 26, 16) only while unmuted.
        #expect(RenderCheck.rgba(muted, 329, 2 * 34)[0] > 200)
        #expect(RenderCheck.rgba(unmuted, 329, 2 * 34)[0] < 150)
        #expect(RenderCheck.rgba(unmuted, 332, 2 * 34)[0] > 200)
    }
}
