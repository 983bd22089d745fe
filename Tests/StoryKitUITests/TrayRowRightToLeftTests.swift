import Foundation
import StoryKit
import StoryKitTestSupport
@testable import StoryKitUI
import Testing

/// The tray row (UIKit, and SwiftUI through it) under a right-to-left layout: the row starts at
/// the right of its scroll view's content and scrolls from the right, every cell where the
/// StoryTray model (and its right-to-left golden) draws the avatar, on Linux.
@MainActor
@Suite struct TrayRowRightToLeftTests {
    static func feed(_ count: Int) -> StoryFeed {
        StoryFeed(users: (0..<count).map { index in
            StoryUser(id: "u\(index)", name: "User \(index)", items: [StoryItem(id: "u\(index)-1", kind: .image, url: "u\(index)/1.jpg")])
        })
    }

    static func rtl() -> StoryTray.Configuration {
        var configuration = StoryTray.Configuration()
        configuration.layoutDirection = .rightToLeft
        return configuration
    }

    @Test func theRowRunsTheHostsThenTheViewsThenTheConfiguredDirection() {
        let feed = Self.feed(2), ltr = StoryTray.Configuration()
        #expect(TrayRowInput(feed: feed, configuration: ltr, baseURL: nil, view: .rightToLeft)
            .configuration.layoutDirection == .rightToLeft, "a right-to-left trait turns the row")
        #expect(TrayRowInput(feed: feed, configuration: ltr, baseURL: nil, preferred: .rightToLeft, view: .leftToRight)
            .configuration.layoutDirection == .rightToLeft, "SwiftUI's \\.layoutDirection comes first")
        #expect(TrayRowInput(feed: feed, configuration: Self.rtl(), baseURL: nil, view: .leftToRight)
            .configuration.layoutDirection == .leftToRight, "the view's direction replaces the configured one")
        #expect(TrayRowInput(feed: feed, configuration: Self.rtl(), baseURL: nil)
            .configuration.layoutDirection == .rightToLeft, "before there is a view, the configuration's")
        #expect(TrayRowInput(feed: feed, configuration: ltr, baseURL: nil).configuration.layoutDirection == .leftToRight)
    }

    /// Each cell, shown through the scroll view at the model's offset, is the model's avatar in
    /// the viewport: at rest the first user is at the RIGHT, and scrolling reveals users to the left.
    @Test(arguments: [0.0, 37.5, 200, 10_000])
    func cellsSeenThroughTheScrollViewAreTheModelsMirroredAvatars(offset: Double) throws {
        var tray = StoryTray(feed: Self.feed(12), seen: [], viewportWidth: 390, configuration: Self.rtl())
        tray.scroll(to: offset)
        let layout = TrayLayout(tray: tray)
        #expect(layout.contentSize.width == tray.contentWidth)
        let scrollX = tray.scrollViewOffset
        #expect(Approximately.equal(scrollX, tray.maximumOffset - tray.contentOffset))
        for (index, cell) in layout.cells.enumerated() {
            let model = try #require(tray.avatarFrame(user: index))
            #expect(Approximately.equal(cell.avatar.minX - scrollX, model.minX), "user \(index) at offset \(offset)")
        }
        // The first user hangs from the content's right end; later users lie to its left.
        let first = layout.cells[0], second = layout.cells[1]
        #expect(first.avatar.maxX > layout.contentSize.width - 40 && first.avatar.maxX < layout.contentSize.width)
        #expect(second.frame.maxX <= first.frame.minX + 1e-9)
        // Not scrolled, the scroll view sits at its right end and shows user 0 at the right edge.
        var rest = tray
        rest.scroll(to: 0)
        #expect(Approximately.equal(rest.scrollViewOffset, layout.contentSize.width - 390))
        #expect(layout.users(between: rest.scrollViewOffset, and: rest.scrollViewOffset + 390).contains(0))
        #expect(!layout.users(between: rest.scrollViewOffset, and: rest.scrollViewOffset + 390).contains(11))
    }

    @Test func aShortRowStartsAtTheRightEdgeOfItsViewport() throws {
        let tray = StoryTray(feed: Self.feed(2), seen: [], viewportWidth: 390, configuration: Self.rtl())
        let layout = TrayLayout(tray: tray)
        #expect(layout.contentSize.width == 390, "the content is the viewport's width")
        #expect(tray.scrollViewOffset == 0)
        let model = try #require(tray.avatarFrame(user: 0))
        #expect(Approximately.equal(layout.cells[0].avatar.minX, model.minX))
        #expect(layout.cells[0].avatar.maxX > 390 - 40, "at the right edge, not the left")
        // Left to right, the same short row starts at the left of the same content.
        let ltr = TrayLayout(tray: StoryTray(feed: Self.feed(2), seen: [], viewportWidth: 390))
        #expect(ltr.cells[0].avatar.minX < 40)
    }

    @Test func prefetchingStartsWithTheUsersAtTheRightEnd() {
        var tray = StoryTray(feed: Self.feed(30), seen: [], viewportWidth: 300, configuration: Self.rtl())
        let layout = TrayLayout(tray: tray)
        let near = layout.usersNearViewport(of: tray, margin: 150)
        #expect(near.first.map { [0, 1, 2, 3].contains($0) } == true)
        #expect(!near.contains(20))
        tray.scroll(to: tray.maximumOffset)
        let far = layout.usersNearViewport(of: tray, margin: 150)
        #expect(far.contains(29) && !far.contains(0))
    }

    /// The scroll view's offsets go into the model from the right end, and the model's offset
    /// comes back out the same way; a new width keeps the distance scrolled from the start.
    @Test func theSessionMapsTheScrollViewsOffsetFromTheRightEnd() {
        let input = TrayRowInput(feed: Self.feed(12), configuration: StoryTray.Configuration(), baseURL: nil,
                                 view: .rightToLeft)
        let session = TrayRowSession(input, seen: [], source: nil) { 0 }
        var redrawn: [TrayLayout] = []
        session.setViewportWidth(390) { redrawn.append($0) }
        #expect(redrawn == [session.layout])
        let maximum = session.rules.tray.maximumOffset
        #expect(session.scrollViewOffset == maximum, "at rest, the scroll view is at its right end")
        session.scroll(toScrollViewOffset: maximum - 120)      // dragged rightward: scrolled 120 from the start
        #expect(session.rules.tray.contentOffset == 120)
        #expect(session.scrollViewOffset == maximum - 120)
        session.setViewportWidth(300) { redrawn.append($0) }
        #expect(session.rules.tray.contentOffset == 120, "the distance from the row's start is kept")
        #expect(Approximately.equal(session.scrollViewOffset, session.rules.tray.maximumOffset - 120))
        #expect(redrawn.count == 2 && redrawn.last == session.layout)
        session.setViewportWidth(300) { redrawn.append($0) }
        #expect(redrawn.count == 2, "the same width lays out nothing again")
        // A tap at the right of the viewport, at rest, is user 0's.
        session.scroll(toScrollViewOffset: session.rules.tray.maximumOffset)
        let frame = session.rules.tray.avatarFrame(user: 0)
        #expect(frame.map { $0.maxX > 300 - 40 && $0.maxX <= 300 } == true, "user 0 at the right edge")
        #expect(frame.flatMap { session.rules.tray.user(at: $0.center) } == 0)
    }

    @Test func leftToRightTheScrollViewsOffsetIsTheModels() {
        let input = TrayRowInput(feed: Self.feed(12), configuration: StoryTray.Configuration(), baseURL: nil, view: .leftToRight)
        let session = TrayRowSession(input, seen: [], source: nil) { 0 }
        session.setViewportWidth(390)
        session.scroll(toScrollViewOffset: 120)
        #expect(session.rules.tray.contentOffset == 120 && session.scrollViewOffset == 120)
        #expect(TrayLayout(tray: session.rules.tray).cells[0].avatar.minX < 40)
    }
}
