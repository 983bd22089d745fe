import MotionCore
import StoryKitTestSupport
import Testing

@Suite struct GeometryTests {
    @Test func rectEdgesFollowUIKitWithYDown() {
        let r = Rect(x: 10, y: 20, width: 100, height: 50)
        #expect(r.minX == 10 && r.maxX == 110 && r.minY == 20 && r.maxY == 70)
        #expect(r.center == Point(x: 60, y: 45))
        #expect(r.contains(Point(x: 10, y: 20)))
        #expect(!r.contains(Point(x: 110, y: 45)))
    }

    @Test func negativeSizesStandardize() {
        let r = Rect(x: 100, y: 50, width: -40, height: -10)
        #expect(r.standardized == Rect(x: 60, y: 40, width: 40, height: 10))
        #expect(r.center == Point(x: 80, y: 45))
    }

    @Test func insetsShrinkEachEdgeAndCollapseInsteadOfInverting() {
        let r = Rect(x: 0, y: 0, width: 100, height: 60)
        #expect(r.inset(by: Insets(top: 5, left: 10, bottom: 15, right: 20))
            == Rect(x: 10, y: 5, width: 70, height: 40))
        #expect(r.insetBy(dx: -5, dy: -5) == Rect(x: -5, y: -5, width: 110, height: 70))
        let collapsed = r.inset(by: Insets(top: 0, left: 80, bottom: 0, right: 40))
        #expect(collapsed.size.width == 0)
        #expect(collapsed.origin.x == 70)  // left edge moved to 80, right to 60: the middle
    }

    @Test func aspectFitLetterboxesAndAspectFillCrops() {
        let bounds = Rect(x: 0, y: 0, width: 390, height: 844)
        let photo = Size(width: 1080, height: 1080)
        #expect(bounds.aspectFit(photo) == Rect(x: 0, y: 227, width: 390, height: 390))
        #expect(bounds.aspectFill(photo) == Rect(x: -227, y: 0, width: 844, height: 844))
        let wide = Size(width: 200, height: 100)
        let fit = Rect(x: 0, y: 0, width: 100, height: 100).aspectFit(wide)
        #expect(fit == Rect(x: 0, y: 25, width: 100, height: 50))
    }

    @Test(arguments: [
        Size(width: 0, height: 100), Size(width: .nan, height: 1), Size(width: -5, height: 10),
        Size(width: .infinity, height: 3),
    ])
    func aspectOfEmptyContentIsAZeroRectAtTheCentre(content: Size) {
        let bounds = Rect(x: 0, y: 0, width: 100, height: 50)
        #expect(bounds.aspectFit(content) == Rect(x: 50, y: 25, width: 0, height: 0))
        #expect(bounds.aspectFill(content) == Rect(x: 50, y: 25, width: 0, height: 0))
    }

    @Test func interpolationIsLinearAndExtrapolates() {
        let a = Rect(x: 0, y: 0, width: 100, height: 100)
        let b = Rect(x: 50, y: 100, width: 50, height: 300)
        #expect(a.interpolated(to: b, fraction: 0.5) == Rect(x: 25, y: 50, width: 75, height: 200))
        #expect(Point(x: 0, y: 0).interpolated(to: Point(x: 10, y: -10), fraction: 1.5) == Point(x: 15, y: -15))
        #expect(Size.zero.interpolated(to: Size(width: 4, height: 8), fraction: .nan) == .zero)
        let insets = Insets.zero.interpolated(to: Insets(all: 8), fraction: 0.25)
        #expect(insets == Insets(all: 2))
        #expect(Vector3.zero.interpolated(to: Vector3(x: 2, y: 4, z: 6), fraction: 0.5) == Vector3(x: 1, y: 2, z: 3))
    }

    @Test func vectorAlgebra() {
        let x = Vector3(x: 1, y: 0, z: 0), y = Vector3(x: 0, y: 1, z: 0)
        #expect(x.cross(y) == Vector3(x: 0, y: 0, z: 1))
        #expect(x.dot(y) == 0)
        #expect(Approximately.equal(Vector3(x: 3, y: 4, z: 0).normalized!, Vector3(x: 0.6, y: 0.8, z: 0)))
        #expect(Vector3.zero.normalized == nil)
        #expect(Point(x: 0, y: 0).distance(to: Point(x: 3, y: 4)) == 5)
    }

    @Test func seededRandomRectsNeverProduceNaNFromLayoutHelpers() {
        var rng = SeededRandom(seed: 0x5708_7C17)
        for _ in 0..<2_000 {
            let r = Rect(x: rng.hostile(in: -1e4...1e4), y: rng.hostile(in: -1e4...1e4),
                         width: rng.hostile(in: -1e4...1e4), height: rng.hostile(in: -1e4...1e4))
            let content = Size(width: rng.hostile(in: 0...1e4), height: rng.hostile(in: 0...1e4))
            for out in [r.aspectFit(content), r.aspectFill(content)] {
                #expect(!out.origin.x.isNaN && !out.origin.y.isNaN)
                #expect(!out.size.width.isNaN && !out.size.height.isNaN)
            }
        }
    }
}
