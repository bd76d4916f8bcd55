import Foundation

/// Writes an output atomically: everything goes to a hidden temporary name beside the target, which is
/// renamed over the target only when complete, so a failed render never leaves a half-written file and
/// never replaces a good one.
struct OutputFile {
    let target: String
    let temporary: String

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
    /// an existing file there is of the expected kind (so a typo cannot overwrite a source file).
    static func prepare(_ target: String, allowedExtensions: [String], isDirectory: Bool,
                        createDirectories: Bool) throws -> OutputFile {
        let url = URL(fileURLWithPath: target)
        let folder = url.deletingLastPathComponent().path
        var folderIsDirectory: ObjCBool = false
        if !FileManager.default.fileExists(atPath: folder, isDirectory: &folderIsDirectory) {
            guard createDirectories else {
                throw RenderError.output("the folder \(folder) does not exist (use --create-dirs to create it)")
            }
            try createFolder(folder)
        } else if !folderIsDirectory.boolValue {
            throw RenderError.output("\(folder) is not a folder")
        }
        guard FileManager.default.isWritableFile(atPath: folder) else {
            throw RenderError.output("cannot write in \(folder): permission denied")
        }
        var existingIsDirectory: ObjCBool = false
        if FileManager.default.fileExists(atPath: target, isDirectory: &existingIsDirectory) {
            if isDirectory {
                guard existingIsDirectory.boolValue, Self.holdsOnlyFrames(target) else {
                    throw RenderError.output("refusing to replace \(target): it is not a folder of Flipbook frames")
                }
            } else {
                guard !existingIsDirectory.boolValue,
                      allowedExtensions.contains(url.pathExtension.lowercased()) else {
                    throw RenderError.output("refusing to overwrite \(target): not a .\(allowedExtensions.joined(separator: "/.")) file")
                }
            }
        } else if !isDirectory, !allowedExtensions.contains(url.pathExtension.lowercased()) {
            throw RenderError.output("the output \(target) should end in .\(allowedExtensions[0])")
        }
        let file = OutputFile(target: target)
        // Places such as /proc pass the permission check but refuse new files: try one now, before any work.
        let probe = open(file.temporary, O_WRONLY | O_CREAT | O_EXCL, 0o644)
        guard probe >= 0 else {
            throw RenderError.output("cannot create a file in \(folder): \(String(cString: strerror(errno)))")
        }
        close(probe)
        unlink(file.temporary)
        file.removeStaleTemporaries()
        return file
    }

    /// Creates `folder` and its missing parents, saying which part of the path is in the way and why.
    static func createFolder(_ folder: String) throws {
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
                throw RenderError.output("cannot create the folder \(folder): \(String(cString: strerror(errno)))")
            }
        }
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

    /// True when a folder holds nothing but `frame-NNNN.png` files.
    static func holdsOnlyFrames(_ folder: String) -> Bool {
        guard let names = try? FileManager.default.contentsOfDirectory(atPath: folder) else { return false }
        return names.allSatisfy { $0.hasPrefix("frame-") && $0.hasSuffix(".png") }
    }

    /// Moves the finished temporary file (or folder) over the target, readable as any new file would be.
    func commit() throws {
        let fm = FileManager.default
        // Temporary files are created private (0600); the output gets the usual 0666 less the umask.
        let mask = umask(0)
        umask(mask)
        chmod(temporary, (isDirectoryOutput ? 0o777 : 0o666) & ~mask)
        var isDirectory: ObjCBool = false
        if fm.fileExists(atPath: temporary, isDirectory: &isDirectory), isDirectory.boolValue,
           fm.fileExists(atPath: target) {
            // A folder cannot be renamed over another one: move the old one aside first.
            let old = temporary + ".old"
            try fm.moveItem(atPath: target, toPath: old)
            try fm.moveItem(atPath: temporary, toPath: target)
            try? fm.removeItem(atPath: old)
            return
        }
        guard rename(temporary, target) == 0 else {
            throw RenderError.output("cannot move the finished output to \(target): \(String(cString: strerror(errno)))")
        }
    }

    /// Removes whatever was written to the temporary name.
    func discard() {
        try? FileManager.default.removeItem(atPath: temporary)
    }
}
