import Foundation
import StoryKit
import StoryKitUI

/// The SwiftUI tray row's avatar requests under storms: cells of a few users appearing again
/// and again (users sharing an avatar, without one, with one that does not resolve, absent from
/// the feed), pictures arriving or failing in any order and late, after new feeds.
///
/// Invariants after every step, against a reference record kept here: a cell's appearance asks
/// for its picture exactly when the avatar resolves, is not loaded and was not asked for since
/// it last left the row (each picture asked for once), with the avatar as key and its resolved
/// location; after a new feed the row keeps exactly the pictures of users still in it and only
/// their avatars count as asked for; the asked-for set is the reference's.
public enum TrayPictureRequestsStorm: StormSubject {
    public struct Setup: Sendable {
        /// Whether relative avatars have a folder to resolve against.
        var base: Bool
    }

    public enum Step: Sendable {
        /// The cell of ``users``[`user`] appears.
        case appear(user: Int)
        /// The `job`-th picture in flight (modulo their count) arrives.
        case arrive(job: Int)
        /// The `job`-th picture in flight fails.
        case fail(job: Int)
        /// A new feed of the users whose bits are set.
        case feed(Int)
    }

    public static let name = "TrayPictureRequests"

    /// The users: two sharing an avatar, one absolute, one without, one blank, one empty.
    static let avatars: [String?] = ["a/0.jpg", "a/1.jpg", "a/0.jpg", "https://cdn.example.com/x.jpg", nil, " ", ""]
    static let users = avatars.enumerated().map { StoryUser(id: "u\($0.offset)", name: "U", avatar: $0.element, items: []) }
    static let baseURL = URL(string: "https://cdn.example.com/")
    /// Each user's avatar resolved without and with ``baseURL`` (the oracle, computed once).
    static let locations: [[StoryMediaLocation?]] = [nil, baseURL].map { base in
        avatars.map { $0.flatMap { StoryMediaLocation.resolve($0, relativeTo: base) } }
    }

    public static func makeSetup(_ random: inout StormRandom) -> Setup {
        Setup(base: random.chance(0.8))
    }

    public static func makeStep(_ random: inout StormRandom, clock: inout Double) -> Step {
        switch random.int(in: 0...9) {
        case 0...4: return .appear(user: random.int(in: 0...(users.count - 1)))
        case 5, 6: return .arrive(job: random.int(in: 0...3))
        case 7: return .fail(job: random.int(in: 0...3))
        default: return .feed(random.int(in: 0...(1 << users.count) - 1))
        }
    }

    static func members(_ bits: Int) -> [StoryUser] { users.indices.filter { bits & (1 << $0) != 0 }.map { users[$0] } }

    public static func run(_ setup: Setup, _ steps: [Step]) -> StormViolation? {
        let base = setup.base ? baseURL : nil
        var requests = TrayPictureRequests()
        // The row's pictures (by avatar, a serial per arrival), the pictures in flight, and the
        // reference's asked-for avatars.
        var loaded: [String: Int] = [:]
        var inFlight: [String] = []
        var asked: Set<String> = []
        var arrivals = 0
        for (index, step) in steps.enumerated() {
            func fail(_ message: String) -> StormViolation { StormViolation(step: index, message: message) }
            switch step {
            case .appear(let user):
                let avatar = users[user].avatar
                let location = locations[setup.base ? 1 : 0][user]
                let expected = avatar != nil && location != nil && loaded[avatar ?? ""] == nil && !asked.contains(avatar ?? "")
                let request = requests.request(users[user], loaded: loaded, baseURL: base)
                if (request != nil) != expected {
                    return fail("user \(user)'s cell asked: \(request != nil), expected \(expected) (asked already: \(asked.contains(avatar ?? "")))")
                }
                if let request, let avatar {
                    if request.key != avatar || request.location != location { return fail("asked for \(request), not \(avatar)") }
                    asked.insert(avatar)
                    inFlight.append(avatar)
                }
            case .arrive(let job):
                guard !inFlight.isEmpty else { continue }
                arrivals += 1
                loaded[inFlight.remove(at: job % inFlight.count)] = arrivals  // the row stores it, even late
            case .fail(let job):
                guard !inFlight.isEmpty else { continue }
                inFlight.remove(at: job % inFlight.count)
            case .feed(let bits):
                let people = members(bits)
                let row = Set(people.compactMap(\.avatar))
                let kept = requests.keep(loaded, of: people)
                let expected = loaded.filter { row.contains($0.key) }
                if kept != expected { return fail("kept \(kept.keys.sorted()), expected \(expected.keys.sorted())") }
                loaded = kept
                asked.formIntersection(row)
            }
            if requests.requested != asked { return fail("asked for \(requests.requested.sorted()), expected \(asked.sorted())") }
        }
        return nil
    }

    public static func simplifications(of step: Step) -> [Step] {
        switch step {
        case .appear(let user): user == 0 ? [] : [.appear(user: 0)]
        case .arrive(let job): job == 0 ? [] : [.arrive(job: 0)]
        case .fail(let job): job == 0 ? [] : [.fail(job: 0)]
        case .feed(let bits): bits == 0 ? [] : [.feed(0)]
        }
    }

    public static func code(_ setup: Setup, _ steps: [Step]) -> String {
        var lines = [
            "let users = \(avatars).enumerated().map { StoryUser(id: \"u\\($0.offset)\", name: \"U\", avatar: $0.element, items: []) }",
            "let base = \(setup.base ? "URL(string: \"https://cdn.example.com/\")" : "nil as URL?")",
            "var requests = TrayPictureRequests()",
            "var loaded: [String: Int] = [:]",
        ]
        var inFlight: [String] = []
        var replay = TrayPictureRequests()
        var replayLoaded: [String: Int] = [:]
        for step in steps {
            switch step {
            case .appear(let user):
                lines.append("requests.request(users[\(user)], loaded: loaded, baseURL: base)")
                if let request = replay.request(users[user], loaded: replayLoaded, baseURL: setup.base ? baseURL : nil) {
                    inFlight.append(request.key)
                }
            case .arrive(let job):
                guard !inFlight.isEmpty else { continue }
                let key = inFlight.remove(at: job % inFlight.count)
                replayLoaded[key] = 1
                lines.append("loaded[\"\(key)\"] = 1")
            case .fail(let job):
                guard !inFlight.isEmpty else { continue }
                lines.append("// the picture of \"\(inFlight.remove(at: job % inFlight.count))\" fails")
            case .feed(let bits):
                let indices = users.indices.filter { bits & (1 << $0) != 0 }
                replayLoaded = replay.keep(replayLoaded, of: indices.map { users[$0] })
                lines.append("loaded = requests.keep(loaded, of: \(indices).map { users[$0] })")
            }
        }
        return lines.joined(separator: "\n")
    }
}
