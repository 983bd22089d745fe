/// A failure the command line reports as one line, naming the problem, with a non-zero exit.
struct CLIError: Error, CustomStringConvertible {
    /// The one-line message, e.g. `scene.json: invalid JSON: …`.
    let description: String

    init(_ description: String) {
        // Keep it to one line whatever the underlying error printed.
        self.description = description.split(whereSeparator: \.isNewline).joined(separator: " ")
    }
}
