import StoryKit
import StoryRender

extension DemoClip {
    /// Core Animation's four named timing curves plotted, each with a dot riding it in time.
    static func timingCurves() -> DemoClip {
        let size = Size(width: 400, height: 400)
        let curves: [(TimingCurve, RGBAColor)] = [
            (.default, RGBAColor(hex: "#8ECAE6")!), (.easeIn, RGBAColor(hex: "#FFB703")!),
            (.easeOut, RGBAColor(hex: "#FB8500")!), (.easeInEaseOut, RGBAColor(hex: "#E5989B")!),
        ]
        let (hold, run) = (0.3, 2.0)
        return DemoClip(
            name: "timing-curves", title: "Timing curves",
            caption: "CAMediaTimingFunction's default, easeIn, easeOut and easeInEaseOut (top-left to bottom-right), "
                + "solved to 1e-6 in time. The dot's height is the curve's output at the elapsed fraction.",
            size: size, duration: hold + run + hold, framesPerSecond: 25, images: [:]
        ) { time in
            let fraction = min(1, max(0, (time - hold) / run))
            var panels: [Layer] = []
            for (i, (curve, color)) in curves.enumerated() {
                let origin = Point(x: Double(i % 2) * 200, y: Double(i / 2) * 200)
                var panel = Layer(name: "panel-\(i)", frame: Rect(x: origin.x + 8, y: origin.y + 8, width: 184, height: 184))
                panel.cornerRadius = 12
                panel.backgroundColor = RGBAColor(white: 1, alpha: 0.05)
                panel.borderWidth = 1
                panel.borderColor = RGBAColor(white: 1, alpha: 0.18)
                let plot = Rect(x: 22, y: 22, width: 140, height: 140)
                func map(_ x: Double, _ y: Double) -> Point {
                    Point(x: plot.minX + x * plot.width, y: plot.maxY - y * plot.height)
                }
                var axes = Layer(name: "axes", frame: Rect(x: 0, y: 0, width: 184, height: 184))
                axes.shape = ShapeContents(path: ShapePath([.move(to: map(0, 1)), .line(to: map(0, 0)), .line(to: map(1, 0))]),
                                           strokeColor: RGBAColor(white: 1, alpha: 0.35), lineWidth: 1)
                var elements: [ShapePath.Element] = [.move(to: map(0, 0))]
                for step in 1...64 {
                    let x = Double(step) / 64
                    elements.append(.line(to: map(x, curve.value(at: x))))
                }
                var line = Layer(name: "curve", frame: Rect(x: 0, y: 0, width: 184, height: 184))
                line.shape = ShapeContents(path: ShapePath(elements), strokeColor: color, lineWidth: 2.5,
                                           lineCap: .round, lineJoin: .round, strokeEnd: 1)
                let p = map(fraction, curve.value(at: fraction))
                var dot = Layer(name: "dot", frame: Rect(x: p.x - 6, y: p.y - 6, width: 12, height: 12))
                dot.cornerRadius = 6
                dot.backgroundColor = .white
                var guide = Layer(name: "guide", frame: Rect(x: plot.maxX + 8, y: p.y - 1, width: 8, height: 2))
                guide.backgroundColor = color
                panel.sublayers = [axes, line, guide, dot]
                panels.append(panel)
            }
            return LayerScene(size: size, backgroundColor: RGBAColor(hex: "#101018"), layers: panels)
        }
    }
}
