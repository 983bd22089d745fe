// MARK: - StoriesMediaStack

/// The media views of one Stories page, bottom to top, as plain bookkeeping tested on Linux: the
/// newest item's view goes on top, and the views under it stay until it has its first frame (no
/// black frame between items) or the item failed (not the previous item's picture behind the
/// failure), then go. The page view adds and removes the views it is told to.
package struct StoriesMediaStack<Element: AnyObject> {
    /// The elements, bottom to top.
    package private(set) var elements: [Element] = []

    /// An empty stack.
    package init() {}

    /// The element on top (the one the page shows), if any.
    package var top: Element? {
        elements.last
    }

    /// Puts `element` on top, taking it from under the top if it is there already.
    ///
    /// - Returns: Whether it was not on top already: then the caller puts its view on top.
    package mutating func push(_ element: Element) -> Bool {
        guard elements.last !== element else { return false }
        elements.removeAll { $0 === element }
        elements.append(element)
        return true
    }

    /// Takes every element under the top out of the stack.
    ///
    /// - Returns: Those elements, bottom to top: the caller removes their views.
    package mutating func dropBelowTop() -> [Element] {
        guard let top = elements.last else { return [] }
        let dropped = Array(elements.dropLast())
        elements = [top]
        return dropped
    }

    /// ``dropBelowTop()`` when `condition` holds (the item failed), else nothing.
    ///
    /// - Returns: The elements taken out, bottom to top: the caller removes their views.
    package mutating func dropBelowTop(when condition: Bool) -> [Element] {
        condition ? dropBelowTop() : []
    }

    /// Empties the stack (the page is reused for another user).
    ///
    /// - Returns: Every element, bottom to top: the caller removes their views.
    package mutating func removeAll() -> [Element] {
        defer { elements = [] }
        return elements
    }
}
