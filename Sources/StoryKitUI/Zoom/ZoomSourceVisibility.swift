// MARK: - ZoomSourceVisibility

/// When the SwiftUI zoom's source (the tapped cell) hides and when it comes back. Plain values,
/// tested on Linux (not `Sendable`: ids are `AnyHashable`, kept on the main actor); ``ZoomNamespace`` keeps one and every ``SwiftUI/View/zoomSource(id:in:)``
/// reads it.
///
/// The cell hides when its detail opens (the moving image stands in for it) and shows again as
/// soon as the detail can no longer land in it: the zoom's close finished, or the detail was
/// dismissed another way (`dismiss`, the selection cleared, the back button or the edge swipe),
/// or it disappeared, or it now shows another source. An event about a detail other than the
/// one hiding its cell changes nothing (a late disappearance of the previous detail does not
/// bring back the cell of the next).
package struct ZoomSourceVisibility: Hashable {
    /// What happened to the detail.
    package enum Event: Hashable {
        /// The detail opened out of source `id`.
        case opened(AnyHashable)
        /// The zoom's close of the detail of `id` landed in the cell (or faded).
        case closeFinished(AnyHashable)
        /// The detail of `id` stopped being presented (its presentation's `isPresented` turned
        /// false: `dismiss`, the selection cleared, the navigation stack popped).
        case dismissed(AnyHashable)
        /// The detail of `id` left the screen.
        case disappeared(AnyHashable)
        /// The detail that showed `old` now shows `new` (nil: the selection cleared).
        case sourceChanged(old: AnyHashable, new: AnyHashable?)
    }

    /// The source hidden now, if any.
    package private(set) var hidden: AnyHashable?

    /// Nothing hidden.
    package init() {}

    /// Whether source `id` is hidden now.
    package func isHidden(_ id: AnyHashable) -> Bool { hidden == id }

    /// The opacity source `id`'s view is drawn at: 0 while hidden, else 1.
    package func opacity(of id: AnyHashable) -> Double { isHidden(id) ? 0 : 1 }

    /// Applies `event`.
    package mutating func handle(_ event: Event) {
        switch event {
        case .opened(let id):
            hidden = id
        case .closeFinished(let id), .dismissed(let id), .disappeared(let id):
            if hidden == id { hidden = nil }
        case let .sourceChanged(old, new):
            guard hidden == old else { return }
            hidden = new                                // the detail now lands in the new cell, or nowhere
        }
    }
}

// MARK: - ZoomSourceFrames

/// Where the SwiftUI zoom's sources are, in the window's points, by id. A source that leaves the
/// screen loses its frame (the detail then fades in place), except while the grid is covered by
/// a detail pushed with the zoom (``isFrozen``): the grid does not move beneath it, so its cells
/// keep the frames they had and the close lands in the right one. Plain values, tested on Linux.
package struct ZoomSourceFrames: Hashable {
    private var frames: [AnyHashable: Rect] = [:]
    /// Whether the grid is covered by a pushed detail (frames are kept as they were).
    package private(set) var isFrozen = false

    /// No sources.
    package init() {}

    /// The frame of source `id`, or nil when it is not on screen.
    package func frame(of id: AnyHashable) -> Rect? { frames[id] }

    /// Source `id` is at `frame` now (nil: it left the screen); ignored while frozen.
    package mutating func update(_ id: AnyHashable, frame: Rect?) {
        guard !isFrozen else { return }
        frames[id] = frame
    }

    /// The grid is covered now (a detail is pushed over it).
    package mutating func freeze() { isFrozen = true }

    /// The grid is on screen again.
    package mutating func thaw() { isFrozen = false }
}
