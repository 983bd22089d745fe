import StoryKit
import StoryKitTestSupport
import Testing

/// The cube's announcements sub-model on its own: the page-change events a front-end sees, for
/// announcing, arriving and withdrawing, without a pager around it.
@Suite struct CubePageAnnouncerTests {
    typealias Announcer = CubePager.PageAnnouncer

    @Test func announcingANewPageTellsTheFrontEndOnce() {
        // Given nothing announced, when the cube heads from page 0 to page 1 twice (a settle
        // grabbed and released again), then willChangePage is reported the first time only.
        var announcer = Announcer()
        #expect(announcer.announce(1, from: 0) == [.willChangePage(from: 0, to: 1)])
        #expect(announcer.announce(1, from: 0) == [])
        #expect(announcer.outstanding == Announcer.Announcement(from: 0, to: 1))
    }

    @Test func headingForTheCurrentPageAnnouncesNothing() {
        var announcer = Announcer()
        #expect(announcer.announce(2, from: 2) == [])
        #expect(announcer.outstanding == nil)
    }

    @Test func turningBackCancelsTheAnnouncedChange() {
        // Given 0 → 1 announced, when a new gesture sends the cube back to page 0, then the
        // change is cancelled with the pages it was announced with, and nothing new is announced.
        var announcer = Announcer()
        _ = announcer.announce(1, from: 0)
        #expect(announcer.announce(0, from: 0) == [.didCancelPageChange(from: 0, to: 1)])
        #expect(announcer.outstanding == nil)
    }

    @Test func headingElsewhereCancelsThenAnnouncesTheNewPage() {
        var announcer = Announcer()
        _ = announcer.announce(1, from: 0)
        #expect(announcer.announce(2, from: 0) == [.didCancelPageChange(from: 0, to: 1), .willChangePage(from: 0, to: 2)])
        #expect(announcer.outstanding?.to == 2)
    }

    @Test func arrivingOnTheAnnouncedPageCompletesIt() {
        var announcer = Announcer()
        _ = announcer.announce(3, from: 2)
        #expect(announcer.arrive(at: 3, from: 2) == [.didChangePage(3)])
        #expect(announcer.outstanding == nil)
        // Answered exactly once: a second arrival on the page the cube is on reports nothing.
        #expect(announcer.arrive(at: 3, from: 3) == [])
    }

    @Test func arrivingElsewhereCancelsTheAnnouncementAndReportsTheActualPage() {
        // Given 0 → 2 announced, when the cube jumps to page 1 (a programmatic turn without
        // animation), then the announced change is cancelled and the change to 1 reported.
        var announcer = Announcer()
        _ = announcer.announce(2, from: 0)
        #expect(announcer.arrive(at: 1, from: 0) == [.didCancelPageChange(from: 0, to: 2), .didChangePage(1)])
    }

    @Test func arrivingBackOnTheStartPageOnlyCancels() {
        var announcer = Announcer()
        _ = announcer.announce(1, from: 0)
        #expect(announcer.arrive(at: 0, from: 0) == [.didCancelPageChange(from: 0, to: 1)])
    }

    @Test func anUnannouncedChangeIsStillReported() {
        // A page-count change moves the cube without a settle: didChangePage comes alone.
        var announcer = Announcer()
        #expect(announcer.arrive(at: 1, from: 4) == [.didChangePage(1)])
    }

    @Test func withdrawingCancelsOnceAndThenNothing() {
        var announcer = Announcer()
        #expect(announcer.withdraw() == [])
        _ = announcer.announce(5, from: 4)
        #expect(announcer.withdraw() == [.didCancelPageChange(from: 4, to: 5)])
        #expect(announcer.withdraw() == [])
        #expect(announcer.outstanding == nil)
    }

    @Test(arguments: 0..<200)
    func everyAnnouncementIsAnsweredExactlyOnce(seed: Int) {
        // Law over seeded random calls: every willChangePage is followed by exactly one
        // didChangePage of its page or one didCancelPageChange of the same pages, before the next.
        var announcer = Announcer()
        var random = SeededRandom(seed: UInt64(seed))
        var current = 0
        var pending: (from: Int, to: Int)?
        for _ in 0..<40 {
            let page = random.int(in: 0...3)
            let events: [CubePager.Event]
            switch random.int(in: 0...2) {
            case 0: events = announcer.announce(page, from: current)
            case 1:
                events = announcer.arrive(at: page, from: current)
                current = page
            default: events = announcer.withdraw()
            }
            for event in events {
                switch event {
                case let .willChangePage(from, to):
                    #expect(pending == nil)
                    pending = (from, to)
                case let .didChangePage(page):
                    if let announced = pending { #expect(announced.to == page) }
                    pending = nil
                case let .didCancelPageChange(from, to):
                    #expect(pending?.from == from && pending?.to == to)
                    pending = nil
                case .pastEnd:
                    Issue.record("the announcer never reports pastEnd")
                }
            }
            #expect(announcer.outstanding?.to == pending?.to)
        }
    }
}
