import Foundation
import StoryFiles

/// One output's files under temporary names beside their destinations until the whole output is
/// complete, then renamed into place, so that nothing ever stands under a final name that is
/// not finished: an interrupted or failed render leaves neither its files nor its temporaries.
///
/// A GIF or MP4 is written to `.NAME.PID.partial` beside `NAME`; PNG frames to
/// `.storykit-PID.partial/` in their folder; ``commit()`` moves each into place through the
/// package's one file layer (`AtomicFile`: the file synced, renamed over the destination, the
/// folder synced), and the files are themselves written atomically (StoryRender writes through
/// the same layer), so a crash or power loss leaves the old file or the new one. Creating the
/// first temporary is also the check that the folder can be written, made before any rendering:
/// `cannot write PATH: Permission denied` (the system's reason) and nothing else is printed.
/// ``discard()`` (or `deinit`) removes the temporaries and the folders this output created.
///
/// Each open output is registered with ``Interruption``, which then waits for the render loop
/// to clean up instead of exiting at once.
final class StagedOutput {
    /// The output as the user named it, for messages.
    let name: String
    /// Folders this output created, outermost first.
    private let createdFolders: [String]
    /// Temporary files and where each goes.
    private var files: [(temporary: String, final: String)] = []
    /// Temporary folders holding staged files (removed once empty).
    private var folders: [String] = []
    private var isOpen = true

    /// Opens an output named `name` whose files go into `folder`, creating the folder (and its
    /// parents) when missing.
    ///
    /// - Throws: ``CLIError`` when the folder cannot be created; ``Interrupted`` when a signal
    ///   has already arrived.
    init(name: String, folder: String) throws {
        self.name = name
        try Interruption.shared.beginOutput()
        do {
            createdFolders = try OutputFolder.create(folder.isEmpty ? "." : folder)
        } catch {
            Interruption.shared.endOutput()
            throw error
        }
    }

    deinit { discard() }

    /// A new, empty temporary file beside `path`, renamed to `path` by ``commit()``.
    ///
    /// - Throws: ``CLIError`` `cannot write PATH: reason` when the folder cannot be written.
    func temporaryFile(for path: String) throws -> String {
        let folder = (path as NSString).deletingLastPathComponent
        let temporary = (folder.isEmpty ? "" : folder + "/") + ".\((path as NSString).lastPathComponent).\(getpid()).partial"
        do {
            try AtomicFile.replace(temporary, with: [], createFolder: false)
        } catch let error as FileSystemError {
            throw CLIError("cannot write \(path): \(error.reason)")
        }
        files.append((temporary, path))
        return temporary
    }

    /// Prepares a temporary folder in `folder` for files that go into `folder` (``stage(_:)``).
    ///
    /// - Throws: ``CLIError`` `cannot write NAME: reason` when the folder cannot be written.
    func prepareFolder(_ folder: String) throws {
        let temporary = temporaryFolder(in: folder)
        guard !folders.contains(temporary) else { return }
        guard mkdir(temporary, 0o755) == 0 || errno == EEXIST else { throw CLIError.cannotWrite(name, errno: errno) }
        folders.append(temporary)
    }

    /// Where to write the file that goes to `path`, in its folder's temporary folder (made by
    /// ``prepareFolder(_:)``); renamed to `path` by ``commit()``.
    func stage(_ path: String) -> String {
        let temporary = temporaryFolder(in: (path as NSString).deletingLastPathComponent) + "/"
            + (path as NSString).lastPathComponent
        files.append((temporary, path))
        return temporary
    }

    /// Moves every file into place (synced, renamed, its folder synced), replacing what was
    /// there, and removes the temporary folders.
    ///
    /// - Throws: ``CLIError`` `cannot write PATH: reason`; the rest is then discarded.
    func commit() throws {
        guard isOpen else { return }
        for (index, file) in files.enumerated() {
            do {
                try AtomicFile.moveIntoPlace(file.temporary, replacing: file.final)
            } catch {
                let reason = (error as? FileSystemError)?.reason ?? "\(error)"
                files.removeFirst(index)
                discard()
                throw CLIError("cannot write \(file.final): \(reason)")
            }
        }
        files = []
        for folder in folders { rmdir(folder) }
        folders = []
        isOpen = false
        Interruption.shared.endOutput()
    }

    /// Removes the temporaries and the folders this output created (when empty).
    func discard() {
        guard isOpen else { return }
        for (temporary, _) in files { unlink(temporary) }
        for folder in folders { rmdir(folder) }
        for folder in createdFolders.reversed() { rmdir(folder) }
        files = []
        folders = []
        isOpen = false
        Interruption.shared.endOutput()
    }

    private func temporaryFolder(in folder: String) -> String {
        (folder.isEmpty ? "" : folder + "/") + ".storykit-\(getpid()).partial"
    }
}
