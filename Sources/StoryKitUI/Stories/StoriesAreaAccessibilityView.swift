#if canImport(UIKit) && canImport(AVFoundation)
import StoryKit
import UIKit

/// VoiceOver's view of the current page's elements, its tappable areas and its Retry button: a
/// transparent view over the page (the stage's bounds, which are the page's points) whose
/// accessibility elements are the model's ``StoryKit/StoriesViewer/pageAccessibilityElements``,
/// one `UIAccessibilityElement` each with the model's frame, label, hint and trait. Activating
/// one is the model's ``StoryKit/StoriesViewer/activateAccessibilityElement(_:time:)``. It takes
/// no touches and decides nothing.
@MainActor
final class StoriesAreaAccessibilityView: UIView {
    /// Activates the element with this id (the controller's model input).
    var onActivate: ((String) -> Bool)?
    /// The model's elements the UIKit ones were made from.
    private var shown: [StoriesViewer.AreaAccessibilityElement] = []

    override init(frame: CGRect) {
        super.init(frame: frame)
        isUserInteractionEnabled = false
        isAccessibilityElement = false
        accessibilityElements = []
    }

    @available(*, unavailable)
    required init?(coder: NSCoder) { fatalError("init(coder:) is not supported") }

    /// Shows `elements` (page points) to VoiceOver; the same list changes nothing.
    func update(_ elements: [StoriesViewer.AreaAccessibilityElement]) {
        guard elements != shown else { return }
        shown = elements
        accessibilityElements = elements.map { element in
            let item = AreaElement(accessibilityContainer: self)
            item.id = element.id
            item.onActivate = { [weak self] id in self?.onActivate?(id) ?? false }
            item.accessibilityLabel = element.label
            item.accessibilityHint = element.hint
            item.accessibilityTraits = StoryAreaVoiceOver.traits(isLink: element.isLink)
            item.accessibilityFrameInContainerSpace = CGRect(element.frame)
            return item
        }
    }

    /// One area: activation taps it.
    private final class AreaElement: UIAccessibilityElement {
        var id = ""
        var onActivate: ((String) -> Bool)?

        override func accessibilityActivate() -> Bool {
            MainActor.assumeIsolated { onActivate?(id) ?? false }
        }
    }
}
#endif
