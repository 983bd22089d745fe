import ArgumentParser
import Foundation

/// The `storykit` command line: render scenes, make the demo reel, run the benchmarks.
@main
struct StoryKitCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "storykit",
        abstract: "Render StoryKit scenes and effects headlessly, make the demo reel, and measure the compositor.",
        subcommands: [RenderCommand.self, RenderViewerCommand.self, DemoCommand.self, BenchCommand.self]
    )

    /// Parses the arguments and runs the command. A ``CLIError`` is printed as one line,
    /// `storykit: MESSAGE`, on standard error, with its exit status (1, or 130 and 143 for an
    /// interruption by SIGINT or SIGTERM); usage errors and help are ArgumentParser's.
    static func main() {
        Interruption.shared.install()
        do {
            var command = try parseAsRoot()
            try command.run()
        } catch let error as CLIError {
            fflush(nil)
            FileHandle.standardError.write(Data("storykit: \(error.description)\n".utf8))
            Foundation.exit(error.exitStatus)
        } catch {
            exit(withError: error)
        }
    }
}
