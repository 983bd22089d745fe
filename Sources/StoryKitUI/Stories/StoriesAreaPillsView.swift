#if canImport(UIKit) && canImport(AVFoundation)
import StoryKit
import UIKit

/// The action pills of a page's item, as the scene draws them: the model's `"areas"` layer
/// through Core Animation (fill, rounding, rotation, chevron) and, since those layers draw no
/// text, one label per pill at the model's place, size and rotation. It takes no touches (the
/// page's touches are the model's) and decides nothing.
@MainActor
final class StoriesAreaPillsView: UIView {
    private let pills = SceneLayersView()
    private var labels: [UILabel] = []

    override init(frame: CGRect) {
        super.init(frame: frame)
        isUserInteractionEnabled = false
        isAccessibilityElement = false      // VoiceOver reads the areas as their own elements
        addSubview(pills)
    }

    @available(*, unavailable)
    required init?(coder: NSCoder) { fatalError("init(coder:) is not supported") }

    override func layoutSubviews() {
        super.layoutSubviews()
        if pills.frame != bounds { pills.frame = bounds }
    }

    /// Shows `areas` (the page's `"areas"` layer, or none) with `texts` over the pills.
    func apply(areas: Layer?, texts: [StoriesViewer.AreaPillLabel]) {
        pills.draw(areas.map { [$0] } ?? [])
        while labels.count < texts.count {
            let label = UILabel()
            label.isAccessibilityElement = false
            label.adjustsFontSizeToFitWidth = true
            addSubview(label)
            labels.append(label)
        }
        for (index, label) in labels.enumerated() {
            label.isHidden = index >= texts.count
            guard index < texts.count else { continue }
            let text = texts[index]
            label.text = text.text.string
            label.font = .systemFont(ofSize: CGFloat(text.text.fontSize), weight: UIFont.Weight(text.text.fontWeight))
            label.textColor = UIColor(text.text.color)
            label.textAlignment = .center
            label.transform = .identity
            label.bounds = CGRect(origin: .zero, size: CGSize(text.size))
            label.center = CGPoint(text.center)
            label.transform = CGAffineTransform(rotationAngle: CGFloat(text.angle))
        }
    }
}

// MARK: - UIFont.Weight + TextContents.Weight

extension UIFont.Weight {
    /// UIKit's weight of the scene's text weight (they share their names).
    init(_ weight: TextContents.Weight) {
        switch weight {
        case .ultraLight: self = .ultraLight
        case .thin: self = .thin
        case .light: self = .light
        case .regular: self = .regular
        case .medium: self = .medium
        case .semibold: self = .semibold
        case .bold: self = .bold
        case .heavy: self = .heavy
        case .black: self = .black
        }
    }
}
#endif
