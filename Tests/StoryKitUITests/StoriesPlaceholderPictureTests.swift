import MotionCore
import StoryKit
@testable import StoryKitUI
import Testing

/// What the UIKit page shows for a loading item's placeholder, decided on Linux: the
/// presentation carries the viewer's placeholder while the media is missing, the picture is a
/// BlurHash's pixels or an inline thumbnail's bytes, and the memo decodes once per placeholder
/// and page size.
@Suite struct StoriesPlaceholderPictureTests {
    static func placeholder() throws -> StoryPlaceholder { .blurHash(try BlurHash("LEHV6nWB2yk8pyo0adR*.7kCMdnj")) }
    static let page = Size(width: 390, height: 844)

    static func viewer() throws -> StoriesViewer {
        var item = StoryItem(id: "a1", kind: .video, url: "a1.mp4")
        item.placeholder = try placeholder()
        return StoriesViewer(feed: StoryFeed(users: [StoryUser(id: "ava", name: "Ava", items: [item])]), pageSize: page)
    }

    @Test func thePageCarriesThePlaceholderUntilTheVideosFirstFrame() throws {
        var viewer = try Self.viewer()
        let hash = try Self.placeholder()
        #expect(StoriesPagePresentation(user: 0, viewer: viewer, now: 0)?.placeholder == hash)
        viewer.media(.ready, for: "a1", time: 0.1)
        #expect(StoriesPagePresentation(user: 0, viewer: viewer, now: 0)?.placeholder == hash)
        viewer.media(.displaying, for: "a1", time: 0.2)
        #expect(StoriesPagePresentation(user: 0, viewer: viewer, now: 0)?.placeholder == nil)
    }

    @Test func thePictureIsTheHashsPixelsOrTheInlineBytes() throws {
        let hash = try Self.placeholder()
        guard case .pixels(let bitmap)? = StoriesPlaceholderPicture(hash, page: Self.page) else {
            Issue.record("a BlurHash gives pixels")
            return
        }
        #expect(bitmap.width == 15 && bitmap.height == 32 && bitmap.rgba.count == 15 * 32 * 4)
        #expect(StoriesPlaceholderPicture(.thumbnail("data:image/jpeg;base64,/9j/"), page: Self.page) == .encoded([0xFF, 0xD8, 0xFF]))
        #expect(StoriesPlaceholderPicture(.thumbnail("https://cdn.example/a1-tiny.jpg"), page: Self.page) == nil)
    }

    @Test func theMemoDecodesOncePerPlaceholderAndPageSize() throws {
        let hash = try Self.placeholder()
        var memo = StoriesPlaceholderMemo()
        #expect(memo.update(nil, page: Self.page) == .keep)
        #expect(memo.update(hash, page: Self.page) == .show(StoriesPlaceholderPicture(hash, page: Self.page)))
        #expect(memo.update(hash, page: Self.page) == .keep)
        let turned = Size(width: 844, height: 390)
        #expect(memo.update(hash, page: turned) == .show(StoriesPlaceholderPicture(hash, page: turned)))
        #expect(memo.update(nil, page: turned) == .show(nil))
        #expect(memo.update(nil, page: turned) == .keep)
    }
}
