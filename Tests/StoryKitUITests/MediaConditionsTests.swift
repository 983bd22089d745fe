import Foundation
import MotionCore
import StoryKit
import StoryMedia
@testable import StoryKitUI
import Testing

/// The viewer's media under the device's conditions and a memory warning, in plain Swift: the
/// rendition a new load uses, the players a warning lets go, the images it keeps.
@MainActor
@Suite struct MediaConditionsTests {
    typealias Step = StoryMediaSlots.Step

    static let hd = StoryRendition(url: "https://example.com/v1-1080.mp4", width: 1080, height: 1920)
    static let sd = StoryRendition(url: "https://example.com/v1-540.mp4", width: 540, height: 960)

    static var feed: StoryFeed {
        var first = StoryItem(id: "v1", kind: .video, url: "https://example.com/v1-1080.mp4")
        first.renditions = [hd, sd]
        return StoryFeed(users: [StoryUser(id: "ava", name: "Ava", items: [
            first,
            StoryItem(id: "i2", kind: .image, url: "https://example.com/i2.jpg"),
            StoryItem(id: "v3", kind: .video, url: "https://example.com/v3.mp4"),
        ])])
    }

    static func viewer() -> StoriesViewer {
        StoriesViewer(feed: feed, pageSize: Size(width: 390, height: 844))
    }

    static func route(_ string: String) throws -> StoryMediaSlots.Load {
        .video(StoryVideoRoute(try #require(StoryMediaLocation.resolve(string, relativeTo: nil)), hasByteSource: true))
    }

    @Test func aNewLoadUsesTheRenditionThePlanChose() throws {
        var slots = StoryMediaSlots(users: Self.feed.users, baseURL: nil, capacity: 3, hasByteSource: true, managesAudio: false)
        slots.renditionChoice = .init(conditions: PrefetchConditions(displayScale: 3), pageSize: Size(width: 390, height: 844))
        #expect(slots.load(of: "v1") == (try Self.route(Self.hd.url)))
        slots.renditionChoice = .init(conditions: PrefetchConditions(isExpensive: true, displayScale: 3),
                                      pageSize: Size(width: 390, height: 844))
        #expect(slots.load(of: "v1") == (try Self.route(Self.sd.url)))
        // The plan under the same conditions prefetches the same bytes.
        let plan = PrefetchPlan(viewer: Self.viewer(), conditions: PrefetchConditions(isExpensive: true, displayScale: 3))
        #expect(plan.current?.url == Self.sd.url)
    }

    @Test func aMemoryWarningReleasesEveryPlayerButTheCurrentOne() throws {
        var slots = StoryMediaSlots(users: Self.feed.users, baseURL: nil, capacity: 3, hasByteSource: true, managesAudio: false)
        _ = slots.update(to: Self.viewer(), at: 0)
        let next = try #require(slots.entry(showing: "i2"))
        #expect(slots.entry(showing: "v1") != nil)
        let steps = slots.memoryWarning(MemoryWarningRule(viewer: Self.viewer()))
        #expect(steps == [.release(slot: next.slot)])
        #expect(slots.entry(showing: "i2") == nil && slots.entry(showing: "v1") != nil)
        #expect(slots.pool.slots.map(\.item.id) == ["v1"])
        // The next update prepares the next item again.
        _ = slots.update(to: Self.viewer(), at: 0.1)
        #expect(slots.entry(showing: "i2") != nil)
    }

    @Test func thePlaybackProtectsTheCurrentAndNextImagesUntilItStops() throws {
        let protection = ImageCacheProtection()
        let playback = StoryMediaPlaybackTests.RecordingPlayback(
            users: Self.feed.users, baseURL: nil, configuration: StoriesMediaConfiguration(managesAudioSession: false),
            audio: StoryMediaPlaybackTests.FakeAudio(), clock: { 0 }, onMainThread: { true }, imageProtection: protection)
        // Under the default conditions (1 pixel per point: 390 × 844) v1 loads its 540 × 960
        // rendition: that one is protected, not the other.
        playback.apply(Self.viewer())
        let kept = try Set([Self.sd.url, "https://example.com/i2.jpg"].map { try #require(URL(string: $0)) })
        #expect(protection.protected == kept)

        // A cache of decodes (a page's and a thumbnail's of each item): a memory warning keeps
        // the current and next items'.
        let cache = MemoryImageCache<ImageCacheKey, Int>(capacity: 1 << 30)
        for url in [Self.sd.url, "https://example.com/i2.jpg", "https://example.com/v3.mp4", "https://example.com/avatar.jpg"] {
            let url = try #require(URL(string: url))
            cache.insert(0, for: ImageCacheKey(url: url, points: Size(width: 390, height: 844), scale: 3), cost: 4_000_000)
            cache.insert(0, for: ImageCacheKey(url: url, points: Size(width: 48, height: 48), scale: 3), cost: 20_000)
        }
        let removed = cache.removeAll(keeping: protection.keeps)
        #expect(removed.count == 4 && removed.bytes == 8_040_000)
        #expect(cache.count == 4 && cache.totalCost == 8_040_000)

        // The players: the warning lets the next item's go.
        playback.performed = []
        playback.memoryWarning(in: Self.viewer())
        #expect(playback.performed.count == 1 && playback.performed.allSatisfy { if case .release = $0 { true } else { false } })

        playback.stopAll()
        #expect(protection.protected.isEmpty)
        #expect(cache.removeAll(keeping: protection.keeps).count == 4, "with no viewer, a warning empties the cache")
    }

    @Test func conditionsReachThePlansAndTheLoads() {
        let playback = StoryMediaPlaybackTests.RecordingPlayback(
            users: Self.feed.users, baseURL: nil, configuration: StoriesMediaConfiguration(managesAudioSession: false),
            audio: StoryMediaPlaybackTests.FakeAudio(), clock: { 0 }, onMainThread: { true })
        let conditions = PrefetchConditions(isLowDataMode: true, isLowPowerMode: true, displayScale: 2)
        playback.conditionsChanged(conditions, viewer: Self.viewer())
        #expect(playback.conditions == conditions)
        #expect(playback.slots.renditionChoice == .init(displayPixels: Size(width: 780, height: 1688), savingData: true))
    }
}
