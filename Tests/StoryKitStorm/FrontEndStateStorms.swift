import Foundation
import StoryKit
import StoryKitUI

/// The story ring's loading rules under storms: the host's requests (idle, loading, ready),
/// frames, settles and status or configuration changes at hostile times (NaN, infinities, going
/// backwards, long pauses).
///
/// Invariants after every step, against a reference record kept here: loading starts only when
/// no load is open; a launch comes at most once per load and only after readiness was asked for
/// (since the last cancel or launch); a cancel only ends an open load; the ring follows the
/// request whenever its phase allows (a cancel or readiness is never left waiting while the ring
/// loads, a request is never left waiting at rest); `settle(now:)`, whatever the clock says, ends
/// the resolution that was due; the settle delay of a finite clock is finite and ≥ 0.
public enum RingLoadingRulesStorm: StormSubject {
    public struct Setup: Sendable {
        var status: StoryRing.Status
        var resolve: Double
        var reduceMotion: Bool
    }

    public enum Step: Sendable {
        case request(StoryRingLoadingState, time: Double)
        case advance(time: Double)
        case settle(now: Double)
        case update(StoryRing.Status, resolve: Double, reduceMotion: Bool)
    }

    public static let name = "RingLoadingRules"

    public static func makeSetup(_ random: inout StormRandom) -> Setup {
        Setup(status: random.int(in: 0...5) == 0 ? .none : random.pick([.unseen, .seen]),
              resolve: random.double(0.05...1, hostility: 0.2), reduceMotion: random.chance(0.2))
    }

    public static func makeStep(_ random: inout StormRandom, clock: inout Double) -> Step {
        let time = random.time(after: &clock)
        switch random.int(in: 0...15) {
        case 0...6: return .request(random.pick(StoryRingLoadingState.allCases), time: time)
        case 7...9: return .advance(time: time)
        case 10...14: return .settle(now: time)
        default:
            return .update(random.pick(StoryRing.Status.allCases), resolve: random.double(0.05...1, hostility: 0.3),
                           reduceMotion: random.chance(0.2))
        }
    }

    public static func run(_ setup: Setup, _ steps: [Step]) -> StormViolation? {
        var rules = RingLoadingRules(ring: StoryRing(status: setup.status))
        rules.update(status: setup.status, configuration: StoryRing.Configuration(resolveDuration: setup.resolve),
                     systemReduceMotion: setup.reduceMotion)
        // The reference: whether a load is open (started, neither launched nor cancelled), and
        // whether readiness was asked for since the last cancel request or launch.
        var loadOpen = false
        var readyAsked = false
        for (index, step) in steps.enumerated() {
            func fail(_ message: String) -> StormViolation { StormViolation(step: index, message: message) }
            let dueBefore = rules.settleTime
            let phaseBefore = rules.ring.phase
            var events: [StoryRing.Event] = []
            var clock: Double?
            switch step {
            case let .request(state, time):
                events = rules.request(state, time: time)
                clock = time
            case .advance(let time):
                events = rules.advance(to: time)
                clock = time
            case .settle(let now):
                events = rules.settle(now: now)
                clock = now
            case let .update(status, resolve, reduceMotion):
                rules.update(status: status, configuration: StoryRing.Configuration(resolveDuration: resolve),
                             systemReduceMotion: reduceMotion)
            }
            for event in events {
                switch event {
                case .loadingStarted:
                    if loadOpen { return fail("loading started again while a load is open") }
                    loadOpen = true
                case .launch:
                    if !loadOpen { return fail("a launch without an open load (twice, or after a cancel)") }
                    if !readyAsked { return fail("a launch before readiness was asked for") }
                    loadOpen = false
                    readyAsked = false
                case .cancelled:
                    if !loadOpen { return fail("a cancel without an open load") }
                    loadOpen = false
                }
            }
            if case .request(let state, _) = step {
                if state == .ready { readyAsked = true } else if state == .idle { readyAsked = false }
            }
            if let problem = followProblem(rules, loadOpen: loadOpen) { return fail(problem) }
            if case .settle = step, dueBefore != nil, case .resolving = phaseBefore, rules.ring.phase == phaseBefore {
                return fail("settle(now: \(swiftLiteral(clock ?? 0))) left the resolution due at \(dueBefore ?? 0) running")
            }
            if let clock, clock.isFinite, let delay = rules.settleDelay(now: clock), !(delay >= 0 && delay.isFinite) {
                return fail("settle delay \(delay) at now \(clock)")
            }
            _ = rules.settleDelayNanoseconds(now: clock ?? 0)
        }
        return nil
    }

    /// What is wrong with the ring's phase given the request and the reference's open load, or nil.
    static func followProblem(_ rules: RingLoadingRules, loadOpen: Bool) -> String? {
        if rules.isLoading != (rules.request != .idle) { return "isLoading \(rules.isLoading) with request \(rules.request)" }
        switch (rules.request, rules.ring.phase) {
        case (.idle, .loading), (.idle, .resolving(_, _, true)): return "a cancel was not taken (\(rules.ring.phase))"
        case (.ready, .loading): return "readiness was not taken"
        case (.loading, .idle), (.ready, .idle): return "the request \(rules.request) waits while the ring rests"
        default: break
        }
        let open: Bool
        switch rules.ring.phase {
        case .loading, .resolving(_, _, true): open = true
        case .idle, .resolving(_, _, false): open = false
        }
        return open == loadOpen ? nil : "the ring's phase \(rules.ring.phase) but the events say open \(loadOpen)"
    }

    public static func simplifications(of step: Step) -> [Step] {
        switch step {
        case let .request(state, time): simpler(time).map { .request(state, time: $0) }
        case .advance(let time): simpler(time).map { .advance(time: $0) }
        case .settle(let now): simpler(now).map { .settle(now: $0) }
        case let .update(status, resolve, reduceMotion): simpler(resolve).map { .update(status, resolve: $0, reduceMotion: reduceMotion) }
        }
    }

    public static func code(_ setup: Setup, _ steps: [Step]) -> String {
        let lines = steps.map { step -> String in
            switch step {
            case let .request(state, time): "rules.request(.\(state), time: \(swiftLiteral(time)))"
            case .advance(let time): "rules.advance(to: \(swiftLiteral(time)))"
            case .settle(let now): "rules.settle(now: \(swiftLiteral(now)))"
            case let .update(status, resolve, reduceMotion):
                "rules.update(status: .\(status), configuration: .init(resolveDuration: \(swiftLiteral(resolve))), systemReduceMotion: \(reduceMotion))"
            }
        }
        return ([
            "var rules = RingLoadingRules(ring: StoryRing(status: .\(setup.status)))",
            "rules.update(status: .\(setup.status), configuration: .init(resolveDuration: \(swiftLiteral(setup.resolve))), systemReduceMotion: \(setup.reduceMotion))",
        ] + lines).joined(separator: "\n")
    }
}

/// The profile header's blurred-copy cache under storms: requests for a few keys (some equal
/// once rounded, NaN blurs among them), copies finishing or failing in any order, late and
/// after newer requests, and resets.
///
/// Invariants after every step, against a reference record kept here: a request starts a copy
/// exactly when its key is neither shown nor awaited (each copy made once); a finished copy is
/// shown exactly when its key is the one awaited, so a stale copy never replaces a newer
/// request's; the copy on screen changes only to a finished copy, and is removed only by a reset.
public enum ProfileHeaderBlurCacheStorm: StormSubject {
    public struct Setup: Sendable {}

    public enum Step: Sendable {
        /// A request for content `content` (0…2) blurred by `sigma`.
        case request(content: Int, sigma: Double)
        /// The copy started `job`-th among those in flight (modulo their count) finishes.
        case finish(job: Int)
        /// The copy started `job`-th among those in flight fails (or is cancelled).
        case fail(job: Int)
        case reset
    }

    public static let name = "ProfileHeaderBlurCache"

    public static func makeSetup(_ random: inout StormRandom) -> Setup { Setup() }

    public static func makeStep(_ random: inout StormRandom, clock: inout Double) -> Step {
        switch random.int(in: 0...9) {
        case 0...3: return .request(content: random.int(in: 0...2), sigma: random.pick([0, 2.5, 2.54, 7, .nan, .infinity]))
        case 4...6: return .finish(job: random.int(in: 0...3))
        case 7, 8: return .fail(job: random.int(in: 0...3))
        default: return .reset
        }
    }

    static func key(_ content: Int, _ sigma: Double) -> ProfileHeaderBlurKey {
        ProfileHeaderBlurKey(content: .id("image\(content)"), sigma: sigma)
    }

    public static func run(_ setup: Setup, _ steps: [Step]) -> StormViolation? {
        var cache = ProfileHeaderBlurCache()
        // The reference: the key on screen, the key whose copy is awaited, and the copies in flight.
        var shown: ProfileHeaderBlurKey?
        var awaited: ProfileHeaderBlurKey?
        var latest: ProfileHeaderBlurKey?
        var jobs: [ProfileHeaderBlurKey] = []
        for (index, step) in steps.enumerated() {
            func fail(_ message: String) -> StormViolation { StormViolation(step: index, message: message) }
            switch step {
            case let .request(content, sigma):
                let key = key(content, sigma)
                let expected = key != awaited && key != shown
                let started = cache.request(key)
                if started != expected { return fail("request(\(key)) started a copy: \(started), expected \(expected)") }
                latest = key
                if started {
                    awaited = key
                    jobs.append(key)
                } else if key == shown {
                    awaited = nil
                }
            case .finish(let job):
                guard !jobs.isEmpty else { continue }
                let key = jobs.remove(at: job % jobs.count)
                let showIt = cache.finished(key)
                if showIt, key != latest { return fail("a stale copy of \(key) replaced the request for \(String(describing: latest))") }
                if showIt != (key == awaited) { return fail("finished(\(key)) shows: \(showIt), expected \(key == awaited)") }
                if showIt {
                    shown = key
                    awaited = nil
                }
            case .fail(let job):
                guard !jobs.isEmpty else { continue }
                let key = jobs.remove(at: job % jobs.count)
                cache.failed(key)
                if key == awaited { awaited = nil }
            case .reset:
                cache.reset()
                shown = nil
                awaited = nil
                latest = nil
            }
            if cache.shown != shown { return fail("shown \(String(describing: cache.shown)), expected \(String(describing: shown))") }
            if cache.pending != awaited { return fail("pending \(String(describing: cache.pending)), expected \(String(describing: awaited))") }
        }
        return nil
    }

    public static func simplifications(of step: Step) -> [Step] {
        switch step {
        case let .request(content, sigma): sigma == 0 ? [] : [.request(content: content, sigma: 0)]
        case .finish(let job): job == 0 ? [] : [.finish(job: 0)]
        case .fail(let job): job == 0 ? [] : [.fail(job: 0)]
        case .reset: []
        }
    }

    public static func code(_ setup: Setup, _ steps: [Step]) -> String {
        // Replays the steps to know which requests started a copy (the jobs `finish` and `fail` pick).
        var replay = ProfileHeaderBlurCache()
        var jobs: [(key: ProfileHeaderBlurKey, text: String)] = []
        var lines = ["var cache = ProfileHeaderBlurCache()"]
        for step in steps {
            switch step {
            case let .request(content, sigma):
                let text = "ProfileHeaderBlurKey(content: .id(\"image\(content)\"), sigma: \(swiftLiteral(sigma)))"
                lines.append("cache.request(\(text))")
                if replay.request(key(content, sigma)) { jobs.append((key(content, sigma), text)) }
            case .finish(let job):
                guard !jobs.isEmpty else { continue }
                let picked = jobs.remove(at: job % jobs.count)
                _ = replay.finished(picked.key)
                lines.append("cache.finished(\(picked.text))")
            case .fail(let job):
                guard !jobs.isEmpty else { continue }
                let picked = jobs.remove(at: job % jobs.count)
                replay.failed(picked.key)
                lines.append("cache.failed(\(picked.text))")
            case .reset:
                replay.reset()
                lines.append("cache.reset()")
            }
        }
        return lines.joined(separator: "\n")
    }
}
