import MotionCore

// MARK: - StoriesViewer + Chrome layers

extension StoriesViewer {
    /// The page's `"scrim"`: the ``ChromeLayout/scrim`` band across the page's top, filled with
    /// ``ChromeLayout/scrimGradient``, in the page's points. The scene draws it on every page
    /// and the UIKit page view draws the same layer, so both show one scrim.
    package var scrimLayer: Layer {
        let layout = chromeLayout
        let scrim = layout.scrim
        return Layer(name: "scrim", bounds: Rect(x: 0, y: 0, width: scrim.width, height: scrim.height),
                     position: Point(x: scrim.midX, y: scrim.midY), gradient: layout.scrimGradient)
    }

    /// The progress bars of `user`'s page: `"bars"`, as large as the page (in its points), with
    /// one `"segment <i>"` per item (the ``Segment/frame`` in the track colour, rounded by
    /// ``Segment/cornerRadius``) holding its `"fill"` (the ``Segment/fillFrame`` in the fill
    /// colour; left out while empty). The scene and the UIKit page view draw this one layer.
    ///
    /// - Parameter user: The user's index; no segments for an index out of range.
    package func barsLayer(forUser user: Int) -> Layer {
        let style = configuration.segments
        var bars: [Layer] = []
        for (index, segment) in segments(forUser: user).enumerated() {
            let frame = segment.frame, fillFrame = segment.fillFrame
            let fill = Layer(name: "fill", bounds: Rect(x: 0, y: 0, width: fillFrame.width, height: fillFrame.height),
                             position: Point(x: fillFrame.midX, y: fillFrame.midY), cornerRadius: segment.cornerRadius,
                             backgroundColor: style.fillColor)
            bars.append(Layer(name: "segment \(index)", bounds: Rect(x: 0, y: 0, width: frame.width, height: frame.height),
                              position: Point(x: frame.midX, y: frame.midY), cornerRadius: segment.cornerRadius,
                              backgroundColor: style.trackColor, sublayers: fillFrame.width > 0 ? [fill] : []))
        }
        let width = pageSize.width.isFinite ? Swift.max(pageSize.width, 0) : 0
        let height = pageSize.height.isFinite ? Swift.max(pageSize.height, 0) : 0
        return Layer(name: "bars", bounds: Rect(x: 0, y: 0, width: width, height: height),
                     position: Point(x: width / 2, y: height / 2), sublayers: bars)
    }
}
