import StoryKit
import StoryKitTestSupport
import Testing

/// The allocation-free layout front-ends apply to their page views.
@Suite struct CubePagerLayoutTests {
    static let size = Size(width: 400, height: 800)

    static func pager(at position: Double, pages: Int = 3, transition: CubePager.Transition = .cube) -> CubePager {
        var pager = CubePager(pageCount: pages, pageSize: size,
                              configuration: CubePager.Configuration(transition: transition))
        pager.touchBegan(at: Point(x: 200, y: 400), time: 0)
        pager.touchMoved(to: Point(x: 190, y: 400), time: 0.01)   // locks at the 10 pt slop
        pager.touchMoved(to: Point(x: 190 - position * 400, y: 400), time: 0.02)
        return pager
    }

    @Test func halfWayTheLeadingFaceLeavesDarkenedAndTheTrailingArrives() throws {
        let layout = Self.pager(at: 0.5).layout
        let leading = try #require(layout.leading), trailing = try #require(layout.trailing)
        #expect(layout.visibleIndices == 0...1)
        #expect(leading.index == 0 && trailing.index == 1)
        #expect(leading.offset == -0.5 && trailing.offset == 0.5)
        #expect(leading.shadingOpacity == 0.25 && trailing.shadingOpacity == 0.25)
        #expect(leading.antialiasedEdges == [.left, .top, .bottom])
        #expect(trailing.antialiasedEdges == [.right, .top, .bottom])
        #expect(!leading.isDoubleSided && !trailing.isDoubleSided)
        #expect(layout.sublayerTransform == .perspective(eyeDistance: 1000))
        #expect(leading.transform == CubePager.cubeFaceTransform(offset: -0.5, width: 400))
    }

    @Test func atRestOnTheLastPageOnlyThatFaceIsVisible() throws {
        var pager = CubePager(pageCount: 3, pageSize: Self.size, currentIndex: 2)
        var layout = pager.layout
        #expect(layout.visibleIndices == 2...2 && layout.trailing == nil)
        #expect(layout.leading?.antialiasedEdges == .all && layout.leading?.shadingOpacity == 0)
        #expect(layout.contains(2) && !layout.contains(1) && layout.face(2) == layout.leading)
        pager = CubePager(pageCount: 0, pageSize: Self.size)
        layout = pager.layout
        #expect(layout.visibleIndices == nil && layout.face(0) == nil)
    }

    @Test func rubberBandingBeforeTheFirstPageShowsOnlyPageZero() throws {
        let layout = Self.pager(at: -0.3).layout
        #expect(layout.leading == nil)
        let trailing = try #require(layout.trailing)
        #expect(trailing.index == 0 && trailing.offset > 0 && trailing.offset < 0.3)
        #expect(trailing.antialiasedEdges == .all)
    }

    @Test func shadingStaysWithinZeroAndOneWhateverTheConfigurationSays() throws {
        // The setter clamps the strength into 0…1 (it used to be stored as given and the
        // shading clamped), so a face turned 0.8 of the way is shaded 1 · 0.8.
        var pager = Self.pager(at: 0.8)
        pager.configuration.shadingStrength = 7
        #expect(pager.configuration.shadingStrength == 1)
        #expect(abs(try #require(pager.layout.leading).shadingOpacity - 0.8) < 1e-12)
        pager.configuration.shadingStrength = -1
        #expect(try #require(pager.layout.trailing).shadingOpacity == 0)
    }

    @Test(arguments: CubePager.Transition.allCases)
    func theSceneDrawsExactlyTheLayout(transition: CubePager.Transition) throws {
        let pager = Self.pager(at: 1.3, pages: 4, transition: transition)
        let layout = pager.layout
        let scene = pager.scene { _ in nil }
        let faces = try #require(scene.layers.first).sublayers
        let expected = [layout.leading, layout.trailing].compactMap { $0 }
        #expect(faces.count == expected.count)
        for (layer, face) in zip(faces, expected) {
            #expect(layer.name == "page \(face.index)")
            #expect(layer.transform == face.transform && layer.opacity == face.opacity)
            #expect(layer.isDoubleSided == face.isDoubleSided && layer.antialiasedEdges == face.antialiasedEdges)
            #expect((layer.sublayers.first?.opacity ?? 0) == face.shadingOpacity)
        }
        #expect(scene.layers.first?.sublayerTransform == layout.sublayerTransform)
    }
}

extension CubePagerLayoutTests {
    @Test(arguments: [-1.2, -1, -0.5, -0.25, 0, 0.1, 0.5, 0.75, 1, 1.3])
    func theFaceTransformIsTheTurnAboutTheCubesCentre(offset: Double) {
        // T(0, 0, W/2) · R(θ about y) · T(0, 0, −W/2), written out as three matrices.
        let width = 390.0
        let expected = Transform3D(translationX: 0, y: 0, z: width / 2)
            .concatenating(Transform3D(rotationAngle: offset * .pi / 2, axis: Vector3(x: 0, y: 1, z: 0)))
            .concatenating(Transform3D(translationX: 0, y: 0, z: -width / 2))
        let actual = CubePager.cubeFaceTransform(offset: offset, width: width)
        #expect(Approximately.equal(actual, expected, absolute: 1e-12))
        #expect(!Approximately.equal(actual, CubePager.cubeFaceTransform(offset: offset + 0.01, width: width), absolute: 1e-12))
    }

    @Test func aDragThatIsMoreVerticalThanHorizontalIsNotTheCubes() {
        #expect(CubePager.isVerticalDrag(dx: 5, dy: 12))
        #expect(CubePager.isVerticalDrag(dx: -5, dy: -12))
        #expect(!CubePager.isVerticalDrag(dx: 12, dy: 5))
        #expect(!CubePager.isVerticalDrag(dx: 10, dy: 10))  // a diagonal turns the cube
        #expect(!CubePager.isVerticalDrag(dx: .nan, dy: 3))
    }

    @Test func theFrontFaceIsTheOneNearestToFacingTheViewer() {
        #expect(Self.pager(at: 0.3).layout.front?.index == 0)
        #expect(Self.pager(at: 0.5).layout.front?.index == 1)  // from exactly half way, the arriving page
        #expect(Self.pager(at: 0.7).layout.front?.index == 1)
        #expect(Self.pager(at: -0.2).layout.front?.index == 0)  // rubber-banding: the only face
        #expect(CubePager(pageCount: 0, pageSize: Self.size).layout.front == nil)
    }

    @Test func aDisplayLinkAheadOfTheTouchClockNeverStepsTheCubeBack() {
        // Given a settle drawn at t = 0.10 (a frame ahead), when a touch stamped 0.092 lands,
        // then the cube holds where it was drawn, not a frame earlier.
        var pager = CubePager(pageCount: 3, pageSize: Self.size)
        _ = pager.turn(to: 1, time: 0)
        _ = pager.advance(to: 0.10)
        let drawn = pager.position
        _ = pager.advance(to: 0.09)  // a late, older frame is ignored too
        #expect(pager.position == drawn)
        pager.touchBegan(at: Point(x: 200, y: 400), time: 0.092)
        #expect(pager.position == drawn)
    }

    @Test func aTurnBeforeThePagerHasASizeJumps() {
        var pager = CubePager(pageCount: 3, pageSize: .zero)
        #expect(pager.turn(to: 2, time: 0) == [.willChangePage(from: 0, to: 2), .didChangePage(2)])
        #expect(pager.currentIndex == 2 && pager.phase == .idle)
        pager.pageSize = Self.size
        #expect(pager.layout.visibleIndices == 2...2)
    }
}

@Suite struct CubePagerVisiblePagesTests {
    /// `visiblePages` names exactly the faces `layout` draws, at rest, mid-turn and past the ends.
    @Test(arguments: [1, 3])
    func visiblePagesAreTheLayoutsFaces(pages: Int) {
        var pager = CubePager(pageCount: pages, pageSize: Size(width: 390, height: 844))
        var t = 0.0, x = 380.0
        pager.touchBegan(at: Point(x: x, y: 400), time: t)
        for _ in 0..<160 {
            t += 1.0 / 60; x -= 6
            pager.touchMoved(to: Point(x: x, y: 400), time: t)
            let layout = pager.layout, visible = pager.visiblePages
            #expect(visible.leading == layout.leading?.index && visible.trailing == layout.trailing?.index)
        }
        pager.pageSize = .zero
        #expect(pager.visiblePages.leading == nil && pager.visiblePages.trailing == nil)
    }
}
