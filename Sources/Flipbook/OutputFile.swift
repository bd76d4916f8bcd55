import CSystem
import Foundation

/// Writes an output atomically: everything goes to a hidden temporary name beside the target, which is
/// renamed over the target only when complete, so a failed render never leaves a half-written file and
/// never replaces a good one.
struct OutputFile {
    let target: String
    let temporary: String
    /// Folders made for the output, outermost first; removed again if the render fails.
    var createdFolders: [String] = []

    private var isDirectoryOutput: Bool {
        var isDirectory: ObjCBool = false
        return FileManager.default.fileExists(atPath: temporary, isDirectory: &isDirectory) && isDirectory.boolValue
    }

    init(target: String) {
        self.target = target
        let url = URL(fileURLWithPath: target)
        let directory = url.deletingLastPathComponent().path
        temporary = directory + "/." + url.lastPathComponent + ".partial-\(ProcessInfo.processInfo.processIdentifier)"
    }

    /// Checks the target can be written: its folder exists (or is created when `createDirectories`), and
    /// an existing file or folder there is a complete output of the same `kind` (parsed, not judged by its
    /// name), so that a typo cannot overwrite a source file.
    static func prepare(_ target: String, kind: OutputKind, createDirectories: Bool) throws -> OutputFile {
        let url = URL(fileURLWithPath: target)
        let folder = url.deletingLastPathComponent().path
        var created: [String] = []
        var folderIsDirectory: ObjCBool = false
        if !FileManager.default.fileExists(atPath: folder, isDirectory: &folderIsDirectory) {
            guard createDirectories else {
                throw RenderError.output("the folder \(folder) does not exist (use --create-dirs to create it)")
            }
            created = try createFolder(folder)
        } else if !folderIsDirectory.boolValue {
            throw RenderError.output("\(folder) is not a folder")
        }
        var file = OutputFile(target: target)
        file.createdFolders = created
        do {
            try file.check(kind: kind, folder: folder)
        } catch {
            file.removeCreatedFolders()
            throw error
        }
        file.removeStaleTemporaries()
        return file
    }

    /// The checks of `prepare` once the folder exists.
    private func check(kind: OutputKind, folder: String) throws {
        guard FileManager.default.isWritableFile(atPath: folder) else {
            throw RenderError.output("cannot write in \(folder): permission denied")
        }
        var info = stat()
        if lstat(target, &info) == 0 {
            if let problem = kind.problemReplacing(target) {
                throw RenderError.output("refusing to overwrite \(target): \(problem)")
            }
        } else if !kind.isDirectory, !kind.extensions.contains(URL(fileURLWithPath: target).pathExtension.lowercased()) {
            throw RenderError.output("the output \(target) should end in .\(kind.extensions[0])")
        }
        // Places such as /proc pass the permission check but refuse new files: try one now, before any work.
        let probe = open(temporary, O_WRONLY | O_CREAT | O_EXCL, 0o644)
        guard probe >= 0 else {
            throw RenderError.output("cannot create a file in \(folder): \(String(cString: strerror(errno)))")
        }
        close(probe)
        unlink(temporary)
    }

    /// Creates `folder` and its missing parents, saying which part of the path is in the way and why;
    /// returns the folders it created, outermost first.
    static func createFolder(_ folder: String) throws -> [String] {
        var created: [String] = []
        var path = ""
        for component in folder.split(separator: "/") {
            path += (path.isEmpty && !folder.hasPrefix("/") ? "" : "/") + component
            var isDirectory: ObjCBool = false
            if FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) {
                guard isDirectory.boolValue else {
                    throw RenderError.output("cannot create the folder \(folder): \(path) is not a folder")
                }
                continue
            }
            guard mkdir(path, 0o755) == 0 || errno == EEXIST else {
                let reason = String(cString: strerror(errno))
                for made in created.reversed() { rmdir(made) }
                throw RenderError.output("cannot create the folder \(folder): \(reason)")
            }
            created.append(path)
        }
        return created
    }

    /// Removes the folders `prepare` created, innermost first, as long as they are empty, so that a failed
    /// render leaves no empty `out/` behind.
    func removeCreatedFolders() {
        for folder in createdFolders.reversed() where rmdir(folder) != 0 { break }
    }

    /// Removes temporaries of this target left by renders that were killed (SIGKILL cannot be caught):
    /// `.<name>.partial-<pid>` whose process is gone.
    func removeStaleTemporaries() {
        let url = URL(fileURLWithPath: target)
        let folder = url.deletingLastPathComponent().path
        let prefix = "." + url.lastPathComponent + ".partial-"
        guard let names = try? FileManager.default.contentsOfDirectory(atPath: folder) else { return }
        for name in names where name.hasPrefix(prefix) {
            let rest = name.dropFirst(prefix.count)
            let digits = rest.prefix { $0.isNumber }
            guard let pid = Int32(digits), pid != getpid(), kill(pid, 0) != 0, errno == ESRCH else { continue }
            try? FileManager.default.removeItem(atPath: folder + "/" + name)
        }
    }

    /// Moves the finished temporary file (or folder) over the target, readable as any new file would be.
    func commit() throws {
        // Temporary files are created private (0600); the output gets the usual 0666 less the umask.
        let mask = umask(0)
        umask(mask)
        chmod(temporary, (isDirectoryOutput ? 0o777 : 0o666) & ~mask)
        var info = stat()
        if isDirectoryOutput, lstat(target, &info) == 0 {
            try replaceFolder()
            return
        }
        guard rename(temporary, target) == 0 else {
            throw RenderError.output("cannot move the finished output to \(target): \(String(cString: strerror(errno)))")
        }
    }

    /// Puts the finished folder in the place of the old one. A folder cannot be renamed over a non-empty
    /// one, so the two are exchanged in one step (`renameat2` with `RENAME_EXCHANGE`): at every instant
    /// the target is a complete folder, the old or the new. The old one, now at the temporary name, is
    /// then removed. Where the file system cannot exchange, the old folder is moved aside first, which
    /// leaves a moment without a folder at the target (the old one is then at `<temporary>.old`).
    private func replaceFolder() throws {
        if flipbook_rename_exchange(temporary, target) == 0 {
            try? FileManager.default.removeItem(atPath: temporary)
            return
        }
        guard errno == ENOSYS || errno == EINVAL || errno == ENOTSUP else {
            throw RenderError.output("cannot move the finished output to \(target): \(String(cString: strerror(errno)))")
        }
        let old = temporary + ".old"
        guard rename(target, old) == 0 else {
            throw RenderError.output("cannot move the old output \(target) aside: \(String(cString: strerror(errno)))")
        }
        guard rename(temporary, target) == 0 else {
            let reason = String(cString: strerror(errno))
            rename(old, target)
            throw RenderError.output("cannot move the finished output to \(target): \(reason)")
        }
        try? FileManager.default.removeItem(atPath: old)
    }

    /// Removes whatever was written to the temporary name, and the folders made for the output.
    func discard() {
        try? FileManager.default.removeItem(atPath: temporary)
        removeCreatedFolders()
    }
}
