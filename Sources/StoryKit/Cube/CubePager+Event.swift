// MARK: - CubePager + Event

extension CubePager {
    /// Something a front-end reacts to, returned by the pager's input methods.
    ///
    /// Page changes are balanced: every ``willChangePage(from:to:)`` is followed by exactly one
    /// ``didChangePage(_:)`` of its `to` page or one ``didCancelPageChange(from:to:)`` with the
    /// same pages, as `UIPageViewController`'s `willTransitionTo` is by
    /// `didFinishAnimating(_:previousViewControllers:transitionCompleted:)`. A page change is
    /// announced once, however often the settle toward it is grabbed and released again.
    public enum Event: Sendable, Hashable {
        /// At release: the cube is going to settle on page `to` (it was on `from`).
        ///
        /// A new gesture may still interrupt the settle and turn it back
        /// (``didCancelPageChange(from:to:)``).
        case willChangePage(from: Int, to: Int)
        /// The settle completed on a page other than the previous ``CubePager/currentIndex``.
        case didChangePage(Int)
        /// A page change announced by ``willChangePage(from:to:)`` will not happen: a later
        /// gesture sent the cube back to `from` (or on to another page, announced next).
        case didCancelPageChange(from: Int, to: Int)
        /// The finger released past the last page (far enough, or with a forward flick): the
        /// viewer may close. The cube springs back to the last page regardless.
        case pastEnd
    }
}
