import Foundation

/// A failure the command line reports as one line, naming the problem, with a non-zero exit.
///
/// `storykit` prints it as `storykit: MESSAGE` on standard error and exits with
/// ``exitStatus`` (``StoryKitCommand/main()``). It is a `LocalizedError` too, so wherever an
/// error's `localizedDescription` is taken (ArgumentParser, Foundation) the message is what
/// shows, not "The operation could not be completed".
struct CLIError: Error, CustomStringConvertible, LocalizedError {
    /// The one-line message, e.g. `scene.json: invalid JSON: …`.
    let description: String
    /// The process's exit status: 1, or 128 + the signal's number for an interruption.
    let exitStatus: Int32

    init(_ description: String, exitStatus: Int32 = 1) {
        // Keep it to one line whatever the underlying error printed.
        self.description = description.split(whereSeparator: \.isNewline).joined(separator: " ")
        self.exitStatus = exitStatus
    }

    var errorDescription: String? { description }

    /// `cannot write PATH: REASON`, the reason being the C library's message for `code` (an
    /// `errno` value): what every command says when its output cannot be written.
    static func cannotWrite(_ path: String, errno code: Int32) -> CLIError {
        CLIError("cannot write \(path): \(String(cString: strerror(code)))")
    }

    /// `interrupted; nothing written to OUTPUT`, with the shell's status for `signal` (130 for
    /// SIGINT, 143 for SIGTERM).
    static func interrupted(by signal: Int32, output: String) -> CLIError {
        CLIError("interrupted; nothing written to \(output)", exitStatus: 128 + signal)
    }
}
