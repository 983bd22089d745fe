#if canImport(SwiftUI) && canImport(UIKit)
import StoryKit
import SwiftUI

// MARK: - ZoomCoverModel

/// The zoom of a SwiftUI detail (in a full-screen cover or pushed on a navigation stack): the
/// model, sampled on a display link while it moves, its frame published as a
/// ``ZoomDetailPlacement`` in the detail's coordinates; it tells the namespace when the source
/// hides and when its close lands.
@MainActor
final class ZoomCoverModel: ObservableObject {
    /// What to draw; nil before the opening (nothing shows).
    @Published private(set) var placement: ZoomDetailPlacement?
    /// Where the detail shows its image at rest, in its own points.
    private(set) var destination: Rect = .zero
    private(set) var transition: ZoomTransition?
    private let driver: any FrameDriver = DisplayLinkFrameDriver()
    /// The cover's frame in the window.
    private var container: CGRect = .zero
    /// Whether the current drag was refused (it began the wrong way).
    private var refused = false
    /// Whether the current drag feeds the model.
    private var dragging = false
    /// Called once the detail is back in its cell (or faded).
    var onClosed: () -> Void = {}
    var namespace: ZoomNamespace?
    var sourceID: AnyHashable?

    /// Opens out of the source (a cross-fade without one, or under Reduce Motion).
    /// `imageSize` is the image's size or aspect (nil: the detail is the image).
    func open(container: CGRect, cornerRadius: Double, imageSize: Size?, configuration: ZoomTransition.Configuration) {
        guard transition == nil else { return }
        self.container = container
        let source = currentSource()
        var configuration = configuration
        configuration.reduceMotion = configuration.reduceMotion || source == nil
        let geometry = ZoomDetailPlacement.geometry(container: Size(container.size), source: source, cornerRadius: cornerRadius,
                                                    imageSize: imageSize)
        destination = geometry.destination
        var model = ZoomTransition(geometry: geometry, configuration: configuration, time: driver.currentTime)
        if let sourceID { namespace?.handle(.opened(sourceID)) }
        handle(model.open(time: driver.currentTime), model: &model)
        transition = model
        run()
    }

    /// Closes into the source where it is now (a fade in place when it is gone).
    func close() {
        guard var model = transition else { return onClosed() }
        handle(model.close(time: driver.currentTime, source: currentSource()), model: &model)
        transition = model
        run()
    }

    /// A drag's change, `location` and `translation` in the window's coordinates.
    func dragChanged(location: CGPoint, start: CGPoint, translation: CGSize) {
        guard var model = transition, !refused else { return }
        let now = driver.currentTime
        let point = Point(x: Double(location.x - container.minX), y: Double(location.y - container.minY))
        if !dragging {
            let mayBegin = ZoomPanRule.mayRegrab(model.phase) || (model.phase == .rest(presented: true) && ZoomPanRule.mayBegin(
                translation: Point(x: Double(translation.width), y: Double(translation.height)), velocity: .zero,
                scrollOffset: nil, zoomScale: 1, transition: model))
            guard mayBegin else { refused = true; return }
            dragging = true
            driver.stop()
            handle(model.dragBegan(at: Point(x: Double(start.x - container.minX), y: Double(start.y - container.minY)),
                                   time: now), model: &model)
        }
        model.dragMoved(to: point, time: now)
        transition = model
        draw(at: now)
    }

    /// The drag ended at `location` (window coordinates).
    func dragEnded(location: CGPoint) {
        defer { refused = false; dragging = false }
        guard dragging, var model = transition else { return }
        let point = Point(x: Double(location.x - container.minX), y: Double(location.y - container.minY))
        handle(model.dragEnded(at: point, time: driver.currentTime, source: currentSource()), model: &model)
        transition = model
        run()
    }

    /// The source's frame in the cover's coordinates, or nil when it is gone.
    private func currentSource() -> Rect? {
        guard let namespace, let sourceID, let frame = namespace.frame(of: sourceID) else { return nil }
        return Rect(frame.offsetBy(dx: -container.minX, dy: -container.minY))
    }

    /// Stops sampling (the detail left the screen).
    func stop() {
        driver.stop()
    }

    /// Samples the model on every frame until it rests.
    private func run() {
        draw(at: driver.currentTime)
        driver.start { [weak self] time in
            guard let self, var model = self.transition else { return }
            self.handle(model.advance(to: time), model: &model)
            self.transition = model
            self.draw(at: time)
        }
    }

    private func draw(at time: Double) {
        guard let transition else { return }
        placement = ZoomDetailPlacement(ZoomTransitionLayout(transition.frame(at: time)), destination: destination)
    }

    private func handle(_ events: [ZoomTransition.Event], model: inout ZoomTransition) {
        for event in events {
            guard case .finished(let presented) = event else {
                if event == .cancelled { driver.stop() }
                continue
            }
            driver.stop()
            if !presented {
                if let sourceID { namespace?.handle(.closeFinished(sourceID)) }
                onClosed()
            }
        }
    }
}
#endif
