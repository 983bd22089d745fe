import MotionCore

// MARK: - CubePager + Drag track

extension CubePager {
    /// The track a dragging finger turns the cube along: one page width of travel is one page,
    /// free for one page either way from the page the gesture started on, stopped beyond, and
    /// rubber-banded (``RubberBand/offset(_:dimension:constant:)``) before the first page and
    /// after the last.
    ///
    /// Positions are in pages. A *raw* position is where the finger asks the cube to be; the
    /// *visible* one is where the cube is drawn, after the stops and the rubber band.
    ///
    /// The pager makes one from its page width, page count and rubber-band constant whenever a
    /// touch needs it (``CubePager/dragTrack``), so a resize or a new configuration in the middle
    /// of a drag takes effect at the next move.
    ///
    /// ```swift
    /// let track = CubePager.DragTrack(pageWidth: 400, lastIndex: 2, rubberBandConstant: 0.55)
    /// track.visiblePosition(raw: 1.4, startPage: 1)    // 1.4: free
    /// track.visiblePosition(raw: 2.6, startPage: 1)    // 2: one page at most
    /// track.visiblePosition(raw: 2.6, startPage: 2)    // between 2 and 2.6: rubber band
    /// ```
    package struct DragTrack: Sendable, Hashable {
        /// The width of one page, in points: the finger's travel for one page.
        package var pageWidth: Double
        /// The last page, `pageCount − 1` (0 when there are no pages).
        package var lastIndex: Int
        /// The rubber band's constant (UIScrollView's is 0.55), 0.01…1.
        package var rubberBandConstant: Double
        /// +1 when a leftward travel turns toward later pages (left to right), −1 when a
        /// rightward one does (right to left): ``StoryLayoutDirection/sign``.
        package var forward: Double = 1

        /// Creates a track.
        ///
        /// - Parameters:
        ///   - pageWidth: The width of one page, in points.
        ///   - lastIndex: The last page.
        ///   - rubberBandConstant: The rubber band's constant.
        package init(pageWidth: Double, lastIndex: Int, rubberBandConstant: Double) {
            self.pageWidth = pageWidth
            self.lastIndex = lastIndex
            self.rubberBandConstant = rubberBandConstant
        }

        /// The range a gesture from `startPage` may turn through without resistance, in pages:
        /// one page either way, unbounded toward a missing page (the rubber band limits it there).
        package func freeRange(startPage: Int) -> ClosedRange<Double> {
            (startPage > 0 ? Double(startPage - 1) : -Double.infinity)
                ... (startPage < lastIndex ? Double(startPage + 1) : Double.infinity)
        }

        /// The visible position for a raw one, in pages: clamped to start page ± 1, rubber-banded
        /// past the ends (never a whole page past them).
        package func visiblePosition(raw: Double, startPage: Int) -> Double {
            let range = freeRange(startPage: startPage)
            let r = Swift.min(Swift.max(raw, range.lowerBound), range.upperBound)
            let width = pageWidth, last = Double(lastIndex), c = rubberBandConstant
            if r < 0 { return -RubberBand.offset(-r * width, dimension: width, constant: c) / width }
            if r > last { return last + RubberBand.offset((r - last) * width, dimension: width, constant: c) / width }
            return r
        }

        /// d(visible)/d(raw) at `raw`: 1 inside, the rubber band's slope past an end, 0 at a stop.
        package func slope(raw: Double, startPage: Int) -> Double {
            let range = freeRange(startPage: startPage)
            guard range.contains(raw) else { return 0 }
            let width = pageWidth, last = Double(lastIndex), c = rubberBandConstant
            if raw < 0 { return RubberBand.slope(atOvershoot: -raw * width, dimension: width, constant: c) }
            if raw > last { return RubberBand.slope(atOvershoot: (raw - last) * width, dimension: width, constant: c) }
            return 1
        }

        /// The raw position that shows `visible` (pages): the rubber band undone past the ends.
        package func rawPosition(forVisible visible: Double) -> Double {
            let width = pageWidth, last = Double(lastIndex), c = rubberBandConstant
            if visible < 0 { return -RubberBand.overshoot(forOffset: -visible * width, dimension: width, constant: c) / width }
            if visible > last { return last + RubberBand.overshoot(forOffset: (visible - last) * width, dimension: width, constant: c) / width }
            return visible
        }

        /// The page a gesture starting with the cube at `position` (pages) starts on: the nearest
        /// page that exists.
        package func startPage(forCubeAt position: Double) -> Int {
            Int(position.rounded().clamped(to: 0...Double(lastIndex)))
        }
    }
}
