import Foundation
import MotionCore
import StoryMedia
@testable import StoryKitUI
import Testing

/// The viewer's and the tray's image loading: from the cache at once, else read, decoded for its
/// box and kept; undecodable bytes fail with the page's sentence and are reported to the source.
@MainActor
@Suite struct StoryImagePipelineTests {
    /// A decoded image: the bytes it came from and the box it was decoded for.
    struct FakeImage: Sendable, Hashable {
        var bytes: Int
        var pixelWidth: Double
    }

    /// Counts decodes; bytes starting with 0 are not an image.
    final class Decoder: @unchecked Sendable {
        private let lock = NSLock()
        private var _count = 0
        var count: Int { lock.withLock { _count } }

        func decode(_ data: Data, points: Size, scale: Double) -> (image: FakeImage, cost: Int)? {
            lock.withLock { _count += 1 }
            guard data.first != 0 else { return nil }
            return (FakeImage(bytes: data.count, pixelWidth: points.width * scale), data.count)
        }
    }

    /// A byte source that serves the same bytes for any URL and records undecodable reports.
    final class Source: MediaByteSource, @unchecked Sendable {
        let media: [UInt8]
        private let lock = NSLock()
        private var _undecodable: [URL] = []
        var undecodable: [URL] { lock.withLock { _undecodable } }

        init(_ media: [UInt8]) { self.media = media }

        func info(for url: URL) async throws -> MediaInfo {
            MediaInfo(length: media.count, contentType: "image/jpeg", servesRanges: true)
        }

        func bytes(of url: URL, in range: Range<Int>) async throws -> [UInt8] {
            Array(media[range.clamped(to: 0..<media.count)])
        }

        func reportUndecodable(_ url: URL) async {
            lock.withLock { _undecodable.append(url) }
        }
    }

    static let remote = StoryMediaLocation.remote(URL(string: "https://example.com/a.jpg")!)

    static func pipeline(_ source: Source, decoder: Decoder) -> StoryImagePipeline<FakeImage> {
        StoryImagePipeline(session: .shared, source: source,
                           cache: MemoryImageCache<ImageCacheKey, FakeImage>(capacity: 1 << 20),
                           decode: { decoder.decode($0, points: $1, scale: $2) })
    }

    @Test func aDecodedImageIsKeptForItsBoxAndServedAtOnceAfterwards() async throws {
        let decoder = Decoder()
        let pipeline = Self.pipeline(Source([1, 2, 3]), decoder: decoder)
        let avatar = Size(width: 48, height: 48)
        let first = try await pipeline.image(at: Self.remote, points: avatar, scale: 3)
        #expect(first == FakeImage(bytes: 3, pixelWidth: 144))
        let again = try await pipeline.image(at: Self.remote, points: avatar, scale: 3)
        #expect(again == first)
        #expect(decoder.count == 1, "the second request is the cache's")
        let cached = pipeline.avatar(at: Self.remote, points: avatar, scale: 3) { _ in Issue.record("cached: no callback") }
        #expect(cached == first, "an avatar in the cache shows in the same pass")
    }

    @Test func aBiggerBoxIsNeverServedASmallerDecode() async throws {
        let decoder = Decoder()
        let pipeline = Self.pipeline(Source([1, 2, 3]), decoder: decoder)
        _ = try await pipeline.image(at: Self.remote, points: Size(width: 48, height: 48), scale: 3)
        let page = try await pipeline.image(at: Self.remote, points: Size(width: 390, height: 844), scale: 3)
        #expect(page.pixelWidth == 1_170)
        #expect(decoder.count == 2)
    }

    @Test func bytesThatAreNotAnImageFailWithThePagesSentenceAndTellTheSource() async {
        let decoder = Decoder()
        let source = Source([0, 0, 0])
        let pipeline = Self.pipeline(source, decoder: decoder)
        do {
            _ = try await pipeline.image(at: Self.remote, points: Size(width: 48, height: 48), scale: 2)
            Issue.record("undecodable bytes loaded")
        } catch let failure as StoryImageBytes.Failure {
            #expect(failure.reason == "The image could not be decoded.")
        } catch {
            Issue.record("\(error)")
        }
        #expect(source.undecodable == [Self.remote.url], "the source drops them rather than serving them again")
    }

    @Test func anAvatarNotInTheCacheArrivesThroughItsCompletion() async {
        let pipeline = Self.pipeline(Source([7, 7]), decoder: Decoder())
        let image: FakeImage = await withCheckedContinuation { continuation in
            let cached = pipeline.avatar(at: Self.remote, points: Size(width: 40, height: 40), scale: 2) {
                continuation.resume(returning: $0)
            }
            #expect(cached == nil)
        }
        #expect(image == FakeImage(bytes: 2, pixelWidth: 80))
    }
}
