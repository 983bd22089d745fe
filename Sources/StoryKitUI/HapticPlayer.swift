#if canImport(UIKit)
import StoryKit
import UIKit

/// Plays the cube's ``StoryKit/CubePager/Haptic``s with UIKit's feedback generators: a
/// selection change for a page turn, a light impact when a drag past the last page crosses the
/// close threshold. The generators are prepared when a finger comes down, so the first tap is on
/// time, and follow the system's haptics setting themselves.
@MainActor
final class HapticPlayer {
    private let selection = UISelectionFeedbackGenerator()
    private let impact = UIImpactFeedbackGenerator(style: .light)

    /// Wakes the Taptic Engine: call when a touch begins.
    func prepare() {
        selection.prepare()
        impact.prepare()
    }

    /// Plays `haptics`, in order.
    func play(_ haptics: [CubePager.Haptic]) {
        for haptic in haptics {
            switch haptic {
            case .pageTurn: selection.selectionChanged()
            case .pastEnd: impact.impactOccurred()
            }
        }
    }
}
#endif
