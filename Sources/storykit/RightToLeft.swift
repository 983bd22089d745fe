import ArgumentParser
import StoryKit

/// `--rtl`, the option of the commands whose effect has a side (cube, viewer/play, tray).
struct LayoutDirectionArgument: ParsableArguments {
    @Flag(name: .customLong("rtl"), help: ArgumentHelp(
        "Lay the effect out right to left, as the model does for an RTL language: the next user on the left, the tap "
            + "zones, progress bars and header mirrored, the tray starting at the right. Without --gesture the default "
            + "script is mirrored too."))
    var rightToLeft = false

    /// The direction the models get.
    var direction: StoryLayoutDirection { rightToLeft ? .rightToLeft : .leftToRight }
}

extension GestureScript {
    /// The script seen in a mirror about the vertical centre line of a page `width` points wide
    /// (x → width − x; times, y and phases kept): the same session played right to left.
    func mirrored(width: Double) -> GestureScript {
        GestureScript(events: events.map { Event(phase: $0.phase, time: $0.time, x: width - $0.x, y: $0.y) })
    }
}

extension GestureScript {
    /// ``mirrored(width:)`` when `condition` holds, else the script as it is.
    func mirrored(if condition: Bool, width: Double) -> GestureScript {
        condition ? mirrored(width: width) : self
    }
}
