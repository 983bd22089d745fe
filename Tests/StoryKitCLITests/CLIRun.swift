import Foundation
@testable import storykit

/// `storykit` run in process, as the command-line tests run it: parsed from the root, so the
/// subcommand, its defaults and its aliases are what a user gets.
enum CLI {
    /// Runs `storykit <arguments>`: a rendering command through `render(log:)`, returning the
    /// lines it reports; any other command through `run()`, returning no lines.
    @discardableResult
    static func run(_ arguments: [String]) throws -> [String] {
        var command = try StoryKitCommand.parseAsRoot(arguments)
        guard let reporting = command as? any ReportingCommand else {
            try command.run()
            return []
        }
        var lines: [String] = []
        try reporting.render { lines.append($0) }
        return lines
    }

    /// The error `storykit <arguments>` stops with, as its description, or nil when it succeeds.
    static func failure(_ arguments: [String]) -> String? {
        do {
            try run(arguments)
            return nil
        } catch {
            return "\(error)"
        }
    }

    /// The one-line message `storykit <arguments>` stops with, as the tool prints it (parsing
    /// errors included, after "Error: "), or nil when it succeeds.
    static func message(_ arguments: [String]) -> String? {
        do {
            try run(arguments)
            return nil
        } catch {
            return StoryKitCommand.message(for: error)
        }
    }
}
