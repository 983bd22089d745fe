import Foundation

/// One output's files under temporary names beside their destinations until the whole output is
/// complete, then renamed into place, so that nothing ever stands under a final name that is
/// not finished: an interrupted or failed render leaves neither its files nor its temporaries.
///
/// A GIF or MP4 is written to `.NAME.PID.partial` beside `NAME`; PNG frames to
/// `.storykit-PID.partial/` in their folder; ``commit()`` renames each into place. Creating the
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
        let descriptor = open(temporary, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
        guard descriptor >= 0 else { throw CLIError.cannotWrite(path, errno: errno) }
        close(descriptor)
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

    /// Renames every file into place, replacing what was there, and removes the temporary
    /// folders.
    ///
    /// - Throws: ``CLIError`` `cannot write PATH: reason`; the rest is then discarded.
    func commit() throws {
        guard isOpen else { return }
        for (index, file) in files.enumerated() where rename(file.temporary, file.final) != 0 {
            let code = errno
            files.removeFirst(index)
            discard()
            throw CLIError.cannotWrite(file.final, errno: code)
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
