import StoryKitStorm
import Testing

/// Storms split over several threads report what a serial run reports.
@Suite struct StormCoresTests {
    @Test(arguments: [2, 3, 8])
    func aSplitRunNamesTheSameFailingSeedAsASerialRun(jobs: Int) throws {
        // Given a subject that breaks on a few seeds out of a thousand, cut into small chunks so
        // that the failing seeds fall in different chunks on different threads.
        let serial = Storm.run(RareBreak.self, sequences: 5_000)
        let split = Storm.run(RareBreak.self, sequences: 5_000, jobs: jobs, seedsPerChunk: 7)
        let expected = try #require(serial.failure)
        let found = try #require(split.failure)
        #expect(found.seed == expected.seed)
        #expect(found.violation == expected.violation)
        #expect(found.code == expected.code)
        #expect(split.sequences == serial.sequences && split.steps == serial.steps)
        // The serial run stopped at its failing seed, well inside the storm.
        #expect(serial.sequences == Int(expected.seed) && serial.sequences > 7 && serial.sequences < 5_000)
    }

    @Test func aSplitRunWithoutViolationsCountsEverySequenceOnce() {
        let clean = Storm.run(NeverBreaks.self, sequences: 1_003)
        let split = Storm.run(NeverBreaks.self, sequences: 1_003, jobs: 4, seedsPerChunk: 10)
        #expect(split.failure == nil)
        #expect(split.sequences == 1_003 && split.steps == clean.steps)
    }

    @Test func aMainThreadModelRunsOnOneThreadWhateverTheJobs() throws {
        // ZoomDetailDriver waits for the main queue: split over threads, the release runner's
        // main thread (waiting for them) would never serve it.
        let subject = try #require(StormSuite.subjects.first { $0.name == "ZoomDetailDriver" })
        #expect(ZoomDetailDriverStorm.runsOnMainThread && !CubePagerStorm.runsOnMainThread)
        let split = subject.runOnCores(40, 4)
        #expect(split.failure == nil && split.sequences == 40)
    }

    @Test func theSuiteRunsEveryModelTheSameOnOneOrSeveralThreads() throws {
        let subject = try #require(StormSuite.subjects.first { $0.name == "CubePager" })
        let serial = subject.run(300)
        let split = subject.runOnCores(300, 3)
        #expect(split.failure == nil && serial.failure == nil)
        #expect(split.sequences == serial.sequences && split.steps == serial.steps)
    }
}

/// A toy subject with a deliberately broken invariant: a setup of 123 (about one seed in 300)
/// fails on its first step of 7.
enum RareBreak: StormSubject {
    typealias Setup = Int
    typealias Step = Int
    static let name = "RareBreak"
    static func makeSetup(_ random: inout StormRandom) -> Int { random.int(in: 0...299) }
    static func makeStep(_ random: inout StormRandom, clock: inout Double) -> Int { random.int(in: 0...9) }
    static func run(_ setup: Int, _ steps: [Int]) -> StormViolation? {
        guard setup == 123, let index = steps.firstIndex(of: 7) else { return nil }
        return StormViolation(step: index, message: "a 7 after setup 123")
    }
    static func simplifications(of step: Int) -> [Int] { step > 0 ? [0] : [] }
    static func code(_ setup: Int, _ steps: [Int]) -> String { (["setup(\(setup))"] + steps.map { "feed(\($0))" }).joined(separator: "\n") }
}

/// A toy subject that never breaks, for counting.
enum NeverBreaks: StormSubject {
    typealias Setup = Int
    typealias Step = Int
    static let name = "NeverBreaks"
    static func makeSetup(_ random: inout StormRandom) -> Int { 0 }
    static func makeStep(_ random: inout StormRandom, clock: inout Double) -> Int { random.int(in: 0...9) }
    static func run(_ setup: Int, _ steps: [Int]) -> StormViolation? { nil }
    static func simplifications(of step: Int) -> [Int] { [] }
    static func code(_ setup: Int, _ steps: [Int]) -> String { "" }
}
