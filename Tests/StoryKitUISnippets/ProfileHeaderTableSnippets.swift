// The profile header on a table view, compiled for iOS; every block between `// README begins`
// and `// README ends` here appears verbatim in the DocC article `ProfileHeaderOnATableView.md`
// (checked by `ProfileHeaderTableArticleTests`).

#if canImport(UIKit)
import StoryKitUI
import UIKit

// MARK: - DocC: A profile screen on a table view

/// A profile screen on a plain-style table whose section headers pin under the stuck header and
/// its tab bar.
final class ProfileTableViewController: UIViewController, UITableViewDataSource {
    let tableView = UITableView(frame: .zero, style: .plain)
    let profile = UIView()
    let avatarView = UIImageView(image: UIImage(named: "portrait"))
    let nameLabel = UILabel()
    let tabBar = UISegmentedControl(items: ["Posts", "Replies", "Media"])
    let header = ProfileHeaderController(headerHeight: 120, stickyHeight: 44)

    override func viewDidLoad() {
        super.viewDidLoad()
        view.backgroundColor = .systemBackground
        nameLabel.text = "Ada Lovelace"
        nameLabel.font = .preferredFont(forTextStyle: .title2)
        tabBar.selectedSegmentIndex = 0
        // README begins (table, setup)
        tableView.frame = view.bounds
        tableView.autoresizingMask = [.flexibleWidth, .flexibleHeight]
        tableView.backgroundColor = .clear                   // the header shows through above the rows
        tableView.alwaysBounceVertical = true
        tableView.dataSource = self
        tableView.register(UITableViewCell.self, forCellReuseIdentifier: "row")
        view.addSubview(tableView)

        // The table's header view, laid out from its top, which rests at the header's bottom.
        profile.frame = CGRect(x: 0, y: 0, width: view.bounds.width, height: 136)
        avatarView.frame = CGRect(x: 16, y: -36, width: 72, height: 72)    // overlaps the header
        nameLabel.frame = CGRect(x: 16, y: 44, width: 240, height: 28)
        tabBar.frame = CGRect(x: 16, y: 92, width: view.bounds.width - 32, height: 32)
        tabBar.addAction(UIAction { [weak self] _ in self?.tableView.reloadData() }, for: .valueChanged)
        for content in [avatarView, nameLabel, tabBar] { profile.addSubview(content) }
        tableView.tableHeaderView = profile

        header.headerImageID = "banner"                      // blurred once per id, not per UIImage
        header.headerImage = UIImage(named: "banner")
        header.title = "Ada Lovelace"
        header.attach(to: tableView, avatarView: avatarView, nameLabel: nameLabel, tabBarView: tabBar,
                      container: view)                        // the header floats in your view
        // README ends
    }

    // README begins (table, sections)
    func numberOfSections(in tableView: UITableView) -> Int { 12 }

    func tableView(_ tableView: UITableView, titleForHeaderInSection section: Int) -> String? {
        "Week \(section + 1)"                                // pins right under the tab bar
    }

    func tableView(_ tableView: UITableView, numberOfRowsInSection section: Int) -> Int { 5 }

    func tableView(_ tableView: UITableView, cellForRowAt indexPath: IndexPath) -> UITableViewCell {
        let cell = tableView.dequeueReusableCell(withIdentifier: "row", for: indexPath)
        var content = cell.defaultContentConfiguration()
        content.text = "\(tabBar.titleForSegment(at: tabBar.selectedSegmentIndex) ?? "") \(indexPath.row + 1)"
        cell.contentConfiguration = content
        return cell
    }
    // README ends
}
#endif
