import Foundation
import MotionCore
import StoryKit
import StoryKitTestSupport
import StoryRender
import Testing

/// The story ring and the opening out of its avatar through the compositor: golden frames of
/// the unseen and seen rings, loading at several phases, resolving, and the opening at 0, 50 and
/// 100 % (also written to `$STORYKIT_DEBUG_RENDERS/ring/`), with pixel checks.
// The tray's goldens show names under the avatars: text gates the suite, JPEGs widen the tolerance.
@Suite(.enabled(if: GoldenImages.referenceTextEngineIsAvailable, GoldenImages.textEngineReason))
struct StoryRingRenderTests {
    /// The goldens of this file's tests (`__Snapshots__/StoryRingRenderTests/`).
    static let goldens = GoldenImages([
        "theUnseenRingIsAGradientAndTheSeenRingIsGrey": ["unseen", "seen"],
        "loadingShrinksTheAvatarAndTurnsSegmentsThenResolvesToTheSolidRing": ["pressing", "turning", "turned", "resolving"],
        "theViewerOpensOutOfTheAvatarsCircleIntoThePage": ["0", "50", "100"],
    ])
    static let avatarFrame = Rect(x: 16, y: 16, width: 64, height: 64)

    static let renderer: Renderer = {
        let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
            .appendingPathComponent("../../Examples/cube").standardized.path
        var images: [String: RGBAImage] = [:]
        images["ava"] = try? RGBAImage(contentsOfFile: "\(folder)/ava.jpg")
        return Renderer(images: images)
    }()

    /// Renders `layers` at 2× (written for looking as `name`), compared with `test`'s golden
    /// `label` when the test declares it.
    static func render(_ layers: [Layer], size: Size, _ name: String, label: String? = nil,
                       test: String = #function) throws -> RGBAImage {
        let image = try renderer.render(LayerScene(size: size, backgroundColor: RGBAColor(white: 1), layers: layers), scale: 2)
        DebugPNG.writeForLooking(width: image.width, height: image.height, premultiplied: image.pixels, topic: "ring", name: name)
        if goldens.declares(label, test: test) { goldens.assertMatches(image, label: label, test: test, dependsOn: [.jpegDecoder, .textEngine]) }
        return image
    }

    /// The ring around the photo avatar at `time`, rendered as ``render(_:size:_:label:test:)`` does.
    static func ring(_ ring: StoryRing, at time: Double, _ name: String, label: String? = nil,
                     test: String = #function) throws -> RGBAImage {
        try render(ring.layers(at: time, avatarFrame: avatarFrame, avatar: ImageContents(image: "ava", gravity: .resizeAspectFill).mipmapped),
                   size: Size(width: 96, height: 96), name, label: label, test: test)
    }

    @Test func theUnseenRingIsAGradientAndTheSeenRingIsGrey() throws {
        let unseen = try Self.ring(StoryRing(status: .unseen), at: 0, "unseen", label: "unseen")
        // The ring's centre line is 32 + 3 + 1.25 = 36.25 pt from the centre (48, 48): at the top,
        // y = 11.75 pt, pink-purple (#D62976 at the top of the conic gradient); the gap inside it
        // is white.
        let top = RenderCheck.rgba(unseen, 2 * 48, Int(2 * 11.75))
        #expect(top[0] > 150 && top[2] > 80 && top[1] < 120, "top of the gradient ring: \(top)")
        #expect(RenderCheck.pixel(unseen, 2 * 48, Int(2 * 14.5), is: [255, 255, 255, 255], tolerance: 6), "the gap")
        let seen = try Self.ring(StoryRing(status: .seen), at: 0, "seen", label: "seen")
        let grey = RenderCheck.rgba(seen, 2 * 48, Int(2 * 12.25))
        #expect(abs(grey[0] - grey[2]) < 6 && grey[0] > 190 && grey[0] < 250, "a grey ring: \(grey)")
    }

    @Test func loadingShrinksTheAvatarAndTurnsSegmentsThenResolvesToTheSolidRing() throws {
        var ring = StoryRing(status: .unseen)
        ring.tap(time: 0)
        _ = try Self.ring(ring, at: 0.07, "loading-pressing", label: "pressing")
        let turning = try Self.ring(ring, at: 0.6, "loading-turning", label: "turning")
        _ = try Self.ring(ring, at: 1.0, "loading-turned", label: "turned")
        // Loading: the avatar is at 0.9 (28.8 pt radius): 30 pt from the centre is the gap now.
        #expect(RenderCheck.pixel(turning, 2 * 48, 2 * (48 - 30), is: [255, 255, 255, 255], tolerance: 8))
        ring.ready(time: 1.1)
        _ = try Self.ring(ring, at: 1.25, "resolving", label: "resolving")
        let rest = try Self.ring(ring, at: 1.4, "unseen-after-loading")
        let unseen = try Self.renderer.render(LayerScene(size: Size(width: 96, height: 96), backgroundColor: RGBAColor(white: 1),
            layers: StoryRing(status: .unseen).layers(at: 0, avatarFrame: Self.avatarFrame,
                                                     avatar: ImageContents(image: "ava", gravity: .resizeAspectFill).mipmapped)), scale: 2)
        let difference = zip(rest.pixels, unseen.pixels).map { abs(Int($0) - Int($1)) }.max() ?? 255
        #expect(rest.pixels.count == unseen.pixels.count && difference <= 2, "resolved: the ring at rest, exactly (\(difference))")
    }

    @Test func theViewerOpensOutOfTheAvatarsCircleIntoThePage() throws {
        let page = Size(width: 120, height: 200)
        let avatar = Rect(x: 20, y: 20, width: 40, height: 40)
        let open = StoryOpenTransition(from: avatar, to: Rect(x: 0, y: 0, width: page.width, height: page.height), start: 0)
        var content = Layer(name: "story", frame: Rect(x: 0, y: 0, width: page.width, height: page.height))
        content.contents = ImageContents(image: "ava", gravity: .resizeAspectFill).mipmapped
        let backdrop = Layer(name: "tray", frame: Rect(x: 0, y: 0, width: page.width, height: page.height))
            .with { $0.backgroundColor = RGBAColor(white: 0.9) }
        var half = 0.0
        while open.progress(at: half) < 0.5 { half += 0.001 }
        let frames = [("0", 0.0), ("50", half), ("100", open.duration)]
        var images: [RGBAImage] = []
        for (label, time) in frames {
            images.append(try Self.render([backdrop, open.layer(containing: [content], at: time)], size: page, "open-\(label)",
                                          label: label))
        }
        // At 0 %: a circle the avatar's size: its centre is the story, its corner the tray.
        #expect(!RenderCheck.pixel(images[0], 2 * 40, 2 * 40, is: [230, 230, 230, 255], tolerance: 3))
        #expect(RenderCheck.pixel(images[0], 2 * 22, 2 * 22, is: [230, 230, 230, 255], tolerance: 3))
        #expect(RenderCheck.pixel(images[0], 2 * 100, 2 * 150, is: [230, 230, 230, 255], tolerance: 3))
        // At 100 %: the story everywhere, corners included.
        #expect(!RenderCheck.pixel(images[2], 1, 1, is: [230, 230, 230, 255], tolerance: 3))
        #expect(!RenderCheck.pixel(images[2], 2 * 119, 2 * 199, is: [230, 230, 230, 255], tolerance: 3))
    }
}
