import Foundation
import StoryKit

// MARK: - StoryRingAccessibility

/// What VoiceOver says about a story avatar, as plain values: both front-ends are buttons with
/// this label, value and announcement.
package enum StoryRingAccessibility {
    /// The label: "Ava, new story" (unseen), "Ava, seen" (seen), "Ava" (no stories); without a
    /// name, "New story", "Story, seen" and no label.
    ///
    /// - Parameters:
    ///   - userName: The user's name, as shown in the tray.
    ///   - status: The ring's status.
    package static func label(userName: String, status: StoryRing.Status) -> String {
        let name = userName.trimmingCharacters(in: .whitespacesAndNewlines)
        switch status {
        case .unseen: return name.isEmpty ? "New story" : name + ", new story"
        case .seen: return (name.isEmpty ? "Story" : name) + ", seen"
        case .none: return name
        }
    }

    /// The value while the story loads ("loading"), else nil.
    package static func value(isLoading: Bool) -> String? {
        isLoading ? "loading" : nil
    }

    /// The announcement when loading starts.
    package static let loadingAnnouncement = "Loading"
}
