import MotionCore

// MARK: - StretchyHeader + Layout

extension StretchyHeader {
    /// What the screen measures: the inputs of the header's layout, in the scroll view's visible
    /// coordinates at rest (scroll offset 0, top of the scroll view at y = 0), in points.
    ///
    /// The header covers the status bar: it spans from y = 0 down to `safeAreaTop + headerHeight`,
    /// and once it sticks it keeps `safeAreaTop + stickyHeight`. Both heights are measured below
    /// the safe-area top, so a change of safe area (a rotation, an in-call bar) keeps what shows
    /// below the status bar the same. Every value is sanitised: non-finite or negative sizes count
    /// as zero (so do sizes under 10⁻⁶ pt), coordinates are kept within ±``limit``, and the sticky height is at most the full
    /// height. Setting a property later sanitises it the same way.
    public struct Layout: Sendable, Hashable {
        /// The scroll view's width.
        public var width: Double { didSet { width = Self.size(width) } }
        /// The safe-area top inset (the status bar and the sensor housing).
        public var safeAreaTop: Double { didSet { safeAreaTop = Self.size(safeAreaTop) } }
        /// The header's full height below the safe-area top.
        public var headerHeight: Double {
            didSet {
                headerHeight = Self.size(headerHeight)
                stickyHeight = Swift.min(stickyHeight, headerHeight)
            }
        }
        /// The height the header keeps below the safe-area top once it sticks (a navigation
        /// bar's, 44 pt, is usual); at most ``headerHeight``.
        public var stickyHeight: Double { didSet { stickyHeight = Swift.min(Self.size(stickyHeight), headerHeight) } }
        /// The avatar's frame at rest. It scrolls with the content.
        public var avatar: Rect { didSet { avatar = Self.rect(avatar) } }
        /// The body's name label's frame at rest; the header's title starts to slide in when its
        /// top reaches the stuck header's bottom.
        public var nameLabel: Rect { didSet { nameLabel = Self.rect(nameLabel) } }
        /// The size of the title shown in the stuck header; the initialiser takes the name label's
        /// size when given none.
        public var titleSize: Size { didSet { titleSize = Size(width: Self.size(titleSize.width), height: Self.size(titleSize.height)) } }
        /// The tab bar's frame at rest, if there is one: it scrolls with the content until its top
        /// reaches the stuck header's bottom, then stays there.
        public var tabBar: Rect? { didSet { tabBar = tabBar.map(Self.rect) } }

        /// The largest coordinate or size kept, in points (10⁶).
        public static var limit: Double { 1e6 }

        /// A layout; see each property. Out-of-range values are sanitised as the type describes.
        public init(width: Double, safeAreaTop: Double = 0, headerHeight: Double, stickyHeight: Double,
                    avatar: Rect, nameLabel: Rect, titleSize: Size? = nil, tabBar: Rect? = nil) {
            self.width = Self.size(width)
            self.safeAreaTop = Self.size(safeAreaTop)
            self.headerHeight = Self.size(headerHeight)
            self.stickyHeight = Swift.min(Self.size(stickyHeight), self.headerHeight)
            self.avatar = Self.rect(avatar)
            self.nameLabel = Self.rect(nameLabel)
            let title = titleSize ?? nameLabel.size
            self.titleSize = Size(width: Self.size(title.width), height: Self.size(title.height))
            self.tabBar = tabBar.map(Self.rect)
        }

        static func size(_ value: Double) -> Double {
            let size = value.finite(or: 0).clamped(to: 0...limit)
            return size < smallest ? 0 : size
        }

        /// Sizes below this (10⁻⁶ pt) count as zero: a header that thin cannot stretch to the content.
        static var smallest: Double { 1e-6 }

        static func coordinate(_ value: Double) -> Double { value.finite(or: 0).clamped(to: -limit...limit) }

        static func rect(_ rect: Rect) -> Rect {
            Rect(x: coordinate(rect.minX), y: coordinate(rect.minY), width: size(rect.width), height: size(rect.height))
        }

        // MARK: Derived

        /// The header's bottom at rest: `safeAreaTop + headerHeight`. The header's bounds are
        /// `width × headerBottom` and never change while scrolling.
        public var headerBottom: Double { safeAreaTop + headerHeight }
        /// The stuck header's bottom: `safeAreaTop + stickyHeight`.
        public var stickyBottom: Double { safeAreaTop + stickyHeight }
        /// The offset at which the header sticks: `headerHeight − stickyHeight`. The avatar passes
        /// behind the header above it.
        public var stickyOffset: Double { headerHeight - stickyHeight }
        /// The offset at which the name label's top reaches the stuck header's bottom and the title
        /// starts to slide in: `nameLabel.minY − stickyBottom`, and not before the header sticks.
        public var titleStartOffset: Double { Swift.max(stickyOffset, nameLabel.minY - stickyBottom) }
        /// How far the title slides: from its top at the stuck header's bottom to its centre at the
        /// centre of the sticky band below the safe area, `(stickyHeight + titleSize.height) / 2`.
        public var titleTravel: Double { (stickyHeight + titleSize.height) / 2 }
        /// The offset at which the title is centred and the blur fully in:
        /// ``titleStartOffset`` + ``titleTravel``.
        public var titleEndOffset: Double { titleStartOffset + titleTravel }
        /// The offset at which the tab bar's top reaches the stuck header's bottom and it stops
        /// scrolling; nil without a tab bar.
        public var tabBarStickOffset: Double? { tabBar.map { $0.minY - stickyBottom } }
    }
}
