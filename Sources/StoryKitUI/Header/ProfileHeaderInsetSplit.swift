// MARK: - ProfileHeaderInsetSplit

/// How the profile header's space is reserved in a scroll view, in points: the part that pins
/// (the scroll view's `adjustedContentInset.top`, where a plain-style table's section headers and
/// a collection view's `sectionHeadersPinToVisibleBounds` headers stick) and the part that
/// scrolls away (a spacer at the top of the content). Plain values, tested on Linux.
///
/// - A plain scroll view has nothing that pins: the whole header, `safeAreaTop + headerHeight`,
///   is the inset and the spacer is 0 (the content's top rests at the header's bottom).
/// - A table or collection view pins its section headers at `adjustedContentInset.top`. With the
///   whole header in the inset they would stick `headerHeight − stickyHeight` (76 pt for 120/44)
///   below the stuck header with rows showing above them. So the inset is only the stuck header,
///   `safeAreaTop + stickyHeight` (plus a tab bar held under it, so that section headers pin
///   under the bar), and the rest, `headerHeight − stickyHeight` (less the bar), is a spacer at
///   the top of the content (the table's `tableHeaderView`): at rest the content below the spacer
///   still starts at the header's bottom, and once scrolled, section headers pin right under the
///   stuck header.
///
/// In both cases what UIKit adds on its own (`systemInsetTop`, the safe area under the
/// `.automatic`, `.scrollableAxes` or `.always` adjustment) is taken off ``contentInsetTop``.
package struct ProfileHeaderInsetSplit: Sendable, Hashable {
    /// What the header is reserved in.
    package enum Kind: Sendable, Hashable {
        /// A plain `UIScrollView`: nothing pins.
        case plain
        /// A `UITableView` (plain style pins its section headers) or a `UICollectionView`
        /// (`sectionHeadersPinToVisibleBounds`): the pinned part is the stuck header.
        case pinnedSections

        /// ``pinnedSections`` for a scroll view that pins section headers (a table or collection
        /// view), else ``plain``.
        package init(pinsSections: Bool) {
            self = pinsSections ? .pinnedSections : .plain
        }
    }

    /// The `contentInset.top` to set, ≥ 0.
    package var contentInsetTop: Double
    /// The spacer at the top of the content (a table's `tableHeaderView` top), ≥ 0.
    package var spacerHeight: Double
    /// The `verticalScrollIndicatorInsets.top` to set: 0, the indicator starts at the pin offset
    /// (UIKit adds the adjusted inset to it), under the stuck header for a table.
    package var scrollIndicatorInsetTop: Double
    /// Where section headers pin and the content's top rests, from the scroll view's top: the
    /// resulting `adjustedContentInset.top`.
    package var pinOffset: Double

    /// The split for a header `headerHeight` tall sticking at `stickyHeight`, below `safeAreaTop`.
    ///
    /// - Parameters:
    ///   - kind: Plain scroll view or one with pinned section headers.
    ///   - headerHeight: The header's full height below the safe-area top.
    ///   - stickyHeight: The stuck header's height below the safe-area top (clamped to
    ///     0…headerHeight).
    ///   - safeAreaTop: The scroll view's safe-area top.
    ///   - systemInsetTop: What UIKit adds to `contentInset.top` on its own
    ///     (``ProfileHeaderScrollRule/systemInsetTop(_:)``).
    ///   - pinnedBarHeight: The height of a tab bar held under the stuck header (0 without), so
    ///     that section headers pin under it; the pinned part never goes below the header's bottom.
    package init(kind: Kind, headerHeight: Double, stickyHeight: Double, safeAreaTop: Double, systemInsetTop: Double,
                 pinnedBarHeight: Double = 0) {
        let safe = Swift.max(0, Self.finite(safeAreaTop)), full = Swift.max(0, Self.finite(headerHeight))
        let sticky = Swift.min(Swift.max(0, Self.finite(stickyHeight)), full)
        let system = Swift.max(0, Self.finite(systemInsetTop))
        let headerBottom = safe + full
        let pinned: Double
        switch kind {
        case .plain: pinned = headerBottom
        case .pinnedSections: pinned = Swift.min(safe + sticky + Swift.max(0, Self.finite(pinnedBarHeight)), headerBottom)
        }
        contentInsetTop = Swift.max(0, pinned - system)
        pinOffset = contentInsetTop + system
        spacerHeight = Swift.max(0, headerBottom - pinOffset)
        scrollIndicatorInsetTop = 0
    }

    static func finite(_ value: Double) -> Double { value.isFinite ? value : 0 }

    /// The height of a table's `tableHeaderView` wrapper: the spacer and the app's own header
    /// view below it (`contentHeight`, 0 without one), in points, ≥ 0.
    package static func tableHeaderHeight(spacer: Double, contentHeight: Double) -> Double {
        Swift.max(0, finite(spacer)) + Swift.max(0, finite(contentHeight))
    }

    /// Whether and how to apply this split to a scroll view in `scroll` whose spacer is
    /// `currentSpacerHeight`: as ``ProfileHeaderScrollRule/insetDecision(reservedInsetTop:_:tolerance:)``
    /// for the inset; a spacer that is wrong while the inset is right is applied (the inset and
    /// offset unchanged) when the content is still, deferred otherwise, since it moves the content
    /// as much as the inset does.
    ///
    /// - Parameters:
    ///   - scroll: The scroll view's state.
    ///   - currentSpacerHeight: The spacer last set, in points.
    ///   - spacerInPlace: Whether that spacer is still there (false when the app replaced a
    ///     table's `tableHeaderView`: the spacer counts as 0 and is put back).
    ///   - tolerance: The change ignored, in points.
    package func decision(_ scroll: ProfileHeaderScrollRule.Scroll, currentSpacerHeight: Double, spacerInPlace: Bool = true,
                          tolerance: Double = 0.5) -> ProfileHeaderScrollRule.InsetDecision {
        let currentSpacerHeight = spacerInPlace ? currentSpacerHeight : 0
        let inset = ProfileHeaderScrollRule.insetDecision(reservedInsetTop: contentInsetTop, scroll, tolerance: tolerance)
        guard inset == .keep, Swift.abs(spacerHeight - Self.finite(currentSpacerHeight)) > tolerance else { return inset }
        guard !scroll.isScrolling, scroll.refreshingHeight <= 0 else { return .deferred }
        return .apply(contentInsetTop: Self.finite(scroll.contentInsetTop), contentOffsetY: Self.finite(scroll.contentOffsetY))
    }
}

// MARK: - ProfileHeaderScrollRule.InsetDecision + Application

extension ProfileHeaderScrollRule.InsetDecision {
    /// Whether the controller asks for frames (and tries the inset again on each) until the
    /// content stops: only while the decision is deferred; the frames stop otherwise.
    package var retriesEachFrame: Bool { self == .deferred }

    /// The `contentInset.top` and `contentOffset.y` to set, in points; nil when nothing is set
    /// (the inset is right, or deferred).
    package var application: (contentInsetTop: Double, contentOffsetY: Double)? {
        guard case let .apply(insetTop, offsetY) = self else { return nil }
        return (insetTop, offsetY)
    }
}
