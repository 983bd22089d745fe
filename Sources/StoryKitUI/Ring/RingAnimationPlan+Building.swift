import StoryKit

// MARK: - RingAnimationPlan + Building

extension RingAnimationPlan {
    /// The plan for `ring`'s current phase, laid out by `layout`.
    ///
    /// Every value comes from the model: the press's ends from ``StoryKit/StoryRing/value(_:at:)``
    /// at the tap and at the press's end, the loop's turn from its rate, the pulse sampled from
    /// the model, the resolution's from, to and curves from
    /// ``StoryKit/StoryRing/Timeline/resolveCurves``, the timings from
    /// ``StoryKit/StoryRing/timeline``.
    ///
    /// - Parameters:
    ///   - ring: The ring; its phase decides the groups (none at rest).
    ///   - layout: Where the avatar and the ring sit (``RingLayout``).
    package init(ring: StoryRing, layout: RingLayout) {
        self.layout = layout
        self.segmentCount = layout.lineWidth > 0 ? ring.configuration.segments : 0
        self.fill = RingStroke.Fill(colors: ring.frame(at: ring.time).colors)
        self.groups = []
        self.modelValues = [:]
        let gap = ring.configuration.segmentGap
        var rest: [StoryRing.Channel: Double] = [:]
        let timeline = ring.timeline
        switch ring.phase {
        case .idle:
            for channel in StoryRing.Channel.allCases { rest[channel] = ring.value(channel, at: ring.time) }
        case .loading(let tap):
            var press: [Animation] = [], loop: [Animation] = []
            if let timing = timeline.press {
                for channel in [StoryRing.Channel.scale, .openness] {
                    let from = ring.value(channel, at: tap), to = ring.value(channel, at: tap + timing.duration)
                    rest[channel] = to
                    if from != to { press += animations(channel, [from, to], curve: Self.pressCurve, gap: gap) }
                }
                if !press.isEmpty { groups.append(Group(stage: .press, timing: timing, animations: press)) }
            }
            if let timing = timeline.loop {
                rest[.rotation] = ring.value(.rotation, at: tap)
                rest[.opacity] = ring.value(.opacity, at: tap)
                if ring.configuration.reduceMotion {
                    // One pulse per turn: the model's cosine, sampled.
                    let count = Self.pulseKeyframesPerTurn
                    let values = (0...count).map { ring.value(.opacity, at: tap + timing.duration * Double($0) / Double(count)) }
                    loop = animations(.opacity, values, curve: .linear, gap: gap)
                } else {
                    // One full turn per iteration, linear: the model's rotation is 2π × the loop's progress.
                    let from = rest[.rotation] ?? 0
                    loop = animations(.rotation, [from, from + 2 * Double.pi], curve: .linear, gap: gap)
                }
                if !loop.isEmpty { groups.append(Group(stage: .loop, timing: timing, animations: loop)) }
            }
        case .resolving:
            var resolve: [Animation] = []
            for channel in StoryRing.Channel.allCases {
                guard let segment = timeline.resolveCurves[channel] else { continue }
                rest[channel] = segment.to
                if segment.from != segment.to {
                    resolve += animations(channel, [segment.from, segment.to], curve: segment.curve, gap: gap)
                }
            }
            if let timing = timeline.resolve, !resolve.isEmpty {
                groups.append(Group(stage: .resolve, timing: timing, animations: resolve))
            }
        }
        for channel in StoryRing.Channel.allCases {
            let value = rest[channel] ?? ring.value(channel, at: ring.time)
            for (key, mapped) in properties(channel, value, gap: gap) { modelValues[key] = mapped }
        }
    }

    /// The press's curve: the model's.
    static var pressCurve: TimingCurve { StoryRing.pressCurve }

    /// The layer properties a channel's `value` sets: each an affine function of it.
    ///
    /// - Parameters:
    ///   - channel: The ring's channel.
    ///   - value: Its value.
    ///   - gap: The configuration's segment gap (the share of a segment's period open at
    ///     openness 1).
    /// - Returns: Each property with its value (none for the ring's channels without a ring).
    func properties(_ channel: StoryRing.Channel, _ value: Double, gap: Double) -> [(Key, Double)] {
        let n = segmentCount
        switch channel {
        case .scale:
            let radius = layout.radius(scale: value)
            return [(Key(.avatar, .scale), value)] + (0..<n).map { (Key(.segment($0), .path), radius) }
        case .openness:
            return (0..<n).map { (Key(.segment($0), .strokeEnd), (Double($0) + 1 - gap * value) / Double(n)) }
        case .rotation:
            return n > 0 ? [(Key(.segments, .rotation), value)] : []
        case .opacity:
            return n > 0 ? [(Key(.ring, .opacity), value)] : []
        }
    }

    /// The animations that play `channel` through `values` along `curve`: one per property it sets.
    func animations(_ channel: StoryRing.Channel, _ values: [Double], curve: TimingCurve, gap: Double) -> [Animation] {
        let mapped = values.map { properties(channel, $0, gap: gap) }
        guard let first = mapped.first else { return [] }
        return first.indices.map { index in
            Animation(key: first[index].0, channel: channel, values: mapped.map { $0[index].1 }, curve: curve)
        }
    }
}
