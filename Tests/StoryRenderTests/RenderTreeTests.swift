import MotionCore
import StoryKit
import StoryKitTestSupport
@testable import StoryRender
import Testing

/// Records the walk: `enter`/`exit` events with their nodes.
struct RecordingVisitor: RenderTreeVisitor {
    var events: [(entering: Bool, node: RenderNode)] = []
    mutating func enter(_ node: RenderNode) { events.append((true, node)) }
    mutating func exit(_ node: RenderNode) { events.append((false, node)) }

    static func nodes(_ scene: LayerScene, scale: Double = 1) -> [RenderNode] {
        var visitor = RecordingVisitor()
        RenderTree.walk(scene, scale: scale, visitor: &visitor)
        return visitor.events.filter(\.entering).map(\.node)
    }

    static func node(_ name: String, in scene: LayerScene, scale: Double = 1) -> RenderNode? {
        nodes(scene, scale: scale).first { $0.layer.name == name }
    }
}

@Suite struct RenderTreeTests {
    static let yAxis = Vector3(x: 0, y: 1, z: 0)

    /// The projected corners of a node's bounds, clockwise from the top-left.
    static func corners(_ node: RenderNode) -> [Point] {
        let b = node.layer.bounds
        return [Point(x: b.minX, y: b.minY), Point(x: b.maxX, y: b.minY), Point(x: b.maxX, y: b.maxY), Point(x: b.minX, y: b.maxY)]
            .map { node.layerToPixels.apply(to: $0) ?? Point(x: .nan, y: .nan) }
    }

    @Test func rotationAboutYWithPerspectiveProjectsToTheHandComputedCorners() throws {
        // A 200 × 100 pt card centred at (250, 150), turned 45° about y, seen from 500 pt.
        // Anchor-relative x = ±100 goes to x·c, depth −x·s; w = 1 + x·s/500; X = 250 + x·c/w, Y = 150 + y/w.
        let s = 0.5.squareRoot()
        let turn = Transform3D(rotationAngle: .pi / 4, axis: Self.yAxis).concatenating(.perspective(eyeDistance: 500))
        let card = Layer(name: "card", bounds: Rect(x: 0, y: 0, width: 200, height: 100),
                         position: Point(x: 250, y: 150), transform: turn)
        let node = try #require(RecordingVisitor.node("card", in: LayerScene(size: Size(width: 500, height: 300), layers: [card])))
        let wLeft = 1 - 100 * s / 500, wRight = 1 + 100 * s / 500
        let expected = [Point(x: 250 - 100 * s / wLeft, y: 150 - 50 / wLeft), Point(x: 250 + 100 * s / wRight, y: 150 - 50 / wRight),
                        Point(x: 250 + 100 * s / wRight, y: 150 + 50 / wRight), Point(x: 250 - 100 * s / wLeft, y: 150 + 50 / wLeft)]
        // In numbers: the near (left) edge spans y 91.76…208.24 at x 167.64, the far edge y 106.20…193.80 at x 311.95.
        #expect(Approximately.equal(expected[0], Point(x: 167.6429, y: 91.7641), absolute: 1e-3))
        #expect(Approximately.equal(expected[1], Point(x: 311.9496, y: 106.1956), absolute: 1e-3))
        for (got, want) in zip(Self.corners(node), expected) {
            #expect(Approximately.equal(got, want, absolute: 1e-9), "\(got) vs \(want)")
        }
        // The near-clipped quad is the same four points, and the inverse plane map undoes the projection.
        #expect(node.quad.count == 4)
        for (got, want) in zip(node.quad.points, expected) { #expect(Approximately.equal(got, want, absolute: 1e-9)) }
        let map = try #require(node.pixelsToLayer)
        let back = try #require(map.apply(expected[2]))
        #expect(Approximately.equal(back, Point(x: 200, y: 100), absolute: 1e-9))
        #expect(node.isFrontFacing)
    }

    @Test func scaleMultipliesEveryPixelCoordinate() throws {
        let layer = Layer(name: "l", frame: Rect(x: 10, y: 20, width: 30, height: 40))
        let node = try #require(RecordingVisitor.node("l", in: LayerScene(size: Size(width: 100, height: 100), layers: [layer]), scale: 3))
        #expect(node.quad.points == [Point(x: 30, y: 60), Point(x: 120, y: 60), Point(x: 120, y: 180), Point(x: 30, y: 180)])
    }

    @Test func sublayerTransformAppliesAboutTheParentsAnchorToEveryChild() throws {
        // A 400 × 200 container filling the scene, perspective 500 as its sublayerTransform; two 100 × 100
        // children at x = 150 and 250 turned ±30° about y. In container coordinates a child point is
        // (px + u·c, py + v, −u·s·sign); relative to the anchor (200, 100): w = 1 + z·(1/500)·(−1)… i.e.
        // w = 1 − z/500, X = 200 + (px − 200 + u·c)/w, Y = 100 + v/w.
        let c = Double.cos(.pi / 6), s = Double.sin(.pi / 6)
        func face(_ name: String, x: Double, angle: Double) -> Layer {
            Layer(name: name, bounds: Rect(x: 0, y: 0, width: 100, height: 100), position: Point(x: x, y: 100),
                  transform: Transform3D(rotationAngle: angle, axis: Self.yAxis))
        }
        let container = Layer(name: "container", bounds: Rect(x: 0, y: 0, width: 400, height: 200),
                              position: Point(x: 200, y: 100), sublayerTransform: .perspective(eyeDistance: 500),
                              sublayers: [face("left", x: 150, angle: -.pi / 6), face("right", x: 250, angle: .pi / 6)])
        let scene = LayerScene(size: Size(width: 400, height: 200), layers: [container])
        for (name, px, sign) in [("left", 150.0, -1.0), ("right", 250.0, 1.0)] {
            let node = try #require(RecordingVisitor.node(name, in: scene))
            let expected = [(-50.0, -50.0), (50, -50), (50, 50), (-50, 50)].map { (u: Double, v: Double) -> Point in
                let z = -u * s * sign
                let w = 1 - z / 500
                return Point(x: 200 + (px - 200 + u * c) / w, y: 100 + v / w)
            }
            for (got, want) in zip(Self.corners(node), expected) {
                #expect(Approximately.equal(got, want, absolute: 1e-9), "\(name): \(got) vs \(want)")
            }
        }
        // The faces meet in the middle: left's right edge is x = 150 + 50c, right's left edge x = 250 − 50c.
        let left = try #require(RecordingVisitor.node("left", in: scene))
        #expect(Approximately.equal(Self.corners(left)[1].x, 200 + (150 + 50 * c - 200) / (1 - 50 * s / 500), absolute: 1e-9))
    }

    @Test func sublayerTransformOfAnOffsetBoundsUsesTheAnchorInBoundsCoordinates() throws {
        // Bounds origin (100, 100): the anchor is at (150, 150) in the container's own coordinates,
        // so a 2× sublayer scale keeps a child positioned there in place.
        let child = Layer(name: "child", bounds: Rect(x: 0, y: 0, width: 10, height: 10), position: Point(x: 150, y: 150))
        let container = Layer(bounds: Rect(x: 100, y: 100, width: 100, height: 100), position: Point(x: 50, y: 50),
                              sublayerTransform: Transform3D(scaleX: 2, y: 2), sublayers: [child])
        let node = try #require(RecordingVisitor.node("child", in: LayerScene(size: Size(width: 100, height: 100), layers: [container])))
        #expect(node.quad.points == [Point(x: 40, y: 40), Point(x: 60, y: 40), Point(x: 60, y: 60), Point(x: 40, y: 60)])
    }

    @Test func siblingsDrawInStableZPositionOrderWithPartsBeforeSublayersAndBorderAfter() {
        func named(_ n: String, z: Double, _ subs: [Layer] = []) -> Layer { Layer(name: n, zPosition: z, sublayers: subs) }
        let root = named("root", z: 0, [named("a", z: 1), named("b", z: 0, [named("b1", z: 0)]), named("c", z: 1), named("d", z: -2)])
        var visitor = RecordingVisitor()
        RenderTree.walk(LayerScene(size: Size(width: 10, height: 10), layers: [root]), scale: 1, visitor: &visitor)
        let trace = visitor.events.map { ($0.entering ? "+" : "-") + ($0.node.layer.name ?? "?") }
        #expect(trace == ["+root", "+d", "-d", "+b", "+b1", "-b1", "-b", "+a", "-a", "+c", "-c", "-root"])
    }

    @Test func aBackFaceIsCulledOnlyWhenSingleSided() {
        let flipped = Transform3D(rotationAngle: .pi * 0.75, axis: Self.yAxis).concatenating(.perspective(eyeDistance: 500))
        let child = Layer(name: "child", frame: Rect(x: 0, y: 0, width: 5, height: 5))
        var face = Layer(name: "face", bounds: Rect(x: 0, y: 0, width: 100, height: 100), position: Point(x: 50, y: 50),
                         transform: flipped, isDoubleSided: true, sublayers: [child])
        let shown = RecordingVisitor.nodes(LayerScene(size: Size(width: 100, height: 100), layers: [face]))
        #expect(shown.map(\.layer.name) == ["face", "child"])
        #expect(shown.first?.isFrontFacing == false)
        // Its projected winding is reversed.
        #expect((shown.first?.quad.doubleSignedArea ?? 0) < 0)
        face.isDoubleSided = false
        #expect(RecordingVisitor.nodes(LayerScene(size: Size(width: 100, height: 100), layers: [face])).isEmpty)
        // Turned only 60°, the same single-sided face still faces the viewer.
        face.transform = Transform3D(rotationAngle: .pi / 3, axis: Self.yAxis).concatenating(.perspective(eyeDistance: 500))
        #expect(RecordingVisitor.nodes(LayerScene(size: Size(width: 100, height: 100), layers: [face])).count == 2)
    }

    @Test func aLayerCrossingBehindTheEyeIsClippedWithoutNaN() throws {
        // 1000 pt wide, turned 80° about y, seen from 200 pt: its left half comes toward the
        // viewer and passes behind the eye (w = 1 − 500·sin80°/200 < 0 at the left edge).
        let turn = Transform3D(rotationAngle: .pi * 4 / 9, axis: Self.yAxis).concatenating(.perspective(eyeDistance: 200))
        let wall = Layer(name: "wall", bounds: Rect(x: 0, y: 0, width: 1000, height: 100), position: Point(x: 200, y: 100),
                         transform: turn)
        let node = try #require(RecordingVisitor.node("wall", in: LayerScene(size: Size(width: 400, height: 200), layers: [wall])))
        let leftW = 1 - 500 * Double.sin(.pi * 4 / 9) / 200
        #expect(leftW < 0)
        #expect(node.quad.count == 4)  // the two left corners replaced by two on the near plane
        #expect(node.quad.points.allSatisfy { $0.isFinite })
        #expect(!node.quad.isEmpty)
        // The clipped corners sit where w = nearW: very far out, never mirrored to the other side.
        let farLeft = node.quad.points.map(\.x).min() ?? 0
        #expect(farLeft < -1e5)
        // The right edge is untouched: w = 1 + 500·sin80°/200.
        let rightW = 1 + 500 * Double.sin(.pi * 4 / 9) / 200
        #expect(node.quad.points.contains { Approximately.equal($0, Point(x: 200 + 500 * Double.cos(.pi * 4 / 9) / rightW, y: 100 - 50 / rightW), absolute: 1e-9) })
        // Wholly behind the eye: nothing left.
        var behind = wall
        behind.transform = Transform3D(translationX: 0, y: 0, z: 300).concatenating(.perspective(eyeDistance: 200))
        let hidden = try #require(RecordingVisitor.node("wall", in: LayerScene(size: Size(width: 400, height: 200), layers: [behind])))
        #expect(hidden.quad.count == 0)
    }

    @Test func hiddenAndTransparentLayersAreSkippedWithTheirSublayers() {
        let child = Layer(name: "child")
        let scene = LayerScene(size: Size(width: 10, height: 10), layers: [
            Layer(name: "hidden", isHidden: true, sublayers: [child]),
            Layer(name: "clear", opacity: 0, sublayers: [child]),
            Layer(name: "nan", opacity: .nan, sublayers: [child]),
            Layer(name: "shown", sublayers: [child]),
        ])
        #expect(RecordingVisitor.nodes(scene).map(\.layer.name) == ["shown", "child"])
    }

    @Test func opacityMakesAGroupOnlyOverMoreThanOnePart() throws {
        let red = RGBAColor(red: 1, green: 0, blue: 0)
        let square = Rect(x: 0, y: 0, width: 10, height: 10)
        let single = Layer(name: "single", bounds: square, opacity: 0.5, backgroundColor: red)
        let twoParts = Layer(name: "twoParts", bounds: square, opacity: 0.5, backgroundColor: red, borderWidth: 1)
        let oneChild = Layer(name: "oneChild", opacity: 0.5, sublayers: [Layer(name: "only", bounds: square, backgroundColor: red)])
        let twoChildren = Layer(name: "twoChildren", opacity: 0.5, sublayers: [
            Layer(name: "x", bounds: square, backgroundColor: red), Layer(name: "y", bounds: square, backgroundColor: red),
        ])
        let scene = LayerScene(size: Size(width: 10, height: 10), layers: [single, twoParts, oneChild, twoChildren])
        let nodes = RecordingVisitor.nodes(scene)
        func node(_ name: String) throws -> RenderNode { try #require(nodes.first { $0.layer.name == name }) }
        // One part: the opacity is simply multiplied in.
        #expect(try node("single").group == nil && node("single").opacity == 0.5)
        // One part in the whole subtree: no group either, the child inherits the opacity.
        #expect(try node("oneChild").group == nil && node("only").opacity == 0.5)
        // Two parts: a group composited at 0.5, drawn into at full opacity.
        #expect(try node("twoParts").group?.opacity == 0.5 && node("twoParts").opacity == 1)
        #expect(try node("twoChildren").group?.opacity == 0.5 && node("x").opacity == 1 && node("y").opacity == 1)
    }

    @Test func masksToBoundsClipsContentAndSublayersToTheProjectedBounds() throws {
        let turned = Transform3D(rotationAngle: .pi / 4, axis: Vector3(x: 0, y: 0, z: 1))
        let child = Layer(name: "child", bounds: Rect(x: 0, y: 0, width: 100, height: 20), position: Point(x: 50, y: 50),
                          transform: turned, backgroundColor: .white)
        let clipper = Layer(name: "clipper", bounds: Rect(x: 0, y: 0, width: 60, height: 60), position: Point(x: 50, y: 50),
                            masksToBounds: true, backgroundColor: .black, sublayers: [child])
        let nodes = RecordingVisitor.nodes(LayerScene(size: Size(width: 100, height: 100), layers: [clipper]))
        let clipperNode = try #require(nodes.first), childNode = try #require(nodes.last)
        #expect(clipperNode.clip == nil && clipperNode.group == nil)
        let clip = try #require(clipperNode.contentClip)
        #expect(clip.points == [Point(x: 20, y: 20), Point(x: 80, y: 20), Point(x: 80, y: 80), Point(x: 20, y: 80)])
        // The rotated bar (length 100) is cut by the 60 × 60 square: what is left lies inside it.
        let drawn = childNode.quad.clipped(to: try #require(childNode.clip))
        let box = try #require(drawn.boundingBox)
        #expect(box.minX >= 20 - 1e-9 && box.maxX <= 80 + 1e-9 && box.minY >= 20 - 1e-9 && box.maxY <= 80 + 1e-9)
        #expect(drawn.count > 4)  // corners of the square cut into the bar
    }

    @Test func roundedMasksMakeAGroupAndBlurResetsTheClip() throws {
        let content = Layer.framed("content", Rect(x: 0, y: 0, width: 50, height: 50)) { $0.backgroundColor = .white }
        var rounded = Layer.framed("rounded", Rect(x: 10, y: 10, width: 50, height: 50)) {
            $0.masksToBounds = true; $0.cornerRadius = 8; $0.backgroundColor = .black; $0.sublayers = [content]
        }
        let blurred = Layer.framed("blurred", Rect(x: 0, y: 0, width: 20, height: 20)) {
            $0.backgroundColor = .white; $0.blurRadius = 2
        }
        let outer = Layer.framed("outer", Rect(x: 0, y: 0, width: 80, height: 80)) {
            $0.masksToBounds = true; $0.sublayers = [rounded, blurred]
        }
        var nodes = RecordingVisitor.nodes(LayerScene(size: Size(width: 100, height: 100), layers: [outer]), scale: 2)
        let roundedNode = try #require(nodes.first { $0.layer.name == "rounded" })
        #expect(roundedNode.group?.masksCorners == true)
        // The rounded layer's own clip is the group's mask, not a polygon: its children keep the outer clip only.
        #expect(roundedNode.contentClip?.points == roundedNode.clip?.points)
        let blurNode = try #require(nodes.first { $0.layer.name == "blurred" })
        #expect(blurNode.group?.blurSigma == 4)  // 2 pt at 2×
        #expect(blurNode.clip == nil)
        #expect(blurNode.group?.compositeClip?.points == [Point(x: 0, y: 0), Point(x: 160, y: 0), Point(x: 160, y: 160), Point(x: 0, y: 160)])
        // Only a background and a border inside rounded bounds need no mask.
        rounded.sublayers = []
        nodes = RecordingVisitor.nodes(LayerScene(size: Size(width: 100, height: 100), layers: [rounded]))
        #expect(nodes.first?.group == nil)
    }

    @Test func aMaskWithNoVisibleBoundsHidesItsSubtree() {
        let child = Layer.framed("child", Rect(x: 0, y: 0, width: 10, height: 10)) { $0.backgroundColor = .white }
        let empty = Layer(name: "empty", masksToBounds: true, sublayers: [child])
        let inner = Layer.framed("inner", Rect(x: 50, y: 50, width: 10, height: 10)) { $0.masksToBounds = true; $0.sublayers = [child] }
        let outside = Layer.framed("outside", Rect(x: 0, y: 0, width: 10, height: 10)) { $0.masksToBounds = true; $0.sublayers = [inner] }
        #expect(RecordingVisitor.nodes(LayerScene(size: Size(width: 10, height: 10), layers: [empty])).isEmpty)
        #expect(RecordingVisitor.nodes(LayerScene(size: Size(width: 10, height: 10), layers: [outside])).map(\.layer.name) == ["outside"])
    }

    @Test(arguments: [UInt64(11), 12, 13, 14])
    func hostileTransformsNeverYieldNonFinitePolygons(seed: UInt64) {
        var random = SeededRandom(seed: seed)
        for _ in 0..<50 {
            var t = Transform3D.identity
            t.m11 = random.hostile(in: -2...2); t.m14 = random.hostile(in: -0.01...0.01)
            t.m24 = random.hostile(in: -0.01...0.01); t.m41 = random.hostile(in: -500...500)
            t.m44 = random.hostile(in: -1...2)
            let layer = Layer(name: "l", bounds: Rect(x: 0, y: 0, width: random.hostile(in: 0...500), height: 100),
                              position: Point(x: 50, y: 50), transform: t, masksToBounds: true,
                              sublayers: [Layer(name: "c", frame: Rect(x: 0, y: 0, width: 10, height: 10))])
            for node in RecordingVisitor.nodes(LayerScene(size: Size(width: 100, height: 100), layers: [layer])) {
                #expect(node.quad.points.allSatisfy { $0.isFinite })
                #expect(node.contentClip?.points.allSatisfy { $0.isFinite } ?? true)
                #expect(node.pixelsToLayer?.isFinite ?? true)
            }
        }
    }
}

@Suite struct ScreenPolygonTests {
    @Test func projectionIsClippedToTheGuardBandWithoutBendingVisibleEdges() {
        // A layer scaled a billion times: its projection is cut at ±1e7 px, and the cut keeps the
        // straight edge through the visible area (the line y = 0.001·x + 5 stays that line).
        var m = Transform3D(scaleX: 1e9, y: 1e9)
        m.m12 = 1e6
        m.m42 = 5
        let p = ScreenPolygon.projecting(Rect(x: 0, y: 0, width: 1, height: 1e-9), through: m, nearW: RenderTree.nearW)
        #expect(p.points.allSatisfy { abs($0.x) <= ScreenPolygon.guardBand && abs($0.y) <= ScreenPolygon.guardBand })
        #expect(p.points.contains { Approximately.equal($0, Point(x: 1e7, y: 1e4 + 5), absolute: 1e-3) })
        #expect(p.points.contains { Approximately.equal($0, Point(x: 0, y: 5), absolute: 1e-9) })
    }

    @Test func clippingToAConvexPolygonWorksForEitherWinding() {
        let square = ScreenPolygon(x0: 0, y0: 0, x1: 10, y1: 10)
        let diamond = ScreenPolygon([Point(x: 5, y: -2.5), Point(x: 12.5, y: 5), Point(x: 5, y: 12.5), Point(x: -2.5, y: 5)])
        let reversed = ScreenPolygon(diamond.points.reversed())
        for clip in [diamond, reversed] {
            let cut = square.clipped(to: clip)
            // The square minus four corner triangles of legs 2.5: 100 − 4 · 3.125.
            #expect(Approximately.equal(abs(cut.doubleSignedArea) / 2, 87.5, absolute: 1e-9))
            #expect(cut.count == 8)
        }
        #expect(square.clipped(to: ScreenPolygon(x0: 20, y0: 20, x1: 30, y1: 30)).isEmpty)
    }

    @Test func simplifyingDropsTheFlattestVerticesFirst() {
        var points: [Point] = []
        for i in 0..<20 { points.append(Point(x: Double(i), y: 0)) }  // 18 collinear interior points on the top edge
        points += [Point(x: 19, y: 10), Point(x: 0, y: 10)]
        let p = ScreenPolygon(points).simplified(toAtMost: 4)
        #expect(p.count == 4)
        #expect(Approximately.equal(abs(p.doubleSignedArea) / 2, 190, absolute: 1e-9))
    }
}

@Suite struct RenderTreeFlatteningTests {
    @Test func sublayersAreFlattenedIntoATurnedSuperlayersPlane() throws {
        // A container turned 60° about y with perspective; its child lifted 80 pt toward the viewer
        // (zPosition) is drawn in the container's plane exactly where an unlifted child is, as
        // Core Animation's flattening of a plain CALayer's sublayers does.
        let turn = Transform3D(rotationAngle: .pi / 3, axis: Vector3(x: 0, y: 1, z: 0)).concatenating(.perspective(eyeDistance: 400))
        func scene(childZ: Double) -> LayerScene {
            let child = Layer(name: "child", bounds: Rect(x: 0, y: 0, width: 40, height: 40), position: Point(x: 30, y: 50),
                              zPosition: childZ)
            let container = Layer(name: "container", bounds: Rect(x: 0, y: 0, width: 100, height: 100),
                                  position: Point(x: 100, y: 100), transform: turn, sublayers: [child])
            return LayerScene(size: Size(width: 200, height: 200), layers: [container])
        }
        let flat = try #require(RecordingVisitor.node("child", in: scene(childZ: 0)))
        let lifted = try #require(RecordingVisitor.node("child", in: scene(childZ: 80)))
        for (a, b) in zip(flat.quad.points, lifted.quad.points) { #expect(Approximately.equal(a, b, absolute: 1e-9)) }
        // Inside a sublayerTransform perspective the lift does count: it brings the child closer.
        var perspective = scene(childZ: 80)
        perspective.layers[0].transform = .identity
        perspective.layers[0].sublayerTransform = .perspective(eyeDistance: 400)
        let near = try #require(RecordingVisitor.node("child", in: perspective))
        let box = try #require(near.quad.boundingBox)
        // w = 1 − 80/400 = 0.8: the 40 pt child is drawn 50 px wide.
        #expect(Approximately.equal(box.maxX - box.minX, 50, absolute: 1e-9))
    }
}
