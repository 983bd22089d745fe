// MARK: - PageChildAppearance

/// The containment and appearance bookkeeping of ``CubePagerViewController``, as plain values:
/// which child view controllers are on screen, whether the container is visible, and which
/// appearance transitions are still open, turned into the calls UIKit's containment needs.
///
/// Generic over the child type so that it is tested on every platform; the container applies
/// each ``Call`` to its `UIViewController` children. The rules:
/// - A page's child gets `didMove(toParent:)` when its page comes on screen and, if the container
///   is visible, a whole appearance (begin, then end) at once.
/// - The container's own `viewWillAppear` / `viewWillDisappear` begin the same transition for
///   every child on screen (first ending one still open: an interrupted transition ends before
///   the next begins); its `viewDidAppear` / `viewDidDisappear` end it.
/// - A page leaving the screen ends its child's open transition first, gives it a whole
///   disappearance if the container is visible, then removes it from the container.
///
/// A state machine over time: page and container events come in any order on the main thread.
package struct PageChildAppearance<Key: Hashable, Child: Equatable> {
    /// One containment call on a child, in the order they must be made.
    package enum Call: Equatable {
        /// `beginAppearanceTransition(appearing, animated:)`.
        case begin(Child, appearing: Bool, animated: Bool)
        /// `endAppearanceTransition()`.
        case end(Child)
        /// `didMove(toParent:)` the container.
        case didMove(Child)
        /// `willMove(toParent: nil)`, its view out of the hierarchy, then `removeFromParent()`.
        case remove(Child)
    }

    /// The children whose pages are on screen (or being provided), by their page view's key, in
    /// the order they came.
    private(set) var children: [(key: Key, child: Child)] = []
    /// Whether the container is between `viewWillAppear` and `viewWillDisappear`.
    private(set) var isVisible = false
    /// The children told `beginAppearanceTransition` with the container's own, still to be told
    /// `endAppearanceTransition` (a child that comes on screen in between gets both at once).
    private(set) var inTransition: [Child] = []

    /// Empty bookkeeping: no children, the container not visible.
    package init() {}

    /// The child whose page view has `key`, if it is on screen.
    package func child(for key: Key) -> Child? {
        children.first { $0.key == key }?.child
    }

    /// The data source gave `child` for a page whose view has `key` (the container has added it
    /// as a child).
    package mutating func provided(_ child: Child, key: Key) {
        children.removeAll { $0.key == key }
        children.append((key, child))
    }

    /// The container's `viewWillAppear` (`appearing`) or `viewWillDisappear`.
    package mutating func containerWillTransition(appearing: Bool, animated: Bool) -> [Call] {
        var calls = containerDidTransition()
        isVisible = appearing
        inTransition = children.map(\.child)
        calls += inTransition.map { .begin($0, appearing: appearing, animated: animated) }
        return calls
    }

    /// The container's `viewDidAppear` or `viewDidDisappear`: the open transitions end.
    package mutating func containerDidTransition() -> [Call] {
        defer { inTransition = [] }
        return inTransition.map { .end($0) }
    }

    /// The page whose view has `key` came on screen.
    package mutating func pageWillDisplay(key: Key) -> [Call] {
        guard let child = child(for: key) else { return [] }
        guard isVisible else { return [.didMove(child)] }
        return [.didMove(child), .begin(child, appearing: true, animated: true), .end(child)]
    }

    /// The page whose view has `key` went off screen.
    package mutating func pageDidEndDisplaying(key: Key) -> [Call] {
        guard let index = children.firstIndex(where: { $0.key == key }) else { return [] }
        let child = children.remove(at: index).child
        var calls: [Call] = []
        if let pending = inTransition.firstIndex(of: child) {
            inTransition.remove(at: pending)
            calls.append(.end(child))
        }
        if isVisible { calls += [.begin(child, appearing: false, animated: true), .end(child)] }
        calls.append(.remove(child))
        return calls
    }
}
