// The StoryKitUI DocC article's tappable-areas snippet ("Tappable areas" in
// StoriesViewerFrontEnds.md), verbatim inside the declarations it needs, compiled for iOS by
// `../shared/ios-sdk/build.sh --target StoryKitUISnippets`. Change it there, change it here.
#if canImport(SafariServices) && canImport(UIKit)
import SafariServices
import StoryKitUI
import UIKit

final class AreaTappingViewController: UIViewController, StoriesViewControllerDelegate {
    func showProfile(_ userID: String) {}
    func showMore() {}

    // README begins (areas)
    func storiesViewController(_ controller: StoriesViewController, didReceive event: StoriesEvent) {
        guard case let .areaTapped(_, _, area) = event else { return }
        switch area.kind {
        case .link(let url):
            guard let url = URL(string: url) else { return }
            controller.isPaused = true                    // until the browser closes
            controller.present(SFSafariViewController(url: url), animated: true)
        case .mention(let userID):
            showProfile(userID)
        case .action:
            showMore()
        }
    }
    // README ends
}
#endif
