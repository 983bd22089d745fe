import StoryKit
import StoryKitTestSupport
import Testing

/// Mirrors the Stories cube snippets of README.md and the StoryKit article "The Stories cube",
/// so they compile and say what is true.
@Suite struct CubeDocumentationExamplesTests {
    @Test func readmeCube() throws {
        var cube = CubePager(pageCount: 3, pageSize: Size(width: 390, height: 844))
        cube.touchBegan(at: Point(x: 300, y: 400), time: 0)
        cube.touchMoved(to: Point(x: 285, y: 400), time: 0.016)   // past the 10 pt direction lock
        cube.touchMoved(to: Point(x: 185, y: 400), time: 0.05)    // a quick swipe left
        let events = cube.touchEnded(at: Point(x: 175, y: 400), time: 0.058)
        #expect(events == [.willChangePage(from: 0, to: 1)])     // 0.29 of a turn, flicked: next page
        let layout = cube.layout                                  // 125 pt less the slop: 27°, shading 0.15
        #expect(layout.leading?.index == 0 && layout.trailing?.index == 1)
        #expect(Approximately.equal(try #require(layout.leading).shadingOpacity, 0.5 * 115 / 390, absolute: 1e-12))
        #expect(Approximately.equal(try #require(layout.leading).offset * -90, 26.5, absolute: 0.1))
        #expect(cube.advance(to: 0.1).isEmpty)                   // every frame while settling
        #expect(cube.phase == .settling && cube.position > 115.0 / 390)
        #expect(cube.advance(to: 2) == [.didChangePage(1)])
        #expect(cube.currentIndex == 1 && cube.phase == .idle)
    }
}
