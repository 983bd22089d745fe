#if canImport(UIKit) && canImport(AVFoundation)
import StoryKit
import UIKit

/// One user's page of the Stories viewer: the item's media, the scrim, the chrome (progress bars,
/// avatar, name and age) and, on the current page, the loading indicator or the failure with a
/// Retry button. It applies a ``StoriesPagePresentation`` and the model's ``StoryKit/StoriesViewer/chromeLayout``
/// and computes nothing.
@MainActor
final class StoriesPageView: UIView {
    /// Called when the Retry button is tapped.
    var onRetry: (() -> Void)?
    /// The user this page shows, as last applied.
    private(set) var user: Int?
    /// The avatar string whose image is (or is being) shown.
    var avatarKey: String?
    let avatarView = UIImageView()

    private let mediaContainer = UIView()
    private var mediaViews = StoriesMediaStack<StoryMediaView>()
    private let scrimView = GradientView()
    private let chromeView = UIView()
    private let barsView = SegmentBarsView()
    private let nameLabel = UILabel()
    private let ageLabel = UILabel()
    private let titleStack: UIStackView
    private let spinner = UIActivityIndicatorView(style: .large)
    private let failureLabel = UILabel()
    private let retryButton = UIButton(type: .system)
    private let failureStack: UIStackView

    override init(frame: CGRect) {
        titleStack = UIStackView(arrangedSubviews: [nameLabel, ageLabel])
        failureStack = UIStackView(arrangedSubviews: [failureLabel, retryButton])
        super.init(frame: frame)
        backgroundColor = .black
        mediaContainer.backgroundColor = .black
        mediaContainer.clipsToBounds = true
        addSubview(mediaContainer)
        scrimView.isUserInteractionEnabled = false
        addSubview(scrimView)
        chromeView.isUserInteractionEnabled = false
        addSubview(chromeView)
        chromeView.addSubview(barsView)
        avatarView.contentMode = .scaleAspectFill
        avatarView.clipsToBounds = true
        avatarView.backgroundColor = UIColor(white: 0.5, alpha: 1)
        chromeView.addSubview(avatarView)
        // Dynamic Type, capped: the title has the avatar's height.
        let metrics = UIFontMetrics(forTextStyle: .subheadline)
        let text = StoriesViewer.ChromeText.self
        nameLabel.font = metrics.scaledFont(for: .systemFont(ofSize: text.nameFontSize, weight: .semibold), maximumPointSize: 20)
        ageLabel.font = metrics.scaledFont(for: .systemFont(ofSize: text.ageFontSize), maximumPointSize: 20)
        for label in [nameLabel, ageLabel] {
            label.textColor = .white
            label.adjustsFontForContentSizeCategory = true
        }
        ageLabel.alpha = text.ageOpacity
        nameLabel.setContentCompressionResistancePriority(.defaultLow, for: .horizontal)
        ageLabel.setContentCompressionResistancePriority(.required, for: .horizontal)
        ageLabel.setContentHuggingPriority(.required, for: .horizontal)
        titleStack.axis = .horizontal
        titleStack.alignment = .center
        titleStack.spacing = 6
        let spacer = UIView()
        spacer.setContentHuggingPriority(.defaultLow, for: .horizontal)
        titleStack.addArrangedSubview(spacer)
        chromeView.addSubview(titleStack)
        spinner.color = .white
        spinner.hidesWhenStopped = true
        addSubview(spinner)
        failureLabel.textColor = .white
        failureLabel.textAlignment = .center
        failureLabel.numberOfLines = 0
        failureLabel.font = .preferredFont(forTextStyle: .body)
        failureLabel.adjustsFontForContentSizeCategory = true
        retryButton.setTitle("Retry", for: .normal)
        retryButton.titleLabel?.font = .preferredFont(forTextStyle: .headline)
        retryButton.tintColor = .white
        retryButton.addAction(UIAction { [weak self] _ in self?.onRetry?() }, for: .primaryActionTriggered)
        failureStack.axis = .vertical
        failureStack.alignment = .center
        failureStack.spacing = 12
        failureStack.isHidden = true
        addSubview(failureStack)
        for view in [spinner, failureStack] { view.translatesAutoresizingMaskIntoConstraints = false }
        NSLayoutConstraint.activate([
            spinner.centerXAnchor.constraint(equalTo: centerXAnchor),
            spinner.centerYAnchor.constraint(equalTo: centerYAnchor),
            failureStack.centerXAnchor.constraint(equalTo: centerXAnchor),
            failureStack.centerYAnchor.constraint(equalTo: centerYAnchor),
            failureStack.widthAnchor.constraint(lessThanOrEqualTo: widthAnchor, constant: -64),
        ])
        isAccessibilityElement = false
    }

    @available(*, unavailable)
    required init?(coder: NSCoder) { fatalError("init(coder:) is not supported") }

    override func layoutSubviews() {
        super.layoutSubviews()
        mediaContainer.frame = bounds
        chromeView.frame = bounds
        for view in mediaViews.elements where view.frame != mediaContainer.bounds { view.frame = mediaContainer.bounds }
    }

    /// Applies the page's state: call inside a transaction without actions (every frame).
    ///
    /// - Parameters:
    ///   - page: What the page shows.
    ///   - chrome: Where the scrim, the avatar and the title go (the model's chrome layout).
    ///   - style: The bars' colours.
    ///   - media: The media view of the page's item, if the source lists it.
    func apply(_ page: StoriesPagePresentation, chrome: StoriesViewer.ChromeLayout, style: StoriesViewer.SegmentStyle,
               media: StoryMediaView?) {
        user = page.user
        showMedia(media)
        set(&scrimView.frame, CGRect(chrome.scrim))
        scrimView.apply(chrome.scrimGradient)
        set(&avatarView.frame, CGRect(chrome.avatar))
        let avatarRadius = CGFloat(chrome.avatarCornerRadius)
        if avatarView.layer.cornerRadius != avatarRadius { avatarView.layer.cornerRadius = avatarRadius }
        set(&titleStack.frame, CGRect(chrome.title))
        if nameLabel.text != page.name { nameLabel.text = page.name }
        if ageLabel.text != page.age { ageLabel.text = page.age }
        barsView.apply(page.segments, style: style)
        let alpha = CGFloat(page.chromeAlpha)
        if chromeView.alpha != alpha { chromeView.alpha = alpha }
        if page.overlay != .loading {
            spinner.stopAnimating()
        } else if !spinner.isAnimating {
            spinner.startAnimating()
        }
        failureStack.isHidden = page.overlay.failureReason == nil
        if let reason = page.overlay.failureReason {
            dropMediaBelowTop()         // not the previous item's picture behind the failure
            if failureLabel.text != reason { failureLabel.text = reason }
        }
    }

    /// Shows `view` on top; the views under it stay until it has its first frame (no black
    /// frame between items), then go. Without a view (the source let go at the close), the last
    /// picture stays.
    private func showMedia(_ view: StoryMediaView?) {
        if let view, mediaViews.push(view) {
            view.frame = mediaContainer.bounds
            mediaContainer.addSubview(view)
        }
        if mediaViews.top?.hasFirstFrame == true { dropMediaBelowTop() }
    }

    private func dropMediaBelowTop() {
        for old in mediaViews.dropBelowTop() { old.removeFromSuperview() }
    }

    /// Forgets the media and the avatar (the page is reused for another user).
    func prepareForReuse() {
        for view in mediaViews.removeAll() { view.removeFromSuperview() }
        avatarKey = nil
        avatarView.image = nil
        user = nil
    }

    private func set(_ frame: inout CGRect, _ value: CGRect) {
        if frame != value { frame = value }
    }
}

// MARK: - GradientView

/// A view whose layer is a `CAGradientLayer` showing a ``StoryKit/ColorGradient``.
@MainActor
final class GradientView: UIView {
    override class var layerClass: AnyClass { CAGradientLayer.self }
    private var gradient: ColorGradient?

    func apply(_ gradient: ColorGradient) {
        guard gradient != self.gradient, let layer = layer as? CAGradientLayer else { return }
        self.gradient = gradient
        layer.type = gradient.kind == .radial ? .radial : .axial
        layer.colors = gradient.colors.map { UIColor($0).cgColor }
        layer.locations = gradient.locations?.map { NSNumber(value: $0) }
        layer.startPoint = CGPoint(gradient.startPoint)
        layer.endPoint = CGPoint(gradient.endPoint)
    }
}

// MARK: - SegmentBarsView

/// The progress bars: one track layer per segment with its fill, sized from the model's
/// ``StoryKit/StoriesViewer/Segment``s (fill width = track width × fraction).
@MainActor
final class SegmentBarsView: UIView {
    private var tracks: [CALayer] = []
    private var fills: [CALayer] = []
    private var style: StoriesViewer.SegmentStyle?

    override init(frame: CGRect) {
        super.init(frame: frame)
        isUserInteractionEnabled = false
    }

    @available(*, unavailable)
    required init?(coder: NSCoder) { fatalError("init(coder:) is not supported") }

    override func layoutSubviews() {
        super.layoutSubviews()
        if let superview, frame != superview.bounds { frame = superview.bounds }
    }

    /// Sizes the bars; call inside a transaction without actions.
    func apply(_ segments: [StoriesViewer.Segment], style: StoriesViewer.SegmentStyle) {
        if let superview, frame != superview.bounds { frame = superview.bounds }
        if tracks.count != segments.count || style != self.style {
            for track in tracks { track.removeFromSuperlayer() }
            tracks = []
            fills = []
            self.style = style
            let trackColor = UIColor(style.trackColor).cgColor, fillColor = UIColor(style.fillColor).cgColor
            for _ in segments {
                let track = CALayer(), fill = CALayer()
                track.backgroundColor = trackColor
                fill.backgroundColor = fillColor
                track.addSublayer(fill)
                layer.addSublayer(track)
                tracks.append(track)
                fills.append(fill)
            }
        }
        for (index, segment) in segments.enumerated() {
            let radius = CGFloat(segment.cornerRadius)
            if tracks[index].frame != CGRect(segment.frame) { tracks[index].frame = CGRect(segment.frame) }
            if tracks[index].cornerRadius != radius { tracks[index].cornerRadius = radius }
            if fills[index].frame != CGRect(segment.fillFrame) { fills[index].frame = CGRect(segment.fillFrame) }
            if fills[index].cornerRadius != radius { fills[index].cornerRadius = radius }
        }
    }
}

#endif
