import Foundation
@testable import StoryKitUI
import Testing

@Suite struct StoryImageLoadReportTests {
    struct Unreadable: Error {}

    /// What a load reported and showed, in order.
    @MainActor
    static func outcome(_ load: () async throws -> String) async -> [String] {
        var record: [String] = []
        await StoryImageLoadReport.run(load, show: { record.append("show \($0)") }, send: { record.append("\($0)") })
        return record
    }

    @Test @MainActor func aDecodedImageIsReadyBeforeItIsShown() async {
        let record = await Self.outcome { "picture" }
        #expect(record == ["\(PlayerItemObservation.loaded(duration: nil, hasAudio: false))", "show picture"])
    }

    @Test @MainActor func aFailureSaysWhatThePageShows() async {
        let known = await Self.outcome { throw StoryImageBytes.Failure(reason: "The image could not be loaded.") }
        #expect(known == ["\(PlayerItemObservation.failed("The image could not be loaded."))"])
        let other = await Self.outcome { throw Unreadable() }
        #expect(other.count == 1 && other[0].hasPrefix("failed("), "any other error is reported with its description")
    }

    @Test @MainActor func aCancelledLoadSaysNothingEvenWithItsBytes() async {
        #expect(await Self.outcome { throw CancellationError() }.isEmpty)
        let lateBytes = await Task { @MainActor in
            await Self.outcome {
                withUnsafeCurrentTask { $0?.cancel() }      // the slot was given another item meanwhile
                return "picture"
            }
        }.value
        #expect(lateBytes.isEmpty, "nothing is shown or reported for a replaced load")
    }
}

@Suite struct PlayerItemObservationTests {
    @Test func aReadyItemReportsItsLengthAndSoundAFailedOneItsErrorAnUnknownOneNothing() {
        var askedForSound = false
        let unknown = PlayerItemObservation.itemStatus(0, duration: .nan, hasAudio: {
            askedForSound = true
            return true
        }, error: nil)
        #expect(unknown == nil && !askedForSound, "tracks are not read before the item is ready")
        #expect(PlayerItemObservation.itemStatus(1, duration: 12, hasAudio: { true }, error: nil)
                == .loaded(duration: 12, hasAudio: true))
        #expect(PlayerItemObservation.itemStatus(2, duration: .nan, hasAudio: { false }, error: "No network")
                == .failed("No network"))
        #expect(PlayerItemObservation.itemStatus(2, duration: .nan, hasAudio: { false }, error: nil)
                == .failed("The video could not be played."))
    }

    @Test func aBufferLikelyToKeepUpHasDataAgainAndOneThatIsNotSaysNothing() {
        #expect(PlayerItemObservation.keepsUp(true) == .bufferEmpty(false))
        #expect(PlayerItemObservation.keepsUp(false) == nil, "running dry is the buffer's own observer's news")
    }

    @Test func aVideoThatStopsPlayingSaysWhyOrThatItStopped() {
        struct Dropped: LocalizedError { var errorDescription: String? { "The network connection was lost." } }
        #expect(PlayerItemObservation.stoppedPlaying(Dropped()) == .failed("The network connection was lost."))
        #expect(PlayerItemObservation.stoppedPlaying(nil) == .failed("The video stopped playing."))
    }
}
