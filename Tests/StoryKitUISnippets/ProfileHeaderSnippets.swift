// The profile header's UIKit and SwiftUI snippets, compiled for iOS; every block between
// `// README begins` and `// README ends` here appears verbatim in the DocC article
// `ProfileHeaderFrontEnds.md` (checked by `DocumentationSnippetsTests`).

#if canImport(SwiftUI) && canImport(UIKit)
import StoryKitUI
import SwiftUI
import UIKit

// MARK: - DocC: The profile header in UIKit and SwiftUI

/// A profile screen: a plain scroll view covering the screen, the app's avatar, name and tab bar
/// in its content, and the header over it.
final class ProfileViewController: UIViewController {
    let scrollView = UIScrollView()
    let avatarView = UIImageView(image: UIImage(named: "portrait"))
    let nameLabel = UILabel()
    let tabBar = UISegmentedControl(items: ["Posts", "Replies", "Media"])
    let header = ProfileHeaderController(headerHeight: 120, stickyHeight: 44)

    override func viewDidLoad() {
        super.viewDidLoad()
        view.backgroundColor = .systemBackground
        scrollView.frame = view.bounds
        scrollView.autoresizingMask = [.flexibleWidth, .flexibleHeight]
        scrollView.alwaysBounceVertical = true
        scrollView.contentSize = CGSize(width: view.bounds.width, height: 2000)
        view.addSubview(scrollView)
        nameLabel.text = "Ada Lovelace"
        nameLabel.font = .preferredFont(forTextStyle: .title2)
        // README begins (header, UIKit)
        // Laid out from the content's top, which rests at the header's bottom.
        avatarView.frame = CGRect(x: 16, y: -36, width: 72, height: 72)    // overlaps the header
        nameLabel.frame = CGRect(x: 16, y: 44, width: 240, height: 28)
        tabBar.frame = CGRect(x: 16, y: 88, width: view.bounds.width - 32, height: 32)
        for content in [avatarView, nameLabel, tabBar] { scrollView.addSubview(content) }

        header.headerImage = UIImage(named: "banner")        // blurred once, off the main thread
        header.title = "Ada Lovelace"
        header.attach(to: scrollView, avatarView: avatarView, nameLabel: nameLabel, tabBarView: tabBar)

        let refresh = UIRefreshControl()                     // the header stays stretched while it spins
        refresh.addAction(UIAction { [weak refresh] _ in refresh?.endRefreshing() }, for: .valueChanged)
        scrollView.refreshControl = refresh
        // README ends
    }
}

/// The same screen in SwiftUI.
struct ProfileScreen: View {
    let banner: UIImage
    let portrait: UIImage

    // README begins (header, SwiftUI)
    var body: some View {
        ProfileHeader(headerImage: banner, avatar: portrait, title: "Ada Lovelace",
                      headerHeight: 120, stickyHeight: 44) {
            VStack(alignment: .leading, spacing: 12) {
                Text("Analyst, metaphysician, and founder of scientific computing.")
                ForEach(0..<30) { index in Text("Note \(index)") }
            }
            .padding()
        }
        .refreshable { await reload() }                      // from iOS 16, in the inner ScrollView
    }
    // README ends

    func reload() async {}
}
#endif
