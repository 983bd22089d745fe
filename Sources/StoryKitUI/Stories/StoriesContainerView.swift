#if canImport(UIKit) && canImport(AVFoundation)
import UIKit

/// The page container of the Stories viewer: the view the dismiss moves, scales and rounds, and
/// the one VoiceOver element of the page.
///
/// Its label is the model's "Ava, story 2 of 5, 2 hours ago"; its custom actions are the
/// ``StoriesAccessibilityAction``s that exist now; focus holds progress (the model's
/// ``StoryKit/StoriesViewer/PauseReasons/voiceOver``); the escape gesture (a two-finger Z)
/// closes; a double tap goes to the next story. The controller answers each of these.
@MainActor
final class StoriesContainerView: UIView {
    weak var controller: StoriesViewController?

    override init(frame: CGRect) {
        super.init(frame: frame)
        layer.cornerCurve = .continuous
        isAccessibilityElement = true
    }

    @available(*, unavailable)
    required init?(coder: NSCoder) { fatalError("init(coder:) is not supported") }

    // UIKit declares the accessibility informal protocol without isolation; it calls it on the
    // main thread.

    override var accessibilityLabel: String? {
        get { MainActor.assumeIsolated { controller?.accessibilityPageLabel } }
        set {}  // the model's
    }

    override var accessibilityCustomActions: [UIAccessibilityCustomAction]? {
        get {
            MainActor.assumeIsolated {
                guard let controller else { return [] }
                return StoriesAccessibilityAction.available(in: controller.viewer).map { action in
                    UIAccessibilityCustomAction(name: action.name) { [weak controller] _ in
                        MainActor.assumeIsolated { controller?.performAccessibilityAction(action) ?? false }
                    }
                }
            }
        }
        set {}  // the model's
    }

    override func accessibilityElementDidBecomeFocused() {
        super.accessibilityElementDidBecomeFocused()
        MainActor.assumeIsolated { controller?.voiceOverFocusChanged(true) }
    }

    override func accessibilityElementDidLoseFocus() {
        super.accessibilityElementDidLoseFocus()
        MainActor.assumeIsolated { controller?.voiceOverFocusChanged(false) }
    }

    override func accessibilityPerformEscape() -> Bool {
        MainActor.assumeIsolated { controller?.performAccessibilityAction(.close) ?? false }
    }

    override func accessibilityActivate() -> Bool {
        MainActor.assumeIsolated { controller?.performAccessibilityAction(.nextItem) ?? false }
    }
}
#endif
