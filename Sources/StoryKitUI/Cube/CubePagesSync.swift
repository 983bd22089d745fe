import StoryKit

// MARK: - CubePagesSync

/// How ``CubePages`` keeps its page binding and its pager in step, as plain values: when the
/// pages are loaded again, when a change of the binding turns the cube (and whether animated),
/// and when the pager's own page change is written back to the binding.
///
/// The rules:
/// - The pager is reloaded when the page count changes; otherwise the pages on screen are only
///   given their new content.
/// - Only a change of the binding made outside turns the cube, not the pager's own write: the
///   binding's value is remembered as last written or seen.
/// - A turn is animated when SwiftUI's transaction carries an animation that is not disabled
///   (`withAnimation { selection = next.id }`), as `TabView`'s page style does.
/// - A page change the pager reports while SwiftUI is updating the view (a page clamped by the
///   update) is written after the update, never during it.
///
/// A state machine over time: SwiftUI updates and pager page changes interleave on the main
/// thread.
package struct CubePagesSync: Sendable, Hashable {
    /// How the pager's page change reaches the binding.
    package enum Write: Sendable, Hashable {
        /// Not at all: the binding already holds the page.
        case unchanged
        /// At once.
        case now
        /// After SwiftUI's update (a write during it is not allowed).
        case afterUpdate
    }

    /// A turn of the cube that a change of the binding asks for.
    package struct Turn: Sendable, Hashable {
        /// The page, from 0 (the pager clamps it into its pages).
        package var page: Int
        /// Whether the cube turns (true) or jumps.
        package var animated: Bool
    }

    /// The binding's value as last written or seen, so that only outside changes turn the cube.
    package private(set) var knownPage: Int
    /// The page count the pager was last loaded with.
    package private(set) var pageCount: Int
    /// Whether SwiftUI is updating the view (setting it starts an update afresh).
    package var isUpdating = false {
        didSet { if isUpdating { staleBinding = nil } }
    }
    /// The binding's page this update before the pager moved on its own (its write waits for the
    /// update's end): the binding still reads it, and it must not turn the pager back.
    private var staleBinding: Int?

    /// The state after the pager was made, showing `page` of `pageCount` pages.
    package init(page: Int, pageCount: Int) {
        knownPage = page
        self.pageCount = pageCount
    }

    /// SwiftUI updated the view with `count` pages.
    ///
    /// - Returns: Whether the pager must reload (the count changed); else the pages on screen
    ///   only get their new content.
    package mutating func pageCountChanged(to count: Int) -> Bool {
        guard count != pageCount else { return false }
        pageCount = count
        return true
    }

    /// SwiftUI updated the view with the binding at `page`, in a transaction that has an
    /// animation (`hasAnimation`) and may disable animations.
    ///
    /// - Returns: The turn to make when the binding changed outside, else nil.
    package mutating func bindingChanged(to page: Int, hasAnimation: Bool, disablesAnimations: Bool) -> Turn? {
        guard page != knownPage, !(isUpdating && page == staleBinding) else { return nil }
        knownPage = page
        return Turn(page: page, animated: hasAnimation && !disablesAnimations)
    }

    /// The pager came to rest on page `index`.
    ///
    /// - Returns: How to write `index` to the binding.
    package mutating func pagerDidChangePage(to index: Int) -> Write {
        guard index != knownPage else { return .unchanged }
        if isUpdating, staleBinding == nil { staleBinding = knownPage }
        knownPage = index
        return isUpdating ? .afterUpdate : .now
    }
}

// MARK: - CubePagesActions

/// What the ``CubePages`` inside a view are told to call: set by the modifiers
/// (`onPanPastEnd`, `onCubePageEvent`, `onCubeTurn`) through the environment, so the modifiers
/// work in any order around the pager.
struct CubePagesActions {
    /// Called when a finger releases the cube past the last page.
    var pastEnd: (@MainActor () -> Void)?
    /// Called with every page event, as the UIKit delegate gets them.
    var event: (@MainActor (CubePager.Event) -> Void)?
    /// Called with the page position on every drawn frame that changes it.
    var turn: (@MainActor (Double) -> Void)?

    /// Hands the pager's `event` to the event action and, past the end, to the past-end action.
    @MainActor
    func report(_ event: CubePager.Event) {
        self.event?(event)
        if case .pastEnd = event { pastEnd?() }
    }
}
