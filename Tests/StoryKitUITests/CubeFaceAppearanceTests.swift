import StoryKit
import StoryKitTestSupport
@testable import StoryKitUI
import Testing

/// Each face container of the UIKit pager gets the model's layout: what `CubeFaceView` assigns
/// to its layer and views, checked without UIKit.
@Suite struct CubeFaceAppearanceTests {
    static let size = Size(width: 400, height: 800)

    /// A pager dragged 30 % of the way from page 0 to page 1 (locked at the 10 pt slop).
    static func midTurn(_ transition: CubePager.Transition) -> CubePager {
        var pager = CubePager(pageCount: 3, pageSize: size, configuration: CubePager.Configuration(transition: transition))
        pager.touchBegan(at: Point(x: 300, y: 400), time: 0)
        pager.touchMoved(to: Point(x: 290, y: 400), time: 0.01)
        pager.touchMoved(to: Point(x: 170, y: 400), time: 0.02)   // 120 pt = 0.3 page
        return pager
    }

    @Test(arguments: CubePager.Transition.allCases)
    func midTurnEachContainerGetsExactlyItsFacesLayout(transition: CubePager.Transition) throws {
        let layout = Self.midTurn(transition).layout
        let faces = [try #require(layout.leading), try #require(layout.trailing)]
        let appearances = CubeFaceAppearance.appearances(for: layout) { _ in true }
        try #require(appearances.count == 2)
        for (appearance, face) in zip(appearances, faces) {
            #expect(appearance.index == face.index)
            #expect(appearance.transform == face.transform)
            #expect(appearance.opacity == face.opacity)
            #expect(appearance.isDoubleSided == face.isDoubleSided)
            #expect(appearance.shadingOpacity == face.shadingOpacity)
            #expect(appearance.isShadingHidden == (face.shadingOpacity == 0))
            #expect(appearance.edgeAntialiasingMask == face.antialiasedEdges.coreAnimationEdgeMask)
            #expect(!appearance.isHidden)
        }
        // Page 0 (offset −0.3) is in front; only it takes touches.
        #expect(appearances.map(\.isFront) == [true, false])
    }

    @Test func theCubesContainersTurnShadeAndHideTheSeam() throws {
        // The numbers themselves, not only the model's: at 0.3 on 400 pt pages.
        let appearances = CubeFaceAppearance.appearances(for: Self.midTurn(.cube).layout) { _ in true }
        try #require(appearances.count == 2)
        let leading = appearances[0], trailing = appearances[1]
        #expect(leading.index == 0 && trailing.index == 1)
        #expect(Approximately.equal(leading.transform, CubePager.cubeFaceTransform(offset: -0.3, width: 400), absolute: 1e-12))
        #expect(Approximately.equal(trailing.transform, CubePager.cubeFaceTransform(offset: 0.7, width: 400), absolute: 1e-12))
        #expect(Approximately.equal(leading.shadingOpacity, 0.15, absolute: 1e-12))
        #expect(Approximately.equal(trailing.shadingOpacity, 0.35, absolute: 1e-12))
        #expect(!leading.isShadingHidden && !trailing.isShadingHidden)
        #expect(leading.edgeAntialiasingMask == 0b1101)   // all but the right edge (kCALayerRightEdge, 2)
        #expect(trailing.edgeAntialiasingMask == 0b1110)  // all but the left edge (kCALayerLeftEdge, 1)
        #expect(leading.opacity == 1 && trailing.opacity == 1)
        #expect(!leading.isDoubleSided && !trailing.isDoubleSided)
    }

    @Test func theCrossFadesArrivingContainerFadesIn() throws {
        let appearances = CubeFaceAppearance.appearances(for: Self.midTurn(.crossFade).layout) { _ in true }
        try #require(appearances.count == 2)
        #expect(appearances[0].opacity == 1)
        #expect(abs(appearances[1].opacity - 0.3) < 1e-6)
        #expect(appearances.allSatisfy { $0.isShadingHidden && $0.isDoubleSided && $0.edgeAntialiasingMask == 15 })
    }

    @Test func aFaceWithNoPageViewIsHidden() throws {
        let layout = Self.midTurn(.cube).layout
        let appearances = CubeFaceAppearance.appearances(for: layout) { $0 == 1 }
        #expect(appearances.map(\.index) == [0, 1])
        #expect(appearances.map(\.isHidden) == [true, false])
        let none = CubeFaceAppearance.appearances(for: layout) { _ in false }
        #expect(none.allSatisfy { $0.isHidden })
    }

    @Test func atRestOneUnshadedContainerTakesTouches() throws {
        let pager = CubePager(pageCount: 3, pageSize: Self.size, currentIndex: 1)
        let appearances = CubeFaceAppearance.appearances(for: pager.layout) { _ in true }
        #expect(appearances.count == 1)
        let appearance = try #require(appearances.first)
        #expect(appearance.index == 1 && appearance.isFront && !appearance.isHidden)
        #expect(appearance.transform == .identity && appearance.isShadingHidden && appearance.edgeAntialiasingMask == 15)
        #expect(CubeFaceAppearance.appearances(for: CubePager(pageCount: 0, pageSize: Self.size).layout) { _ in true }.isEmpty)
    }
}
