import Foundation
import StoryKit

/// The zoom transition on the replay's clock: what `storykit render zoom` and the reel's zoom
/// clip replay. While the grid shows, a tap on the cell opens it; while the detail shows (or
/// moves), touches drive the interactive pop, and each release closes into the cell (it may be
/// asked for anew) or goes back.
struct ZoomSession: TouchDriven {
    /// The model.
    private(set) var zoom: ZoomTransition
    /// Where the touch began and whether it moved (for the tap on the grid).
    private var touch: (start: Point, moved: Bool)?

    init(geometry: ZoomTransition.Geometry) {
        zoom = ZoomTransition(geometry: geometry)
    }

    /// Whether the grid shows at rest.
    private var gridAtRest: Bool { if case .rest(false) = zoom.phase { true } else { false } }

    mutating func touchBegan(at point: Point, time: Double) -> [ZoomTransition.Event] {
        var events = zoom.advance(to: time)
        touch = (point, false)
        if !gridAtRest { events += zoom.touchBegan(at: point, time: time) }
        return events
    }

    mutating func touchMoved(to point: Point, time: Double) -> [ZoomTransition.Event] {
        if let start = touch?.start, abs(point.x - start.x) + abs(point.y - start.y) > 10 { touch?.moved = true }
        return zoom.touchMoved(to: point, time: time)
    }

    mutating func touchEnded(at point: Point, time: Double) -> [ZoomTransition.Event] {
        defer { touch = nil }
        if gridAtRest {
            guard touch?.moved == false, zoom.geometry.source.contains(point) else { return zoom.advance(to: time) }
            return zoom.open(time: time)
        }
        return zoom.touchEnded(at: point, time: time, source: zoom.geometry.source)
    }

    mutating func touchCancelled(time: Double) -> [ZoomTransition.Event] {
        touch = nil
        return zoom.touchCancelled(time: time)
    }

    mutating func advance(to time: Double) -> [ZoomTransition.Event] {
        zoom.advance(to: time)
    }
}

extension ZoomTransition.Event: CustomStringConvertible {
    /// One line for the command line: `began`, `finished(presented: true)`, `cancelled`.
    public var description: String {
        switch self {
        case .began: "began"
        case .finished(let presented): "finished(presented: \(presented))"
        case .cancelled: "cancelled"
        }
    }
}
