#if canImport(UIKit)
import UIKit

/// Provides a ``CubePagerView``'s pages: how many, and a view for each page that comes on
/// screen.
///
/// The pager asks for a view only while its page is visible (one page at rest, two during a
/// turn) and hands a view that went off screen back through `reusing`, like a table view's
/// cells. The pager places the view in a face container and never transforms the view itself.
@MainActor
public protocol CubePagerViewDataSource: AnyObject {
    /// The number of pages, 0 or more.
    func numberOfPages(in pagerView: CubePagerView) -> Int

    /// The view showing page `index`, configured for that page.
    ///
    /// - Parameters:
    ///   - pagerView: The pager asking.
    ///   - index: The page, in `0..<numberOfPages(in:)`.
    ///   - view: A view this data source returned earlier for another page (or for this page
    ///     before ``CubePagerView/reloadData()``) that is off screen now; reconfigure and return
    ///     it, or return another view. Nil when none is pooled.
    /// - Returns: The page's view; the pager sizes it to the page and adds it to its hierarchy.
    func cubePagerView(_ pagerView: CubePagerView, viewForPageAt index: Int, reusing view: UIView?) -> UIView
}

/// Hears about a ``CubePagerView``'s page changes. Every method has an empty default.
///
/// Page changes are balanced: each `willChangePageFrom:to:` is followed by exactly one
/// `didChangePageTo:` for its `to` page or one `didCancelPageChangeFrom:to:` with the same pages.
@MainActor
public protocol CubePagerViewDelegate: AnyObject {
    /// The cube is settling toward page `to` (a finger released, or a programmatic turn): start
    /// loading that page's media, pause the leaving page's playback.
    func cubePagerView(_ pagerView: CubePagerView, willChangePageFrom from: Int, to: Int)
    /// The cube came to rest on page `index`, a page other than the previous current page.
    func cubePagerView(_ pagerView: CubePagerView, didChangePageTo index: Int)
    /// A change announced by `willChangePageFrom:to:` will not happen (a finger turned the cube
    /// back).
    func cubePagerView(_ pagerView: CubePagerView, didCancelPageChangeFrom from: Int, to: Int)
    /// A finger released the cube past the last page: a stories viewer closes here.
    func cubePagerViewDidPanPastEnd(_ pagerView: CubePagerView)
    /// Page `index` came on screen with `pageView` (the cube began to turn toward it, or the
    /// pager jumped there): start its playback or its appearance.
    func cubePagerView(_ pagerView: CubePagerView, willDisplay pageView: UIView, forPageAt index: Int)
    /// Page `index` went off screen; `pageView` is out of the hierarchy, in the reuse pool or
    /// released: stop its playback.
    func cubePagerView(_ pagerView: CubePagerView, didEndDisplaying pageView: UIView, forPageAt index: Int)
    /// The cube turned: `position` is the page in front as a fraction (1.25 is a quarter of the
    /// way from page 1 to page 2; below 0 or past the last page while rubber-banding). Called
    /// once per drawn frame while it changes, for a progress overlay or to pause playback.
    func cubePagerView(_ pagerView: CubePagerView, didTurnTo position: Double)
}

extension CubePagerViewDelegate {
    /// Does nothing.
    public func cubePagerView(_ pagerView: CubePagerView, willChangePageFrom from: Int, to: Int) {}
    /// Does nothing.
    public func cubePagerView(_ pagerView: CubePagerView, didChangePageTo index: Int) {}
    /// Does nothing.
    public func cubePagerView(_ pagerView: CubePagerView, didCancelPageChangeFrom from: Int, to: Int) {}
    /// Does nothing.
    public func cubePagerViewDidPanPastEnd(_ pagerView: CubePagerView) {}
    /// Does nothing.
    public func cubePagerView(_ pagerView: CubePagerView, willDisplay pageView: UIView, forPageAt index: Int) {}
    /// Does nothing.
    public func cubePagerView(_ pagerView: CubePagerView, didEndDisplaying pageView: UIView, forPageAt index: Int) {}
    /// Does nothing.
    public func cubePagerView(_ pagerView: CubePagerView, didTurnTo position: Double) {}
}
#endif
