#if canImport(UIKit)
import StoryKit
import UIKit

// MARK: - CubePagerView + Accessibility

extension CubePagerView {
    /// "Next page" and "Previous page", each only where there is such a page (counted from the
    /// page the cube is heading to, so repeated actions during a turn go on from there).
    ///
    /// The pager is a container, not an element: VoiceOver focuses the elements of the page in
    /// front (the other face's elements are hidden), and offers the actions of their containers
    /// with their own.
    public override var accessibilityCustomActions: [UIAccessibilityCustomAction]? {
        // UIKit declares the accessibility informal protocol without isolation; it calls it on the
        // main thread.
        get { MainActor.assumeIsolated { pageTurnActions() } }
        set {}  // computed from the pages; not settable
    }

    /// A three-finger swipe: left (or "next") turns to the next page, right (or "previous") to
    /// the previous one; up and down are left to enclosing scroll views.
    ///
    /// - Returns: Whether the pager turned (false at the first or last page: VoiceOver plays its
    ///   boundary sound).
    public override func accessibilityScroll(_ direction: UIAccessibilityScrollDirection) -> Bool {
        MainActor.assumeIsolated { accessibilityTurn(by: PageAnnouncement.step(forScrollDirection: direction.rawValue)) }
    }

    /// The actions that exist from the target page.
    private func pageTurnActions() -> [UIAccessibilityCustomAction] {
        reloadIfNeeded()
        let actions = driver.session.accessibilityTurnActions(next: accessibilityNextPageActionName,
                                                              previous: accessibilityPreviousPageActionName)
        return actions.map { action in
            UIAccessibilityCustomAction(name: action.name) { [weak self] _ in
                MainActor.assumeIsolated { self?.accessibilityTurn(by: action.step) ?? false }
            }
        }
    }

    /// Turns `step` pages from the target page and announces where the user is (a step of 0, or
    /// past an end, turns nothing: false) (``CubePagerDriver/accessibilityTurn(step:)``).
    private func accessibilityTurn(by step: Int) -> Bool {
        driver.accessibilityTurn(step: step)
    }
}
#endif
