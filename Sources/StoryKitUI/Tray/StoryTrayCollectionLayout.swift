#if canImport(UIKit)
import StoryKit
import UIKit

// MARK: - StoryTrayCollectionLayout

/// The collection view layout of ``StoryTrayView``: one section, each item's frame the
/// ``TrayLayout`` cell the model gives, the content the model's width. No flow layout's own
/// arithmetic: the model is the only source of frames, so a tap's hit test, the launch frame and
/// the cells agree.
@MainActor
final class StoryTrayCollectionLayout: UICollectionViewLayout {
    /// The model's layout; set it and invalidate when the tray's users or sizes change.
    var trayLayout: TrayLayout {
        didSet { if trayLayout != oldValue { invalidateLayout() } }
    }

    init(trayLayout: TrayLayout) {
        self.trayLayout = trayLayout
        super.init()
    }

    @available(*, unavailable)
    required init?(coder: NSCoder) { fatalError("init(coder:) is not supported") }

    override var collectionViewContentSize: CGSize { CGSize(trayLayout.contentSize) }

    override func layoutAttributesForElements(in rect: CGRect) -> [UICollectionViewLayoutAttributes]? {
        trayLayout.users(between: Double(rect.minX), and: Double(rect.maxX)).map(attributes(for:))
    }

    override func layoutAttributesForItem(at indexPath: IndexPath) -> UICollectionViewLayoutAttributes? {
        trayLayout.cells.indices.contains(indexPath.item) ? attributes(for: indexPath.item) : nil
    }

    /// Frames do not depend on the scroll: only a change of width (the model's viewport) matters.
    override func shouldInvalidateLayout(forBoundsChange newBounds: CGRect) -> Bool {
        newBounds.size != collectionView?.bounds.size
    }

    private func attributes(for item: Int) -> UICollectionViewLayoutAttributes {
        let attributes = UICollectionViewLayoutAttributes(forCellWith: IndexPath(item: item, section: 0))
        attributes.frame = CGRect(trayLayout.cells[item].frame)
        return attributes
    }
}
#endif
