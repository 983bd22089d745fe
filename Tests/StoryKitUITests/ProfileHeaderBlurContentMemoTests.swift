import StoryKit
@testable import StoryKitUI
import Testing

/// The blurred copy's key: the bitmap of one image is hashed once however often the key is asked
/// for (SwiftUI asks on every body evaluation), and again for another image, another id or after
/// the image was removed.
@Suite struct ProfileHeaderBlurContentMemoTests {
    /// An image instance (a `UIImage` on a device).
    final class Picture {}

    @Test func oneImageIsMeasuredOnceHoweverOftenItIsAskedFor() {
        var memo = ProfileHeaderBlurContentMemo<Picture>()
        let picture = Picture()
        var measures = 0
        let hashed = ProfileHeaderBlurKey.Content.pixels(width: 1200, height: 800, scale: 3, hash: 42)
        for _ in 0..<100 {
            let content = memo.content(of: picture, id: nil) { measures += 1; return hashed }
            #expect(content == hashed)
        }
        #expect(measures == 1)                                    // a scroll never reads the bitmap again
    }

    @Test func anotherImageOrIdIsMeasuredAgain() {
        var memo = ProfileHeaderBlurContentMemo<Picture>()
        let first = Picture(), second = Picture()
        var measures = 0
        _ = memo.content(of: first, id: nil) { measures += 1; return .pixels(width: 1, height: 1, scale: 1, hash: 1) }
        let other = memo.content(of: second, id: nil) { measures += 1; return .pixels(width: 1, height: 1, scale: 1, hash: 2) }
        #expect(other == .pixels(width: 1, height: 1, scale: 1, hash: 2) && measures == 2)
        let named = memo.content(of: second, id: "banner") { measures += 1; return .id("banner") }
        #expect(named == .id("banner") && measures == 3)       // the app's id now names the copy
    }

    @Test func aRemovedImageIsMeasuredAgainWhenItComesBack() {
        var memo = ProfileHeaderBlurContentMemo<Picture>()
        let picture = Picture()
        var measures = 0
        _ = memo.content(of: picture, id: "a") { measures += 1; return .id("a") }
        memo.reset()
        _ = memo.content(of: picture, id: "a") { measures += 1; return .id("a") }
        #expect(measures == 2)
    }
}
