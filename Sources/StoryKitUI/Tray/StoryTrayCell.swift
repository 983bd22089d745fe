#if canImport(UIKit)
import StoryKit
import UIKit

// MARK: - StoryTrayCell

/// One avatar of ``StoryTrayView``: a ``StoryRingView`` in the layout's ring square and the
/// user's name under it. VoiceOver reads the ring view (a button, "Ava, new story"); the cell
/// and the name are not elements of their own.
@MainActor
final class StoryTrayCell: UICollectionViewCell {
    static let reuseIdentifier = "StoryTrayCell"

    /// The ring: replaced on reuse if it was busy, so that no loading animation moves to
    /// another user.
    private(set) var ring = StoryRingView()
    let nameLabel = UILabel()
    /// The id of the user shown.
    var userID: StoryUser.ID?

    override init(frame: CGRect) {
        super.init(frame: frame)
        isAccessibilityElement = false
        nameLabel.textAlignment = .center
        nameLabel.lineBreakMode = .byTruncatingTail
        nameLabel.isAccessibilityElement = false
        nameLabel.adjustsFontForContentSizeCategory = false
        contentView.addSubview(ring)
        contentView.addSubview(nameLabel)
    }

    @available(*, unavailable)
    required init?(coder: NSCoder) { fatalError("init(coder:) is not supported") }

    /// The feed's avatar string whose picture the ring shows (or is loading).
    var avatarKey: String?

    override func prepareForReuse() {
        super.prepareForReuse()
        userID = nil
        avatarKey = nil
        ring.image = nil
        if TrayCellContent.replacesRing(loading: ring.isLoading, busy: ring.model.isBusy) {
            ring.removeFromSuperview()
            ring = StoryRingView()
            contentView.addSubview(ring)
        }
    }

    /// Shows `content` (frames relative to the cell), in `configuration`'s sizes and rings.
    func configure(_ content: TrayCellContent, configuration: StoryTray.Configuration, nameColor: UIColor) {
        userID = content.user.id
        avatarKey = content.user.avatar
        ring.frame = CGRect(content.ring)
        if ring.configuration != configuration.ring { ring.configuration = configuration.ring }
        if ring.status != content.status { ring.status = content.status }
        ring.userName = content.user.name
        nameLabel.frame = CGRect(content.name)
        nameLabel.font = .systemFont(ofSize: CGFloat(configuration.nameSize))
        nameLabel.textColor = nameColor
        nameLabel.alpha = CGFloat(content.nameOpacity)
        nameLabel.text = content.user.name
    }
}
#endif
