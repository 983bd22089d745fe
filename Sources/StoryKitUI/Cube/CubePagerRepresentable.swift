#if canImport(SwiftUI) && canImport(UIKit)
import StoryKit
import SwiftUI
import UIKit

/// The `UIViewControllerRepresentable` behind ``CubePages``: a ``CubePagerViewController`` whose
/// pages are `UIHostingController`s, each a child view controller of the pager while its page is
/// on screen, so that presentations (sheets, alerts) and appearance work from inside a page.
///
/// Each page's content gets the environment of the place ``CubePages`` stands in: the whole of
/// `EnvironmentValues` (custom keys and `@EnvironmentObject`s included) is set on the hosted root,
/// and set again whenever SwiftUI updates the pager.
struct CubePagerRepresentable<Data: RandomAccessCollection, ID: Hashable, Content: View>: UIViewControllerRepresentable {
    let pages: CubePages<Data, ID, Content>
    let reduceMotion: Bool
    let actions: CubePagesActions

    func makeCoordinator() -> Coordinator { Coordinator(pages: pages, actions: actions) }

    func makeUIViewController(context: Context) -> CubePagerViewController {
        let controller = CubePagerViewController(configuration: pages.configuration)
        let coordinator = context.coordinator
        coordinator.environment = context.environment
        controller.pagerView.reducedMotionTransition = pages.reducedMotionTransition
        controller.pagerView.prefersReducedMotion = reduceMotion
        controller.dataSource = coordinator
        controller.delegate = coordinator
        coordinator.knownPage = pages.currentPage
        coordinator.pageCount = pages.pageCount
        controller.pagerView.setCurrentPage(pages.currentPage, animated: false)
        return controller
    }

    func updateUIViewController(_ controller: CubePagerViewController, context: Context) {
        let coordinator = context.coordinator
        coordinator.pages = pages
        coordinator.actions = actions
        coordinator.environment = context.environment
        coordinator.isUpdating = true
        defer { coordinator.isUpdating = false }
        let pager = controller.pagerView
        pager.configuration = pages.configuration
        pager.reducedMotionTransition = pages.reducedMotionTransition
        pager.prefersReducedMotion = reduceMotion
        if coordinator.pageCount != pages.pageCount {
            coordinator.pageCount = pages.pageCount
            controller.reloadData()
        } else {
            // Same pages: give the pages on screen their new content and environment.
            for index in pager.indicesOfVisiblePages {
                (controller.viewController(at: index) as? Coordinator.Host)?.rootView = coordinator.root(ofPage: index)
            }
        }
        // Only a change of the binding made outside (not one this pager wrote) turns the cube.
        if pages.currentPage != coordinator.knownPage {
            coordinator.knownPage = pages.currentPage
            let animated = context.transaction.animation != nil && !context.transaction.disablesAnimations
            pager.setCurrentPage(pages.currentPage, animated: animated)
        }
    }

    /// The pager's data source and delegate: hosts each page's content and writes the binding.
    @MainActor
    final class Coordinator: CubePagerViewControllerDataSource, CubePagerViewDelegate {
        /// A page's hosting controller.
        typealias Host = UIHostingController<CubePageRoot<ID, Content>>

        var pages: CubePages<Data, ID, Content>
        var actions: CubePagesActions
        /// The environment where ``CubePages`` stands, handed to every page.
        var environment = EnvironmentValues()
        /// The binding's value as last written or seen, so that only outside changes turn the cube.
        var knownPage: Int = 0
        /// The page count the pager was last loaded with.
        var pageCount: Int = 0
        /// Whether SwiftUI is updating the view (the binding must not be written synchronously).
        var isUpdating = false
        /// Hosting controllers of pages that went off screen, reused for the next page to come on.
        private var spareHosts: [Host] = []

        init(pages: CubePages<Data, ID, Content>, actions: CubePagesActions) {
            self.pages = pages
            self.actions = actions
        }

        /// Page `index`'s root view, with the environment.
        func root(ofPage index: Int) -> CubePageRoot<ID, Content> {
            CubePageRoot(page: pages.page(at: index), environment: environment)
        }

        func numberOfPages(in pagerViewController: CubePagerViewController) -> Int { pages.pageCount }

        func cubePagerViewController(_ pagerViewController: CubePagerViewController,
                                     viewControllerForPageAt index: Int) -> UIViewController {
            let root = root(ofPage: index)
            if let host = spareHosts.popLast() {
                host.rootView = root
                return host
            }
            let host = Host(rootView: root)
            host.view.backgroundColor = .clear
            return host
        }

        func cubePagerView(_ pagerView: CubePagerView, didEndDisplaying pageView: UIView, forPageAt index: Int) {
            // The container has removed the child; keep one spare controller for the next page.
            guard spareHosts.isEmpty, let host = pageView.next as? Host else { return }
            spareHosts.append(host)
        }

        func cubePagerView(_ pagerView: CubePagerView, willChangePageFrom from: Int, to: Int) {
            actions.event?(.willChangePage(from: from, to: to))
        }

        func cubePagerView(_ pagerView: CubePagerView, didChangePageTo index: Int) {
            actions.event?(.didChangePage(index))
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

        func cubePagerView(_ pagerView: CubePagerView, didCancelPageChangeFrom from: Int, to: Int) {
            actions.event?(.didCancelPageChange(from: from, to: to))
        }

        func cubePagerViewDidPanPastEnd(_ pagerView: CubePagerView) {
            actions.event?(.pastEnd)
            actions.pastEnd?()
        }

        func cubePagerView(_ pagerView: CubePagerView, didTurnTo position: Double) {
            actions.turn?(position)
        }
    }
}

/// One page's root view: the content with the environment of the place ``CubePages`` stands in
/// (a hosting controller starts from an empty one).
struct CubePageRoot<ID: Hashable, Content: View>: View {
    let page: CubePageContent<ID, Content>
    let environment: EnvironmentValues

    var body: some View {
        page.environment(\.self, environment)
    }
}
#endif
