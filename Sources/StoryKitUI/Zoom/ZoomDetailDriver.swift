import StoryKit

// MARK: - ZoomSourceDirectory

/// Where a SwiftUI zoom detail finds its source and says what happened to it: the grid's
/// namespace (``ZoomNamespace``), or a fake in tests.
@MainActor
package protocol ZoomSourceDirectory: AnyObject {
    /// The frame of source `id` in the window's points, nil when it is not on screen.
    func sourceFrame(_ id: AnyHashable) -> Rect?
    /// Tells the sources' visibility (``ZoomSourceVisibility``) what happened to a detail.
    func handle(_ event: ZoomSourceVisibility.Event)
    /// A detail pushed with the zoom is gone: the grid is on screen again.
    func pushedDetailEnded()
}

// MARK: - ZoomDetailDriver

/// The zoom of one SwiftUI detail (in a full-screen cover or pushed on a navigation stack): a
/// ``ZoomDetailSession`` fed with the detail's points (converted from the window's) and a
/// ``FrameDriver``'s times, its ``ZoomDetailPlacement`` kept for drawing; it tells the
/// directory when the source hides, when the close lands, and when the detail goes. Plain,
/// tested on Linux with a manual frame driver; the SwiftUI modifier only forwards its events
/// and draws ``placement``.
///
/// Takes input over time (open, drags, close, display frames, the presentation's end).
@MainActor
package final class ZoomDetailDriver {
    /// What to draw now (``ZoomDetailPlacement/hidden`` before the opening).
    package private(set) var placement = ZoomDetailPlacement.hidden {
        willSet { willChange() }
    }
    /// The detail's zoom.
    package private(set) var session = ZoomDetailSession()
    /// The source the detail opens out of and closes into, nil before the opening.
    package private(set) var sourceID: AnyHashable?
    /// Called before ``placement`` changes (SwiftUI's `objectWillChange`).
    package var willChange: @MainActor () -> Void = {}
    /// Called once the detail is back in its cell (or faded): dismiss it.
    package var onClosed: @MainActor () -> Void = {}
    /// The grid's sources (kept, as the detail keeps its namespace).
    package var directory: (any ZoomSourceDirectory)?
    /// Whether the detail is pushed on a navigation stack (the grid's capture shows beneath).
    package var pushed = false
    private let driver: any FrameDriver
    /// The detail's origin in the window, in points.
    private var origin: Point = .zero

    /// A driver sampling the model with `driver`'s frames and clock.
    package init(driver: any FrameDriver) {
        self.driver = driver
    }

    /// Whether the grid's capture shows beneath a pushed detail (``ZoomDetailPlacement/backdropVisible(_:)``).
    package var backdropVisible: Bool { pushed && ZoomDetailPlacement.backdropVisible(session.transition?.phase) }

    /// The cell's frame in the detail's points while a placeholder hides it, else nil.
    package var placeholder: Rect? { session.placeholder }

    /// Opens out of source `id`; `container` is the detail's frame in the window, in points. The
    /// source hides (again, when the detail comes back from a screen pushed over it).
    ///
    /// - Parameters:
    ///   - id: The source's id.
    ///   - container: The detail's frame in the window, in points.
    ///   - cornerRadius: The cell's corner radius, in points.
    ///   - imageSize: The image's size or aspect; nil: the detail is the image.
    ///   - configuration: The app's configuration.
    ///   - systemReduceMotion: Whether the system's Reduce Motion is on (it cross-fades).
    ///   - layoutDirection: The detail's layout direction (SwiftUI's `\.layoutDirection`), which
    ///     replaces the configuration's; nil: the configuration's.
    package func open(_ id: AnyHashable, container: Rect, cornerRadius: Double, imageSize: Size?,
                      configuration: ZoomTransition.Configuration, systemReduceMotion: Bool,
                      layoutDirection: StoryLayoutDirection? = nil) {
        sourceID = id
        origin = container.origin
        if session.transition?.phase != .rest(presented: false) { directory?.handle(.opened(id)) }
        let configuration = Self.configuration(configuration, systemReduceMotion: systemReduceMotion,
                                               layoutDirection: layoutDirection)
        let reappearing = session.transition != nil
        perform(session.open(container: container.size, source: currentSource(), cornerRadius: cornerRadius,
                             imageSize: imageSize, configuration: configuration, time: driver.currentTime))
        // Back from a screen pushed over it mid-spring (its frames stopped when it disappeared):
        // the model still moves, so the frames run again.
        if reappearing, let phase = session.transition?.phase, ZoomDetailSession.moves(phase) {
            perform(ZoomDetailSession.Outcome(run: true))
        }
    }

    /// The model's configuration for a detail: the app's, with Reduce Motion on when the
    /// system's is, and the detail's layout direction in place of the configuration's (right to
    /// left, the sideways dismiss drag runs leftward), as ``ZoomNavigationRule`` has it for UIKit.
    ///
    /// - Parameters:
    ///   - configuration: The app's configuration.
    ///   - systemReduceMotion: Whether the system's Reduce Motion is on.
    ///   - layoutDirection: The environment's layout direction; nil keeps the configuration's.
    package static func configuration(_ configuration: ZoomTransition.Configuration, systemReduceMotion: Bool,
                                      layoutDirection: StoryLayoutDirection?) -> ZoomTransition.Configuration {
        var configuration = configuration
        configuration.reduceMotion = configuration.reduceMotion || systemReduceMotion
        configuration.layoutDirection = layoutDirection ?? configuration.layoutDirection
        return configuration
    }

    /// Closes into the source where it is now (a fade in place when it is gone).
    package func close() {
        perform(session.close(source: currentSource(), time: driver.currentTime))
    }

    /// A drag's change: `location`, `start` and `translation` in the window's points.
    package func dragChanged(location: Point, start: Point, translation: Point) {
        perform(session.dragChanged(location: local(location), start: local(start), translation: translation,
                                    time: driver.currentTime))
    }

    /// A change of SwiftUI's `DragGesture`: `location` and `start` in the window's points, its
    /// translation `location − start` (the gesture's own `translation`).
    package func dragChanged(location: Point, start: Point) {
        dragChanged(location: location, start: start, translation: Point(x: location.x - start.x, y: location.y - start.y))
    }

    /// The drag ended at `location` (window points).
    package func dragEnded(location: Point) {
        perform(session.dragEnded(location: local(location), source: currentSource(), time: driver.currentTime))
    }

    /// The detail of source `id` stopped being presented (`dismiss`, the selection cleared, a
    /// pop): its cell shows, and a pushed detail's grid is back.
    package func presentationEnded(_ id: AnyHashable) {
        directory?.handle(.dismissed(id))
        if pushed { directory?.pushedDetailEnded() }
    }

    /// SwiftUI's `isPresented` of the detail of source `id` changed to `isPresented`: its end
    /// is ``presentationEnded(_:)``; becoming presented changes nothing (the open does).
    package func presentationChanged(_ id: AnyHashable, isPresented: Bool) {
        if !isPresented { presentationEnded(id) }
    }

    /// The detail of source `id` left the screen: the frames stop and its cell shows; a pushed
    /// detail no longer presented gives the grid back (not one covered by a deeper push).
    package func disappeared(_ id: AnyHashable, stillPresented: Bool) {
        driver.stop()
        directory?.handle(.disappeared(id))
        if pushed, !stillPresented { directory?.pushedDetailEnded() }
    }

    /// The detail now shows source `id`: the hidden cell follows.
    package func sourceChanged(to id: AnyHashable) {
        if let old = sourceID { directory?.handle(.sourceChanged(old: old, new: id)) }
        sourceID = id
    }

    /// `point` (window) in the detail's points.
    private func local(_ point: Point) -> Point {
        Point(x: point.x - origin.x, y: point.y - origin.y)
    }

    /// The source's frame in the detail's points, or nil when it is gone.
    private func currentSource() -> Rect? {
        guard let sourceID, let frame = directory?.sourceFrame(sourceID) else { return nil }
        return Rect(x: frame.origin.x - origin.x, y: frame.origin.y - origin.y, width: frame.size.width, height: frame.size.height)
    }

    /// Draws now and does what `outcome` says: stop or start the frames, or end the detail.
    private func perform(_ outcome: ZoomDetailSession.Outcome) {
        if outcome.stop { driver.stop() }
        placement = session.placement(at: driver.currentTime) ?? .hidden
        if outcome.closed {
            if let sourceID { directory?.handle(.closeFinished(sourceID)) }
            onClosed()
        } else if outcome.run {
            driver.start { [weak self] time in
                guard let self else { return }
                let next = self.session.advance(to: time)
                self.placement = self.session.placement(at: time) ?? .hidden
                if next.stop || next.closed { self.perform(next) }
            }
        }
    }
}
