#if canImport(SwiftUI) && canImport(UIKit)
import StoryKit
import SwiftUI

// MARK: - ZoomCoverModel

/// The zoom of a SwiftUI detail (in a full-screen cover or pushed on a navigation stack): a
/// ``ZoomDetailSession`` fed with the detail's points and a display link's times, its
/// ``ZoomDetailPlacement`` published; it tells the namespace when the source hides and when the
/// close lands.
@MainActor
final class ZoomCoverModel: ObservableObject {
    /// What to draw; nil before the opening (nothing shows).
    @Published private(set) var placement: ZoomDetailPlacement?
    private(set) var session = ZoomDetailSession()
    private let driver: any FrameDriver = DisplayLinkFrameDriver()
    /// The detail's origin in the window.
    private var origin: CGPoint = .zero
    /// Called once the detail is back in its cell (or faded).
    var onClosed: () -> Void = {}
    var namespace: ZoomNamespace?
    var sourceID: AnyHashable?

    /// Opens out of the source; `container` is the detail's frame in the window.
    func open(container: CGRect, cornerRadius: Double, imageSize: Size?, configuration: ZoomTransition.Configuration) {
        origin = container.origin
        // Hidden at the open, and again when the detail comes back from a screen pushed over it.
        if let sourceID, session.transition?.phase != .rest(presented: false) { namespace?.handle(.opened(sourceID)) }
        perform(session.open(container: Size(container.size), source: currentSource(), cornerRadius: cornerRadius,
                             imageSize: imageSize, configuration: configuration, time: driver.currentTime))
    }

    /// Closes into the source where it is now (a fade in place when it is gone).
    func close() {
        perform(session.close(source: currentSource(), time: driver.currentTime))
    }

    /// A drag's change, `location`, `start` and `translation` in the window's coordinates.
    func dragChanged(location: CGPoint, start: CGPoint, translation: CGSize) {
        perform(session.dragChanged(location: local(location), start: local(start), translation: Point(CGPoint(x: translation.width,
                                    y: translation.height)), time: driver.currentTime))
    }

    /// The drag ended at `location` (window coordinates).
    func dragEnded(location: CGPoint) {
        perform(session.dragEnded(location: local(location), source: currentSource(), time: driver.currentTime))
    }

    /// Stops sampling (the detail left the screen).
    func stop() {
        driver.stop()
    }

    private func local(_ point: CGPoint) -> Point {
        Point(CGPoint(x: point.x - origin.x, y: point.y - origin.y))
    }

    /// The source's frame in the detail's coordinates, or nil when it is gone.
    private func currentSource() -> Rect? {
        guard let namespace, let sourceID, let frame = namespace.frame(of: sourceID) else { return nil }
        return Rect(frame.offsetBy(dx: -origin.x, dy: -origin.y))
    }

    /// Draws now and does what `outcome` says.
    private func perform(_ outcome: ZoomDetailSession.Outcome) {
        if outcome.stop { driver.stop() }
        placement = session.placement(at: driver.currentTime)
        if outcome.closed {
            if let sourceID { namespace?.handle(.closeFinished(sourceID)) }
            onClosed()
        } else if outcome.run {
            driver.start { [weak self] time in
                guard let self else { return }
                let next = self.session.advance(to: time)
                self.placement = self.session.placement(at: time)
                if next.stop || next.closed { self.perform(next) }
            }
        }
    }
}
#endif
