import ArgumentParser
import StoryKit

// MARK: - The card presentation on the command line

extension StoriesViewer.CardLayout {
    /// The layout `storykit play` renders a `--size` frame with: by default no size class, so a
    /// landscape size (`--size 2048x1536`) shows the card with the neighbours beside it and a
    /// portrait one the page full screen; `--size-class regular` shows the card on any screen
    /// (an iPad upright), `compact` the page full screen upright
    /// (``StoriesViewer/CardLayout/presentation(screen:horizontalSizeClass:)``).
    static func commandLine(screen: Size, sizeClass: SizeClass = .unspecified) -> Self {
        Self(screen: screen, horizontalSizeClass: sizeClass)
    }
}

/// `--size-class compact|regular`: the horizontal size class `storykit play` lays the viewer
/// out under (default: none, inferred from the size's orientation).
struct SizeClassArgument: ParsableArguments {
    /// A size class named on the command line.
    enum Name: String, ExpressibleByArgument, CaseIterable {
        case compact, regular
    }

    @Option(name: .customLong("size-class"), help: ArgumentHelp(
        "The horizontal size class: regular shows the iPad card on any --size (1536x2048 is an iPad upright), compact "
            + "the page full screen unless the size is landscape (default: inferred, a card when wider than tall).",
        valueName: "compact|regular"))
    var name: Name?

    /// The size class the model gets.
    var sizeClass: StoriesViewer.CardLayout.SizeClass {
        switch name {
        case .compact: .compact
        case .regular: .regular
        case nil: .unspecified
        }
    }
}

extension GestureScript {
    /// The script moved by `offset` points (a page's script placed on the card's frame).
    func offset(by offset: Point) -> GestureScript {
        GestureScript(events: events.map { Event(phase: $0.phase, time: $0.time, x: $0.x + offset.x, y: $0.y + offset.y) })
    }
}
