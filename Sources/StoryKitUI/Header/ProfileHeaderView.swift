#if canImport(UIKit)
import UIKit

// MARK: - ProfileHeaderView

/// The floating header ``ProfileHeaderController`` owns: the header image, its blurred copy over
/// it and the title, clipped to its bounds. Its bounds are set when the layout changes and never
/// while scrolling (only its transform is); it takes no touches, so a drag on it scrolls the
/// scroll view beneath.
final class ProfileHeaderView: UIView {
    /// The header image, aspect-filling the header.
    let imageView = UIImageView()
    /// The blurred copy of the image, over it; its alpha is the model's blur opacity.
    let blurredImageView = UIImageView()
    /// The title of the stuck header.
    let titleLabel = UILabel()
    /// Called when the safe area changes (a rotation, an in-call bar), so the owner relayouts.
    var onSafeAreaChange: (@MainActor () -> Void)?

    override init(frame: CGRect) {
        super.init(frame: frame)
        clipsToBounds = true
        isUserInteractionEnabled = false
        for view in [imageView, blurredImageView] {
            view.contentMode = .scaleAspectFill
            view.clipsToBounds = true
            view.autoresizingMask = [.flexibleWidth, .flexibleHeight]
            view.frame = bounds
            addSubview(view)
        }
        blurredImageView.alpha = 0
        titleLabel.font = .preferredFont(forTextStyle: .headline)
        titleLabel.adjustsFontForContentSizeCategory = true
        titleLabel.textColor = .white
        titleLabel.textAlignment = .center
        addSubview(titleLabel)
        accessibilityElementsHidden = true  // the title repeats the content's name label
    }

    @available(*, unavailable)
    required init?(coder: NSCoder) { fatalError("ProfileHeaderView is made in code") }

    override func safeAreaInsetsDidChange() {
        super.safeAreaInsetsDidChange()
        onSafeAreaChange?()
    }
}
#endif
