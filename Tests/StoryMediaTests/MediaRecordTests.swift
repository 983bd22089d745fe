import Foundation
import StoryKitTestSupport
@testable import StoryMedia
import Testing

/// The pipeline's stored records and the `Content-Range` header it trusts.
@Suite struct MediaRecordTests {
    @Test func aRecordComesBackAsStored() throws {
        var record = MediaRecord()
        record.bytes = MediaBytes.make(count: 1_000, seed: 1)
        record.length = 5_000
        record.etag = "\"abc\""
        record.lastModified = "Tue, 24 Nov 2026 10:00:00 GMT"
        record.contentType = "video/mp4"
        record.acceptsRanges = true
        record.freshUntil = 1_795_000_000.25
        #expect(MediaRecord(decoding: record.encoded()) == record)
        #expect(record.isFresh(at: 1_795_000_000) && !record.isFresh(at: 1_795_000_000.25))
        #expect(!record.isComplete && record.covers(1_000) && !record.covers(1_001))

        var whole = MediaRecord()
        whole.bytes = [1, 2, 3]
        whole.length = 3
        #expect(MediaRecord(decoding: whole.encoded()) == whole)
        #expect(whole.isComplete && whole.covers(nil) && whole.covers(10))
        #expect(MediaRecord(decoding: MediaRecord().encoded()) == MediaRecord())
        #expect(!whole.isFresh(at: 0))   // no lifetime: stale, ask first
    }

    @Test(arguments: 0..<4)
    func anyDamagedRecordIsRefusedOrReadWithoutATrap(seed: UInt64) {
        var record = MediaRecord()
        record.bytes = MediaBytes.make(count: 300, seed: seed)
        record.length = 300
        record.etag = "\"e\""
        let stored = record.encoded()
        var random = SeededRandom(seed: seed)
        for _ in 0..<2_000 {
            var damaged = stored
            switch random.next() % 3 {
            case 0: damaged = Array(damaged.prefix(Int(random.next() % UInt64(damaged.count))))
            case 1: damaged[Int(random.next() % UInt64(damaged.count))] = UInt8(truncatingIfNeeded: random.next())
            default: damaged = (0..<Int(random.next() % 64)).map { _ in UInt8(truncatingIfNeeded: random.next()) }
            }
            if let read = MediaRecord(decoding: damaged), let length = read.length { #expect(read.bytes.count <= length) }
        }
    }

    @Test(arguments: [
        ("bytes 0-99/1000", ContentRange(first: 0, last: 99, complete: 1_000)),
        ("bytes 500-999/1000", ContentRange(first: 500, last: 999, complete: 1_000)),
        ("  bytes 7-7/*", ContentRange(first: 7, last: 7, complete: nil)),
        ("Bytes 1-2/3", ContentRange(first: 1, last: 2, complete: 3)),
        ("bytes 5-4/10", nil), ("bytes 0-10/10", nil), ("bytes */1000", nil), ("items 0-1/2", nil),
        ("bytes -1-5/9", nil), ("bytes 0-1", nil), ("", nil),
    ] as [(String, ContentRange?)])
    func contentRangeIsParsedOnlyWhenItIsASatisfiedByteRange(header: String, expected: ContentRange?) {
        #expect(ContentRange(header) == expected)
    }
}

extension ContentRange {
    /// A range, for the tests' tables.
    init(first: Int, last: Int, complete: Int?) {
        self.init("bytes \(first)-\(last)/\(complete.map(String.init) ?? "*")")!
    }
}
