import Foundation
import MotionCore
import StoryKit
import StoryKitTestSupport
import StoryRender
import Testing

/// The story tray through the compositor: golden frames of the row at rest (unseen users first
/// with the gradient ring, seen ones grey), scrolled part way, and with one avatar loading (also
/// written to `$STORYKIT_DEBUG_RENDERS/goldens/StoryTrayRenderTests/`), with pixel checks.
// Names under the avatars: text gates the suite; the photo avatars widen the tolerance.
@Suite(.enabled(if: GoldenImages.referenceTextEngineIsAvailable, GoldenImages.textEngineReason))
struct StoryTrayRenderTests {
    /// The goldens of this file's tests (`__Snapshots__/StoryTrayRenderTests/`).
    static let goldens = GoldenImages([
        "unseenUsersComeFirstWithTheGradientRingAndSeenOnesAreGrey": [],
        "aScrolledRowCutsTheAvatarsAtTheViewportsEdges": [],
        "aTappedAvatarShrinksInsideItsTurningSegments": ["300ms", "350ms"],
    ])
    /// The example photo each user shows (the three photos carry names of their own).
    static let photos = ["ava": "ava", "ben": "ben", "cleo": "cleo", "dan": "ava", "eve": "cleo"]

    /// Five users of one item each; Ava's and Cleo's seen.
    static func tray(viewportWidth: Double = 240) -> StoryTray {
        let feed = StoryFeed(users: ["ava", "ben", "cleo", "dan", "eve"].map { id in
            StoryUser(id: id, name: id.capitalized, items: [StoryItem(id: "\(id)-1", kind: .image, url: "\(id).jpg")])
        })
        return StoryTray(feed: feed, seen: ["ava-1", "cleo-1"], viewportWidth: viewportWidth)
    }

    static let renderer: Renderer = {
        let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
            .appendingPathComponent("../../Examples/cube").standardized.path
        var images: [String: RGBAImage] = [:]
        for name in Set(photos.values) { images[name] = try? RGBAImage(contentsOfFile: "\(folder)/\(name).jpg") }
        return Renderer(images: images)
    }()

    /// The row at `time` on white at 2×, compared with `test`'s golden `label`.
    static func render(_ tray: StoryTray, at time: Double, label: String? = nil, test: String = #function) throws -> RGBAImage {
        let layers = tray.layers(at: time) { index in
            photos[tray.users[index].id].map { ImageContents(image: $0, gravity: .resizeAspectFill).mipmapped }
        }
        let image = try renderer.render(LayerScene(size: Size(width: tray.viewportWidth, height: tray.height),
                                                   backgroundColor: .white, layers: layers), scale: 2)
        goldens.assertMatches(image, label: label, test: test, dependsOn: [.jpegDecoder, .textEngine])
        return image
    }

    /// The pixel (as four ints) `distance` pt above the centre of `user`'s avatar, at 2×.
    static func above(_ image: RGBAImage, _ tray: StoryTray, user: Int, distance: Double) throws -> [Int] {
        let frame = try #require(tray.avatarFrame(user: user))
        return RenderCheck.rgba(image, Int(2 * frame.midX), Int(2 * (frame.midY - distance)))
    }

    @Test func unseenUsersComeFirstWithTheGradientRingAndSeenOnesAreGrey() throws {
        let tray = Self.tray()
        #expect(tray.users.map(\.id) == ["ben", "dan", "eve", "ava", "cleo"])
        let image = try Self.render(tray, at: 0)
        // The ring's centre line is 32 + 3 + 1.25 = 36.25 pt above the avatar's centre: Ben's
        // (unseen) is the gradient's pink-purple at the top, and the gap inside it white.
        let ben = try Self.above(image, tray, user: 0, distance: 36.25)
        #expect(ben[0] > 150 && ben[1] < 120, "Ben's gradient ring: \(ben)")
        #expect(RenderCheck.pixel(image, Int(2 * 49.5), Int(2 * (49.5 - 33.5)), is: [255, 255, 255, 255], tolerance: 6), "the gap")
        // Ben's name under his avatar in dark ink: some pixel of the name row is dark.
        let frame = try #require(tray.avatarFrame(user: 0))
        let nameRow = Int(2 * (frame.maxY + 5.5 + 4 + 7))
        let darkest = (Int(2 * frame.minX)..<Int(2 * frame.maxX)).map { RenderCheck.rgba(image, $0, nameRow)[0] }.min() ?? 255
        #expect(darkest < 90, "Ben's name in dark ink: \(darkest)")
        // Ava (seen, fourth) starts at 12 + 5.5 + 3 · 89 = 284.5: out of the 240 pt viewport.
        #expect(tray.avatarFrame(user: 3)?.minX == 284.5)
    }

    @Test func aScrolledRowCutsTheAvatarsAtTheViewportsEdges() throws {
        var tray = Self.tray()
        tray.scroll(to: 150)
        let image = try Self.render(tray, at: 0)
        // Ava (seen) now at 134.5…198.5: her thinner grey ring's centre line 35.75 pt above hers.
        #expect(tray.avatarFrame(user: 3)?.minX == 134.5)
        let ava = try Self.above(image, tray, user: 3, distance: 35.75)
        #expect(abs(ava[0] - ava[2]) < 8 && ava[0] > 150 && ava[0] < 250, "Ava's grey ring: \(ava)")
        // Dan's avatar, at −43.5…20.5, is cut by the left edge: his photo reaches it; Ben's is
        // out of view and left out of the scene.
        #expect(tray.avatarFrame(user: 1)?.minX == -43.5)
        #expect(RenderCheck.rgba(image, 2, Int(2 * 49.5)) != [255, 255, 255, 255], "Dan's photo at the left edge")
        #expect(tray.layers(at: 0) { _ in nil }.allSatisfy { !($0.name ?? "").hasSuffix(" ben") })
    }

    @Test func aTappedAvatarShrinksInsideItsTurningSegments() throws {
        var tray = Self.tray()
        let frame = try #require(tray.avatarFrame(user: 1))
        #expect(tray.tap(at: Point(x: frame.midX, y: frame.midY), time: 0) == [.loadingStarted(user: 1)])
        // A turn takes 1.2 s over 12 segments: 50 ms apart the segments have moved half a pitch.
        let early = try Self.render(tray, at: 0.3, label: "300ms")
        let later = try Self.render(tray, at: 0.35, label: "350ms")
        // Loading: Dan's avatar at 0.9 (28.8 pt radius), so 30 pt above his centre is the white gap…
        #expect(RenderCheck.pixel(later, Int(2 * frame.midX), Int(2 * (frame.midY - 30)), is: [255, 255, 255, 255], tolerance: 8))
        // …while Ben beside him is untouched: the same pixels in both frames.
        let benFrame = try #require(tray.avatarFrame(user: 0))
        for dy in stride(from: -36.0, through: 36, by: 6) {
            let x = Int(2 * benFrame.midX), y = Int(2 * (benFrame.midY + dy))
            #expect(RenderCheck.rgba(early, x, y) == RenderCheck.rgba(later, x, y))
        }
        // The segments turn: in the ring's annulus (31…40 pt from Dan's centre) many pixels
        // change between the frames; inside it (the photo) none do.
        var ringChanged = 0, photoChanged = 0
        for y in Int(2 * (frame.midY - 40))...Int(2 * (frame.midY + 40)) {
            for x in Int(2 * (frame.midX - 40))...Int(2 * (frame.midX + 40)) {
                let r = ((Double(x) / 2 - frame.midX) * (Double(x) / 2 - frame.midX)
                         + (Double(y) / 2 - frame.midY) * (Double(y) / 2 - frame.midY)).squareRoot()
                guard RenderCheck.rgba(early, x, y) != RenderCheck.rgba(later, x, y) else { continue }
                if r >= 31 && r <= 40 { ringChanged += 1 } else if r < 28 { photoChanged += 1 }
            }
        }
        #expect(ringChanged > 500, "the loading segments moved: \(ringChanged) px")
        #expect(photoChanged == 0)
    }
}
