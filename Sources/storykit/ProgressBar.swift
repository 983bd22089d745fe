import Foundation

/// A one-line progress bar on standard error, drawn only when standard error is a terminal.
///
/// Work that takes more than a second shows `label [#####.....] 12/40`; redirected output (CI,
/// pipes) gets nothing, so logs stay clean.
struct ProgressBar {
    private let label: String
    private let total: Int
    private let enabled: Bool
    private var lastDrawn = -1

    init(label: String, total: Int) {
        self.label = label
        self.total = max(1, total)
        enabled = isatty(STDERR_FILENO) != 0
    }

    /// Shows that `done` of the total units are finished.
    mutating func update(_ done: Int) {
        guard enabled else { return }
        let width = 30
        let filled = min(width, done * width / total)
        guard filled != lastDrawn || done == total else { return }
        lastDrawn = filled
        let bar = String(repeating: "#", count: filled) + String(repeating: ".", count: width - filled)
        FileHandle.standardError.write(Data("\r\(label) [\(bar)] \(done)/\(total)".utf8))
    }

    /// Clears the bar's line.
    func finish() {
        guard enabled else { return }
        FileHandle.standardError.write(Data("\r\u{1B}[2K".utf8))
    }
}
