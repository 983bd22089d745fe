#if canImport(UIKit) && canImport(AVFoundation)
import AVFoundation
import StoryKit
import UIKit

/// The view of one item's media, made by ``AVStoryMediaSource``: an aspect-filled image, or a
/// video's `AVPlayerLayer` (also aspect-filled), on black.
///
/// A page view shows it and keeps the previous item's view beneath it until this one has its
/// first frame, so that no black frame shows between items.
@MainActor
final class StoryMediaView: UIView {
    /// The video's layer, once the source gives the view a player.
    private(set) var playerLayer: AVPlayerLayer?
    private var imageView: UIImageView?
    /// Called once when an image is on a view in a window (the image's first frame is on screen).
    var onImageShown: (() -> Void)?
    /// Whether a picture is on screen: the image is set, or the video layer is ready for display.
    var hasFirstFrame: Bool {
        if let imageView { return imageView.image != nil && window != nil }
        return playerLayer?.isReadyForDisplay ?? false
    }

    /// The media's natural size, once known: the image's, or the video's presentation size.
    var naturalSize: Size? {
        let size = imageView?.image?.size ?? playerLayer?.player?.currentItem?.presentationSize ?? .zero
        return size.width > 0 && size.height > 0 ? Size(size) : nil
    }

    override init(frame: CGRect) {
        super.init(frame: frame)
        clipsToBounds = true
        isUserInteractionEnabled = false
        isAccessibilityElement = false
    }

    @available(*, unavailable)
    required init?(coder: NSCoder) { fatalError("init(coder:) is not supported") }

    /// Makes the view a video's: an aspect-filled player layer filling it.
    func makePlayerLayer() -> AVPlayerLayer {
        if let playerLayer { return playerLayer }
        let layer = AVPlayerLayer()
        layer.videoGravity = .resizeAspectFill
        layer.frame = bounds
        self.layer.addSublayer(layer)
        playerLayer = layer
        return layer
    }

    /// Shows a decoded image, aspect-filled.
    func show(_ image: UIImage) {
        let view = imageView ?? UIImageView(frame: bounds)
        if imageView == nil {
            view.contentMode = .scaleAspectFill
            view.autoresizingMask = [.flexibleWidth, .flexibleHeight]
            addSubview(view)
            imageView = view
        }
        view.image = image
        reportImageIfShown()
    }

    override func layoutSubviews() {
        super.layoutSubviews()
        guard let playerLayer, playerLayer.frame != bounds else { return }
        CATransaction.begin()
        CATransaction.setDisableActions(true)
        playerLayer.frame = bounds
        CATransaction.commit()
    }

    override func didMoveToWindow() {
        super.didMoveToWindow()
        reportImageIfShown()
    }

    private func reportImageIfShown() {
        guard imageView?.image != nil, window != nil, let onImageShown else { return }
        self.onImageShown = nil
        onImageShown()
    }
}
#endif
