import Foundation
import StoryMedia
@testable import StoryKitUI
import Testing

@Suite struct StoryResourceLoadTests {
    static let url = URL(string: "https://cdn.example.com/ava/1.mp4")!

    /// A byte source over bytes in memory that records what was asked and can fail or cancel
    /// the reading task at a chosen read.
    final class FakeSource: MediaByteSource, @unchecked Sendable {
        enum Action { case answer, fail, cancelTask, shortBy(Int) }
        let media: [UInt8]
        let contentType: String?
        var infoAction = Action.answer
        var readActions: [Int: Action] = [:]
        private let lock = NSLock()
        private var _reads: [Range<Int>] = []
        var reads: [Range<Int>] { lock.withLock { _reads } }

        struct Failure: Error, Equatable {}

        init(length: Int, contentType: String? = "video/mp4") {
            media = (0..<length).map { UInt8(truncatingIfNeeded: $0 &* 31) }
            self.contentType = contentType
        }

        func info(for url: URL) async throws -> MediaInfo {
            try Self.perform(infoAction)
            return MediaInfo(length: media.count, contentType: contentType, servesRanges: true)
        }

        func bytes(of url: URL, in range: Range<Int>) async throws -> [UInt8] {
            let index = lock.withLock { () -> Int in
                _reads.append(range)
                return _reads.count - 1
            }
            let action = readActions[index] ?? .answer
            try Self.perform(action)
            let clipped = range.clamped(to: 0..<media.count)
            if case .shortBy(let missing) = action { return Array(media[clipped.lowerBound..<(clipped.upperBound - missing)]) }
            return Array(media[clipped])
        }

        private static func perform(_ action: Action) throws {
            switch action {
            case .fail: throw Failure()
            case .cancelTask: withUnsafeCurrentTask { $0?.cancel() }
            case .answer, .shortBy: break
            }
        }
    }

    /// A responder that records what it was given, in order.
    final class Recorder: StoryResourceResponder, @unchecked Sendable {
        private let lock = NSLock()
        private var _infos: [MediaInfo] = []
        private var _chunks: [[UInt8]] = []
        var infos: [MediaInfo] { lock.withLock { _infos } }
        var chunks: [[UInt8]] { lock.withLock { _chunks } }

        func provide(_ info: MediaInfo) { lock.withLock { _infos.append(info) } }
        func respond(with bytes: [UInt8]) { lock.withLock { _chunks.append(bytes) } }
    }

    static func request(_ offset: Int64, _ length: Int, toEnd: Bool = false, chunk: Int = 1_000) -> StoryResourceRequest {
        StoryResourceRequest(requestedOffset: offset, requestedLength: length, currentOffset: offset, toEnd: toEnd, chunkLength: chunk)
    }

    @Test func theFirstRequestGetsTheInformationAndItsBytes() async {
        let source = FakeSource(length: 5_000)
        let recorder = Recorder()
        let load = StoryResourceLoad(url: Self.url, wantsInformation: true, data: Self.request(0, 2))
        let outcome = await load.run(source: source, responder: recorder)
        guard case .finished = outcome else { Issue.record("\(outcome)"); return }
        #expect(recorder.infos == [MediaInfo(length: 5_000, contentType: "video/mp4", servesRanges: true)])
        #expect(recorder.chunks == [Array(source.media[0..<2])])
    }

    @Test func bytesArriveChunkByChunkInOrder() async {
        let source = FakeSource(length: 5_000)
        let recorder = Recorder()
        let outcome = await StoryResourceLoad(url: Self.url, wantsInformation: false, data: Self.request(500, 0, toEnd: true))
            .run(source: source, responder: recorder)
        guard case .finished = outcome else { Issue.record("\(outcome)"); return }
        #expect(source.reads == [500..<1_000, 1_000..<2_000, 2_000..<3_000, 3_000..<4_000, 4_000..<5_000])
        #expect(recorder.infos.isEmpty, "not asked for")
        #expect(recorder.chunks.flatMap { $0 } == Array(source.media[500...]))
    }

    @Test func aSourceFailureFailsTheLoadAndStopsReading() async {
        let source = FakeSource(length: 5_000)
        source.readActions = [1: .fail]
        let recorder = Recorder()
        let outcome = await StoryResourceLoad(url: Self.url, wantsInformation: true, data: Self.request(0, 4_000))
            .run(source: source, responder: recorder)
        guard case .failed(let error) = outcome else { Issue.record("\(outcome)"); return }
        #expect(error is FakeSource.Failure)
        #expect(source.reads.count == 2 && recorder.chunks.count == 1)

        let noInfo = FakeSource(length: 10)
        noInfo.infoAction = .fail
        let nothing = Recorder()
        guard case .failed = await StoryResourceLoad(url: Self.url, wantsInformation: true, data: Self.request(0, 2))
            .run(source: noInfo, responder: nothing) else { Issue.record("no info, no load"); return }
        #expect(nothing.infos.isEmpty && nothing.chunks.isEmpty && noInfo.reads.isEmpty)
    }

    @Test func aCancelledTaskHandsNothingMoreOver() async {
        // Given the player cancels the request while the second chunk is being read, then that
        // chunk is not handed over and nothing more is read.
        let source = FakeSource(length: 5_000)
        source.readActions = [1: .cancelTask]
        let recorder = Recorder()
        let outcome = await Task {
            await StoryResourceLoad(url: Self.url, wantsInformation: false, data: Self.request(0, 5_000)).run(source: source, responder: recorder)
        }.value
        guard case .cancelled = outcome else { Issue.record("\(outcome)"); return }
        #expect(source.reads == [0..<1_000, 1_000..<2_000])
        #expect(recorder.chunks == [Array(source.media[0..<1_000])])
    }

    @Test func aSourceThatThrowsCancellationIsACancelNotAFailure() async {
        struct Cancelling: MediaByteSource {
            func info(for url: URL) async throws -> MediaInfo { throw CancellationError() }
            func bytes(of url: URL, in range: Range<Int>) async throws -> [UInt8] { [] }
        }
        guard case .cancelled = await StoryResourceLoad(url: Self.url, wantsInformation: true, data: nil)
            .run(source: Cancelling(), responder: Recorder()) else { Issue.record("not cancelled"); return }
    }

    @Test func mediaShorterThanItsLengthFailsAfterWhatItHad() async {
        let source = FakeSource(length: 3_000)
        source.readActions = [1: .shortBy(400)]
        let recorder = Recorder()
        let outcome = await StoryResourceLoad(url: Self.url, wantsInformation: false, data: Self.request(0, 3_000))
            .run(source: source, responder: recorder)
        guard case .failed(let error) = outcome else { Issue.record("\(outcome)"); return }
        #expect(error as? StoryResourceLoad.ShortMedia == StoryResourceLoad.ShortMedia(end: 1_600, statedLength: 3_000))
        #expect(recorder.chunks.map(\.count) == [1_000, 600])
    }

    @Test func anHLSPlaylistFoundByItsMIMETypeIsRedirected() async {
        let source = FakeSource(length: 300, contentType: "application/vnd.apple.mpegurl")
        let recorder = Recorder()
        let outcome = await StoryResourceLoad(url: Self.url, wantsInformation: true, data: Self.request(0, 2))
            .run(source: source, responder: recorder)
        guard case .redirected(let url) = outcome else { Issue.record("\(outcome)"); return }
        #expect(url == Self.url && recorder.infos.isEmpty && source.reads.isEmpty)
    }

    @Test func anInformationOnlyRequestReadsNoBytes() async {
        let source = FakeSource(length: 300)
        let recorder = Recorder()
        guard case .finished = await StoryResourceLoad(url: Self.url, wantsInformation: true, data: nil)
            .run(source: source, responder: recorder) else { Issue.record("not finished"); return }
        #expect(recorder.infos.count == 1 && source.reads.isEmpty)
    }

    @Test func aFailedLoadFinishesWithAnErrorThePlayerCanShowAndACancelWithURLCancelled() throws {
        let failure = try #require(StoryResourceLoad.Outcome.failed(FakeSource.Failure()).finishingError)
        #expect(failure.domain == StoryResourceLoad.Outcome.errorDomain && failure.code == 1)
        #expect(failure.localizedDescription == "The video could not be loaded.")
        #expect(failure.userInfo[NSUnderlyingErrorKey] != nil, "the source's error is kept underneath")
        let cancelled = try #require(StoryResourceLoad.Outcome.cancelled.finishingError)
        #expect(cancelled.domain == NSURLErrorDomain && cancelled.code == NSURLErrorCancelled)
        #expect(StoryResourceLoad.Outcome.finished.finishingError == nil)
        #expect(StoryResourceLoad.Outcome.redirected(Self.url).finishingError == nil, "a redirect finishes normally")
    }

    @Test func anHLSPlaylistsRequestIsSentToItsOriginalURLWithAFound() throws {
        let redirection = try #require(StoryResourceLoad.Outcome.redirected(Self.url).redirection)
        #expect(redirection.request.url == Self.url)
        #expect(redirection.response?.statusCode == 302)
        #expect(redirection.response?.value(forHTTPHeaderField: "Location") == Self.url.absoluteString)
        #expect(StoryResourceLoad.Outcome.finished.redirection == nil)
        #expect(StoryResourceLoad.Outcome.cancelled.redirection == nil)
    }

    @Test func onlyTheLoadersOwnAssetURLsAreServed() throws {
        let asset = try #require(StoryResourceURL.assetURL(for: Self.url))
        let load = try #require(StoryResourceLoad(assetURL: asset, wantsInformation: true, data: Self.request(0, 2)))
        #expect(load.url == Self.url && load.wantsInformation && load.data == Self.request(0, 2))
        #expect(StoryResourceLoad(assetURL: Self.url, wantsInformation: true, data: nil) == nil,
                "a plain https URL is AVFoundation's own: declined")
        #expect(StoryResourceLoad(assetURL: nil, wantsInformation: true, data: nil) == nil)
    }
}
