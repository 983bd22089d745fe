import MotionCore
import StoryKit
@testable import StoryKitUI
import Testing

/// The UIKit page draws the compositor's page: its one layer view's layers are the scene's page
/// layer (``StoryKit/StoriesViewer/layers(media:avatar:behind:now:)``) without the media's
/// pixels, layer for layer, in every state a user meets.
@Suite struct StoriesPageLayersTests {
    static let page = Size(width: 390, height: 844)

    static func feed() throws -> StoryFeed {
        var a1 = StoryItem(id: "a1", kind: .image, url: "a1.jpg", createdAt: 0)
        a1.caption = "Sunrise over the pier"
        a1.areas = [StoryArea(id: "more", kind: .action(label: "See more", swipeUp: true),
                              frame: Rect(x: 0.3, y: 0.88, width: 0.4, height: 0.06))]
        var c1 = StoryItem(id: "c1", kind: .image, url: "c1.jpg")
        c1.placeholder = .blurHash(try BlurHash("LEHV6nWB2yk8pyo0adR*.7kCMdnj"))
        return StoryFeed(users: [
            StoryUser(id: "ava", name: "Ava", avatar: "ava.jpg", items: [a1, StoryItem(id: "a2", kind: .image, url: "a2.jpg")]),
            StoryUser(id: "ben", name: "Ben", items: [StoryItem(id: "b1", kind: .video, url: "b1.mp4")]),
            StoryUser(id: "cy", name: "Cy", items: [c1]),
        ])
    }

    /// The states of the page a user meets, each with the layer that shows it.
    enum State: String, CaseIterable, Sendable {
        case loading, failed, held, videoWithMute, areasAndCaptions, placeholder, rightToLeft

        /// The viewer in this state, and the user whose page it is.
        func viewer() throws -> (StoriesViewer, user: Int) {
            var configuration = StoriesViewer.Configuration()
            configuration.layoutDirection = self == .rightToLeft ? .rightToLeft : .leftToRight
            let user = [.videoWithMute: 1, .placeholder: 2][self] ?? 0
            var viewer = StoriesViewer(feed: try StoriesPageLayersTests.feed(), user: user, pageSize: StoriesPageLayersTests.page,
                                       configuration: configuration)
            viewer.advance(to: 0.3)
            let id = viewer.users[user].items[0].id
            switch self {
            case .loading, .placeholder: break
            case .failed: viewer.media(.failed(reason: "HTTP 500"), for: id, time: 0.4)
            case .held, .videoWithMute, .areasAndCaptions, .rightToLeft:
                viewer.media(.duration(8), for: id, time: 0.4)
                viewer.media(.displaying, for: id, time: 0.4)
            }
            if self == .held {
                viewer.touchBegan(at: Point(x: 200, y: 400), time: 1)
                viewer.advance(to: 2)
            }
            return (viewer, user)
        }

        /// A layer this state shows (and the test checks is there).
        var shows: String {
            switch self {
            case .loading: "loading"
            case .failed: "retry"
            case .held, .rightToLeft: "bars"
            case .videoWithMute: "mute"
            case .areasAndCaptions: "captions"
            case .placeholder: "placeholder"
            }
        }
    }

    static func layer(named name: String, in layers: [Layer]) -> Layer? {
        for layer in layers {
            if layer.name == name { return layer }
            if let found = Self.layer(named: name, in: layer.sublayers) { return found }
        }
        return nil
    }

    /// The compositor's page of `user` (its sublayers, the cube's shading left out), the
    /// avatar's contents named by its string as the UIKit page names them.
    static func compositorPage(_ viewer: StoriesViewer, user: Int, now: Double) throws -> [Layer] {
        let layers = viewer.layers(media: { _, _ in ImageContents(image: "the media's pixels") },
                                   avatar: { viewer.users[$0].avatar.map { ImageContents(image: $0) } }, now: now)
        let page = try #require(layer(named: "page \(user)", in: layers))
        return page.sublayers.filter { $0.name != "shading" }
    }

    @Test(arguments: State.allCases)
    func theUIKitPagesLayersAreTheCompositorsPageWithoutTheMedia(_ state: State) throws {
        let (viewer, user) = try state.viewer()
        let now = 2 * 3_600.0
        let uikit = try #require(StoriesPagePresentation(user: user, viewer: viewer, now: now)).layers
        let compositor = try Self.compositorPage(viewer, user: user, now: now)
        #expect(Self.layer(named: state.shows, in: uikit) != nil, "\(state) shows its \(state.shows)")
        #expect(uikit.map(\.name) == compositor.map(\.name))
        #expect(Array(uikit.dropFirst()) == Array(compositor.dropFirst()), "scrim, captions, chrome, areas, overlay: equal")
        // "media" is the compositor's without its pixels and its black: the media views show through.
        let media = try #require(uikit.first), drawn = try #require(compositor.first)
        #expect(media.name == "media" && media.contents == nil && media.backgroundColor == nil)
        var stripped = drawn
        stripped.contents = nil
        stripped.backgroundColor = nil
        #expect(media == stripped, "the placeholder (if any) and the clip as the compositor draws them")
    }

    @Test func theCompositorDrawsTheMediaTheUIKitPageLeavesToItsViews() throws {
        let (viewer, user) = try State.areasAndCaptions.viewer()
        let compositor = try Self.compositorPage(viewer, user: user, now: 0)
        #expect(compositor.first?.contents?.image == "the media's pixels" && compositor.first?.backgroundColor == .black)
    }

    @Test func aHeldPageFadesItsChromeCaptionsAndAreasAndANeighbourKeepsThem() throws {
        let (viewer, _) = try State.held.viewer()
        let ava = try #require(StoriesPagePresentation(user: 0, viewer: viewer, now: 0)).layers
        let ben = try #require(StoriesPagePresentation(user: 1, viewer: viewer, now: 0)).layers
        #expect(["chrome", "captions", "areas"].map { Self.layer(named: $0, in: ava)?.opacity } == [0, 0, 0])
        #expect(Self.layer(named: "chrome", in: ben)?.opacity == 1 && Self.layer(named: "loading", in: ben) == nil)
    }

    @Test func theAvatarNamesItsStringAndIsAGreyCircleUntilItsImage() throws {
        let (viewer, _) = try State.areasAndCaptions.viewer()
        let ava = try #require(StoriesPagePresentation(user: 0, viewer: viewer, now: 0))
        let avatar = try #require(Self.layer(named: "avatar", in: ava.layers))
        #expect(ava.avatar == "ava.jpg" && avatar.contents?.image == "ava.jpg" && avatar.contents?.gravity == .resizeAspectFill)
        #expect(avatar.backgroundColor == RGBAColor(white: 0.5) && avatar.masksToBounds)
        #expect(avatar.cornerRadius == viewer.chromeLayout.avatarCornerRadius && avatar.bounds.width == 2 * avatar.cornerRadius)
        #expect(avatar.position == viewer.chromeLayout.avatar.center)
        #expect(ava.images(avatar: 7, placeholder: 9) == ["ava.jpg": 7], "no placeholder shows: its picture is not drawn")
        #expect(ava.images(avatar: Int?.none, placeholder: 9) == [:], "before the avatar loads: the grey circle")
        let ben = try #require(StoriesPagePresentation(user: 1, viewer: viewer, now: 0))
        #expect(ben.avatar == nil && Self.layer(named: "avatar", in: ben.layers)?.contents == nil)
    }

    @Test func thePlaceholdersPictureIsNamedAsItsLayerNamesIt() throws {
        var (viewer, user) = try State.placeholder.viewer()
        let page = try #require(StoriesPagePresentation(user: user, viewer: viewer, now: 0))
        let placeholder = try #require(Self.layer(named: "placeholder", in: page.layers))
        #expect(page.placeholderImage == placeholder.contents?.image && page.placeholder != nil)
        #expect(page.images(avatar: 7, placeholder: 9) == [try #require(page.placeholderImage): 9], "Cy has no avatar")
        viewer.media(.ready, for: "c1", time: 0.5)          // the picture arrived: the placeholder goes
        let shown = try #require(StoriesPagePresentation(user: user, viewer: viewer, now: 0))
        #expect(shown.placeholder == nil && shown.placeholderImage == nil && Self.layer(named: "placeholder", in: shown.layers) == nil)
    }

    @Test func aFailedPageDropsThePicturesUnderItsTopAndOthersKeepThem() throws {
        let (failed, _) = try State.failed.viewer()
        let (loading, _) = try State.loading.viewer()
        #expect(try #require(StoriesPagePresentation(user: 0, viewer: failed, now: 0)).showsFailure)
        #expect(try !#require(StoriesPagePresentation(user: 0, viewer: loading, now: 0)).showsFailure)
    }

    @Test func aRightToLeftPageMirrorsTheAvatarAndTheBars() throws {
        let (rtl, _) = try State.rightToLeft.viewer()
        let (ltr, _) = try State.areasAndCaptions.viewer()
        let right = try #require(StoriesPagePresentation(user: 0, viewer: rtl, now: 0)).layers
        let left = try #require(StoriesPagePresentation(user: 0, viewer: ltr, now: 0)).layers
        let rightAvatar = try #require(Self.layer(named: "avatar", in: right)), leftAvatar = try #require(Self.layer(named: "avatar", in: left))
        #expect(abs(rightAvatar.position.x - (Self.page.width - leftAvatar.position.x)) < 1e-9 && rightAvatar.position.x > Self.page.width / 2)
        #expect(rightAvatar.position.y == leftAvatar.position.y)
    }

    @Test func aUserTheViewerDoesNotHaveHasNoPage() throws {
        let (viewer, _) = try State.loading.viewer()
        #expect(StoriesPagePresentation(user: 7, viewer: viewer, now: 0) == nil)
        #expect(viewer.pageOverlayLayers(user: 7, now: 0).isEmpty && viewer.pageOverlayLayers(user: -1, now: 0).isEmpty)
    }
}
