import StoryKit

// MARK: - The card presentation on the command line

extension StoriesViewer.CardLayout {
    /// The layout `storykit play` renders a `--size` frame with: no size class, so a landscape
    /// size (`--size 2048x1536`) shows the card with the neighbours beside it and a portrait
    /// one the page full screen (``StoriesViewer/CardLayout/presentation(screen:horizontalSizeClass:)``).
    static func commandLine(screen: Size) -> Self {
        Self(screen: screen, horizontalSizeClass: .unspecified)
    }
}

extension GestureScript {
    /// The script moved by `offset` points (a page's script placed on the card's frame).
    func offset(by offset: Point) -> GestureScript {
        GestureScript(events: events.map { Event(phase: $0.phase, time: $0.time, x: $0.x + offset.x, y: $0.y + offset.y) })
    }
}
