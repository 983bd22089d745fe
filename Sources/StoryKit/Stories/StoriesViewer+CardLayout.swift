import MotionCore

// MARK: - StoriesViewer + CardLayout

extension StoriesViewer {
    /// Where the viewer's page goes on a screen, and how the users beside it are drawn: full
    /// screen on an iPhone held upright, a centred 9:16 card with the previous and next users
    /// beside it on an iPad or in landscape (as Instagram's iPad and web viewers do).
    ///
    /// The rule, from the horizontal size class and the screen's size
    /// (``presentation(screen:horizontalSizeClass:)``): a regular width, or a screen wider than
    /// tall, shows the card; a compact width held upright shows the page full screen. Without a
    /// size class (the command line), a screen wider than tall shows the card.
    ///
    /// The card is the largest 9:16 rectangle that fits inside the safe area less
    /// ``CardLayout/verticalMargin`` above and below and ``CardLayout/horizontalMargin`` at each
    /// side, centred in the safe area. The margins leave the backdrop visible all round, so
    /// the card reads as a card, and keep it clear of the status bar and the home indicator
    /// (24 points on a regular width; 12 on a compact landscape iPhone, whose short screen
    /// needs every point for the card).
    ///
    /// ```swift
    /// let layout = StoriesViewer.CardLayout(screen: Size(width: 1366, height: 1024), horizontalSizeClass: .regular)
    /// layout.presentation        // .card
    /// layout.card                // 549 × 976 points, centred
    /// ```
    public struct CardLayout: Sendable, Hashable {
        /// Full screen or a card.
        public enum Presentation: Sendable, Hashable {
            /// The page fills the safe area (an iPhone held upright).
            case fullScreen
            /// A centred 9:16 card with the neighbouring users beside it.
            case card
        }

        /// The host's horizontal size class (UIKit's `horizontalSizeClass`, SwiftUI's
        /// `horizontalSizeClass`), as a plain value.
        public enum SizeClass: Sendable, Hashable {
            /// A compact width: iPhones upright and most in landscape, narrow iPad split views.
            case compact
            /// A regular width: iPads full screen and in wide split views, large iPhones in landscape.
            case regular
            /// Not known (the command line): a card when the screen is wider than tall.
            case unspecified
        }

        /// The card's width over its height: 9:16.
        public static let aspectRatio = 9.0 / 16
        /// The screen (the viewer's whole view), in points, origin top left: the scene's size.
        public var screen: Size
        /// Full screen or card.
        public var presentation: Presentation
        /// The page's frame on the screen, in points: the safe area when full screen, else the
        /// card. The viewer's ``StoriesViewer/pageSize`` is its size; touches are in its
        /// coordinates (a touch left or right of it is beside the card).
        public var card: Rect
        /// The card's corner radius, in points (0 full screen, 12 as a card).
        public var cornerRadius: Double
        /// The neighbours' scale against the card, 0…1 (0.5).
        public var neighbourScale: Double
        /// The gap between the card and a neighbour and between neighbours, in points (24).
        public var gap: Double
        /// The black over a neighbour at full distance, 0…1 (0.5): the current card stands out.
        public var neighbourDimming: Double

        /// The margins above and below the card on a regular width, in points.
        public static let verticalMargin = 24.0
        /// The smallest margin left and right of the card, in points.
        public static let horizontalMargin = 24.0
        /// The margins above and below the card on a compact width (landscape iPhone), in points.
        public static let compactVerticalMargin = 12.0
        /// The largest screen width or height taken, in points (a million): larger sizes count as this.
        public static let maximumScreenDimension = 1_000_000.0

        /// The layout of a screen of `screen` points whose safe area is `safeArea` (the whole
        /// screen by default), under `horizontalSizeClass`.
        ///
        /// Non-finite or negative sizes count as zero, and sizes past
        /// ``maximumScreenDimension`` as that (no screen is that large, and past it the card's
        /// arithmetic loses whole points); a safe area outside the screen is cut to it. A card
        /// never leaves the safe area and keeps 9:16 within a fraction of a point (a zero card on
        /// a zero screen).
        public init(screen: Size, safeArea: Rect? = nil, horizontalSizeClass: SizeClass = .unspecified) {
            let width = screen.width.isFinite ? screen.width.clamped(to: 0...Self.maximumScreenDimension) : 0
            let height = screen.height.isFinite ? screen.height.clamped(to: 0...Self.maximumScreenDimension) : 0
            self.screen = Size(width: width, height: height)
            let area = Self.clip(safeArea, width: width, height: height)
            presentation = Self.presentation(screen: self.screen, horizontalSizeClass: horizontalSizeClass)
            neighbourScale = 0.5
            gap = 24
            neighbourDimming = 0.5
            guard presentation == .card else {
                card = area
                cornerRadius = 0
                return
            }
            let vertical = horizontalSizeClass == .compact ? Self.compactVerticalMargin : Self.verticalMargin
            let availableHeight = Swift.max(area.height - 2 * vertical, 0)
            let availableWidth = Swift.max(area.width - 2 * Self.horizontalMargin, 0)
            let cardHeight = Swift.min(availableHeight, availableWidth / Self.aspectRatio)
            let cardWidth = cardHeight * Self.aspectRatio
            card = Rect(x: area.midX - cardWidth / 2, y: area.midY - cardHeight / 2, width: cardWidth, height: cardHeight)
            cornerRadius = Swift.min(12, cardWidth / 8)
        }

        /// Card or full screen for a screen of `screen` points under `horizontalSizeClass`: a
        /// card on a regular width or a screen wider than tall, full screen otherwise.
        public static func presentation(screen: Size, horizontalSizeClass: SizeClass) -> Presentation {
            let landscape = screen.width > screen.height
            switch horizontalSizeClass {
            case .regular: return .card
            case .compact, .unspecified: return landscape ? .card : .fullScreen
            }
        }

        /// The safe area cut to the screen (the whole screen when absent or unusable).
        private static func clip(_ safeArea: Rect?, width: Double, height: Double) -> Rect {
            let screen = Rect(x: 0, y: 0, width: width, height: height)
            guard let area = safeArea, area.origin.x.isFinite, area.origin.y.isFinite, area.width.isFinite,
                  area.height.isFinite else { return screen }
            let minX = area.minX.clamped(to: 0...width), maxX = area.maxX.clamped(to: 0...width)
            let minY = area.minY.clamped(to: 0...height), maxY = area.maxY.clamped(to: 0...height)
            return Rect(x: minX, y: minY, width: Swift.max(maxX - minX, 0), height: Swift.max(maxY - minY, 0))
        }
    }
}

// MARK: - CardLayout + Row

extension StoriesViewer.CardLayout {
    /// One user's card in the row: where it is and how it is drawn.
    public struct Slot: Sendable, Hashable {
        /// The card's centre on the screen, in points.
        public var center: Point
        /// The card's scale against the current card's size, 0…1.
        public var scale: Double
        /// The opacity of the black drawn over it, 0…1.
        public var dimming: Double

        /// The card's frame on the screen, in points.
        public func frame(cardSize: Size) -> Rect {
            let width = cardSize.width * scale, height = cardSize.height * scale
            return Rect(x: center.x - width / 2, y: center.y - height / 2, width: width, height: height)
        }
    }

    /// The slot of the card `offset` users from the row's position (`index − position`: 0 is the
    /// current card, −1 the previous user, +1 the next), next users to the right (to the left
    /// under ``StoryLayoutDirection/rightToLeft``).
    ///
    /// Between 0 and ±1 the card shrinks and dims linearly while it slides out to the
    /// neighbour's place, so a turn is a horizontal slide of the whole row; beyond ±1 cards keep
    /// the neighbour's size, `gap` apart.
    public func slot(offset: Double, direction: StoryLayoutDirection = .leftToRight) -> Slot {
        let d = offset.isFinite ? offset.clamped(to: -1000...1000) : 0
        let near = Swift.min(Swift.abs(d), 1)
        let width = card.width
        let firstPitch = width / 2 + gap + neighbourScale * width / 2
        let pitch = neighbourScale * width + gap
        let distance = Swift.abs(d) <= 1 ? near * firstPitch : firstPitch + (Swift.abs(d) - 1) * pitch
        let sign = (d < 0 ? -1.0 : 1.0) * (direction == .rightToLeft ? -1 : 1)
        return Slot(center: Point(x: card.midX + sign * distance, y: card.midY), scale: 1 - (1 - neighbourScale) * near,
                    dimming: neighbourDimming * near)
    }

    /// `point`, in the screen's points, in the page's (the card's) coordinates.
    public func pagePoint(fromScreen point: Point) -> Point {
        Point(x: point.x - card.minX, y: point.y - card.minY)
    }

    /// Which side of the card a point in the page's coordinates is on: `-1` left of it, `+1`
    /// right of it, `0` on it, above or below it (or full screen, where nothing is beside).
    public func side(ofPagePoint point: Point) -> Int {
        guard presentation == .card, point.isFinite else { return 0 }
        if point.x < 0 { return -1 }
        if point.x > card.width { return 1 }
        return 0
    }

    /// The user a tap on `side` of the card goes to (`-1` left, `+1` right) from `user`: the
    /// previous user on the left and the next on the right, mirrored right to left.
    public static func user(besideSide side: Int, from user: Int, direction: StoryLayoutDirection) -> Int {
        let step = side == 0 ? 0 : (side < 0 ? -1 : 1) * (direction == .rightToLeft ? -1 : 1)
        return user + step
    }
}
