import Foundation
import MotionCore
import StoryKit
import StoryKitTestSupport
import StoryRender
import Testing

/// Renders the viewer as an iPad card through the compositor: the current user's card centred,
/// the previous and next users' cards beside it at half size and dimmed, on black; a golden,
/// also written to `$STORYKIT_DEBUG_RENDERS/viewer-card/`.
// The goldens hold text (the names): the reference text engine gates the suite.
@Suite(.enabled(if: GoldenImages.referenceTextEngineIsAvailable, GoldenImages.textEngineReason))
struct StoriesViewerCardRenderTests {
    /// An iPad in landscape at half its size in points (1366 × 1024 / 2), so the golden stays small.
    static let screen = Size(width: 683, height: 512)
    /// The goldens of this file's tests (`__Snapshots__/StoriesViewerCardRenderTests/`).
    static let goldens = GoldenImages([
        "anIPadShowsTheCardWithItsNeighboursBesideIt": ["ipad-card"],
    ])
    /// Each user's photo: one flat colour each, so the cards can be told apart.
    static let colours: [(UInt8, UInt8, UInt8)] = [(230, 80, 60), (70, 150, 230), (90, 200, 110), (240, 200, 60)]

    @Test func anIPadShowsTheCardWithItsNeighboursBesideIt() throws {
        let names = ["Ava", "Ben", "Cleo", "Dan"]
        let feed = StoryFeed(users: names.enumerated().map { index, name in
            StoryUser(id: name.lowercased(), name: name, items: (0..<3).map { StoryItem(id: "\(name)\($0)", kind: .image, url: "x.jpg") })
        })
        var viewer = StoriesViewer(feed: feed, user: 1, pageSize: .zero)
        viewer.layOut(screen: Self.screen, horizontalSizeClass: .regular)
        for directive in viewer.players { viewer.media(.displaying, for: directive.id, time: 0) }
        viewer.nextItem(time: 0.1)
        for directive in viewer.players { viewer.media(.displaying, for: directive.id, time: 0.1) }
        viewer.advance(to: 2.6)                    // half of Ben's second item
        var images: [String: RGBAImage] = [:]
        for (index, colour) in Self.colours.enumerated() {
            images["user\(index)"] = RGBAImage(width: 4, height: 4, fill: (colour.0, colour.1, colour.2, 255))
        }
        let scene = viewer.scene(media: { user, _ in ImageContents(image: "user\(user)") })
        let image = try Renderer(images: images).render(scene, scale: 2)
        DebugPNG.writeForLooking(width: image.width, height: image.height, premultiplied: image.pixels, topic: "viewer-card", name: "ipad-card")
        Self.goldens.assertMatches(image, label: "ipad-card", dependsOn: [.textEngine])
        #expect(image.width == 1366 && image.height == 1024)
        let card = try #require(viewer.cardLayout).card          // 261 × 464 points, centred
        // The card shows Ben's photo, undimmed, below its chrome.
        let centre = RenderCheck.rgba(image, Int(2 * card.midX), Int(2 * card.midY))
        #expect(abs(Int(centre[0]) - 70) <= 3 && abs(Int(centre[2]) - 230) <= 3, "Ben's card: \(centre)")
        // Ava's card on the left and Cleo's on the right, dimmed to half.
        let previous = viewer.cardLayout?.slot(offset: -1).center ?? .zero
        let next = viewer.cardLayout?.slot(offset: 1).center ?? .zero
        let left = RenderCheck.rgba(image, Int(2 * previous.x), Int(2 * previous.y + 60))
        let right = RenderCheck.rgba(image, Int(2 * next.x), Int(2 * next.y + 60))
        #expect(abs(Int(left[0]) - 115) <= 3 && abs(Int(left[1]) - 40) <= 3, "Ava's dimmed card: \(left)")
        #expect(abs(Int(right[1]) - 100) <= 3 && abs(Int(right[0]) - 45) <= 3, "Cleo's dimmed card: \(right)")
        // The backdrop between the card and a neighbour, above and below the card: black.
        #expect(RenderCheck.rgba(image, Int(2 * (card.minX - 12)), Int(2 * card.midY))[0] == 0)
        #expect(RenderCheck.rgba(image, Int(2 * card.midX), 2 * 10)[0] == 0)
        // The card's corners are rounded: its very corner pixel is the backdrop's.
        #expect(RenderCheck.rgba(image, Int(2 * card.minX) + 1, Int(2 * card.maxY) - 2)[2] < 60)
    }
}
