import Foundation

/// The Python interpreter the tests run their independent checks with (Pillow's decoders, ffmpeg's driver
/// script, jsonschema).
///
/// `swift test` must pass as a user types it, whatever `python3` comes first in their PATH: a pyenv or a
/// virtualenv often shadows Debian's, which is where `apt-get install python3-pil python3-jsonschema` puts the
/// modules. So each check asks for an interpreter that can import what it needs: the first `python3` on
/// PATH that can, else Debian's `/usr/bin/python3`.
public enum Python {
    nonisolated(unsafe) private static var found: [String: String?] = [:]
    private static let lock = NSLock()

    /// The path of a python3 that imports every module of `modules`, or nil if none does.
    public static func interpreter(importing modules: [String]) -> String? {
        let key = modules.joined(separator: ",")
        lock.lock()
        defer { lock.unlock() }
        if let known = found[key] { return known }
        let path = ProcessInfo.processInfo.environment["PATH"] ?? ""
        let candidates = path.split(separator: ":").map { "\($0)/python3" } + ["/usr/bin/python3", "/bin/python3"]
        var seen = Set<String>()
        let result = candidates.first { candidate in
            guard seen.insert(candidate).inserted, FileManager.default.isExecutableFile(atPath: candidate) else { return false }
            return imports(modules, with: candidate)
        }
        found[key] = result
        return result
    }

    /// Every distinct python3 (by resolved path) on PATH or Debian's that imports all of `modules`, PATH's
    /// first: for a check that must hold with each installed version of a module (a pyenv's jsonschema
    /// and Debian's older one, say).
    public static func interpreters(importing modules: [String]) -> [String] {
        let path = ProcessInfo.processInfo.environment["PATH"] ?? ""
        let candidates = path.split(separator: ":").map { "\($0)/python3" } + ["/usr/bin/python3", "/bin/python3"]
        var seen = Set<String>()
        return candidates.filter { candidate in
            guard FileManager.default.isExecutableFile(atPath: candidate),
                  seen.insert(URL(fileURLWithPath: candidate).resolvingSymlinksInPath().path).inserted else { return false }
            return imports(modules, with: candidate)
        }
    }

    /// A process that runs `arguments` with an interpreter that imports `modules`; nil if there is none.
    public static func process(importing modules: [String], arguments: [String]) -> Process? {
        guard let python = interpreter(importing: modules) else { return nil }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: python)
        process.arguments = arguments
        return process
    }

    /// What to tell a user who has none: the Debian packages that bring the modules.
    public static func missing(_ modules: [String]) -> String {
        let packages = ["PIL": "python3-pil", "jsonschema": "python3-jsonschema"]
        return "no python3 on PATH or at /usr/bin/python3 imports \(modules.joined(separator: ", ")) "
            + "(Debian: apt-get install \(modules.map { packages[$0] ?? "python3-\($0.lowercased())" }.joined(separator: " ")))"
    }

    private static func imports(_ modules: [String], with python: String) -> Bool {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: python)
        process.arguments = ["-c", modules.map { "import \($0)" }.joined(separator: "; ")]
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        do { try process.run() } catch { return false }
        process.waitUntilExit()
        return process.terminationStatus == 0
    }
}
