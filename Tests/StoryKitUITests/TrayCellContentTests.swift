import Foundation
import StoryKit
@testable import StoryKitUI
import Testing

/// What a UIKit tray cell shows and the catch-up of a ring scrolled back into view.
@MainActor
@Suite struct TrayCellContentTests {
    static let base = URL(string: "https://cdn.example.com/")!
    static let users = (0..<6).map { index in
        StoryUser(id: "u\(index)", name: "User \(index)", avatar: index == 5 ? nil : "a/\(index).jpg",
                  items: [StoryItem(id: "u\(index)-1", kind: .image, url: "u\(index)/1.jpg")])
    }

    static func session(source: Bool, seen: Set<String> = [], now: Double = 10) -> TrayRowSession {
        let session = TrayRowSession(TrayRowSessionTests.input(StoryFeed(users: users)), seen: seen,
                                     source: source ? TrayRowSessionTests.Source() : nil) { now }
        session.setViewportWidth(390)
        return session
    }

    @Test func theRingAndTheNameSitInTheCellWhereTheLayoutPutsThem() throws {
        let session = Self.session(source: false)
        let cell = session.layout.cells[2]
        let content = try #require(session.cellContent(at: 2))
        #expect(content.user.id == "u2" && content.status == .unseen)
        #expect(content.ring == cell.ring.shifted(dx: -cell.frame.minX, dy: -cell.frame.minY))
        #expect(content.name == cell.name.shifted(dx: -cell.frame.minX, dy: -cell.frame.minY))
        #expect(content.ring.minY == 0, "the cell starts at the ring's top")
        #expect(content.avatarSize == cell.avatar.size)
        #expect(content.picture == .remote(URL(string: "https://cdn.example.com/a/2.jpg")!))
        #expect(session.cellContent(at: 6) == nil && session.cellContent(at: -1) == nil)
    }

    @Test func seenNamesAreDimmedAndUsersWithoutAPictureHaveNone() throws {
        let session = Self.session(source: false, seen: ["u0-1"])
        let seenRow = try #require(session.rules.index(of: "u0"))
        #expect(session.cellContent(at: seenRow)?.nameOpacity == 0.55)
        #expect(session.cellContent(at: 0)?.nameOpacity == 1)
        let noPicture = try #require(session.rules.index(of: "u5"))
        #expect(session.cellContent(at: noPicture)?.picture == nil)
        #expect(TrayCellContent.nameOpacity(for: .seen) == 0.55 && TrayCellContent.nameOpacity(for: .unseen) == 1)
    }

    @Test func aReusedCellOrAChangedAvatarClearsThePicture() throws {
        let content = try #require(Self.session(source: false).cellContent(at: 1))
        #expect(content.keepsPicture(ofUser: "u1", avatar: "a/1.jpg"))
        #expect(!content.keepsPicture(ofUser: "u0", avatar: "a/1.jpg"), "another user's cell")
        #expect(!content.keepsPicture(ofUser: "u1", avatar: "a/old.jpg"), "the avatar changed")
        #expect(!content.keepsPicture(ofUser: nil, avatar: nil), "a fresh cell")
    }

    @Test func aReusedCellGetsAFreshRingOnlyWhenItsRingWasMoving() {
        #expect(!TrayCellContent.replacesRing(loading: false, busy: false))
        #expect(TrayCellContent.replacesRing(loading: true, busy: false))
        #expect(TrayCellContent.replacesRing(loading: false, busy: true), "resolving or cancelling still animates")
    }

    @Test func theNameStartsFourPointsUnderTheRing() throws {
        let content = try #require(Self.session(source: false).cellContent(at: 0))
        #expect(abs(content.name.minY - content.ring.maxY - 4) < 1e-9)
    }

    @Test func aRingScrolledBackIntoViewCatchesUpWithTheLoading() {
        let reading = Self.session(source: true)
        TrayRowSessionTests.tap("u1", in: reading)
        #expect(reading.ringCatchUp(at: 1, ringIsLoading: false) == [.loading], "still reading")
        #expect(reading.ringCatchUp(at: 1, ringIsLoading: true).isEmpty, "it is turning already")
        #expect(reading.ringCatchUp(at: 2, ringIsLoading: false).isEmpty, "not the loading user")
        let resolving = Self.session(source: false)
        TrayRowSessionTests.tap("u3", in: resolving)
        #expect(resolving.ringCatchUp(at: 3, ringIsLoading: false) == [.loading, .ready], "resolving to the launch")
    }
}
