import StoryKit
import StoryKitTestSupport
import Testing

/// Mirrors the Stories cube snippets of README.md and the StoryKit article "The Stories cube",
/// so they compile and say what is true.
@Suite struct CubeDocumentationExamplesTests {
    @Test func readmeCube() throws {
        var cube = CubePager(pageCount: 3, pageSize: Size(width: 390, height: 844))
        cube.touchBegan(at: Point(x: 300, y: 400), time: 0)
        cube.touchMoved(to: Point(x: 285, y: 401), time: 0.016)   // past the 10 pt direction lock
        cube.touchMoved(to: Point(x: 185, y: 402), time: 0.05)    // a quick 100 pt swipe left
        let events = cube.touchEnded(at: Point(x: 175, y: 402), time: 0.058)
        #expect(events == [.willChangePage(from: 0, to: 1)])     // 0.28 of a turn, flicked: next page
        let layout = cube.layout
        #expect(layout.leading?.index == 0 && layout.trailing?.index == 1)
        #expect(Approximately.equal(try #require(layout.leading).shadingOpacity, 0.5 * 110 / 390, absolute: 1e-12))
        #expect(cube.advance(to: 0.1).isEmpty)                   // every frame while settling
        #expect(cube.phase == .settling && cube.position > 110.0 / 390)
        #expect(cube.advance(to: 2) == [.didChangePage(1)])
        #expect(cube.currentIndex == 1 && cube.phase == .idle)
    }
}
