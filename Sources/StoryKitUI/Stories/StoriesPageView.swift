#if canImport(UIKit) && canImport(AVFoundation)
import StoryKit
import UIKit

/// One user's page of the Stories viewer: the item's media, the scrim, the chrome (progress bars,
/// avatar, name and age) and, on the current page, the loading ring or the failure with a Retry
/// button. It applies a ``StoriesPagePresentation`` (the scrim, bars, mute button, name, age,
/// loading ring and retry state as the scene's layers) and the model's
/// ``StoryKit/StoriesViewer/chromeLayout`` and computes nothing. A tap on Retry is the model's
/// (``StoryKit/StoriesViewer/retryButtonHitFrame``), like the mute button's.
@MainActor
final class StoriesPageView: UIView {
    /// The user this page shows, as last applied.
    private(set) var user: Int?
    /// The avatar string whose image is (or is being) shown.
    var avatarKey: String?
    let avatarView = UIImageView()

    private let mediaContainer = UIView()
    private var mediaViews = StoriesMediaStack<StoryMediaView>()
    /// A loading item's placeholder, over its media view until the media is on screen.
    private let placeholderView = UIImageView()
    private var placeholderMemo = StoriesPlaceholderMemo()
    private let scrimView = SceneLayersView()
    /// The caption and subtitle (text layers over their band), fading with the chrome.
    private let captionsView = SceneLayersView()
    private let chromeView = UIView()
    /// The bars, the mute button, the name and the age (``StoriesPagePresentation/chromeLayers``).
    private let barsView = SceneLayersView()
    /// The item's action pills, the scene's `"areas"` layer (their labels as text layers).
    private let areaPillsView = SceneLayersView()
    /// The loading ring or the retry state (``StoriesPagePresentation/overlayLayer``), on top.
    private let overlayView = SceneLayersView()

    override init(frame: CGRect) {
        super.init(frame: frame)
        backgroundColor = .black
        mediaContainer.backgroundColor = .black
        mediaContainer.clipsToBounds = true
        addSubview(mediaContainer)
        placeholderView.contentMode = .scaleAspectFill
        placeholderView.clipsToBounds = true
        placeholderView.isHidden = true
        addSubview(placeholderView)
        addSubview(scrimView)
        chromeView.isUserInteractionEnabled = false
        addSubview(chromeView)
        chromeView.addSubview(captionsView)
        chromeView.addSubview(barsView)
        chromeView.addSubview(areaPillsView)
        avatarView.contentMode = .scaleAspectFill
        avatarView.clipsToBounds = true
        avatarView.backgroundColor = UIColor(white: 0.5, alpha: 1)
        chromeView.addSubview(avatarView)
        addSubview(overlayView)
        isAccessibilityElement = false
    }

    @available(*, unavailable)
    required init?(coder: NSCoder) { fatalError("init(coder:) is not supported") }

    override func layoutSubviews() {
        super.layoutSubviews()
        for view in [mediaContainer, placeholderView, scrimView, chromeView, captionsView, barsView, areaPillsView, overlayView]
        where view.frame != bounds { view.frame = bounds }
        for view in mediaViews.elements where view.frame != mediaContainer.bounds { view.frame = mediaContainer.bounds }
    }

    /// Applies the page's state: call inside a transaction without actions (every frame).
    ///
    /// - Parameters:
    ///   - page: What the page shows.
    ///   - chrome: Where the avatar and the title go (the model's chrome layout).
    ///   - media: The media view of the page's item, if the source lists it.
    func apply(_ page: StoriesPagePresentation, chrome: StoriesViewer.ChromeLayout, media: StoryMediaView?) {
        user = page.user
        showMedia(media)
        showPlaceholder(page.placeholder)
        scrimView.draw([page.scrim])
        captionsView.draw(page.captions.map { [$0] } ?? [])
        set(&avatarView.frame, CGRect(chrome.avatar))
        let avatarRadius = CGFloat(chrome.avatarCornerRadius)
        if avatarView.layer.cornerRadius != avatarRadius { avatarView.layer.cornerRadius = avatarRadius }
        barsView.draw(page.chromeLayers)
        areaPillsView.draw(page.areas.map { [$0] } ?? [])
        let alpha = CGFloat(page.chromeAlpha)
        if chromeView.alpha != alpha { chromeView.alpha = alpha }
        overlayView.draw(page.overlayLayer.map { [$0] } ?? [])
        // Not the previous item's picture behind the failure.
        for old in mediaViews.dropBelowTop(when: page.overlay.failureReason != nil) { old.removeFromSuperview() }
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

    /// Shows `placeholder` over the media (decoded once per placeholder and page size), or hides it.
    private func showPlaceholder(_ placeholder: StoryPlaceholder?) {
        placeholderView.isHidden = placeholder == nil
        if case .show(let picture) = placeholderMemo.update(placeholder, page: Size(bounds.size)) {
            placeholderView.image = picture.flatMap { UIImage($0) }
        }
    }

    private func dropMediaBelowTop() {
        for old in mediaViews.dropBelowTop() { old.removeFromSuperview() }
    }

    /// Forgets the media and the avatar (the page is reused for another user).
    func prepareForReuse() {
        for view in mediaViews.removeAll() { view.removeFromSuperview() }
        avatarKey = nil
        avatarView.image = nil
        placeholderMemo = StoriesPlaceholderMemo()
        placeholderView.image = nil
        user = nil
    }

    private func set(_ frame: inout CGRect, _ value: CGRect) {
        if frame != value { frame = value }
    }
}
#endif
