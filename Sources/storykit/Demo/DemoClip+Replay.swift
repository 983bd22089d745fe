import StoryKit
import StoryRender

extension DemoClip {
    /// A clip of `start` replayed frame by frame, each frame drawn by `scene(model, time)`, and the
    /// events of a first replay with their times. The clip replays again as it is drawn, so its
    /// memory does not grow with its length.
    static func replaying<Model: TouchDriven>(
        _ start: TouchReplay<Model>, name: String, title: String, caption: String, size: Size, duration: Double,
        framesPerSecond: Double, images: [String: RGBAImage], scene: @escaping @Sendable (Model, Double) -> LayerScene
    ) -> (clip: DemoClip, events: [(time: Double, event: Model.Event)]) {
        var replay = start
        var events: [(time: Double, event: Model.Event)] = []
        for frame in 0..<frameCount(duration: duration, framesPerSecond: framesPerSecond) {
            events += replay.step(to: Double(frame) / framesPerSecond)
        }
        let clip = DemoClip(name: name, title: title, caption: caption, size: size, duration: duration,
                            framesPerSecond: framesPerSecond, images: images) {
            var replay = start
            var frame = 0
            return AnyIterator {
                let time = Double(frame) / framesPerSecond
                _ = replay.step(to: time)
                frame += 1
                return scene(replay.model, time)
            }
        }
        return (clip, events)
    }
}
