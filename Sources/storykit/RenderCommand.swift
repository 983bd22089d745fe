import ArgumentParser

/// `storykit render`: render a scene description (the default subcommand, so
/// `storykit render scene.json -o out.png` works) or an effect: the cube, the viewer, the ring,
/// the tray, the zoom or the profile header.
struct RenderCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "render",
        abstract: "Render a scene description to a PNG, or an effect driven by a scripted gesture.",
        discussion: """
        `storykit render scene.json -o out.png` renders a scene (the `scene` subcommand is the default); \
        `storykit render cube …` renders the Stories cube replaying a gesture script to a GIF, MP4 or PNG frames; \
        `storykit render viewer …` (also `storykit play`) a Stories viewer session over a feed; \
        `storykit render ring …` the story ring at rest or loading; `storykit render tray …` the row of avatars and \
        the viewer it opens; `storykit render zoom …` the grid-to-detail zoom and its interactive way back; `storykit render profile …` the stretchy, sticky \
        profile header over a scroll.
        """,
        subcommands: [RenderSceneCommand.self, RenderCubeCommand.self, RenderViewerCommand.self, RenderRingCommand.self, RenderTrayCommand.self, RenderZoomCommand.self,
                      RenderProfileCommand.self],
        defaultSubcommand: RenderSceneCommand.self
    )
}
