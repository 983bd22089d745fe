import StoryKit

// MARK: - TrayLayout

/// Where each avatar of the tray row sits in the row's scrolled content: the model's avatar
/// frames (``StoryKit/StoryTray/avatarFrame(user:)``) with the scroll put back, the square that
/// holds each avatar and its ring, and the name's line under it, as ``StoryKit/StoryTray``'s
/// scene draws them. The rule ``StoryTrayView`` (its collection view layout) and
/// ``StoryTrayRow`` share, as a plain value tested on Linux.
///
/// All frames are in points, in the scroll view's content coordinates: x from the content's left
/// edge, y from its top. Left to right that is the model's frame with its offset put back; right
/// to left the model mirrors the row in the viewport and the scroll view does not flip, so the
/// first user hangs from the content's right end and the offset is put back through
/// `StoryTray.scrollViewOffset` (the content is at least the viewport wide, so a short
/// row still starts at the right edge). The square is ``StoryRingView/side(avatarDiameter:configuration:)``
/// on a side (the avatar, the gap and the wider ring on each side), centred on the avatar.
package struct TrayLayout: Sendable, Hashable {
    /// One user's place in the row.
    package struct Cell: Sendable, Hashable {
        /// The avatar's picture, without the ring.
        package var avatar: Rect
        /// The square holding the avatar and its ring (a ring view's frame).
        package var ring: Rect
        /// The name's line: as wide as the pitch, centred under the ring.
        package var name: Rect
        /// The smallest rectangle holding the ring's square and the name (a cell's frame).
        package var frame: Rect
    }

    /// The cells, in the tray's order (unseen first).
    package var cells: [Cell]
    /// The content's size: the row's full width (at least the viewport's) and its height.
    package var contentSize: Size

    /// The layout of `tray`'s row (its scroll offset does not matter; right to left its viewport
    /// width does).
    package init(tray: StoryTray) {
        let configuration = tray.configuration
        let room = configuration.ring.gap + Swift.max(configuration.ring.unseenLineWidth, configuration.ring.seenLineWidth)
        let nameHeight = configuration.nameSize * 1.4
        cells = tray.users.indices.compactMap { index in
            guard let scrolled = tray.avatarFrame(user: index) else { return nil }
            let avatar = Rect(x: scrolled.minX + tray.scrollViewOffset, y: scrolled.minY,
                              width: scrolled.width, height: scrolled.height)
            let ring = avatar.insetBy(dx: -room, dy: -room)
            let name = Rect(x: ring.minX - configuration.spacing / 2, y: ring.maxY + 4,
                            width: ring.width + configuration.spacing, height: nameHeight)
            let frame = Rect(x: name.minX, y: ring.minY, width: name.width, height: name.maxY - ring.minY)
            return Cell(avatar: avatar, ring: ring, name: name, frame: frame)
        }
        contentSize = Size(width: Swift.max(tray.contentWidth, tray.viewportWidth),
                           height: Swift.max(tray.height, cells.first.map(\.frame.maxY) ?? 0))
    }

    /// The users whose cells meet the content range `minX…maxX` (points), left to right.
    package func users(between minX: Double, and maxX: Double) -> [Int] {
        guard minX.isFinite, maxX.isFinite, minX <= maxX else { return [] }
        return cells.indices.filter { cells[$0].frame.maxX >= minX && cells[$0].frame.minX <= maxX }
    }

    /// The users worth prefetching for `tray` as it is scrolled: those in view first (left to
    /// right), then those within `margin` points beyond either edge, nearest first. The viewport
    /// is where the scroll view shows it (`StoryTray.scrollViewOffset`).
    ///
    /// - Parameters:
    ///   - tray: The tray, at its current offset and viewport width.
    ///   - margin: How far past the viewport's edges to look, in points (≥ 0).
    package func usersNearViewport(of tray: StoryTray, margin: Double) -> [Int] {
        let minX = tray.scrollViewOffset, maxX = tray.scrollViewOffset + tray.viewportWidth
        let visible = users(between: minX, and: maxX)
        let margin = margin.isFinite ? Swift.max(margin, 0) : 0
        let near = users(between: minX - margin, and: maxX + margin).filter { !visible.contains($0) }
        func distance(_ user: Int) -> Double {
            let frame = cells[user].frame
            return frame.maxX < minX ? minX - frame.maxX : frame.minX - maxX
        }
        return visible + near.sorted { (distance($0), $0) < (distance($1), $1) }
    }
}

// MARK: - StoryTray + Scroll view

extension StoryTray {
    /// The `contentOffset.x` of a scroll view that shows this tray at its ``contentOffset``, in
    /// points from the content's left edge: the offset itself left to right, the row's far end's
    /// distance (``maximumOffset`` − offset) right to left, where the scroll view starts at its
    /// right end (``offset(fromScrollViewOffset:)``, which is its own inverse).
    package var scrollViewOffset: Double { offset(fromScrollViewOffset: contentOffset) }
}

// MARK: - TrayRowInput + Height

extension TrayRowInput {
    /// The row's height in points for this feed and sizes: ``TrayLayout/contentSize``'s height,
    /// which one user gives as well as many (and no user the bare ``StoryKit/StoryTray/height``).
    /// The SwiftUI row gives it to its frame: on iOS 15 a representable's intrinsic height does
    /// not size it, and a feed with a very large name size must not be clipped.
    package var rowHeight: Double {
        let first = feed.users.first { !$0.items.isEmpty }
        let tray = StoryTray(feed: StoryFeed(users: first.map { [$0] } ?? []), seen: [], viewportWidth: 0,
                             configuration: configuration)
        return TrayLayout(tray: tray).contentSize.height
    }
}
