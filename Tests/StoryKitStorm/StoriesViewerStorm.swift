import StoryKit

/// The Stories viewer under storms: touches, frames, media reports (for the current item, other
/// items and unknown ids), app and VoiceOver state, navigation, retries, avatar frames and
/// closes, with hostile values and times in any order.
///
/// Invariants after every step: at most one player plays and only it may be heard, and only the
/// current user's current item; nothing plays once closed; indices in range; elapsed finite,
/// never negative, never past a known duration, never backwards within an item, nor the bar's
/// progress (a length reported again, longer or shorter, included); progress never
/// advances across a frame while loading, failed, held, dismissing, in the background, stalled
/// or read by VoiceOver; seen only grows; one close, and no event after it; every output finite
/// (dismiss geometry, chrome, bars, the cube), and every frame's scene valid; a page whose item's
/// media has not arrived (as the storm recorded the reports) shows its placeholder if the item has
/// one, and never its media.
public enum StoriesViewerStorm: StormSubject {
    public struct Setup: Sendable {
        /// Item count per user (0 gives a user the viewer leaves out).
        var items: [Int]
        var videoEvery: Int
        var duration: Double?
        var seenEvery: Int
        var user: Int
        var width: Double, height: Double
        var imageDuration: Double, seenAfter: Double, holdDelay: Double, grace: Double, dismissDistance: Double
        /// The scripted media source the frames drive: load time, video length, a stall, and
        /// which items fail (every nth; 0: none).
        var loadTime: Double, videoLength: Double, stallAt: Double, failEvery: Int
        /// Which items carry a BlurHash placeholder (every nth; 0: none).
        var placeholderEvery: Int = 0
        /// The tappable areas every `areaEvery`th item carries (0: none).
        var areas: [StoryArea] = [], areaEvery = 0
        /// Left to right or right to left (the cube, the tap zones, the bars and the header mirror).
        var direction: StoryLayoutDirection = .leftToRight
    }

    public enum Media: Sendable { case ready, displaying, stalled, resumed, duration(Double), playhead(Double), ended, failed }

    public enum Step: Sendable {
        case began(x: Double, y: Double, time: Double)
        case moved(x: Double, y: Double, time: Double)
        case ended(x: Double, y: Double, time: Double)
        case cancelled(time: Double)
        case advance(time: Double)
        /// A report on item `item` of the flattened feed (out of range: an unknown id).
        case media(Media, item: Int, time: Double)
        case appActive(Bool, time: Double)
        case voiceOver(Bool, time: Double)
        case next(time: Double)
        case previous(time: Double)
        case showUser(Int, time: Double)
        case retry(time: Double)
        case avatar(x: Double, y: Double, size: Double, time: Double)
        case close(time: Double)
        /// VoiceOver activates area `"area<n>"`.
        case tapArea(Int, time: Double)
        /// A 50 ms tap at (x, y) in fractions of the page (where areas are).
        case tap(x: Double, y: Double, time: Double)
        /// A layout on a screen of `width` × `height` points (StoriesViewerStorm+Card.swift).
        case screen(width: Double, height: Double, sizeClass: Int, time: Double)
    }

    public static let name = "StoriesViewer"

    /// The picture every item and avatar shows in the storm's scenes.
    static let picture = ImageContents(image: "storm")

    public static func makeSetup(_ random: inout StormRandom) -> Setup {
        let hostile = random.chance(0.2)
        return Setup(
            items: (0..<random.int(in: 0...4)).map { _ in random.int(in: 0...4) },
            videoEvery: random.int(in: 1...4), duration: random.chance(0.2) ? random.double(0...20, hostility: 0.5) : nil,
            seenEvery: random.int(in: 0...3), user: random.int(0...4, hostility: 0.2),
            width: random.double(100...1_000, hostility: 0.1), height: random.double(100...1_000, hostility: 0.1),
            imageDuration: hostile ? random.double(0...10, hostility: 0.5) : 5,
            seenAfter: hostile ? random.double(0...10, hostility: 0.5) : 1,
            holdDelay: hostile ? random.double(0...1, hostility: 0.5) : 0.2,
            grace: hostile ? random.double(0...2, hostility: 0.5) : 0.5,
            dismissDistance: hostile ? random.double(0...2, hostility: 0.5) : 0.5,
            loadTime: random.double(0...2, hostility: 0.1), videoLength: random.double(0...12, hostility: 0.2),
            stallAt: random.double(0...6, hostility: 0.2), failEvery: random.int(in: 0...5),
            placeholderEvery: random.int(in: 0...3),
            areas: makeAreas(&random), areaEvery: random.int(in: 0...2),
            direction: random.pick(StoryLayoutDirection.allCases))
    }

    static func source(_ setup: Setup) -> ScriptedMediaSource {
        var source = ScriptedMediaSource(defaultBehaviour: .init(loadTime: setup.loadTime))
        for (serial, item) in feed(setup).users.flatMap(\.items).enumerated() {
            let fails = setup.failEvery > 0 && serial % setup.failEvery == setup.failEvery - 1
            source.behaviours[item.id] = .init(loadTime: setup.loadTime * Double(serial % 3),
                                               videoLength: item.kind == .video ? setup.videoLength : nil,
                                               stalls: [.init(at: setup.stallAt, duration: 0.7)],
                                               failure: fails ? "scripted failure" : nil)
        }
        return source
    }

    public static func makeStep(_ random: inout StormRandom, clock: inout Double) -> Step {
        func point() -> (Double, Double) { (random.double(-100...1_100, hostility: 0.05), random.double(-100...1_100, hostility: 0.05)) }
        let t = random.time(after: &clock)
        if random.chance(0.03) { return makeScreenStep(&random, time: t) }
        switch random.int(in: 0...99) {
        case 0..<10: let (x, y) = point(); return .began(x: x, y: y, time: t)
        case 10..<28: let (x, y) = point(); return .moved(x: x, y: y, time: t)
        case 28..<36 where random.chance(0.3): return .tap(x: random.double(in: 0...1), y: random.double(in: 0...1), time: t)
        case 28..<36: let (x, y) = point(); return .ended(x: x, y: y, time: t)
        case 36..<38: return .cancelled(time: t)
        case 38..<60: return .advance(time: t)
        case 60..<80:
            let media: Media
            switch random.int(in: 0...9) {
            case 0...2: media = .displaying
            case 3: media = .ready
            case 4: media = .stalled
            case 5: media = .resumed
            case 6: media = .duration(random.double(0...20, hostility: 0.3))
            case 7: media = .playhead(random.double(0...20, hostility: 0.3))
            case 8: media = .ended
            default: media = .failed
            }
            return .media(media, item: random.int(0...12, hostility: 0.1), time: t)
        case 80..<83: return .appActive(random.chance(0.5), time: t)
        case 83..<86: return .voiceOver(random.chance(0.5), time: t)
        case 86..<89: return .next(time: t)
        case 89..<92: return .previous(time: t)
        case 92..<94: return .showUser(random.int(-1...5, hostility: 0.2), time: t)
        case 94..<96: return .retry(time: t)
        case 96 where random.chance(0.5): return .tapArea(random.int(in: 0...4), time: t)
        case 96..<99:
            return .avatar(x: random.double(0...400, hostility: 0.1), y: random.double(0...200, hostility: 0.1),
                           size: random.double(0...80, hostility: 0.2), time: t)
        default: return .close(time: t)
        }
    }

    static func feed(_ setup: Setup) -> StoryFeed {
        var serial = 0
        return StoryFeed(users: setup.items.enumerated().map { user, count in
            StoryUser(id: "u\(user)", name: "User \(user)", items: (0..<count).map { _ in
                serial += 1
                var item = StoryItem(id: "i\(serial - 1)", kind: serial % setup.videoEvery == 0 ? .video : .image,
                                     url: "i\(serial - 1)", duration: setup.duration)
                if setup.placeholderEvery > 0, serial % setup.placeholderEvery == 0 { item.placeholder = Self.placeholder }
                if setup.areaEvery > 0, serial % setup.areaEvery == 0 { item.areas = setup.areas }
                if serial % 2 == 1 { item.caption = "Caption of item \(serial - 1), long enough to wrap onto a second line" }
                return item
            })
        })
    }

    static func make(_ setup: Setup) -> StoriesViewer { make(setup, feed: feed(setup)) }

    /// A viewer of `feed` (the setup's feed, or one like it with other URLs) as `setup` says.
    static func make(_ setup: Setup, feed: StoryFeed) -> StoriesViewer {
        var configuration = StoriesViewer.Configuration(
            imageDuration: setup.imageDuration, seenAfter: setup.seenAfter, holdDelay: setup.holdDelay,
            stallGrace: setup.grace, dismissDistance: setup.dismissDistance)
        configuration.layoutDirection = setup.direction
        let count = setup.items.reduce(0, +)
        let seen = Set((0..<count).filter { setup.seenEvery > 0 && $0 % setup.seenEvery == 0 }.map { "i\($0)" })
        var viewer = StoriesViewer(feed: feed, seen: seen, user: setup.user,
                                   pageSize: Size(width: setup.width, height: setup.height), configuration: configuration)
        for id in (0..<count).map({ "i\($0)" }) { viewer.setSubtitles(Self.subtitles, forItem: id) }
        return viewer
    }

    /// Every item's subtitles: two overlapping cues in the first 3 s.
    static let subtitles = SubtitleTrack(cues: [.init(start: 0.5, end: 1.5, text: "first"), .init(start: 1, end: 3, text: "second")])

    /// The captions' rule: the current page's subtitle is the track's text at the item's
    /// playhead while muted (the automatic mode), and none while the sound is on.
    static func checkCaptions(_ viewer: StoriesViewer) -> String? {
        guard !viewer.isClosed, viewer.users.indices.contains(viewer.userIndex) else { return nil }
        let shown = viewer.captions(forUser: viewer.userIndex).subtitle
        let expected = viewer.isMuted ? Self.subtitles.text(at: viewer.elapsed) : nil
        return shown == expected ? nil : "subtitle \(String(describing: shown)) at \(viewer.elapsed) s (muted: \(viewer.isMuted)), expected \(String(describing: expected))"
    }

    public static func run(_ setup: Setup, _ steps: [Step]) -> StormViolation? {
        var viewer = make(setup)
        var source = source(setup)
        var closes = 0
        // The storm's own record of a finger resting on the page: down (a finite touch-down the
        // open viewer took) and not yet moved 10 pt (the slop) from where it came down.
        var resting: Point?
        // The storm's own record of what each item's media reported, for the placeholder rule.
        var arrivals = PlaceholderRecord()
        // The storm's own record of a finger beside the card (StoriesViewerStorm+Card.swift).
        var beside = BesideDragRecord()
        if let problem = check(viewer, before: nil, beforeFrame: nil, step: nil, events: [], closes: &closes) { return StormViolation(step: -1, message: problem) }
        for (index, step) in steps.enumerated() {
            let before = viewer
            var beforeFrame = viewer
            let events = perform(step, on: &viewer, source: &source, beforeFrame: &beforeFrame) { arrivals.record($0, for: $1, at: $2) }
            if case .retry = step { arrivals.retry(viewer.currentItem?.id) }
            if let problem = check(viewer, before: before, beforeFrame: beforeFrame, step: step, events: events, closes: &closes) {
                return StormViolation(step: index, message: problem)
            }
            if let problem = checkAreas(viewer, before: before, step: step, events: events) {
                return StormViolation(step: index, message: problem)
            }
            if let problem = checkCaptions(viewer) { return StormViolation(step: index, message: problem) }
            if let problem = checkOverlay(viewer, before: before, step: step) { return StormViolation(step: index, message: problem) }
            if let problem = checkCard(viewer, before: before, step: step) { return StormViolation(step: index, message: problem) }
            // Every 16th step and the last: the check draws the whole scene and every page again; after
            // every step it made the model twice as slow (20,000 sequences on one core: 9.4 s -> 19.8 s; 10.8 s now).
            if index % 16 == 0 || index == steps.count - 1, let problem = checkPageOverlay(viewer) {
                return StormViolation(step: index, message: problem)
            }
            beside.record(step, before: before, after: viewer)
            if let problem = beside.check(viewer) { return StormViolation(step: index, message: problem) }
            if source.mostAudibleAtOnce > 1 { return StormViolation(step: index, message: "the media source heard two items at once") }
            var framed = false
            if case .advance(let t) = step, t.isFinite { framed = true }
            // What a frame draws is drawable: the scene valid at any page size (an unusable one
            // gives the empty scene).
            if framed, !viewer.scene(media: { _, _ in Self.picture }, avatar: { _ in Self.picture }).isValid {
                return StormViolation(step: index, message: "the scene is not valid: "
                    + "\(viewer.scene(media: { _, _ in Self.picture }, avatar: { _ in Self.picture }).validationErrors().prefix(3))")
            }
            if framed, let problem = arrivals.check(viewer) { return StormViolation(step: index, message: problem) }
            if viewer.isClosed, framed, !source.playingItems.isEmpty {
                return StormViolation(step: index, message: "media still playing after the close: \(source.playingItems)")
            }
            if framed, let heard = source.audibleItems.first, heard != viewer.currentItem?.id {
                return StormViolation(step: index, message: "the source plays \(heard) aloud but the current item is \(String(describing: viewer.currentItem?.id))")
            }
            if case .advance = step, resting != nil, !before.isClosed, viewer.elapsed != beforeFrame.elapsed,
               beforeFrame.userIndex == viewer.userIndex, beforeFrame.itemIndex == viewer.itemIndex {
                return StormViolation(step: index, message: "progress ran under a resting finger")
            }
            switch step {
            case let .began(x, y, t) where !before.isClosed && t.isFinite && x.isFinite && y.isFinite:
                // A finger on the mute button is the button's, not a hold (the button is on
                // screen and the touch inside its 44-pt target).
                let hit = before.muteButtonHitFrame
                let onButton = before.isOnMuteButton(Point(x: x, y: y)) && before.showsMuteButton(forUser: before.userIndex)
                    && x >= hit.minX && x <= hit.maxX && y >= hit.minY && y <= hit.maxY
                // Beside the card is judged after the step: the touch first brings the viewer to its
                // time, which may end a dismiss that made such a touch a grab before.
                // A finger on the Retry button is the button's too (judged after the step, as beside the card).
                let onRetry = viewer.isOnRetryButton(Point(x: x, y: y))
                resting = onButton || onRetry || isBesideCard(Point(x: x, y: y), in: viewer) ? nil : Point(x: x, y: y)
            case let .moved(x, y, t) where t.isFinite && x.isFinite && y.isFinite:
                if let origin = resting, ((x - origin.x) * (x - origin.x) + (y - origin.y) * (y - origin.y)).squareRoot() >= 10 {
                    resting = nil
                }
            case let .ended(_, _, t) where t.isFinite: resting = nil
            case let .tap(_, _, t) where t.isFinite: resting = nil
            case let .cancelled(t) where t.isFinite: resting = nil
            default: break
            }
            if viewer.isClosed { resting = nil }
        }
        return nil
    }

    /// Carries out `step` on `viewer`. A frame drives `source` as ``StoriesViewer/advance(to:media:)``
    /// does, spelt out, so that `beforeFrame` can be the viewer after the source's reports and
    /// before the frame (for the progress rule); other steps leave `beforeFrame` alone.
    ///
    /// - Returns: The viewer's events.
    static func perform(_ step: Step, on viewer: inout StoriesViewer, source: inout ScriptedMediaSource,
                        beforeFrame: inout StoriesViewer,
                        onReport: (StoriesViewer.MediaEvent, String, Double) -> Void = { _, _, _ in }) -> [StoriesViewer.Event] {
        switch step {
        case let .began(x, y, t): return viewer.touchBegan(at: Point(x: x, y: y), time: t)
        case let .moved(x, y, t): return viewer.touchMoved(to: Point(x: x, y: y), time: t)
        case let .ended(x, y, t): return viewer.touchEnded(at: Point(x: x, y: y), time: t)
        case let .cancelled(t): return viewer.touchCancelled(time: t)
        case let .advance(t):
            // advance(to:media:) spelt out, so that the progress rule sees the state after
            // the source's reports and before the frame.
            var frameEvents: [StoriesViewer.Event] = []
            if t.isFinite {
                for report in source.reports(through: t) {
                    onReport(report.event, report.id, report.time)
                    frameEvents += viewer.media(report.event, for: report.id, time: report.time)
                }
            }
            beforeFrame = viewer
            frameEvents += viewer.advance(to: t)
            if t.isFinite { source.apply(viewer.players, time: viewer.time) }
            return frameEvents
        case let .media(media, item, t):
            let id = "i\(item)"
            let event: StoriesViewer.MediaEvent
            switch media {
            case .ready: event = .ready
            case .displaying: event = .displaying
            case .stalled: event = .stalled
            case .resumed: event = .resumed
            case .duration(let d): event = .duration(d)
            case .playhead(let p): event = .playhead(p)
            case .ended: event = .ended
            case .failed: event = .failed(reason: "storm")
            }
            onReport(event, id, t)
            return viewer.media(event, for: id, time: t)
        case let .appActive(on, t): return viewer.setAppActive(on, time: t)
        case let .voiceOver(on, t): return viewer.setVoiceOverFocus(on, time: t)
        case let .next(t): return viewer.nextItem(time: t)
        case let .previous(t): return viewer.previousItem(time: t)
        case let .showUser(u, t): return viewer.showUser(u, time: t)
        case let .retry(t): return viewer.retry(time: t)
        case let .avatar(x, y, size, t): return viewer.setAvatarFrame(Rect(x: x, y: y, width: size, height: size), time: t)
        case let .close(t): return viewer.close(time: t)
        case let .tapArea(area, t): return viewer.tapArea("area\(area)", time: t)
        case let .tap(x, y, t):
            let point = Point(x: x * viewer.pageSize.width, y: y * viewer.pageSize.height)
            return viewer.touchBegan(at: point, time: t) + viewer.touchEnded(at: point, time: t + 0.05)
        case let .screen(width, height, sizeClass, _):
            viewer.layOut(screen: Size(width: width, height: height), horizontalSizeClass: Self.sizeClass(sizeClass))
            return []
        }
    }

    static func check(_ viewer: StoriesViewer, before: StoriesViewer?, beforeFrame: StoriesViewer?, step: Step?,
                      events: [StoriesViewer.Event], closes: inout Int) -> String? {
        if let before, before.isClosed, !events.isEmpty { return "events after the close: \(events)" }
        for event in events { if case .closed = event { closes += 1 } }
        if closes > 1 { return "closed \(closes) times" }
        if viewer.isClosed != (closes == 1) && !(viewer.users.isEmpty && closes == 0) {
            return "isClosed \(viewer.isClosed) but \(closes) close events"
        }
        // One sound.
        let players = viewer.players
        if viewer.isClosed && !players.isEmpty { return "players after the close: \(players)" }
        if players.filter(\.isPlaying).count > 1 { return "two players playing: \(players)" }
        if players.filter({ !$0.isMuted }).count > 1 { return "two players audible: \(players)" }
        for player in players where player.isPlaying || !player.isMuted {
            if player.user != viewer.userIndex || player.item != viewer.itemIndex {
                return "\(player) plays but the current item is \(viewer.userIndex)/\(viewer.itemIndex)"
            }
        }
        // Indices and numbers.
        if !viewer.users.isEmpty {
            if !viewer.users.indices.contains(viewer.userIndex) { return "userIndex \(viewer.userIndex) out of range" }
            if !viewer.users[viewer.userIndex].items.indices.contains(viewer.itemIndex) { return "itemIndex \(viewer.itemIndex) out of range" }
        }
        if !viewer.elapsed.isFinite || viewer.elapsed < 0 { return "elapsed is \(viewer.elapsed)" }
        if let duration = viewer.currentDuration, viewer.elapsed > duration + 1e-9 { return "elapsed \(viewer.elapsed) past \(duration)" }
        if !(0...1).contains(viewer.progress) { return "progress \(viewer.progress)" }
        if !(0...1).contains(viewer.chromeOpacity) { return "chrome opacity \(viewer.chromeOpacity)" }
        let g = viewer.dismissGeometry
        if !(g.offset.isFinite && g.scale.isFinite && g.mask.origin.isFinite && g.mask.size.width.isFinite
             && g.mask.size.height.isFinite && g.cornerRadius.isFinite) { return "dismiss geometry not finite: \(g)" }
        if !(0...1).contains(g.pageOpacity) || !(0...1).contains(g.backdropOpacity) { return "dismiss opacities \(g)" }
        if !viewer.cube.position.isFinite { return "cube position \(viewer.cube.position)" }
        for user in viewer.users.indices {
            for segment in viewer.segments(forUser: user) {
                if !(segment.frame.origin.isFinite && segment.frame.size.width.isFinite && segment.frame.size.width >= 0)
                    || !(0...1).contains(segment.fraction) { return "segment \(segment) of user \(user)" }
                // The fill stays inside its track, against the track's leading edge.
                let fill = segment.fillFrame, leadingGap = viewer.configuration.layoutDirection == .rightToLeft
                    ? segment.frame.width - fill.maxX : fill.minX
                let tolerance = 1e-9 * max(1, segment.frame.width)
                if !(fill.minX >= -tolerance && fill.maxX <= segment.frame.width + tolerance && abs(leadingGap) <= tolerance) {
                    return "fill \(fill) of segment \(segment) of user \(user) is not at its leading edge"
                }
            }
        }
        guard let before else { return nil }
        if !before.seen.isSubset(of: viewer.seen) { return "seen items were forgotten" }
        let sameItem = before.userIndex == viewer.userIndex && before.itemIndex == viewer.itemIndex
            && !events.contains { if case .itemShown = $0 { return true } else { return false } }
        if sameItem, viewer.elapsed < before.elapsed { return "elapsed went back from \(before.elapsed) to \(viewer.elapsed)" }
        if sameItem, viewer.progress < before.progress - 1e-12 {
            return "progress went back from \(before.progress) to \(viewer.progress)"
        }
        // Progress never runs across a frame while something other than a turn holds it (the
        // state after the media source's reports, just before the frame).
        // (A frame that went away and came back, a turn to the previous user whose items ran out
        // at once, shows other items on the way: not the same item.)
        let shownOnTheWay = events.contains { if case .itemShown = $0 { return true } else { return false } }
        if case .advance = step, let before = beforeFrame, before.userIndex == viewer.userIndex,
           before.itemIndex == viewer.itemIndex, viewer.elapsed != before.elapsed, !shownOnTheWay {
            let held = before.pauseReasons.subtracting(.turning)
            switch before.state {
            case .failed, .finished: return "progress ran while \(before.state)"
            case .loading where !before.pauseReasons.contains(.turning): return "progress ran while loading"
            case .paused where !held.isEmpty: return "progress ran while paused for \(held.rawValue)"
            default: break
            }
        }
        return nil
    }

    public static func simplifications(of step: Step) -> [Step] {
        switch step {
        case let .began(x, y, t): return TouchCode.simplerPoints(x: x, y: y).map { .began(x: $0.x, y: $0.y, time: t) }
        case let .moved(x, y, t): return TouchCode.simplerPoints(x: x, y: y).map { .moved(x: $0.x, y: $0.y, time: t) }
        case let .ended(x, y, t): return TouchCode.simplerPoints(x: x, y: y).map { .ended(x: $0.x, y: $0.y, time: t) }
        case let .media(m, item, t): return item > 12 || item < 0 ? [.media(m, item: 0, time: t)] : []
        case let .showUser(u, t): return u != 0 ? [.showUser(0, time: t)] : []
        default: return []
        }
    }

    public static func code(_ setup: Setup, _ steps: [Step]) -> String {
        func l(_ v: Double) -> String { swiftLiteral(v) }
        var lines = [
            "// users' item counts \(setup.items), every \(setup.videoEvery)th item a video, item duration "
                + "\(setup.duration.map(l) ?? "nil"), every \(setup.seenEvery)th item seen (0: none)",
            "var viewer = StoriesViewer(feed: feed, seen: seen, user: \(swiftLiteral(setup.user)), "
                + "pageSize: Size(width: \(l(setup.width)), height: \(l(setup.height))),",
            "    configuration: StoriesViewer.Configuration(imageDuration: \(l(setup.imageDuration)), seenAfter: \(l(setup.seenAfter)), "
                + "holdDelay: \(l(setup.holdDelay)), stallGrace: \(l(setup.grace)), dismissDistance: \(l(setup.dismissDistance))))",
            "viewer.configuration.layoutDirection = .\(setup.direction.rawValue)",
            "// media: load \(l(setup.loadTime)) s × (serial % 3), videos \(l(setup.videoLength)) s, a 0.7 s stall at "
                + "\(l(setup.stallAt)) s, every \(setup.failEvery)th item fails (0: none); frames drive it with advance(to:media:)",
            "// every \(setup.placeholderEvery)th item has the BlurHash placeholder \"LEHV6nWB2yk8pyo0adR*.7kCMdnj\" (0: none)",
            "// every \(setup.areaEvery)th item (0: none) carries the areas \(setup.areas)",
            "// every other item has a caption; every item the subtitles 0.5–1.5 s \"first\", 1–3 s \"second\"",
        ]
        for step in steps {
            switch step {
            case let .began(x, y, t): lines.append(TouchCode.line("viewer", .began, x: x, y: y, time: t))
            case let .moved(x, y, t): lines.append(TouchCode.line("viewer", .moved, x: x, y: y, time: t))
            case let .ended(x, y, t): lines.append(TouchCode.line("viewer", .ended, x: x, y: y, time: t))
            case let .cancelled(t): lines.append("viewer.touchCancelled(time: \(l(t)))")
            case let .advance(t): lines.append("viewer.advance(to: \(l(t)), media: &source)")
            case let .media(m, item, t): lines.append("viewer.media(.\(m), for: \"i\(item)\", time: \(l(t)))")
            case let .appActive(on, t): lines.append("viewer.setAppActive(\(on), time: \(l(t)))")
            case let .voiceOver(on, t): lines.append("viewer.setVoiceOverFocus(\(on), time: \(l(t)))")
            case let .next(t): lines.append("viewer.nextItem(time: \(l(t)))")
            case let .previous(t): lines.append("viewer.previousItem(time: \(l(t)))")
            case let .showUser(u, t): lines.append("viewer.showUser(\(swiftLiteral(u)), time: \(l(t)))")
            case let .retry(t): lines.append("viewer.retry(time: \(l(t)))")
            case let .avatar(x, y, s, t):
                lines.append("viewer.setAvatarFrame(Rect(x: \(l(x)), y: \(l(y)), width: \(l(s)), height: \(l(s))), time: \(l(t)))")
            case let .close(t): lines.append("viewer.close(time: \(l(t)))")
            case let .tapArea(area, t): lines.append("viewer.tapArea(\"area\(area)\", time: \(l(t)))")
            case let .tap(x, y, t):
                lines.append("let point = Point(x: \(l(x)) * viewer.pageSize.width, y: \(l(y)) * viewer.pageSize.height)")
                lines.append("viewer.touchBegan(at: point, time: \(l(t))); viewer.touchEnded(at: point, time: \(l(t)) + 0.05)")
            case let .screen(w, h, c, _):
                lines.append("viewer.layOut(screen: Size(width: \(l(w)), height: \(l(h))), horizontalSizeClass: .\(Self.sizeClass(c)))")
            }
        }
        return lines.joined(separator: "\n")
    }
}
