import ArgumentParser

/// The `storykit` command line: render scenes, make the demo reel, run the benchmarks.
@main
struct StoryKitCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "storykit",
        abstract: "Render StoryKit scenes and effects headlessly, make the demo reel, and measure the compositor.",
        subcommands: [RenderCommand.self, PlayCommand.self, DemoCommand.self, BenchCommand.self]
    )
}
