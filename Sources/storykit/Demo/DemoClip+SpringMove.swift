import StoryKit
import StoryRender

extension DemoClip {
    /// Three balls on springs of different damping, sent right and then redirected mid-flight.
    ///
    /// Each redirect is `SpringMotion.retargeted(to:at:)`: the new motion starts with the old one's
    /// position and velocity, so nothing jumps, whatever the damping.
    static func springMove() -> DemoClip {
        let size = Size(width: 400, height: 240)
        let ratios = [0.4, 0.7, 1.0]
        let colors = ["#FF6B6B", "#FFD166", "#06D6A0"].map { RGBAColor(hex: $0)! }
        let (start, far, back, home) = (40.0, 300.0, 150.0, 40.0)
        let (go, redirect, retreat) = (0.3, 1.0, 2.2)
        // Piecewise motions per ball: (begins at, motion).
        let plans: [[(Double, SpringMotion<Double>)]] = ratios.map { ratio in
            let spring = SpringParameters(response: 0.55, dampingRatio: ratio)
            let first = SpringMotion(spring: spring, from: start, to: far)
            let second = first.retargeted(to: back, at: redirect - go)
            let third = second.retargeted(to: home, at: retreat - redirect)
            return [(go, first), (redirect, second), (retreat, third)]
        }
        return DemoClip(
            name: "spring-move", title: "Springs, interrupted",
            caption: "Damping ratios 0.4, 0.7 and 1.0 (response 0.55 s). Mid-flight the target changes twice; "
                + "each new spring starts from the current position and velocity.",
            size: size, duration: 3.6, framesPerSecond: 25, images: [:]
        ) { time in
            var layers: [Layer] = []
            for (row, plan) in plans.enumerated() {
                let y = 60.0 + Double(row) * 60
                var track = Layer(name: "track-\(row)", frame: Rect(x: start, y: y - 1, width: far - start, height: 2))
                track.backgroundColor = RGBAColor(white: 1, alpha: 0.15)
                layers.append(track)
                var x = start
                if let (begin, motion) = plan.last(where: { time >= $0.0 }) { x = motion.value(at: time - begin) }
                var ball = Layer(name: "ball-\(row)", frame: Rect(x: x - 14, y: y - 14, width: 28, height: 28))
                ball.cornerRadius = 14
                ball.backgroundColor = colors[row]
                layers.append(ball)
            }
            return LayerScene(size: size, backgroundColor: RGBAColor(hex: "#1B1B24"), layers: layers)
        }
    }
}
