import Dispatch
import Foundation

/// Ctrl-C (SIGINT) and SIGTERM as a request to stop that leaves no output behind.
///
/// ``install()`` (called by ``StoryKitCommand/main()``) ignores both signals and watches them
/// with dispatch sources instead, so a signal no longer kills the process mid-write. While no
/// output is open (``StagedOutput`` registers each one) there is nothing to clean, and the
/// process exits at once with `storykit: interrupted` and 128 + the signal's number. While one
/// is open the signal is only recorded: the render loop calls ``check()`` between frames, which
/// throws ``Interrupted``; the command then stops ffmpeg, removes its temporary files and exits
/// with `storykit: interrupted; nothing written to OUTPUT` (130 for SIGINT, 143 for SIGTERM).
///
/// In-process tests never install it, so ``check()`` never throws there.
final class Interruption: @unchecked Sendable {
    /// The process's one instance (signals are process-wide).
    static let shared = Interruption()

    private let lock = NSLock()
    /// The first signal received, if any.
    private var received: Int32?
    /// Outputs open now (``StagedOutput`` between its creation and its commit or discard).
    private var openOutputs = 0
    private var sources: [DispatchSourceSignal] = []
    private let queue = DispatchQueue(label: "storykit.interruption")

    /// The signals that interrupt a command.
    static let signals: [Int32] = [SIGINT, SIGTERM]

    /// Starts watching SIGINT and SIGTERM (once; later calls do nothing).
    func install() {
        lock.withLock {
            guard sources.isEmpty else { return }
            for number in Self.signals {
                signal(number, SIG_IGN)
                let source = DispatchSource.makeSignalSource(signal: number, queue: queue)
                source.setEventHandler { [unowned self] in self.receive(number) }
                source.resume()
                sources.append(source)
            }
        }
    }

    /// The signal received so far, if any.
    var receivedSignal: Int32? { lock.withLock { received } }

    /// Throws ``Interrupted`` once a signal has been received.
    func check() throws {
        if let number = receivedSignal { throw Interrupted(signal: number) }
    }

    /// Counts an output as open; throws ``Interrupted`` instead when a signal has arrived.
    func beginOutput() throws {
        try lock.withLock {
            if let received { throw Interrupted(signal: received) }
            openOutputs += 1
        }
    }

    /// Counts an output as closed (committed or discarded).
    func endOutput() {
        lock.withLock { openOutputs = max(0, openOutputs - 1) }
    }

    private func receive(_ number: Int32) {
        lock.withLock {
            if received == nil { received = number }
            guard openOutputs == 0 else { return }
            // Nothing to clean up: stop now, still holding the lock so that no output opens.
            fflush(nil)
            FileHandle.standardError.write(Data("storykit: interrupted\n".utf8))
            _exit(128 + number)
        }
    }
}

/// Thrown between frames once SIGINT or SIGTERM has arrived (``Interruption/check()``).
struct Interrupted: Error {
    /// The signal's number.
    let signal: Int32

    /// `error` as the command reports it: an interruption becomes `interrupted; nothing written
    /// to OUTPUT` with status 128 + the signal; any other error is returned as it is.
    static func reported(_ error: Error, output: String) -> Error {
        if let interrupted = error as? Interrupted { return CLIError.interrupted(by: interrupted.signal, output: output) }
        // A write that failed because the same Ctrl-C stopped ffmpeg is an interruption too.
        if let number = Interruption.shared.receivedSignal { return CLIError.interrupted(by: number, output: output) }
        return error
    }
}
