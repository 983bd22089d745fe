import StoryKit
import StoryKitTestSupport
@testable import StoryKitUI
import Testing

/// The row's cells laid out from the model: every avatar where the model puts it, at any offset.
@Suite struct TrayLayoutTests {
    static func feed(_ count: Int) -> StoryFeed {
        StoryFeed(users: (0..<count).map { index in
            StoryUser(id: "u\(index)", name: "User \(index)", items: [StoryItem(id: "u\(index)-1", kind: .image, url: "u\(index)/1.jpg")])
        })
    }

    @Test(arguments: [0.0, 37.5, 200, 10_000])
    func cellsAreTheModelsAvatarFramesWithTheScrollPutBack(offset: Double) {
        var tray = StoryTray(feed: Self.feed(12), seen: [], viewportWidth: 390)
        tray.scroll(to: offset)
        let layout = TrayLayout(tray: tray)
        #expect(layout.cells.count == 12)
        for (index, cell) in layout.cells.enumerated() {
            let scrolled = tray.avatarFrame(user: index)!
            #expect(Approximately.equal(cell.avatar.minX - tray.contentOffset, scrolled.minX))
            #expect(cell.avatar.minY == scrolled.minY && cell.avatar.width == scrolled.width)
            // The ring view's square: the side the ring view asks for, centred on the avatar.
            let side = RingLayout.side(avatarDiameter: cell.avatar.width, configuration: tray.configuration.ring)
            #expect(Approximately.equal(cell.ring.width, side) && Approximately.equal(cell.ring.height, side))
            #expect(Approximately.equal(cell.ring.midX, cell.avatar.midX) && Approximately.equal(cell.ring.midY, cell.avatar.midY))
            #expect(cell.frame.minY == cell.ring.minY && cell.frame.maxY == cell.name.maxY)
            #expect(cell.frame.minX <= cell.ring.minX && cell.frame.maxX >= cell.ring.maxX)
        }
        #expect(layout.contentSize.width == tray.contentWidth)
        #expect(layout.contentSize.height >= layout.cells[0].frame.maxY)
    }

    @Test func neighbouringCellsDoNotOverlap() {
        let layout = TrayLayout(tray: StoryTray(feed: Self.feed(5), seen: [], viewportWidth: 390))
        for index in 1..<layout.cells.count {
            #expect(layout.cells[index].frame.minX >= layout.cells[index - 1].frame.maxX - 1e-9)
        }
    }

    @Test func prefetchOrderIsInViewThenNearestBeyondTheEdges() {
        var tray = StoryTray(feed: Self.feed(30), seen: [], viewportWidth: 300)
        let layout = TrayLayout(tray: tray)
        let pitch = layout.cells[1].avatar.minX - layout.cells[0].avatar.minX
        tray.scroll(to: 10 * pitch)
        let visible = layout.users(between: tray.contentOffset, and: tray.contentOffset + 300)
        let near = layout.usersNearViewport(of: tray, margin: 2 * pitch)
        #expect(Array(near.prefix(visible.count)) == visible)
        #expect(visible.contains(10) && !visible.contains(5))
        // Beyond the edges: nearest first, within the margin, on both sides.
        let beyond = Array(near.dropFirst(visible.count))
        func distance(_ user: Int) -> Double {
            let frame = layout.cells[user].frame
            return Swift.max(tray.contentOffset - frame.maxX, frame.minX - tray.contentOffset - 300)
        }
        #expect(beyond.contains(visible.first! - 1) && beyond.contains(visible.last! + 1))
        #expect(zip(beyond, beyond.dropFirst()).allSatisfy { distance($0) <= distance($1) })
        #expect(beyond.allSatisfy { distance($0) > 0 && distance($0) <= 2 * pitch })
        #expect(layout.usersNearViewport(of: tray, margin: -5) == visible)
        #expect(layout.users(between: 10, and: .nan).isEmpty)
    }

    /// The SwiftUI row's frame is as high as the row it wraps lays its cells out, whatever the
    /// feed: empty, one user, many, users without items first, a large name size.
    @Test(arguments: [0, 1, 25])
    func rowHeightIsTheLayoutsContentHeight(count: Int) {
        let empty = StoryUser(id: "none", name: "No stories", items: [])
        let feed = StoryFeed(users: [empty] + Self.feed(count).users)
        for configuration in [StoryTray.Configuration(), StoryTray.Configuration(avatarDiameter: 80, nameSize: 40)] {
            let input = TrayRowInput(feed: feed, configuration: configuration, baseURL: nil)
            let tray = StoryTray(feed: feed, seen: [], viewportWidth: 390, configuration: configuration)
            #expect(input.rowHeight == TrayLayout(tray: tray).contentSize.height)
            #expect(input.rowHeight >= tray.height)
        }
        let names = TrayRowInput(feed: Self.feed(1), configuration: StoryTray.Configuration(nameSize: 40), baseURL: nil)
        #expect(names.rowHeight > TrayRowInput(feed: Self.feed(1), configuration: StoryTray.Configuration(), baseURL: nil).rowHeight,
                "a larger name makes the row higher, so no name is clipped")
    }
}
