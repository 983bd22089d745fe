import MotionCore

// MARK: - StoriesViewer + Sound

extension StoriesViewer {
    /// The viewer's sound: the policy, and a finger on the chrome's mute button.
    struct SoundState: Sendable, Hashable {
        /// Whether stories are heard.
        var policy = SoundPolicy()
        /// Where a finger came down on the mute button, while it is down there.
        var buttonTouch: Point?
    }

    /// Whether the viewer's stories are heard: set it when the viewer opens, from the app's
    /// ``SoundPreference`` and whether headphones are the output
    /// (`SoundPolicy(preference: kept, headphonesConnected: …)`); later changes go through
    /// ``sound(_:time:)``, which reports them (``Event/muteChanged(isMuted:user:item:id:)``).
    ///
    /// Every ``PlayerDirective`` is muted while ``SoundPolicy/isMuted``; keep
    /// ``SoundPolicy/preference`` when the viewer closes for the next one.
    public var sound: SoundPolicy {
        get { soundState.policy }
        set { soundState.policy = newValue }
    }

    /// Whether the stories are silent now (``SoundPolicy/isMuted``).
    public var isMuted: Bool { soundState.policy.isMuted }

    /// Applies a sound input at `time`: the mute button (or its VoiceOver action), a volume
    /// button, headphones connected or gone, or the host's own control.
    ///
    /// Nothing pauses or moves: only the current player's mute switch follows.
    ///
    /// - Parameters:
    ///   - input: What happened.
    ///   - time: Seconds.
    /// - Returns: What happened, in order: ``Event/muteChanged(isMuted:user:item:id:)`` when the
    ///   sound changed.
    @discardableResult
    public mutating func sound(_ input: SoundPolicy.Input, time: Double) -> [Event] {
        guard time.isFinite, !isClosed else { return [] }
        var events = advance(to: time)
        guard !isClosed else { return events }
        applySound(input, events: &events)
        return events
    }

    /// Applies `input` now; a change is reported on the current item.
    mutating func applySound(_ input: SoundPolicy.Input, events: inout [Event]) {
        guard soundState.policy.apply(input), let item = currentItem else { return }
        events.append(.muteChanged(isMuted: isMuted, user: userIndex, item: itemIndex, id: item.id))
    }

    // MARK: Mute button

    /// The chrome's mute button, in the page's points: a square as tall as the avatar, at the
    /// trailing inset (the right one left to right, the left one right to left, opposite the
    /// avatar), level with the avatar (zero when the page has no usable size).
    public var muteButtonFrame: Rect {
        guard cube.hasUsableSize else { return .zero }
        let avatar = chromeLayout.avatar
        let side = avatar.height
        let x = Swift.max(pageSize.width - configuration.segments.inset - side, 0)
        return configuration.layoutDirection.rect(Rect(x: x, y: avatar.minY, width: side, height: side), inWidth: pageSize.width)
    }

    /// Where a touch counts as the mute button's: its frame grown to at least 44 × 44 points
    /// (Apple's smallest hit target), in the page's points.
    public var muteButtonHitFrame: Rect {
        muteButtonFrame.hitTarget
    }

    /// Whether `user`'s page shows the mute button: its item is a video (an image has no sound;
    /// as on Instagram, the speaker shows on the stories that can be heard).
    public func showsMuteButton(forUser user: Int) -> Bool {
        guard let item = item(forUser: user), users[user].items.indices.contains(item) else { return false }
        return users[user].items[item].kind == .video
    }

    /// Whether a touch at `point` is the mute button's: on its hit frame, on a page that shows
    /// it, the viewer at rest (not dismissing, not turning, the chrome visible).
    public func isOnMuteButton(_ point: Point) -> Bool {
        guard showsMuteButton(forUser: userIndex), !dismissal.isActive, cube.phase == .idle, chromeOpacity > 0.5 else { return false }
        let hit = muteButtonHitFrame
        return hit.width > 0 && point.x >= hit.minX && point.x <= hit.maxX && point.y >= hit.minY && point.y <= hit.maxY
    }

    /// A touch came down at `point`: if it is on the mute button, the button takes it (no hold,
    /// no page tap) and this returns true.
    mutating func beginButtonTouch(at point: Point) -> Bool {
        soundState.buttonTouch = nil
        guard isOnMuteButton(point) else { return false }
        soundState.buttonTouch = point
        return true
    }

    /// The button's touch lifted at `point` (`nil`: cancelled): a lift on the hit frame toggles.
    mutating func endButtonTouch(at point: Point?, events: inout [Event]) {
        soundState.buttonTouch = nil
        guard let point, point.isFinite else { return }
        let hit = muteButtonHitFrame
        if point.x >= hit.minX, point.x <= hit.maxX, point.y >= hit.minY, point.y <= hit.maxY {
            applySound(.toggle, events: &events)
        }
    }

    /// Whether a finger is down on the mute button.
    var hasButtonTouch: Bool { soundState.buttonTouch != nil }

    /// The mute button as drawn in the chrome of a page that shows it
    /// (``showsMuteButton(forUser:)``): `"mute"` at ``muteButtonFrame`` holding `"speaker"` (a
    /// white speaker) and either `"waves"` (two arcs: sound on) or `"cross"` (an X: muted),
    /// drawn in a 32-point box scaled to the frame. The scene and the UIKit page view draw it.
    package var muteButtonLayer: Layer {
        let frame = muteButtonFrame
        let box = Rect(x: 0, y: 0, width: frame.width, height: frame.height)
        let k = frame.width / 32
        func p(_ x: Double, _ y: Double) -> Point { Point(x: x * k, y: y * k) }
        let white = RGBAColor(white: 1, alpha: 0.95)
        let speaker = ShapePath([.move(to: p(6, 12.5)), .line(to: p(11, 12.5)), .line(to: p(17, 7)), .line(to: p(17, 25)),
                                 .line(to: p(11, 19.5)), .line(to: p(6, 19.5)), .close])
        var sublayers = [Layer(name: "speaker", bounds: box, position: Point(x: box.midX, y: box.midY),
                               shape: ShapeContents(path: speaker, fillColor: white))]
        if isMuted {
            let cross = ShapePath([.move(to: p(21, 12.5)), .line(to: p(28, 19.5)), .move(to: p(28, 12.5)), .line(to: p(21, 19.5))])
            sublayers.append(Layer(name: "cross", bounds: box, position: Point(x: box.midX, y: box.midY),
                                   shape: ShapeContents(path: cross, strokeColor: white, lineWidth: 2.2 * k, lineCap: .round)))
        } else {
            let waves = ShapePath([.arc(center: p(17, 16), radius: 5 * k, startAngle: -0.8, endAngle: 0.8, clockwise: true),
                                   .move(to: p(17 + 9 * 0.6967, 16 - 9 * 0.7174)),
                                   .arc(center: p(17, 16), radius: 9 * k, startAngle: -0.8, endAngle: 0.8, clockwise: true)])
            sublayers.append(Layer(name: "waves", bounds: box, position: Point(x: box.midX, y: box.midY),
                                   shape: ShapeContents(path: waves, strokeColor: white, lineWidth: 2.2 * k, lineCap: .round)))
        }
        return Layer(name: "mute", bounds: box, position: Point(x: frame.midX, y: frame.midY), sublayers: sublayers)
    }
}
