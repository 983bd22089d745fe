import Foundation
import StoryKit
import StoryMedia
@testable import StoryKitUI
import Testing

/// The first item a tap waits for, and how much of it is read.
@Suite struct TrayMediaRequestTests {
    static let base = URL(string: "https://cdn.example.com/stories/")!

    static let user = StoryUser(id: "ava", name: "Ava", items: [
        StoryItem(id: "ava-1", kind: .image, url: "ava/1.jpg"),
        StoryItem(id: "ava-2", kind: .video, url: "ava/2.mp4"),
        StoryItem(id: "ava-3", kind: .video, url: "https://live.example.com/ava/3.m3u8"),
        StoryItem(id: "ava-4", kind: .image, url: "/var/mobile/ava/4.jpg"),
    ])

    /// A byte source that records the calls it gets and answers from a length.
    final class RecordingSource: MediaByteSource, @unchecked Sendable {
        let length: Int
        var fails = false
        private let lock = NSLock()
        private var _calls: [String] = []
        var calls: [String] { lock.withLock { _calls } }

        struct Failure: Error {}

        init(length: Int) { self.length = length }

        private func record(_ call: String) throws {
            lock.withLock { _calls.append(call) }
            if fails { throw Failure() }
        }

        func info(for url: URL) async throws -> MediaInfo {
            try record("info \(url.lastPathComponent)")
            return MediaInfo(length: length, contentType: nil, servesRanges: true)
        }

        func bytes(of url: URL, in range: Range<Int>) async throws -> [UInt8] {
            try record("bytes \(url.lastPathComponent) \(range.lowerBound)..<\(range.upperBound)")
            return Array(repeating: 0, count: range.clamped(to: 0..<length).count)
        }

        func data(of url: URL) async throws -> [UInt8] {
            try record("data \(url.lastPathComponent)")
            return Array(repeating: 0, count: length)
        }
    }

    @Test func theFirstUnseenItemIsReadAndImagesWhole() {
        let request = TrayMediaRequest.firstItem(of: Self.user, seen: [], baseURL: Self.base)
        #expect(request == TrayMediaRequest(itemID: "ava-1", url: URL(string: "https://cdn.example.com/stories/ava/1.jpg")!,
                                            amount: .whole))
    }

    @Test func videosArePrefixedByOneMebibyte() {
        let request = TrayMediaRequest.firstItem(of: Self.user, seen: ["ava-1"], baseURL: Self.base)
        #expect(request?.itemID == "ava-2" && request?.amount == .prefix(1 << 20))
        #expect(TrayMediaRequest.firstItem(of: Self.user, seen: ["ava-1"], baseURL: Self.base, videoPrefix: 0)?.amount == .prefix(1))
    }

    @Test func streamsFilesAndEverythingSeenNeedNoRead() {
        #expect(TrayMediaRequest.firstItem(of: Self.user, seen: ["ava-1", "ava-2"], baseURL: Self.base) == nil, "HLS")
        #expect(TrayMediaRequest.firstItem(of: Self.user, seen: ["ava-1", "ava-2", "ava-3"], baseURL: Self.base) == nil, "a file")
        #expect(TrayMediaRequest.firstItem(of: Self.user, seen: [], baseURL: URL(fileURLWithPath: "/app/")) == nil, "bundled")
        // All seen: the viewer opens at the first item, so that is read.
        let all = Set(Self.user.items.map(\.id))
        #expect(TrayMediaRequest.firstItem(of: Self.user, seen: all, baseURL: Self.base)?.itemID == "ava-1")
        #expect(TrayMediaRequest.firstItem(of: StoryUser(id: "x", name: "X", items: []), seen: [], baseURL: Self.base) == nil)
    }

    @Test func anImageIsReadWithDataOf() async throws {
        let source = RecordingSource(length: 5_000)
        let request = TrayMediaRequest(itemID: "a", url: URL(string: "https://x.example/a.jpg")!, amount: .whole)
        #expect(try await request.read(from: source) == 5_000)
        #expect(source.calls == ["data a.jpg"])
    }

    @Test func aVideoReadsItsInfoThenAPrefixNoLongerThanItself() async throws {
        let url = URL(string: "https://x.example/v.mp4")!
        let long = RecordingSource(length: 3 << 20)
        #expect(try await TrayMediaRequest(itemID: "v", url: url, amount: .prefix(1 << 20)).read(from: long) == 1 << 20)
        #expect(long.calls == ["info v.mp4", "bytes v.mp4 0..<1048576"])
        let short = RecordingSource(length: 700)
        #expect(try await TrayMediaRequest(itemID: "v", url: url, amount: .prefix(1 << 20)).read(from: short) == 700)
        #expect(short.calls == ["info v.mp4", "bytes v.mp4 0..<700"])
        let empty = RecordingSource(length: 0)
        #expect(try await TrayMediaRequest(itemID: "v", url: url, amount: .prefix(1 << 20)).read(from: empty) == 0)
        #expect(empty.calls == ["info v.mp4"])
    }

    @Test func aFailureIsThrown() async {
        let source = RecordingSource(length: 10)
        source.fails = true
        let request = TrayMediaRequest(itemID: "v", url: URL(string: "https://x.example/v.mp4")!, amount: .prefix(10))
        await #expect(throws: RecordingSource.Failure.self) { try await request.read(from: source) }
    }
}
