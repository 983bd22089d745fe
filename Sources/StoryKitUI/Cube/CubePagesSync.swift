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
///   update) is written after the update, never during it, unless the app's own new page in the
///   same update turns the cube (the binding already holds what the cube shows).
/// - A binding that names no page (7 of 3 pages, or −1) turns the cube to the page clamped into
///   the pages, and that page is written back after the update, so that the app's state and the
///   screen agree; with no pages there is nothing to turn to, and the binding's page is shown
///   once pages come.
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
        /// After SwiftUI's update (a write during it is not allowed): ``takeDeferredWrite()`` gives
        /// it then.
        case afterUpdate
    }

    /// A turn of the cube that a change of the binding asks for.
    package struct Turn: Sendable, Hashable {
        /// The page, from 0 (the pager clamps it into its pages).
        package var page: Int
        /// Whether the cube turns (true) or jumps.
        package var animated: Bool
        /// The page to write back to the binding after SwiftUI's update, when the binding named a
        /// page that does not exist (it is ``page``, the binding clamped into the pages); nil when
        /// the binding names a page.
        package var writeBack: Int?

        /// A turn to `page` (from 0), animated or not, that may write `writeBack` to the binding.
        package init(page: Int, animated: Bool, writeBack: Int? = nil) {
            self.page = page
            self.animated = animated
            self.writeBack = writeBack
        }
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
    /// The page to write to the binding once SwiftUI's update is over (see ``takeDeferredWrite()``).
    package private(set) var deferredWrite: Int?

    /// The state after the pager was made, showing `page` of `pageCount` pages.
    package init(page: Int, pageCount: Int) {
        knownPage = page
        self.pageCount = Self.pagerCount(pageCount)
    }

    /// `count` as the pager loads it: 0…``StoryKit/CubePager/maximumPageCount`` pages.
    private static func pagerCount(_ count: Int) -> Int {
        min(max(count, 0), CubePager.maximumPageCount)
    }

    /// SwiftUI updated the view with `count` pages (clamped to 0…``StoryKit/CubePager/maximumPageCount``,
    /// as the pager clamps it).
    ///
    /// - Returns: Whether the pager must reload (the count changed); else the pages on screen
    ///   only get their new content.
    package mutating func pageCountChanged(to count: Int) -> Bool {
        let count = Self.pagerCount(count)
        guard count != pageCount else { return false }
        pageCount = count
        return true
    }

    /// SwiftUI updated the view with the binding at `page`, in a transaction that has an
    /// animation (`hasAnimation`) and may disable animations.
    ///
    /// - Returns: The turn to make when the binding changed outside, else nil (nil too while there
    ///   are no pages: the binding's page is turned to when pages come). A binding that names no
    ///   page turns to the page the pager clamps it to, written back to the binding.
    package mutating func bindingChanged(to page: Int, hasAnimation: Bool, disablesAnimations: Bool) -> Turn? {
        guard page != knownPage, !(isUpdating && page == staleBinding), pageCount > 0 else { return nil }
        let shown = min(max(page, 0), pageCount - 1)
        knownPage = shown
        deferredWrite = shown == page ? nil : shown  // the app's own page wins over the pager's deferred one
        return Turn(page: shown, animated: hasAnimation && !disablesAnimations, writeBack: shown == page ? nil : shown)
    }

    /// The pager came to rest on page `index`.
    ///
    /// - Returns: How to write `index` to the binding.
    package mutating func pagerDidChangePage(to index: Int) -> Write {
        guard index != knownPage else { return .unchanged }
        if isUpdating, staleBinding == nil { staleBinding = knownPage }
        knownPage = index
        guard isUpdating else { return .now }
        deferredWrite = index
        return .afterUpdate
    }

    /// The pager reported `event`: the page to write to the binding now, for a change of page
    /// outside SwiftUI's update (``pagerDidChangePage(to:)`` says `.now`), else nil (other
    /// events, the page already known, or a write deferred until the update is over).
    package mutating func pageToWriteNow(after event: CubePager.Event) -> Int? {
        guard case let .didChangePage(index) = event, pagerDidChangePage(to: index) == .now else { return nil }
        return index
    }

    /// SwiftUI's update is over: the page to write to the binding now that it may be written (the
    /// pager's own change during the update, or a binding clamped back into the pages), if any.
    package mutating func takeDeferredWrite() -> Int? {
        defer { deferredWrite = nil }
        return deferredWrite
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
    /// Whether the finger's turns are felt (``CubePagerView/playsHaptics``).
    var playsHaptics = true

    /// Hands the pager's `event` to the event action and, past the end, to the past-end action.
    @MainActor
    func report(_ event: CubePager.Event) {
        self.event?(event)
        if case .pastEnd = event { pastEnd?() }
    }
}
