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

    func makeCoordinator() -> Coordinator {
        Coordinator(pages: pages, actions: actions, sync: CubePagesSync(page: 0, pageCount: pages.pageCount))
    }

    func makeUIViewController(context: Context) -> CubePagerViewController {
        let controller = CubePagerViewController(configuration: pages.configuration)
        let coordinator = context.coordinator
        controller.dataSource = coordinator
        controller.delegate = coordinator
        controller.pagerView.onEvent = { [weak coordinator] event in coordinator?.pagerDidReport(event) }
        // A new pager shows page 0; the update turns it to the binding's page (a jump: it has no
        // size yet) and writes a clamped page back.
        updateUIViewController(controller, context: context)
        return controller
    }

    func updateUIViewController(_ controller: CubePagerViewController, context: Context) {
        let coordinator = context.coordinator
        coordinator.pages = pages
        coordinator.actions = actions
        coordinator.environment = context.environment
        coordinator.sync.isUpdating = true
        defer { coordinator.updateEnded() }
        let pager = controller.pagerView
        pager.configuration = pages.configuration
        pager.reducedMotionTransition = pages.reducedMotionTransition
        pager.prefersReducedMotion = reduceMotion
        pager.playsHaptics = actions.playsHaptics
        pager.preferredLayoutDirection = StoryLayoutDirection(context.environment.layoutDirection)
        if coordinator.sync.pageCountChanged(to: pages.pageCount) {
            controller.reloadData()
        } else {
            // Same pages: give the pages on screen their new content and environment.
            for index in pager.indicesOfVisiblePages {
                (controller.viewController(at: index) as? Coordinator.Host)?.rootView = coordinator.root(ofPage: index)
            }
        }
        if let turn = coordinator.sync.bindingChanged(to: pages.currentPage, hasAnimation: context.transaction.animation != nil,
                                                      disablesAnimations: context.transaction.disablesAnimations) {
            pager.setCurrentPage(turn.page, animated: turn.animated)
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
        /// The binding and the pager kept in step (see ``CubePagesSync``).
        var sync: CubePagesSync
        /// A hosting controller of a page that went off screen, reused for the next page to come on.
        private var spareHosts = SparePool<Host>(capacity: 1)

        init(pages: CubePages<Data, ID, Content>, actions: CubePagesActions, sync: CubePagesSync) {
            self.pages = pages
            self.actions = actions
            self.sync = sync
        }

        /// Page `index`'s root view, with the environment.
        func root(ofPage index: Int) -> CubePageRoot<ID, Content> {
            pages.page(at: index, environment: environment)
        }

        func numberOfPages(in pagerViewController: CubePagerViewController) -> Int { pages.pageCount }

        func cubePagerViewController(_ pagerViewController: CubePagerViewController,
                                     viewControllerForPageAt index: Int) -> UIViewController {
            let root = root(ofPage: index)
            let host = spareHosts.take() ?? Host(rootView: root)
            host.rootView = root
            host.view.backgroundColor = .clear
            return host
        }

        func cubePagerView(_ pagerView: CubePagerView, didEndDisplaying pageView: UIView, forPageAt index: Int) {
            // The container has removed the child; keep one spare controller for the next page.
            spareHosts.offer(pageView.next as? Host)
        }

        /// Hands a page event to the modifiers' actions and writes a page change to the binding.
        func pagerDidReport(_ event: CubePager.Event) {
            actions.report(event)
            sync.pageToWriteNow(after: event).map { pages.$currentPage.wrappedValue = $0 }
        }

        /// SwiftUI's update is over: the page it deferred (see ``CubePagesSync``) is written after it.
        func updateEnded() {
            sync.isUpdating = false
            guard let page = sync.takeDeferredWrite() else { return }
            let binding = pages.$currentPage
            Task { @MainActor in binding.wrappedValue = page }  // not during SwiftUI's update
        }

        func cubePagerView(_ pagerView: CubePagerView, didTurnTo position: Double) {
            actions.turn?(position)
        }
    }
}
#endif
