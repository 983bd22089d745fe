import Foundation
import StoryMedia
@testable import StoryKitUI
import Testing

@Suite struct StoriesMediaConfigurationTests {
    struct NoBytes: MediaByteSource {
        func info(for url: URL) async throws -> MediaInfo { MediaInfo(length: 0, contentType: nil, servesRanges: false) }
        func bytes(of url: URL, in range: Range<Int>) async throws -> [UInt8] { [] }
    }

    @Test func theDefaultsLoadFromURLsWithThreePlayersAndTheAudioSession() {
        let media = StoriesMediaConfiguration()
        #expect(media.byteSource == nil && media.playerCapacity == 3)
        #expect(media.preferredForwardBufferDuration == 0 && media.managesAudioSession)
    }

    @Test func capacityAndBufferDurationAreClamped() {
        var media = StoriesMediaConfiguration(byteSource: NoBytes(), playerCapacity: 40, preferredForwardBufferDuration: -2)
        #expect(media.byteSource != nil && media.playerCapacity == 16 && media.preferredForwardBufferDuration == 0)
        media.playerCapacity = 0
        media.preferredForwardBufferDuration = .infinity
        #expect(media.playerCapacity == 1 && media.preferredForwardBufferDuration == 0)
        media.preferredForwardBufferDuration = 2.5
        #expect(media.preferredForwardBufferDuration == 2.5)
        #expect(StoriesMediaConfiguration(preferredForwardBufferDuration: .nan).preferredForwardBufferDuration == 0)
    }
}
