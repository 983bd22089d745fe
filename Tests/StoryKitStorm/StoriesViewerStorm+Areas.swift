import StoryKit

// MARK: - StoriesViewerStorm + Areas

/// The storm's tappable areas: some items carry links, mentions and actions (one a swipe-up
/// action), rotated any way, some as large as the media; touches land on them at random and
/// VoiceOver activates them by id.
///
/// Invariant: an area tap never changes the current item nor the elapsed time. After a touch or
/// a swipe whose events hold ``StoriesViewer/Event/areaTapped(user:item:id:areaID:)``, the event
/// names the current item, and unless the same step also showed another item, the user, item
/// and elapsed time are what they were before the step (the finger held progress since it came
/// down; for the storm's ``Step/tap(x:y:time:)``, just after its touch-down). After VoiceOver's
/// ``StoriesViewer/tapArea(_:time:)`` the viewer is the one that only advanced to that time, with
/// the area's event added when the id is the current item's.
extension StoriesViewerStorm {
    /// Areas for the storm's items: up to four, any kind, any rotation, hostile sizes now and then.
    static func makeAreas(_ random: inout StormRandom) -> [StoryArea] {
        (0..<random.int(in: 0...4)).map { index in
            let width = random.chance(0.2) ? 1 : random.double(in: 0.05...1)
            let height = random.chance(0.2) ? 1 : random.double(in: 0.05...1)
            let frame = Rect(x: random.double(in: 0...1) * (1 - width), y: random.double(in: 0...1) * (1 - height),
                             width: width, height: height)
            let kind: StoryArea.Kind
            switch random.int(in: 0...2) {
            case 0: kind = .link(url: "https://example.com/\(index)")
            case 1: kind = .mention(userID: "u\(index)")
            default: kind = .action(label: "See more", swipeUp: random.chance(0.5))
            }
            return StoryArea(id: "area\(index)", kind: kind, frame: frame, rotation: random.double(-720...720, hostility: 0.1))
        }
    }

    /// Whether `events` hold an area tap.
    static func hasAreaTap(_ events: [StoriesViewer.Event]) -> Bool {
        events.contains { if case .areaTapped = $0 { return true } else { return false } }
    }

    /// The area invariant after `step` took `before` to `viewer` with `events`, or `nil` when it holds.
    static func checkAreas(_ viewer: StoriesViewer, before: StoriesViewer, step: Step, events: [StoriesViewer.Event]) -> String? {
        var before = before, events = events
        if case let .tap(x, y, t) = step {
            // The invariant holds from the touch-down on: compare with the viewer just after it.
            let point = Point(x: x * before.pageSize.width, y: y * before.pageSize.height)
            let down = before.touchBegan(at: point, time: t)
            events = Array(events.dropFirst(down.count))
        }
        if case let .tapArea(area, t) = step {
            // The viewer that only advanced; the area's event on top when the area is the current item's
            // (a page not at rest, turning or dismissed, takes none).
            var expected = before
            let advanced = expected.advance(to: t)
            var tapped = advanced
            if let item = expected.currentItem, item.areas.contains(where: { $0.id == "area\(area)" }) {
                tapped.append(.areaTapped(user: expected.userIndex, item: expected.itemIndex, id: item.id, areaID: "area\(area)"))
            }
            if events != advanced && events != tapped { return "VoiceOver's area tap gave \(events), expected \(tapped)" }
            if viewer.userIndex != expected.userIndex || viewer.itemIndex != expected.itemIndex || viewer.elapsed != expected.elapsed {
                return "VoiceOver's area tap moved the viewer: elapsed \(viewer.elapsed), expected \(expected.elapsed)"
            }
            return nil
        }
        for event in events {
            guard case let .areaTapped(user, item, id, areaID) = event else { continue }
            guard user == viewer.userIndex, item == viewer.itemIndex, viewer.currentItem?.id == id,
                  viewer.currentItem?.areas.contains(where: { $0.id == areaID }) == true else {
                return "\(event) is not the current item's (\(viewer.userIndex)/\(viewer.itemIndex))"
            }
        }
        let showed = events.contains {
            switch $0 {
            case .itemShown, .userChanged: return true
            default: return false
            }
        }
        guard hasAreaTap(events), !showed else { return nil }
        if before.userIndex != viewer.userIndex || before.itemIndex != viewer.itemIndex {
            return "an area tap changed the item from \(before.userIndex)/\(before.itemIndex) to \(viewer.userIndex)/\(viewer.itemIndex)"
        }
        if before.elapsed != viewer.elapsed { return "an area tap changed the elapsed time from \(before.elapsed) to \(viewer.elapsed)" }
        return nil
    }
}
