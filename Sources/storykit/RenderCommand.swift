import ArgumentParser

/// `storykit render`: render a scene description (the default subcommand, so
/// `storykit render scene.json -o out.png` works) or the cube pager driven by a gesture script.
struct RenderCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "render",
        abstract: "Render a scene description to a PNG, or an effect driven by a scripted gesture.",
        discussion: """
        `storykit render scene.json -o out.png` renders a scene (the `scene` subcommand is the default); \
        `storykit render cube …` renders the Stories cube replaying a gesture script to a GIF, MP4 or PNG frames; \
        `storykit render ring …` the story ring at rest or loading; `storykit render tray …` the row of avatars and \
        the viewer it opens; `storykit render zoom …` the grid-to-detail zoom and its interactive way back.
        """,
        subcommands: [RenderSceneCommand.self, RenderCubeCommand.self, RenderRingCommand.self, RenderTrayCommand.self, RenderZoomCommand.self,
                      RenderProfileCommand.self],
        defaultSubcommand: RenderSceneCommand.self
    )
}
