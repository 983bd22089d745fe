import Testing
@testable import storykit

/// `storykit bench blur`: the blur figures alone, for a profiler.
@Suite struct BlurBenchCommandTests {
    @Test func anUnknownFigureIsRefusedNamingTheThree() {
        #expect(CLI.message(["bench", "blur", "--only", "sideways"]) == "--only must be full, header or shadow, got sideways")
    }

    @Test func theFigureAndRunsAreParsedWhereverTheyStand() throws {
        for arguments in [["bench", "blur", "--only", "header", "--runs", "3"], ["bench", "--runs", "3", "blur", "--only", "header"]] {
            let command = try #require(try StoryKitCommand.parseAsRoot(arguments) as? BlurBenchCommand)
            #expect(command.only == "header" && command.runs == 3 && !command.digest)
        }
    }
}
