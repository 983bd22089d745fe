import Foundation
import MotionCore
import StoryKit
import Testing

@Suite struct PrefetchConditionsTests {
    static let lowData = PrefetchConditions(isLowDataMode: true)
    static let cellular = PrefetchConditions(isExpensive: true)
    static let lowPower = PrefetchConditions(isLowPowerMode: true)

    /// Dan: three videos and an image; Eve: a video then an image; Fay: an image.
    static let videoFeed = StoryFeed(users: [
        StoryUser(id: "dan", name: "Dan", items: [
            StoryItem(id: "d1", kind: .video, url: "d1.mp4"),
            StoryItem(id: "d2", kind: .video, url: "d2.mp4"),
            StoryItem(id: "d3", kind: .image, url: "d3.jpg"),
            StoryItem(id: "d4", kind: .video, url: "d4.mp4"),
        ]),
        StoryUser(id: "eve", name: "Eve", items: [
            StoryItem(id: "e1", kind: .video, url: "e1.mp4"),
            StoryItem(id: "e2", kind: .image, url: "e2.jpg"),
        ]),
        StoryUser(id: "fay", name: "Fay", items: [StoryItem(id: "f1", kind: .image, url: "f1.jpg")]),
    ])

    static func videoViewer(user: Int = 0, item: Int = 0) -> StoriesViewer {
        var viewer = StoriesViewer(feed: videoFeed, user: user, pageSize: ViewerFixtures.page)
        viewer.displayEverythingListed(time: 0)
        for step in 0..<item {
            viewer.nextItem(time: 0.1 * Double(step + 1))
            viewer.displayEverythingListed(time: 0.1 * Double(step + 1))
        }
        return viewer
    }

    // MARK: Saving data

    @Test func lowDataModePrefetchesOnlyTheCurrentUsersNextItem() {
        let viewer = ViewerFixtures.viewer()
        #expect(PrefetchPlanTests.summary(PrefetchPlan(viewer: viewer)).count == 5)
        for conditions in [Self.lowData, Self.cellular] {
            let plan = PrefetchPlan(viewer: viewer, conditions: conditions)
            #expect(PrefetchPlanTests.summary(plan) == ["a1:current", "a2:nextItem"])
            #expect(plan.conditions == conditions)
        }
    }

    @Test func savingDataOnAUsersLastItemPrefetchesNothingBeyondIt() {
        // On Ben's last item, the next user's page is not prefetched while saving data.
        var viewer = ViewerFixtures.viewer(user: 1)
        viewer.nextItem(time: 0.2)
        viewer.displayEverythingListed(time: 0.2)
        #expect(viewer.currentItem?.id == "b2")
        #expect(PrefetchPlanTests.summary(PrefetchPlan(viewer: viewer, conditions: Self.lowData)) == ["b2:current"])
        #expect(PrefetchPlanTests.summary(PrefetchPlan(viewer: viewer)) == ["b2:current", "c1:nextUser"])
    }

    @Test func savingDataGoingBackDoesNotPrefetchThePreviousUser() {
        var viewer = ViewerFixtures.viewer(user: 2)
        let before = PrefetchPlan(viewer: viewer, conditions: Self.cellular)
        viewer.previousItem(time: 0.1)
        viewer.run(to: 3, from: 0.1)
        let plan = PrefetchPlan(viewer: viewer, following: before, conditions: Self.cellular)
        #expect(plan.direction == .backward)
        #expect(plan.requests.allSatisfy { $0.priority != .previousUser && $0.priority != .nextUser })
        #expect(plan.requests.count <= 2)
        let normal = PrefetchPlan(viewer: viewer, following: PrefetchPlan(viewer: ViewerFixtures.viewer(user: 2)))
        #expect(normal.requests.contains { $0.priority == .previousUser })
    }

    @Test func withNoItemsAheadConfiguredSavingDataPrefetchesNothing() {
        let plan = PrefetchPlan(viewer: ViewerFixtures.viewer(), configuration: .init(itemsAhead: 0),
                                conditions: Self.lowData)
        #expect(PrefetchPlanTests.summary(plan) == ["a1:current"])
    }

    // MARK: Low Power Mode

    @Test func lowPowerModePreloadsNoVideoButTheNextItem() {
        // On Dan's first video: normally d2, d3, d4 (the next items) and Eve's video are loaded.
        let viewer = Self.videoViewer()
        #expect(PrefetchPlanTests.summary(PrefetchPlan(viewer: viewer))
            == ["d1:current", "d2:nextItem", "d3:nextItem", "e1:nextUser", "f1:nextUser"])
        // In Low Power Mode only the next item's video (d2); images are still prefetched.
        let plan = PrefetchPlan(viewer: viewer, conditions: Self.lowPower)
        #expect(PrefetchPlanTests.summary(plan) == ["d1:current", "d2:nextItem", "d3:nextItem", "f1:nextUser"])
        #expect(plan.requests[0].kind == .wholeVideo && plan.requests[1].kind == .videoPrefix(bytes: 1 << 20))
    }

    @Test func lowPowerModeOnAnImageBeforeAVideoPreloadsNoVideo() {
        // On d3 (an image): the next item is d4 (a video, allowed); Eve's video is beyond it.
        let viewer = Self.videoViewer(item: 2)
        #expect(viewer.currentItem?.id == "d3")
        #expect(PrefetchPlanTests.summary(PrefetchPlan(viewer: viewer, conditions: Self.lowPower))
            == ["d3:current", "d4:nextItem", "f1:nextUser"])
    }

    @Test func lowPowerModeOnAUsersLastItemPreloadsTheNextUsersVideo() {
        let viewer = Self.videoViewer(item: 3)
        #expect(viewer.currentItem?.id == "d4")
        #expect(PrefetchPlanTests.summary(PrefetchPlan(viewer: viewer, conditions: Self.lowPower))
            == ["d4:current", "e1:nextUser", "f1:nextUser"])
    }

    @Test func lowPowerAndLowDataTogetherKeepTheStricterOfBoth() {
        let both = PrefetchConditions(isLowDataMode: true, isLowPowerMode: true)
        #expect(PrefetchPlanTests.summary(PrefetchPlan(viewer: Self.videoViewer(), conditions: both))
            == ["d1:current", "d2:nextItem"])
    }

    // MARK: Renditions

    static let hd = StoryRendition(url: "v-1080.mp4", width: 1080, height: 1920, bitrate: 6_000_000)
    static let sd = StoryRendition(url: "v-540.mp4", width: 540, height: 960, bitrate: 1_500_000)
    static let tiny = StoryRendition(url: "v-180.mp4", width: 180, height: 320)
    static let iPhone = Size(width: 1170, height: 2532)

    @Test func normallyTheSmallestRenditionThatCoversTheDisplayIsChosen() {
        let all = [Self.tiny, Self.hd, Self.sd]
        #expect(StoryRendition.choice(among: all, displayPixels: Size(width: 1000, height: 1800), savingData: false) == Self.hd)
        #expect(StoryRendition.choice(among: all, displayPixels: Size(width: 500, height: 900), savingData: false) == Self.sd)
        // None covers a 1170 × 2532 display: the largest.
        #expect(StoryRendition.choice(among: all, displayPixels: Self.iPhone, savingData: false) == Self.hd)
        #expect(StoryRendition.choice(among: [], displayPixels: Self.iPhone, savingData: false) == nil)
    }

    @Test func savingDataPicksTheLowerOfTwoRenditions() {
        // Half of 1170 × 2532 is 585 × 1266: only the higher covers it, but the higher of two is
        // never chosen when saving data.
        #expect(StoryRendition.choice(among: [Self.hd, Self.sd], displayPixels: Self.iPhone, savingData: true) == Self.sd)
        // On a 1080 × 1920 display both cover half (540 × 960): the lower of the two.
        #expect(StoryRendition.choice(among: [Self.hd, Self.sd], displayPixels: Size(width: 1080, height: 1920), savingData: true) == Self.sd)
        // The lowest that covers half, not the lowest of all.
        #expect(StoryRendition.choice(among: [Self.hd, Self.sd, Self.tiny], displayPixels: Size(width: 1080, height: 1920), savingData: true) == Self.sd)
        // Never the highest of several; when no other covers half, the lowest of all.
        #expect(StoryRendition.choice(among: [Self.hd, Self.sd, Self.tiny], displayPixels: Self.iPhone, savingData: true) == Self.tiny)
        #expect(StoryRendition.choice(among: [Self.hd], displayPixels: Self.iPhone, savingData: true) == Self.hd)
    }

    @Test func hostileDisplaySizesStillChoose() {
        for size in [Size(width: .nan, height: 10), Size(width: -5, height: .infinity), Size(width: 0, height: 0)] {
            for saving in [false, true] {
                #expect(StoryRendition.choice(among: [Self.hd, Self.sd], displayPixels: size, savingData: saving) != nil)
            }
        }
        #expect(PrefetchConditions(displayScale: .nan).displayScale == 1)
        #expect(PrefetchConditions(displayScale: 50).displayScale == 4)
        #expect(PrefetchConditions(displayScale: 3).displayPixels(for: Size(width: 390, height: .nan)) == Size(width: 1170, height: 0))
    }

    @Test func thePlanLoadsTheChosenRenditionsURL() {
        var item = StoryItem(id: "v", kind: .video, url: "v-1080.mp4")
        item.renditions = [Self.hd, Self.sd]
        let feed = StoryFeed(users: [StoryUser(id: "u", name: "U", items: [StoryItem(id: "i", kind: .image, url: "i.jpg"), item])])
        var viewer = StoriesViewer(feed: feed, pageSize: Size(width: 390, height: 844))
        viewer.displayEverythingListed(time: 0)
        let normal = PrefetchPlan(viewer: viewer, conditions: PrefetchConditions(displayScale: 2))   // 780 × 1688 px
        #expect(normal.requests.map(\.url) == ["i.jpg", "v-1080.mp4"])
        let saving = PrefetchPlan(viewer: viewer, conditions: PrefetchConditions(isExpensive: true, displayScale: 3))
        #expect(saving.requests.map(\.url) == ["i.jpg", "v-540.mp4"])
    }

    @Test func renditionsDecodeStrictly() throws {
        let json = """
        { "id": "v", "kind": "video", "url": "v.mp4",
          "renditions": [ { "url": "v-540.mp4", "width": 540, "height": 960, "bitrate": 1500000 },
                          { "url": "v-1080.mp4", "width": 1080, "height": 1920 } ] }
        """
        let item = try JSONDecoder().decode(StoryItem.self, from: Data(json.utf8))
        #expect(item.renditions == [StoryRendition(url: "v-540.mp4", width: 540, height: 960, bitrate: 1_500_000),
                                    StoryRendition(url: "v-1080.mp4", width: 1080, height: 1920)])
        let plain = try JSONDecoder().decode(StoryItem.self, from: Data(#"{"id": "i", "kind": "image", "url": "i.jpg"}"#.utf8))
        #expect(plain.renditions == nil)
        // Round trip.
        #expect(try JSONDecoder().decode(StoryItem.self, from: JSONEncoder().encode(item)) == item)

        let misspelt = json.replacingOccurrences(of: "\"bitrate\"", with: "\"bitRate\"")
        let error = #expect(throws: DecodingError.self) { try JSONDecoder().decode(StoryItem.self, from: Data(misspelt.utf8)) }
        guard case .dataCorrupted(let context)? = error else { Issue.record("not a dataCorrupted error"); return }
        #expect(context.codingPath.map(\.stringValue) == ["renditions", "Index 0", "bitRate"])
        #expect(context.debugDescription == "unknown key; did you mean bitrate?")

        for (bad, key) in [("\"width\": 540", "\"width\": 0"), ("\"height\": 960", "\"height\": -1"),
                           ("\"bitrate\": 1500000", "\"bitrate\": 0")] {
            let broken = json.replacingOccurrences(of: bad, with: key)
            #expect(throws: DecodingError.self) { try JSONDecoder().decode(StoryItem.self, from: Data(broken.utf8)) }
        }
    }
}
