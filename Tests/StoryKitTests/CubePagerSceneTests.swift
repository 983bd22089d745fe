import StoryKit
import StoryKitTestSupport
import Testing

@Suite struct CubePagerSceneTests {
    /// A pager on page 0 dragged to `position` pages (locked by a move of exactly the 10 pt slop,
    /// where the drag counts from).
    static func pager(at position: Double, size: Size, count: Int = 3,
                      configuration: CubePager.Configuration = CubePager.Configuration()) -> CubePager {
        var pager = CubePager(pageCount: count, pageSize: size, configuration: configuration)
        pager.touchBegan(at: Point(x: 0, y: 0), time: 0)
        pager.touchMoved(to: Point(x: -10, y: 0), time: 0.01)
        pager.touchMoved(to: Point(x: -10 - position * size.width, y: 0), time: 0.02)
        return pager
    }

    /// Projects a point of a face through the whole chain: the face's matrix to the container,
    /// then the container's sublayerTransform about its centre, divided by w once.
    static func project(_ point: Point, face: Layer, container: Layer) -> Vector3? {
        let c = container.position
        let sublayer = Transform3D(translationX: -c.x, y: -c.y)
            .concatenating(container.sublayerTransform)
            .concatenating(Transform3D(translationX: c.x, y: c.y))
        return face.matrixToSuperlayer.concatenating(sublayer).apply(to: Vector3(x: point.x, y: point.y, z: 0))
    }

    @Test(arguments: [Size(width: 390, height: 844), Size(width: 100, height: 300), Size(width: 1000, height: 600)])
    func theLeavingAndArrivingFacesStayJoinedAtEveryAngle(size: Size) throws {
        // Given the cube at positions 0…1 in steps of 0.05, when the shared edge's ends are
        // projected through each face's full chain, then both faces put them within 1e-6 pt (a
        // seam of 0.5 pt would be 1.5 px at 3×).
        for step in 1...19 {  // at 0 and 1 the cube rests on one face
            let pager = Self.pager(at: Double(step) / 20, size: size)
            #expect(Approximately.equal(pager.position, Double(step) / 20, absolute: 1e-12))
            let container = try #require(pager.scene { _ in nil }.layers.first)
            try #require(container.sublayers.count == 2)
            let left = container.sublayers[0], right = container.sublayers[1]
            for y in [0, size.height] {
                let a = try #require(Self.project(Point(x: size.width, y: y), face: left, container: container))
                let b = try #require(Self.project(Point(x: 0, y: y), face: right, container: container))
                #expect(abs(a.x - b.x) < 1e-6 && abs(a.y - b.y) < 1e-6, "position \(pager.position), y \(y)")
            }
        }
    }

    @Test func theCurrentFaceTurnsAwayToTheLeftAndTheLeavingFaceDarkens() throws {
        // Given position 0.25 on 400×800 pages, then face 0 is at −22.5° (its left edge behind the
        // screen, its right edge in front), face 1 at 67.5°; shading 0.5·0.25 and 0.5·0.75.
        let pager = Self.pager(at: 0.25, size: Size(width: 400, height: 800))
        let container = try #require(pager.scene { ImageContents(image: "page\($0)") }.layers.first)
        #expect(container.sublayerTransform == .perspective(eyeDistance: 1_000))
        let faces = container.sublayers
        #expect(faces.map(\.name) == ["page 0", "page 1"])
        #expect(faces.map(\.contents?.image) == ["page0", "page1"])
        #expect(faces.allSatisfy { !$0.isDoubleSided })
        #expect(faces[0].antialiasedEdges == [.left, .top, .bottom])
        #expect(faces[1].antialiasedEdges == [.right, .top, .bottom])
        #expect(faces.map { $0.sublayers.first?.opacity } == [0.125, 0.375])
        #expect(faces.allSatisfy { $0.sublayers.first?.backgroundColor == .black })
        let leftEdge = try #require(faces[0].matrixToSuperlayer.apply(to: Vector3(x: 0, y: 400, z: 0)))
        let rightEdge = try #require(faces[0].matrixToSuperlayer.apply(to: Vector3(x: 400, y: 400, z: 0)))
        #expect(leftEdge.z < 0 && rightEdge.z > 0)
        let expected = CubePager.cubeFaceTransform(offset: -0.25, width: 400)
        #expect(faces[0].transform == expected)
        #expect(Approximately.equal(expected.m11, 0.923_879_532_511_286_7, absolute: 1e-12))  // cos 22.5°
    }

    @Test func onlyTheTwoVisibleFacesAreDrawn() throws {
        let pager = Self.pager(at: 0.5, size: Size(width: 100, height: 100), count: 10)
        let names = try #require(pager.scene { _ in nil }.layers.first).sublayers.map(\.name)
        #expect(names == ["page 0", "page 1"])
        var rubber = CubePager(pageCount: 10, pageSize: Size(width: 100, height: 100))
        rubber.touchBegan(at: Point(x: 0, y: 0), time: 0)
        rubber.touchMoved(to: Point(x: 20, y: 0), time: 0.01)
        rubber.touchMoved(to: Point(x: 60, y: 0), time: 0.02)
        let alone = try #require(rubber.scene { _ in nil }.layers.first).sublayers
        #expect(alone.map(\.name) == ["page 0"] && alone[0].antialiasedEdges == .all)
    }

    @Test func reduceMotionSlideTranslatesFlat() throws {
        let slide = CubePager.Configuration(transition: .slide)
        let pager = Self.pager(at: 0.25, size: Size(width: 400, height: 800), configuration: slide)
        let container = try #require(pager.scene { _ in nil }.layers.first)
        #expect(container.sublayerTransform == .identity)
        #expect(container.sublayers.map(\.transform) == [Transform3D(translationX: -100, y: 0),
                                                          Transform3D(translationX: 300, y: 0)])
        #expect(container.sublayers.allSatisfy { $0.sublayers.isEmpty && $0.opacity == 1 })
    }

    @Test func reduceMotionCrossFadeFadesTheArrivingPageIn() throws {
        let fade = CubePager.Configuration(transition: .crossFade)
        let pager = Self.pager(at: 0.25, size: Size(width: 400, height: 800), configuration: fade)
        let faces = try #require(pager.scene { _ in nil }.layers.first).sublayers
        #expect(faces.map(\.opacity) == [1, 0.25])
        #expect(faces.allSatisfy { $0.transform == .identity })
    }

    @Test func noPagesOrNoSizeGiveAnEmptyScene() {
        var empty = CubePager(pageCount: 0, pageSize: Size(width: 400, height: 800))
        empty.touchBegan(at: Point(x: 0, y: 0), time: 0)
        empty.touchMoved(to: Point(x: -200, y: 0), time: 0.1)
        #expect(empty.touchEnded(at: Point(x: -300, y: 0), time: 0.2).isEmpty)
        #expect(empty.scene { _ in nil }.layers.isEmpty && empty.position == 0)
        for size in [Size.zero, Size(width: .nan, height: 800), Size(width: -5, height: 10)] {
            var flat = CubePager(pageCount: 3, pageSize: size)
            flat.touchBegan(at: Point(x: 0, y: 0), time: 0)
            flat.touchMoved(to: Point(x: -200, y: 0), time: 0.1)
            #expect(flat.touchEnded(at: Point(x: -300, y: 0), time: 0.2).isEmpty)
            #expect(flat.scene { _ in nil }.layers.isEmpty && flat.position == 0)
        }
    }

    @Test(arguments: [1, 2, 3, 4] as [UInt64])
    func hostileTouchesNeverProduceNaN(seed: UInt64) throws {
        var random = SeededRandom(seed: seed)
        var pager = CubePager(pageCount: 4, pageSize: Size(width: 300, height: 500), currentIndex: 2)
        var t = 0.0
        for _ in 0..<300 {
            t += 0.008
            let point = Point(x: random.hostile(in: -500...800), y: random.hostile(in: -500...800))
            let time = random.double(in: 0...1) < 0.1 ? random.hostile(in: 0...1) : t
            switch random.next() % 8 {
            case 0: pager.touchBegan(at: point, time: time)
            case 1: _ = pager.touchEnded(at: point, time: time)
            case 2: pager.touchCancelled(time: time)
            case 3: _ = pager.advance(to: time)
            case 4: pager.turn(to: Int(truncatingIfNeeded: random.next() % 9) - 3, time: time, animated: random.next() % 2 == 0)
            default: pager.touchMoved(to: point, time: time)
            }
            #expect(pager.position.isFinite && pager.velocity.isFinite)
            #expect(pager.position >= -1 && pager.position <= 4)  // the rubber band reaches a page only at huge overshoots
            #expect((0..<4).contains(pager.currentIndex))
            let faces = try #require(pager.scene { _ in nil }.layers.first).sublayers
            #expect(faces.allSatisfy { $0.transform.isFinite && $0.opacity.isFinite })
            let layout = pager.layout
            for face in [layout.leading, layout.trailing].compactMap({ $0 }) {
                #expect((0..<4).contains(face.index) && face.transform.isFinite)
                #expect((0...1).contains(face.shadingOpacity) && (0...1).contains(face.opacity))
            }
        }
        // A hostile resize or page count afterwards leaves a still, empty or finite cube.
        for width in [0, -5, Double.nan, .infinity, 1] {
            var resized = pager
            resized.pageSize = Size(width: width, height: 500)
            resized.touchMoved(to: Point(x: 10, y: 10), time: t + 1)
            _ = resized.advance(to: t + 2)
            #expect(resized.position.isFinite)
            #expect(resized.layout.leading.map { $0.transform.isFinite } ?? true)
        }
        pager.setPageCount(0)
        #expect(pager.pageCount == 0 && pager.currentIndex == 0 && pager.position == 0)
        #expect(pager.scene { _ in nil }.layers.isEmpty && pager.turn(to: 1, time: t) == [])
    }
}
