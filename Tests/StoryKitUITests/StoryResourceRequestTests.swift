import StoryKitTestSupport
@testable import StoryKitUI
import Testing

@Suite struct StoryResourceRequestTests {
    static let chunk = StoryResourceRequest.defaultChunkLength

    @Test func aRangeIsReadInChunksCutAtMultiplesOfTheChunkLength() {
        let request = StoryResourceRequest(requestedOffset: 100, requestedLength: 600_000, currentOffset: 100, toEnd: false)
        #expect(request.chunks(length: 2_000_000) == [100..<262_144, 262_144..<524_288, 524_288..<600_100])
        #expect(Self.chunk == 262_144)
    }

    @Test func theFirstTwoBytesProbeIsOneChunk() {
        // AVFoundation's first request: the content information with bytes 0..<2.
        let request = StoryResourceRequest(requestedOffset: 0, requestedLength: 2, currentOffset: 0, toEnd: false)
        #expect(request.chunks(length: 5_000_000) == [0..<2])
    }

    @Test func bytesAlreadyGivenAreNotReadAgain() {
        // Given a request of 0..<600 000 that has had its first 300 000 bytes, then only the rest is read.
        let request = StoryResourceRequest(requestedOffset: 0, requestedLength: 600_000, currentOffset: 300_000, toEnd: false)
        #expect(request.remaining(length: 1_000_000) == 300_000..<600_000)
        #expect(request.chunks(length: 1_000_000) == [300_000..<524_288, 524_288..<600_000])
    }

    @Test func toTheEndIgnoresTheRequestedLength() {
        let request = StoryResourceRequest(requestedOffset: 1_000, requestedLength: 2, currentOffset: 1_000, toEnd: true)
        #expect(request.remaining(length: 300_000) == 1_000..<300_000)
        #expect(request.chunks(length: 300_000) == [1_000..<262_144, 262_144..<300_000])
    }

    @Test func aRequestIsClippedToTheMediasLength() {
        let past = StoryResourceRequest(requestedOffset: 900, requestedLength: 500, currentOffset: 900, toEnd: false)
        #expect(past.remaining(length: 1_000) == 900..<1_000)
        let beyond = StoryResourceRequest(requestedOffset: 2_000, requestedLength: 500, currentOffset: 2_000, toEnd: false)
        #expect(beyond.remaining(length: 1_000).isEmpty && beyond.chunks(length: 1_000).isEmpty)
        let done = StoryResourceRequest(requestedOffset: 0, requestedLength: 500, currentOffset: 500, toEnd: false)
        #expect(done.chunks(length: 1_000).isEmpty, "everything was given")
        #expect(StoryResourceRequest(requestedOffset: 0, requestedLength: 10, currentOffset: 0, toEnd: true).chunks(length: 0).isEmpty)
    }

    @Test func hostileNumbersStayInRange() {
        let huge = StoryResourceRequest(requestedOffset: .max - 1, requestedLength: .max, currentOffset: .min, toEnd: false)
        #expect(huge.remaining(length: 10).isEmpty)
        let overflowing = StoryResourceRequest(requestedOffset: 5, requestedLength: .max, currentOffset: 5, toEnd: false)
        #expect(overflowing.remaining(length: 10) == 5..<10)
        let negative = StoryResourceRequest(requestedOffset: -50, requestedLength: -3, currentOffset: -50, toEnd: false)
        #expect(negative.remaining(length: 10).isEmpty)
        let backwards = StoryResourceRequest(requestedOffset: 8, requestedLength: 2, currentOffset: 3, toEnd: false)
        #expect(backwards.remaining(length: 10) == 8..<10, "a current offset before the requested one counts from the requested one")
        #expect(StoryResourceRequest(requestedOffset: 0, requestedLength: 3, currentOffset: 0, toEnd: false, chunkLength: 0).chunkLength == 1)
        let nearTheTop = StoryResourceRequest(requestedOffset: Int64(Int.max - 10), requestedLength: 10, currentOffset: Int64(Int.max - 10),
                                              toEnd: true, chunkLength: 4)
        #expect(nearTheTop.chunks(length: .max).reduce(0) { $0 + $1.count } == 10)
    }

    @Test(arguments: 0..<60)
    func chunksAreContiguousBoundedAndCoverExactlyWhatIsLeft(seed: Int) {
        var random = SeededRandom(seed: UInt64(seed) &+ 11)
        let length = random.int(in: 0...3_000_000)
        let offset = Int64(random.int(in: -10...3_100_000))
        let request = StoryResourceRequest(requestedOffset: offset, requestedLength: random.int(in: -5...2_000_000),
                                           currentOffset: offset + Int64(random.int(in: -100...400_000)),
                                           toEnd: random.chance(0.3), chunkLength: random.int(in: 1...600_000))
        let remaining = request.remaining(length: length)
        let chunks = request.chunks(length: length)
        #expect(remaining.lowerBound >= 0 && remaining.upperBound <= length)
        #expect(chunks.first?.lowerBound ?? remaining.lowerBound == remaining.lowerBound)
        #expect(chunks.last?.upperBound ?? remaining.upperBound == remaining.upperBound)
        for (a, b) in zip(chunks, chunks.dropFirst()) {
            #expect(a.upperBound == b.lowerBound)
            #expect(a.upperBound % request.chunkLength == 0, "cut at a multiple of the chunk length")
        }
        #expect(chunks.allSatisfy { !$0.isEmpty && $0.count <= request.chunkLength })
    }
}
