import MotionCore
import StoryKit
import StoryKitTestSupport
import StoryKitUI
import Testing

/// The story ring's Core Animation groups against the model: the press begins at the tap, the
/// loop turns forever at the model's rate, the resolution begins at readiness from where the
/// loop was, along the model's curves, and what Core Animation would show at any time is the
/// model's frame.
@Suite struct RingAnimationPlanTests {
    typealias Plan = RingAnimationPlan
    static let side = 66.0
    /// Radians: the plan's linear loop goes through `TimingCurve`'s solver (x to 1e-7), the
    /// model's rotation is `2π × progress` (3·10⁻⁵ pt on a 30 pt ring).
    static let angleTolerance = 1e-6

    /// What Core Animation shows for `key` at `time`: the model layer's value, overridden by each
    /// group in the order added while it is active or filling (a later group wins), each
    /// animation at its group's progress.
    static func presentation(_ plan: Plan, _ key: Plan.Key, at time: Double) -> Double? {
        var value = plan.modelValues[key]
        for group in plan.groups {
            guard let local = group.timing.localTime(forParentTime: time) else { continue }
            for animation in group.animations where animation.key == key { value = animation.value(at: local.progress) }
        }
        return value
    }

    static func plan(_ ring: StoryRing) -> Plan {
        Plan(ring: ring, layout: RingLayout(side: side, ring: ring))
    }

    /// The shortest difference of two angles modulo `period`.
    static func angleDifference(_ a: Double, _ b: Double, period: Double) -> Double {
        let d = (a - b).truncatingRemainder(dividingBy: period)
        return Swift.min(abs(d), period - abs(d))
    }

    // MARK: Layout

    @Test(arguments: StoryRing.Status.allCases)
    func theAvatarKeepsItsSizeAndTheRingFitsWhateverTheStatus(status: StoryRing.Status) {
        let ring = StoryRing(status: status)
        let layout = RingLayout(side: Self.side, ring: ring)
        // 66 less 3 (gap) and 2.5 (the wider ring) on each side.
        #expect(layout.avatarDiameter == 55)
        #expect(layout.ringSide <= Self.side)
        #expect(layout.restRadius == ring.frame(at: 0).ringRadius(avatarDiameter: 55, gap: 3))
        #expect(layout.ringSide == 2 * layout.restRadius + ring.frame(at: 0).lineWidth)
        #expect(RingLayout(avatarDiameter: 55, ring: ring) == layout)
        #expect(RingLayout.side(avatarDiameter: 55, configuration: ring.configuration) == Self.side)
        #expect(RingLayout(side: -4, ring: ring).avatarDiameter == 0 && RingLayout(side: .nan, ring: ring).side == 0)
    }

    // MARK: Rest

    @Test func atRestThereAreNoAnimationsAndTheSegmentsCloseTheRing() {
        let plan = Self.plan(StoryRing(status: .unseen))
        #expect(plan.groups.isEmpty)
        #expect(plan.segmentCount == 12)
        #expect(plan.modelValues[Plan.Key(.avatar, .scale)] == 1)
        #expect(plan.modelValues[Plan.Key(.ring, .opacity)] == 1)
        #expect(plan.modelValues[Plan.Key(.segments, .rotation)] == 0)
        for k in 0..<12 {
            #expect(plan.modelValues[Plan.Key(.segment(k), .path)] == plan.layout.restRadius)
            #expect(Approximately.equal(plan.modelValues[Plan.Key(.segment(k), .strokeEnd)] ?? 0, Double(k + 1) / 12))
            #expect(plan.strokeStart(segment: k) == Double(k) / 12)
        }
        let none = Self.plan(StoryRing(status: .none))
        #expect(none.segmentCount == 0 && Array(none.modelValues.keys) == [Plan.Key(.avatar, .scale)])
    }

    // MARK: Loading

    @Test func thePressBeginsAtTheTapAndOpensTheSegmentsAsTheAvatarShrinks() throws {
        var ring = StoryRing(status: .unseen)
        ring.tap(time: 5)
        let plan = Self.plan(ring)
        #expect(plan.groups.map(\.stage) == [.press, .loop])
        let press = try #require(plan.group(.press))
        #expect(press.timing == MediaTiming(beginTime: 5, duration: 0.15, fillMode: .forwards))
        #expect(press.targets.first == .avatar && press.targets.count == 13)
        let scale = try #require(press.animations(of: .avatar).first)
        #expect(scale.key.property.keyPath == "transform.scale" && scale.values == [1, 0.9] && scale.curve == .easeOut)
        let first = press.animations(of: .segment(0))
        #expect(first.map(\.key.property) == [.path, .strokeEnd])
        #expect(first[0].values == [plan.layout.radius(scale: 1), plan.layout.radius(scale: 0.9)])
        #expect(Approximately.equal(first[1].from, 1.0 / 12) && Approximately.equal(first[1].to, 0.6 / 12))
        // The model layers hold the pressed look, so the press's end shows no jump.
        #expect(plan.modelValues[Plan.Key(.avatar, .scale)] == 0.9)
        #expect(plan.modelValues[Plan.Key(.segment(0), .strokeEnd)] == first[1].to)
    }

    @Test func theLoopTurnsTheSegmentsOnceATurnForeverFromTheTap() throws {
        var ring = StoryRing(status: .unseen)
        ring.tap(time: 5)
        let plan = Self.plan(ring)
        let loop = try #require(plan.group(.loop))
        #expect(loop.timing.beginTime == 5 && loop.timing.duration == 1.2 && loop.timing.repeatCount == .infinity)
        #expect(loop.targets == [.segments])
        let turn = try #require(loop.animations.first)
        #expect(turn.key.property.keyPath == "transform.rotation.z" && turn.values == [0, 2 * .pi] && turn.curve == .linear)
        // Per turn the segments travel a circumference of the pressed ring: the model's dash phase
        // (−rotation · r) travels −2πr.
        let radius = ring.frame(at: 6).ringRadius(avatarDiameter: plan.layout.avatarDiameter, gap: 3)
        let modelTravel = -(ring.value(.rotation, at: 6.2 - 1e-9) - ring.value(.rotation, at: 5.0)) * radius
        #expect(Approximately.equal((turn.to - turn.from) * radius, -modelTravel, absolute: 1e-6))
        #expect(Approximately.equal(modelTravel, -2 * .pi * radius, absolute: 1e-6))
        // An hour on, still turning with the model.
        for time in [3_605.0, 3_605.31, 3_606.1] {
            let shown = try #require(Self.presentation(plan, Plan.Key(.segments, .rotation), at: time))
            #expect(Self.angleDifference(shown, ring.value(.rotation, at: time), period: 2 * .pi) < Self.angleTolerance)
        }
    }

    @Test func underReduceMotionTheRingPulsesInsteadOfTurning() throws {
        var ring = StoryRing(status: .unseen, configuration: .init(reduceMotion: true))
        ring.tap(time: 0)
        let plan = Self.plan(ring)
        let press = try #require(plan.group(.press))
        #expect(Set(press.animations.map(\.key.property)) == [.scale, .path], "the segments stay shut")
        let loop = try #require(plan.group(.loop))
        #expect(loop.targets == [.ring])
        let pulse = try #require(loop.animations.first)
        #expect(pulse.key.property == .opacity && pulse.isKeyframed && pulse.values.count == Plan.pulseKeyframesPerTurn + 1)
        for time in stride(from: 0.0, through: 2.4, by: 0.037) {
            let shown = try #require(Self.presentation(plan, Plan.Key(.ring, .opacity), at: time))
            #expect(Approximately.equal(shown, ring.frame(at: time).ringOpacity, absolute: 1e-3))
        }
    }

    // MARK: Resolution

    @Test(arguments: [0.05, 0.149, 0.6, 1.19, 1.2, 7.04, 3_600.5])
    func theResolutionBeginsAtReadinessFromTheLoopsValuesAlongTheModelsCurves(readyAfter: Double) throws {
        var ring = StoryRing(status: .unseen)
        ring.tap(time: 2)
        let loading = Self.plan(ring)
        let ready = 2 + readyAfter
        ring.ready(time: ready)
        let plan = Self.plan(ring)
        #expect(plan.groups.map(\.stage) == [.resolve], "the resolution takes over from the press and the loop")
        let resolve = try #require(plan.group(.resolve))
        #expect(resolve.timing == MediaTiming(beginTime: ready, duration: 0.3, fillMode: .forwards))
        let curves = ring.timeline.resolveCurves
        for animation in resolve.animations {
            let segment = try #require(curves[animation.channel])
            #expect(animation.curve == segment.curve)
            // From where the press and the loop had the property at readiness, to rest.
            let before = try #require(Self.presentation(loading, animation.key, at: ready))
            if animation.key.property == .rotation {
                #expect(Self.angleDifference(animation.from, before, period: 2 * .pi) < Self.angleTolerance)
            } else {
                #expect(Approximately.equal(animation.from, before, absolute: 1e-9), "\(animation.key)")
            }
            #expect(plan.modelValues[animation.key] == animation.to)
        }
        #expect(Set(resolve.animations.map(\.channel)) == [.scale, .openness, .rotation])
        // After the resolution: rest, held by the model values.
        for (key, value) in plan.modelValues {
            #expect(Approximately.equal(try #require(Self.presentation(plan, key, at: ready + 0.3)), value, absolute: 1e-12))
            #expect(Approximately.equal(try #require(Self.presentation(plan, key, at: ready + 10)), value, absolute: 1e-12))
        }
        #expect(plan.modelValues[Plan.Key(.avatar, .scale)] == 1)
        #expect(Approximately.equal(plan.modelValues[Plan.Key(.segment(11), .strokeEnd)] ?? 0, 1))
        ring.advance(to: ready + 0.3)
        #expect(Self.plan(ring).groups.isEmpty)
    }

    // MARK: The law

    @Test(arguments: [(0.6, false), (0.1, false), (2.45, false), (0.9, true)])
    func coreAnimationShowsTheModelsFrameAtEveryTime(readyAfter: Double, reduceMotion: Bool) throws {
        // Given a ring tapped at 1 and ready `readyAfter` later, sampled every 7 ms from before
        // the tap to after the rest: the plan of each phase, evaluated as Core Animation does,
        // is the model's frame — scale, radius, opacity, and the segments where the dashes are.
        var ring = StoryRing(status: .unseen, configuration: .init(reduceMotion: reduceMotion))
        let idle = Self.plan(ring)
        ring.tap(time: 1)
        let loading = Self.plan(ring)
        let ready = 1 + readyAfter
        var resolving = ring
        resolving.ready(time: ready)
        let resolvePlan = Self.plan(resolving)
        let n = 12, d = idle.layout.avatarDiameter
        for time in stride(from: 0.9, through: ready + 0.5, by: 0.007) {
            let (plan, model) = time < 1 ? (idle, StoryRing(status: .unseen)) : time < ready ? (loading, ring) : (resolvePlan, resolving)
            let frame = model.frame(at: time)
            func shown(_ key: Plan.Key) throws -> Double { try #require(Self.presentation(plan, key, at: time)) }
            #expect(Approximately.equal(try shown(Plan.Key(.avatar, .scale)), frame.avatarScale, absolute: 1e-9), "at \(time)")
            let radius = frame.ringRadius(avatarDiameter: d, gap: 3)
            #expect(Approximately.equal(try shown(Plan.Key(.segment(5), .path)), radius, absolute: 1e-9), "at \(time)")
            #expect(Approximately.equal(try shown(Plan.Key(.ring, .opacity)), frame.ringOpacity, absolute: 1e-3), "at \(time)")
            let pattern = frame.dashPattern(radius: radius)
            let lengths = try (0..<n).map { k in try shown(Plan.Key(.segment(k), .strokeEnd)) - plan.strokeStart(segment: k) }
            guard pattern.count == 2 else {
                #expect(lengths.allSatisfy { Approximately.equal($0, 1.0 / Double(n), absolute: 1e-9) }, "shut at \(time)")
                continue
            }
            let circumference = 2 * Double.pi * radius
            for length in lengths {
                #expect(Approximately.equal(length, pattern[0] / circumference, absolute: 1e-9), "at \(time)")
            }
            // The model's first dash starts at arc length −phase; the plan's segment 0 at the rotation.
            let modelStart = -frame.dashPhase(radius: radius) / radius
            let rotation = try shown(Plan.Key(.segments, .rotation))
            #expect(Self.angleDifference(rotation, modelStart, period: 2 * .pi / Double(n)) < Self.angleTolerance, "at \(time)")
        }
    }
}
