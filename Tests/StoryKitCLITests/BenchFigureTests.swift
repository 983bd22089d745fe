import Testing
@testable import storykit

/// `storykit bench`'s lines: each figure beside the memcpy of its frame and its goal.
@Suite struct BenchFigureTests {
    @Test func aFigureShowsItsTimeAndItsRatiosToTheMemcpyAndTheGoal() {
        let cube = BenchFigure(name: "cube frame", seconds: 5.1e-3, memcpySeconds: 0.22e-3, goalSeconds: 4.2e-3)
        #expect(cube.line == "cube frame: 5.10 ms  23.2× memcpy  goal 4.20 ms (1.21× goal)")
        let ring = BenchFigure(name: "ring", seconds: 12.5e-6, memcpySeconds: 0.5e-6, goalSeconds: 15e-6)
        #expect(ring.line == "ring: 12.5 µs  25.0× memcpy  goal 15.0 µs (0.83× goal)")
    }

    @Test func aFigureWithoutAGoalComparesWithAnotherFigure() {
        let shadow = BenchFigure(name: "shadow frame", seconds: 21e-3, memcpySeconds: 0.3e-3,
                                 compared: ("cube frame", 6e-3))
        #expect(shadow.line == "shadow frame: 21.0 ms  70.0× memcpy  3.50× the cube frame")
    }

    @Test func ratiosToNothingAreLeftOut() {
        let figure = BenchFigure(name: "odd", seconds: 2e-3, memcpySeconds: 0, goalSeconds: 0, compared: ("x", 0))
        #expect(figure.line == "odd: 2.00 ms")
    }

    @Test func theMemcpyYardstickCopiesAndTakesPositiveTime() {
        let time = Stopwatch.memcpy(bytes: 96 * 96 * 4, runs: 5, repeats: 10)
        #expect(time > 0 && time < 0.1)
    }
}
