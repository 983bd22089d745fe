import MotionCore

// MARK: - CubePager + Touch

extension CubePager {
    /// One touch, the interaction sub-model: where it began, the finger's latest place, its
    /// direction lock, and where it puts the cube on the ``DragTrack``.
    ///
    /// Nothing moves until the finger is ``Configuration/directionLockSlop`` points from where it
    /// came down; a mostly vertical travel (``CubePager/isVerticalDrag(dx:dy:)``) is then not the
    /// cube's, and a horizontal one is measured from where the finger crossed the slop circle,
    /// so the locking move counts and the cube trails the finger by the slop only.
    ///
    /// The pager holds the touch inside its interaction (pressing, vertical or dragging) and
    /// asks it where the cube goes at each move and at the release.
    ///
    /// ```swift
    /// let track = CubePager.DragTrack(pageWidth: 400, lastIndex: 2, rubberBandConstant: 0.55)
    /// var touch = CubePager.Touch(at: Point(x: 300, y: 0), cubeAt: 0, on: track)
    /// touch.move(to: Point(x: 110, y: 0), slop: 10)   // .horizontal, anchored at x = 290
    /// touch.cube(on: track).position                   // 0.45: 180 pt of a 400 pt page
    /// ```
    package struct Touch: Sendable, Hashable {
        /// What a move decided about the touch's direction.
        package enum Lock: Sendable, Hashable {
            /// The finger is still within the slop: nothing moves.
            case undecided
            /// The travel is mostly vertical: the gesture is not the cube's.
            case vertical
            /// The travel is horizontal: the finger turns the cube.
            case horizontal
        }

        /// Where the finger came down, in points.
        package var origin: Point
        /// The finger's latest finite position, in points.
        package var latest: Point
        /// The finger's x from which a horizontal drag is measured, in points: set when the touch
        /// locks horizontal, to the x where the finger crossed the slop circle.
        package var anchorX: Double
        /// The cube's unclamped (pre-rubber-band) position when the touch began, in pages.
        package var startRawPosition: Double
        /// The page the gesture started on: the release goes at most one page from it.
        package var startPage: Int

        /// A finger came down at `point` with the cube at `position`.
        ///
        /// - Parameters:
        ///   - point: The finger, in points.
        ///   - position: The cube's visible position, in pages; the gesture starts on the nearest page.
        ///   - track: The track the cube moves along.
        package init(at point: Point, cubeAt position: Double, on track: DragTrack) {
            origin = point
            latest = point
            anchorX = point.x
            startRawPosition = track.rawPosition(forVisible: position)
            startPage = track.startPage(forCubeAt: position)
        }

        /// The finger moved to `point` (points): records it and decides the direction once it is
        /// `slop` points or more from where it came down (on horizontal, anchors the drag where
        /// the straight line from the touch-down to `point` crosses the slop circle).
        ///
        /// - Parameters:
        ///   - point: The finger, in points (finite).
        ///   - slop: The direction-lock distance, in points.
        /// - Returns: The direction. Call it only until the touch locks: a locked touch keeps its
        ///   anchor, and only its ``latest`` point follows the finger.
        package mutating func move(to point: Point, slop: Double) -> Lock {
            latest = point
            let dx = point.x - origin.x, dy = point.y - origin.y
            let distance = (dx * dx + dy * dy).squareRoot()
            guard distance >= slop else { return .undecided }
            if CubePager.isVerticalDrag(dx: dx, dy: dy) { return .vertical }
            anchorX = distance > 0 ? origin.x + dx * (slop / distance) : point.x
            return .horizontal
        }

        /// The cube moved under the finger before it locked (a programmatic turn): the drag starts
        /// from the cube's `position` (pages) and the page nearest it.
        package mutating func restart(cubeAt position: Double, on track: DragTrack) {
            startRawPosition = track.rawPosition(forVisible: position)
            startPage = track.startPage(forCubeAt: position)
        }

        /// The position the finger asks for, before stops and rubber band, in pages: one page
        /// width of travel left of the anchor (right of it under right to left) is one page on.
        package func rawPosition(on track: DragTrack) -> Double {
            (startRawPosition - track.forward * (latest.x - anchorX) / track.pageWidth).finite(or: startRawPosition)
        }

        /// Where the finger puts the cube: the visible position (pages) and d(visible)/d(raw),
        /// the factor from the finger's velocity to the cube's (0 at a stop, below 1 in the
        /// rubber band).
        package func cube(on track: DragTrack) -> (position: Double, slope: Double) {
            let raw = rawPosition(on: track)
            return (track.visiblePosition(raw: raw, startPage: startPage), track.slope(raw: raw, startPage: startPage))
        }

        /// The page nearest the cube's `position` (pages; non-finite counts as `currentIndex`),
        /// within the touch's start page ± 1 and `0...lastIndex`: where a cancelled touch leaves it.
        package func nearestPage(toCubeAt position: Double, currentIndex: Int, lastIndex: Int) -> Int {
            let nearest = position.finite(or: Double(currentIndex)).rounded()
                .clamped(to: Double(startPage - 1)...Double(startPage + 1))
            return Int(nearest.clamped(to: 0...Double(lastIndex)))
        }
    }
}
