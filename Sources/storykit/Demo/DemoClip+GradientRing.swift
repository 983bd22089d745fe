import StoryKit
import StoryRender

extension DemoClip {
    /// The Stories loading ring: a conic-gradient stroke that grows, then retracts, while it
    /// turns, around an avatar that breathes. The phases are chained by begin time
    /// (`MediaTiming.sequence`), not by completion callbacks, as Twitter's article describes.
    static func gradientRing() -> DemoClip {
        let size = Size(width: 240, height: 240)
        let centre = Point(x: 120, y: 120)
        let cycle = MediaTiming.sequence([MediaTiming(duration: 0.8), MediaTiming(duration: 0.8)])
        let (grow, retract) = (cycle[0], cycle[1])
        let loop = 1.6
        let breathe = MediaTiming(duration: 0.8, autoreverses: true)
        let ringColors = ["#FEDA75", "#FA7E1E", "#D62976", "#962FBF", "#4F5BD5", "#FEDA75"].map { RGBAColor(hex: $0)! }
        let images = ["avatar": DemoImages.landscape(width: 280, height: 280, palette: DemoImages.palettes[2])]
        return DemoClip(
            name: "gradient-ring", title: "Loading ring",
            caption: "A 6 pt conic-gradient stroke with round caps grows (strokeEnd) then retracts (strokeStart) while "
                + "it turns; the phases are MediaTimings chained by begin time.",
            size: size, duration: 2 * loop, framesPerSecond: 25, images: images
        ) { time in
            let t = time.truncatingRemainder(dividingBy: loop)
            let curve = TimingCurve.easeInEaseOut
            let end = curve.value(at: grow.progress(forParentTime: t) ?? 1)
            let start = curve.value(at: retract.progress(forParentTime: t) ?? 0)
            let scale = 1 - 0.06 * curve.value(at: breathe.progress(forParentTime: time.truncatingRemainder(dividingBy: 1.6)) ?? 0)

            var avatar = Layer(name: "avatar", bounds: Rect(x: 0, y: 0, width: 150, height: 150), position: centre)
            avatar.transform = Transform3D(scaleX: scale, y: scale, z: 1)
            avatar.cornerRadius = 75
            avatar.masksToBounds = true
            avatar.contents = ImageContents(image: "avatar", gravity: .resizeAspectFill)

            var ring = Layer(name: "ring", bounds: Rect(x: 0, y: 0, width: 190, height: 190), position: centre)
            ring.transform = Transform3D(rotationAngle: 2 * .pi * time / 2.4, axis: Vector3(x: 0, y: 0, z: 1))
            ring.shape = ShapeContents(
                path: .circle(center: Point(x: 95, y: 95), radius: 88),
                strokeGradient: ColorGradient(kind: .conic, colors: ringColors,
                                         startPoint: Point(x: 0.5, y: 0.5), endPoint: Point(x: 0.5, y: 0)),
                lineWidth: 6, lineCap: .round, strokeStart: start, strokeEnd: end)
            return LayerScene(size: size, backgroundColor: RGBAColor(hex: "#FAFAFA"), layers: [avatar, ring])
        }
    }
}
