import StoryKit
import StoryKitTestSupport
@testable import StoryKitUI
import Testing

/// The SwiftUI zoom: the tapped cell comes back however its detail goes, the cells keep their
/// frames under a pushed detail, and the detail's image starts as the cell's crop and lands
/// where the detail draws it.
@Suite struct ZoomSwiftUIRulesTests {
    let a = AnyHashable("a"), b = AnyHashable("b")

    // MARK: Source visibility

    @Test func theCellHidesWhileItsDetailIsOpen() {
        var visibility = ZoomSourceVisibility()
        #expect(visibility.hidden == nil)
        visibility.handle(.opened(a))
        #expect(visibility.isHidden(a) && !visibility.isHidden(b))
        visibility.handle(.closeFinished(a))
        #expect(visibility.hidden == nil)
    }

    @Test(arguments: ["dismiss", "selection cleared", "disappeared", "source cleared"])
    func theCellComesBackHoweverTheDetailGoes(path: String) {
        var visibility = ZoomSourceVisibility()
        visibility.handle(.opened(a))
        switch path {
        case "dismiss": visibility.handle(.dismissed(a))                         // `dismiss()` or the back button
        case "selection cleared": visibility.handle(.dismissed(a))               // the cover's item set to nil
        case "disappeared": visibility.handle(.disappeared(a))
        default: visibility.handle(.sourceChanged(old: a, new: nil))
        }
        #expect(!visibility.isHidden(a))                                         // no hole in the grid
    }

    @Test func anotherSourceHidesInsteadWhenTheDetailMovesOn() {
        var visibility = ZoomSourceVisibility()
        visibility.handle(.opened(a))
        visibility.handle(.sourceChanged(old: a, new: b))
        #expect(!visibility.isHidden(a) && visibility.isHidden(b))
    }

    @Test func aLateEventOfThePreviousDetailLeavesTheNextCellHidden() {
        var visibility = ZoomSourceVisibility()
        visibility.handle(.opened(a))
        visibility.handle(.opened(b))
        visibility.handle(.disappeared(a))
        visibility.handle(.sourceChanged(old: a, new: nil))
        #expect(visibility.isHidden(b))
    }

    // MARK: Source frames

    @Test func aCellLeavingTheScreenLosesItsFrameUnlessTheGridIsCovered() {
        var frames = ZoomSourceFrames()
        let cell = Rect(x: 10, y: 300, width: 120, height: 120)
        frames.update(a, frame: cell)
        frames.update(b, frame: cell)
        frames.update(b, frame: nil)                                             // scrolled away: fade in place
        #expect(frames.frame(of: b) == nil)
        frames.freeze()                                                          // a detail pushed over the grid
        frames.update(a, frame: nil)
        #expect(frames.frame(of: a) == cell)
        frames.thaw()
        frames.update(a, frame: nil)
        #expect(frames.frame(of: a) == nil)
    }

    // MARK: Placement

    static let container = Size(width: 390, height: 844)
    static let cell = Rect(x: 20, y: 300, width: 120, height: 120)
    static let landscape = Size(width: 1600, height: 900)

    /// Where the detail's image shows on screen at `time` after the open began.
    static func imageOnScreen(imageSize: Size?, time: Double, presented: Bool = false) -> Rect {
        let geometry = ZoomDetailPlacement.geometry(container: container, source: cell, cornerRadius: 8, imageSize: imageSize)
        var zoom = ZoomTransition(geometry: geometry, presented: presented)
        if !presented { zoom.open(time: 0) }
        let placement = ZoomDetailPlacement(ZoomTransitionLayout(zoom.frame(at: time)), destination: geometry.destination)
        return placement.imageFrame(destination: geometry.destination)
    }

    @Test func aLandscapePhotoStartsAsTheCellsAspectFilledCrop() {
        let start = Self.imageOnScreen(imageSize: Self.landscape, time: 0)
        // The cell shows the photo aspect-filled: 120 high, 213⅓ wide, centred on the cell.
        #expect(Approximately.equal(start, Rect(x: 80 - 320.0 / 3, y: 300, width: 640.0 / 3, height: 120), absolute: 1e-6))
    }

    @Test func theDetailEndsWhereItDrawsItsPhotoUnscaled() {
        let geometry = ZoomDetailPlacement.geometry(container: Self.container, source: Self.cell, cornerRadius: 8,
                                                    imageSize: Self.landscape)
        #expect(Approximately.equal(geometry.destination, Rect(x: 0, y: 312.3125, width: 390, height: 219.375), absolute: 1e-9))
        let zoom = ZoomTransition(geometry: geometry, presented: true)
        let placement = ZoomDetailPlacement(ZoomTransitionLayout(zoom.frame(at: 0)), destination: geometry.destination)
        #expect(Approximately.equal(placement.scale, 1) && Approximately.equal(placement.origin, .zero, absolute: 1e-9))
        #expect(placement.chromeAlpha == 1 && placement.alpha == 1)
        #expect(!ZoomDetailPlacement.backdropVisible(zoom.phase) && ZoomDetailPlacement.backdropVisible(nil))
    }

    @Test(arguments: [0.05, 0.1, 0.2, 0.4])
    func thePhotoKeepsItsAspectOnTheWay(time: Double) {
        let frame = Self.imageOnScreen(imageSize: Self.landscape, time: time)
        #expect(Approximately.equal(frame.width / frame.height, 16.0 / 9, absolute: 1e-9))
    }

    @Test func withoutASizeTheWholeDetailIsTheImage() {
        let destination = ZoomDetailPlacement.destination(container: Self.container, imageSize: nil)
        #expect(destination == Rect(x: 0, y: 0, width: 390, height: 844))
        #expect(ZoomDetailPlacement.destination(container: Self.container, imageSize: Size(width: 0, height: 5)) == destination)
    }
}

// MARK: - ZoomDetailSessionTests

/// A SwiftUI detail's zoom session: the host samples frames only while the model moves, stops
/// for a finger, and is told to dismiss exactly when the close lands.
@Suite struct ZoomDetailSessionTests {
    static let container = Size(width: 390, height: 844)
    static let cell = Rect(x: 20, y: 300, width: 120, height: 120)

    static func opened(at time: Double = 0) -> ZoomDetailSession {
        var session = ZoomDetailSession()
        _ = session.open(container: container, source: cell, cornerRadius: 6, imageSize: Size(width: 16, height: 9),
                         configuration: ZoomTransition.Configuration(), time: time)
        return session
    }

    /// Advances at 60 Hz from `time` until an outcome stops; that outcome and its time.
    static func runToRest(_ session: inout ZoomDetailSession, from time: Double) -> (ZoomDetailSession.Outcome, Double)? {
        for frame in 1...1200 {
            let now = time + Double(frame) / 60
            let outcome = session.advance(to: now)
            if outcome.stop { return (outcome, now) }
        }
        return nil
    }

    @Test func theOpenRunsUntilTheDetailRestsWithoutClosing() throws {
        var session = ZoomDetailSession()
        let open = session.open(container: Self.container, source: Self.cell, cornerRadius: 6, imageSize: nil,
                                configuration: ZoomTransition.Configuration(), time: 0)
        #expect(open.run && !open.closed)
        let (rest, _) = try #require(Self.runToRest(&session, from: 0))
        #expect(!rest.closed && session.transition?.phase == .rest(presented: true))
        #expect(!session.open(container: Self.container, source: Self.cell, cornerRadius: 6, imageSize: nil,
                              configuration: ZoomTransition.Configuration(), time: 5).run)   // once
    }

    @Test func theCloseLandsThenDismisses() throws {
        var session = Self.opened()
        _ = Self.runToRest(&session, from: 0)
        let close = session.close(source: Self.cell, time: 5)
        #expect(close.run && !close.closed)
        let (landed, _) = try #require(Self.runToRest(&session, from: 5))
        #expect(landed.closed)
        #expect(!session.close(source: Self.cell, time: 10).run)                   // at rest: no endless sampling
    }

    @Test func aCloseBeforeTheOpenDismissesAtOnce() {
        var session = ZoomDetailSession()
        #expect(session.close(source: nil, time: 0).closed)
    }

    @Test func aLeftwardDragIsIgnoredAndARightwardOneHoldsThenLands() throws {
        var session = Self.opened()
        _ = Self.runToRest(&session, from: 0)
        let left = session.dragChanged(location: Point(x: 180, y: 400), start: Point(x: 200, y: 400),
                                       translation: Point(x: -20, y: 0), time: 5)
        #expect(left == ZoomDetailSession.Outcome())
        _ = session.dragChanged(location: Point(x: 260, y: 400), start: Point(x: 200, y: 400), translation: Point(x: 60, y: 0), time: 5.1)
        #expect(session.transition?.phase == .rest(presented: true))               // the refused drag stays refused
        _ = session.dragEnded(location: Point(x: 260, y: 400), source: Self.cell, time: 5.2)
        let grab = session.dragChanged(location: Point(x: 220, y: 400), start: Point(x: 200, y: 400),
                                       translation: Point(x: 20, y: 0), time: 6)
        #expect(grab.stop)                                                          // the finger holds it
        for i in 1...12 {
            _ = session.dragChanged(location: Point(x: 220 + Double(i) * 15, y: 400), start: Point(x: 200, y: 400),
                                    translation: Point(x: 20 + Double(i) * 15, y: 0), time: 6 + Double(i) / 60)
        }
        let release = session.dragEnded(location: Point(x: 400, y: 400), source: Self.cell, time: 6.2)
        #expect(release.run)
        let (landed, _) = try #require(Self.runToRest(&session, from: 6.2))
        #expect(landed.closed)
    }
}
