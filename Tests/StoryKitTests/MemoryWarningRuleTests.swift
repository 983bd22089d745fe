import MotionCore
import StoryKit
import StoryKitStorm
import Testing

@Suite struct MemoryWarningRuleTests {
    @Test func theCurrentAndNextItemsImagesStay() {
        let viewer = ViewerFixtures.viewer()   // on a1
        let rule = MemoryWarningRule(viewer: viewer)
        #expect(rule.keptItemIDs == ["a1", "a2"])
        #expect(rule.keptURLs == ["a1.jpg", "a2.jpg"])
        #expect(rule.keptPlayerItemID == "a1")
        #expect(rule.keepsImage(url: "a2.jpg") && !rule.keepsImage(url: "a3.jpg") && !rule.keepsImage(url: "b1.jpg"))
    }

    @Test func onAUsersLastItemTheNextUsersPageStays() {
        var viewer = ViewerFixtures.viewer(user: 1)
        viewer.nextItem(time: 0.2)
        viewer.displayEverythingListed(time: 0.2)
        #expect(MemoryWarningRule(viewer: viewer).keptItemIDs == ["b2", "c1"])
    }

    @Test func everyRenditionOfAKeptItemStays() {
        var item = StoryItem(id: "v", kind: .video, url: "v.mp4")
        item.renditions = [StoryRendition(url: "v-540.mp4", width: 540, height: 960)]
        var viewer = StoriesViewer(feed: StoryFeed(users: [StoryUser(id: "u", name: "U", items: [item])]),
                                   pageSize: ViewerFixtures.page)
        viewer.displayEverythingListed(time: 0)
        #expect(MemoryWarningRule(viewer: viewer).keptURLs == ["v.mp4", "v-540.mp4"])
        // Knowing the conditions, only the rendition the item loads now stays.
        #expect(MemoryWarningRule(viewer: viewer, conditions: PrefetchConditions(isLowDataMode: true, displayScale: 3)).keptURLs
            == ["v-540.mp4"])
    }

    @Test func aClosedViewerKeepsNothing() {
        var viewer = ViewerFixtures.viewer()
        viewer.close(time: 0.1)
        let rule = MemoryWarningRule(viewer: viewer)
        #expect(rule.keptItemIDs.isEmpty && rule.keptPlayerItemID == nil)
    }

    @Test func thePoolReleasesEveryPlayerButTheCurrentOne() {
        // A pool of 3 on a2 holds a2 (playing) and a3 (prepared, in a1's old slot).
        var viewer = ViewerFixtures.viewer()
        var driver = PlayerPoolTests.Driver(capacity: 3)
        driver.update(to: viewer)
        viewer.nextItem(time: 0.2)
        viewer.displayEverythingListed(time: 0.2)
        driver.update(to: viewer)
        #expect(driver.held.values.sorted() == ["a2", "a3"])
        let changes = driver.pool.release(keeping: MemoryWarningRule(viewer: viewer))
        for change in changes { #expect(driver.players.apply(change) == nil) }
        #expect(changes == [.release(slot: 1)] || changes == [.release(slot: 0)])
        #expect(changes.count == 1 && changes.allSatisfy { if case .release = $0 { true } else { false } })
        #expect(driver.pool.slots.map(\.item.id) == ["a2"])
        #expect(driver.held.values.sorted() == ["a2"])
        #expect(driver.pool.slot(holding: "a2")?.isPlaying == true)
        // The next update prepares the next item again, in one player.
        driver.update(to: viewer)
        #expect(driver.held.values.sorted() == ["a2", "a3"])
    }
}
