import StoryKit

// MARK: - ProfileHeaderTitleMeasure

/// The stuck header's title size in the UIKit front-end: the label's fitting size within the
/// header less 16 pt on each side, rounded up to whole points, measured again only when its text,
/// font or the width changes (the front-end measures on every scroll step). Plain values (points),
/// tested on Linux.
package struct ProfileHeaderTitleMeasure {
    /// What the title's size depends on.
    package struct Key: Hashable {
        /// The title's text.
        package var text: String?
        /// The label's font (a `UIFont`, compared as UIKit compares fonts), nil for none.
        package var font: AnyHashable?
        /// The header's width, in points.
        package var width: Double

        /// A key; see each property.
        package init(text: String?, font: AnyHashable?, width: Double) {
            self.text = text
            self.font = font
            self.width = width
        }

        /// The width the title may take: the header's width less 16 pt each side, ≥ 0, in points.
        package var room: Double { width.isFinite ? Swift.max(0, width - 32) : 0 }
    }

    /// The key measured last and the size it gave.
    private var last: (key: Key, size: Size)?

    /// Nothing measured yet.
    package init() {}

    /// The size measured for `key`, if it is the last one measured.
    package func size(for key: Key) -> Size? {
        guard let last, last.key == key else { return nil }
        return last.size
    }

    /// Records what the label measured for `key` and gives the title's size: `fitting` rounded
    /// up to whole points, at most ``Key/room`` wide.
    ///
    /// - Parameters:
    ///   - fitting: The label's `sizeThatFits` for a width of ``Key/room``, in points.
    ///   - key: What it was measured for.
    package mutating func remember(fitting: Size, for key: Key) -> Size {
        let width = fitting.width.isFinite ? Swift.max(0, fitting.width.rounded(.up)) : 0
        let height = fitting.height.isFinite ? Swift.max(0, fitting.height.rounded(.up)) : 0
        let size = Size(width: Swift.min(width, key.room), height: height)
        last = (key, size)
        return size
    }
}
