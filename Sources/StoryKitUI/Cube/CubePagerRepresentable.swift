#if canImport(SwiftUI) && canImport(UIKit)
import StoryKit
import SwiftUI
import UIKit

/// The `UIViewRepresentable` behind ``CubePages``: a ``CubePagerView`` whose data source and
/// delegate is the coordinator.
struct CubePagerRepresentable<Data: RandomAccessCollection, ID: Hashable, Content: View>: UIViewRepresentable {
    let pages: CubePages<Data, ID, Content>
    let reduceMotion: Bool

    func makeCoordinator() -> Coordinator { Coordinator(pages: pages) }

    func makeUIView(context: Context) -> CubePagerView {
        let view = CubePagerView(configuration: pages.configuration)
        view.reducedMotionTransition = pages.reducedMotionTransition
        view.prefersReducedMotion = reduceMotion
        view.dataSource = context.coordinator
        view.delegate = context.coordinator
        context.coordinator.knownPage = pages.currentPage
        context.coordinator.pageCount = pages.pageCount
        view.setCurrentPage(pages.currentPage, animated: false)
        return view
    }

    func updateUIView(_ view: CubePagerView, context: Context) {
        let coordinator = context.coordinator
        coordinator.pages = pages
        coordinator.isUpdating = true
        defer { coordinator.isUpdating = false }
        view.configuration = pages.configuration
        view.reducedMotionTransition = pages.reducedMotionTransition
        view.prefersReducedMotion = reduceMotion
        if coordinator.pageCount != pages.pageCount {
            coordinator.pageCount = pages.pageCount
            view.reloadData()
        } else {
            // Same pages: give the hosted views of the pages on screen the new content.
            for index in view.indicesOfVisiblePages {
                (view.pageView(at: index) as? HostingPageView<CubePageContent<ID, Content>>)?.rootView = pages.page(at: index)
            }
        }
        // Only a change of the binding made outside (not one this pager wrote) turns the cube.
        if pages.currentPage != coordinator.knownPage {
            coordinator.knownPage = pages.currentPage
            let animated = context.transaction.animation != nil && !context.transaction.disablesAnimations
            view.setCurrentPage(pages.currentPage, animated: animated)
        }
    }

    /// The pager's data source and delegate: hosts each page's content and writes the binding.
    @MainActor
    final class Coordinator: CubePagerViewDataSource, CubePagerViewDelegate {
        var pages: CubePages<Data, ID, Content>
        /// The binding's value as last written or seen, so that only outside changes turn the cube.
        var knownPage: Int = 0
        /// The page count the pager was last loaded with.
        var pageCount: Int = 0
        /// Whether SwiftUI is updating the view (the binding must not be written synchronously).
        var isUpdating = false

        init(pages: CubePages<Data, ID, Content>) { self.pages = pages }

        func numberOfPages(in pagerView: CubePagerView) -> Int { pages.pageCount }

        func cubePagerView(_ pagerView: CubePagerView, viewForPageAt index: Int, reusing view: UIView?) -> UIView {
            let content = pages.page(at: index)
            if let reused = view as? HostingPageView<CubePageContent<ID, Content>> {
                reused.rootView = content
                return reused
            }
            return HostingPageView(rootView: content)
        }

        func cubePagerView(_ pagerView: CubePagerView, didChangePageTo index: Int) {
            guard index != knownPage else { return }
            knownPage = index
            let binding = pages.$currentPage
            if isUpdating {
                // A change caused by SwiftUI's own update (a clamped page): write after it.
                Task { @MainActor in binding.wrappedValue = index }
            } else {
                binding.wrappedValue = index
            }
        }

        func cubePagerViewDidPanPastEnd(_ pagerView: CubePagerView) {
            pages.onPastEnd?()
        }
    }
}

/// A page view that owns the `UIHostingController` showing its SwiftUI content, so that the
/// controller lives exactly as long as the pager keeps the view (on screen or in its reuse pool).
@MainActor
final class HostingPageView<Root: View>: UIView {
    private let host: UIHostingController<Root>

    /// The hosted content; setting it updates the page in place.
    var rootView: Root {
        get { host.rootView }
        set { host.rootView = newValue }
    }

    init(rootView: Root) {
        host = UIHostingController(rootView: rootView)
        super.init(frame: .zero)
        host.view.backgroundColor = .clear
        host.view.frame = bounds
        host.view.autoresizingMask = [.flexibleWidth, .flexibleHeight]
        addSubview(host.view)
    }

    @available(*, unavailable)
    required init?(coder: NSCoder) { fatalError("init(coder:) is not supported") }
}
#endif
