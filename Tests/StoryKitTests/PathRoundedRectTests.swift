import StoryKit
import StoryKitTestSupport
import Testing

@Suite struct PathRoundedRectTests {
    static let rect = Rect(x: 10, y: 20, width: 200, height: 120)

    @Test(arguments: Layer.CornerCurve.allCases, [0.0, 12, 30, 39, 45, 60, 500])
    func staysInsideItsRect(curve: Layer.CornerCurve, radius: Double) {
        let path = ShapePath.roundedRect(Self.rect, cornerRadius: radius, curve: curve)
        let points = path.flattened(tolerance: 0.01).flatMap(\.points)
        #expect(!points.isEmpty)
        for p in points {
            #expect(p.x >= Self.rect.minX - 1e-9 && p.x <= Self.rect.maxX + 1e-9)
            #expect(p.y >= Self.rect.minY - 1e-9 && p.y <= Self.rect.maxY + 1e-9)
        }
        // The top edge is straight between the corners; its length shows where corners begin.
        let top = points.filter { Swift.abs($0.y - Self.rect.minY) < 1e-9 }.map(\.x)
        let reach = curve == .continuous ? ShapePath.continuousExtent : 1.0
        let r = min(radius, 60)
        if r * reach <= 60 {
            #expect(Approximately.equal(top.min()!, Self.rect.minX + reach * r, absolute: 1e-9))
            #expect(Approximately.equal(top.max()!, Self.rect.maxX - reach * r, absolute: 1e-9))
        }
    }

    @Test func continuousCornerBeginsAt1528RadiiAndPassesItsDiagonalPoint() throws {
        let r = 30.0
        let path = ShapePath.roundedRect(Rect(x: 0, y: 0, width: 200, height: 200), cornerRadius: r, curve: .continuous)
        guard case .move(let start) = path.elements[0] else { Issue.record("starts with a move"); return }
        #expect(Approximately.equal(start, Point(x: 200 - 1.52866483 * r, y: 0), absolute: 1e-9))
        // The middle cubic's midpoint sits on the diagonal, (1·0.63149 + 3·0.37282 + 3·0.16906 +
        // 1·0.07491) / 8 = 0.29148 radii in from both edges (a circle's is 1 − √½ = 0.29289):
        // the point of the corner nearest to the rectangle's corner.
        let points = try #require(path.flattened(tolerance: 0.0001).first).points
        let nearest = points.map { $0.distance(to: Point(x: 200, y: 0)) }.min()!
        #expect(Approximately.equal(nearest, 0.29148 * 2.0.squareRoot() * r, absolute: 0.005))
    }

    @Test func aContinuousCapsuleHasRoundEnds() throws {
        // Radius of half the height: the blend reaches the circular corner, so the ends are semicircles.
        let capsule = ShapePath.roundedRect(Rect(x: 0, y: 0, width: 100, height: 40), cornerRadius: 20, curve: .continuous)
        let points = try #require(capsule.flattened(tolerance: 0.001).first).points
        for p in points where p.x < 20 {
            #expect(Approximately.equal(p.distance(to: Point(x: 20, y: 20)), 20, absolute: 0.02))
        }
    }

    @Test func badRadiiGiveAPlainRectangle() {
        for radius in [Double.nan, -5, 0, -Double.infinity] {
            #expect(ShapePath.roundedRect(Self.rect, cornerRadius: radius, curve: .continuous) == ShapePath.rect(Self.rect))
        }
        #expect(ShapePath.roundedRect(Self.rect, cornerRadius: Double.infinity, curve: .continuous).isFinite)
    }
}
