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
