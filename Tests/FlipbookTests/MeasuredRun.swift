import Foundation
import XCTest

/// One run of the `render` binary with the resources it used: its peak resident memory (from `wait4`'s
/// rusage, the kernel's own count) and its wall time.
struct MeasuredRun {
    var status: Int32
    var stderr: String
    var peakMiB: Double
    var seconds: Double
    /// True when the run was stopped for going over its time limit.
    var timedOut: Bool
}

/// Runs `render` with `arguments`, stderr captured, stdout discarded; kills it after `timeLimit` seconds.
func runRenderMeasured(_ arguments: [String], timeLimit: Double = 120) throws -> MeasuredRun {
    let binary = Bundle.main.bundleURL.appendingPathComponent("render").path
    guard FileManager.default.isExecutableFile(atPath: binary) else {
        throw XCTSkip("the render binary is not at \(binary); run `swift build` first")
    }
    let errPath = FileManager.default.temporaryDirectory.appendingPathComponent("flipbook-err-\(UUID().uuidString)").path
    defer { unlink(errPath) }
    var actions = posix_spawn_file_actions_t()
    posix_spawn_file_actions_init(&actions)
    defer { posix_spawn_file_actions_destroy(&actions) }
    posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0)
    posix_spawn_file_actions_addopen(&actions, 2, errPath, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
    let argv = ([binary] + arguments).map { strdup($0) } + [nil]
    defer { argv.forEach { free($0) } }
    var pid: pid_t = 0
    let start = Date()
    guard posix_spawn(&pid, binary, &actions, nil, argv, environ) == 0 else {
        throw XCTSkip("cannot start \(binary)")
    }
    var status: Int32 = 0
    var usage = rusage()
    var timedOut = false
    while true {
        let done = wait4(pid, &status, WNOHANG, &usage)
        if done == pid { break }
        if Date().timeIntervalSince(start) > timeLimit && !timedOut {
            kill(pid, SIGKILL)
            timedOut = true
        }
        usleep(20_000)
    }
    let seconds = Date().timeIntervalSince(start)
    let exit = (status & 0x7F) == 0 ? (status >> 8) & 0xFF : 128 + (status & 0x7F)
    let stderr = (try? String(contentsOfFile: errPath, encoding: .utf8)) ?? ""
    return MeasuredRun(status: exit, stderr: stderr, peakMiB: Double(usage.ru_maxrss) / 1024, seconds: seconds,
                       timedOut: timedOut)
}
