import ArgumentParser

/// A command that renders something and reports what it did one line at a time: its events,
/// then what it wrote. `run()` prints the lines; tests call ``render(log:)`` in process and read
/// them.
protocol ReportingCommand: ParsableCommand {
    /// Renders and reports through `log`, one line a call.
    ///
    /// - Throws: ``CLIError`` with a one-line message for any bad argument or file.
    func render(log: (String) -> Void) throws
}

extension ReportingCommand {
    /// Renders, printing each line to standard output.
    func run() throws {
        try render { print($0) }
    }
}
