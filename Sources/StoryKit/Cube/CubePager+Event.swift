// MARK: - CubePager + Event

extension CubePager {
    /// Something a front-end reacts to, returned by the pager's input methods.
    public enum Event: Sendable, Hashable {
        /// At release: the cube is going to settle on page `to` (it was on `from`).
        ///
        /// A new gesture may still interrupt the settle and turn it back.
        case willChangePage(from: Int, to: Int)
        /// The settle completed on a page other than the previous ``CubePager/currentIndex``.
        case didChangePage(Int)
        /// The finger released past the last page (far enough, or with a forward flick): the
        /// viewer may close. The cube springs back to the last page regardless.
        case pastEnd
    }
}
