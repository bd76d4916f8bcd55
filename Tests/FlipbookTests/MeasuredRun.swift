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
///
/// The peak is measured by a small Python parent that forks and execs `render` and reads its rusage:
/// Linux keeps the larger of the old and new memory's peak across `execve`, so a `render` spawned
/// straight from the (large) test process would report the test process's peak instead of its own.
func runRenderMeasured(_ arguments: [String], timeLimit: Double = 120) throws -> MeasuredRun {
    let binary = Bundle.main.bundleURL.appendingPathComponent("render").path
    guard FileManager.default.isExecutableFile(atPath: binary) else {
        throw XCTSkip("the render binary is not at \(binary); run `swift build` first")
    }
    let reportPath = FileManager.default.temporaryDirectory.appendingPathComponent("flipbook-peak-\(UUID().uuidString)").path
    defer { unlink(reportPath) }
    let script = """
        import os, sys, time
        report, limit, argv = sys.argv[1], float(sys.argv[2]), sys.argv[3:]
        start = time.time()
        pid = os.fork()
        if pid == 0:
            fd = os.open(os.devnull, os.O_WRONLY)
            os.dup2(fd, 1)
            os.execv(argv[0], argv)
        timed_out = False
        while True:
            done, status, usage = os.wait4(pid, os.WNOHANG)
            if done == pid:
                break
            if time.time() - start > limit and not timed_out:
                os.kill(pid, 9)
                timed_out = True
            time.sleep(0.02)
        code = os.waitstatus_to_exitcode(status)
        with open(report, "w") as f:
            f.write("%d %d %f %d" % (code if code >= 0 else 128 - code, usage.ru_maxrss, time.time() - start, timed_out))
        """
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/python3")
    process.arguments = ["-c", script, reportPath, String(timeLimit), binary] + arguments
    let err = Pipe()
    process.standardError = err
    process.standardOutput = FileHandle.nullDevice
    try process.run()
    let errData = err.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    let fields = ((try? String(contentsOfFile: reportPath, encoding: .utf8)) ?? "").split(separator: " ")
    guard fields.count == 4, let status = Int32(fields[0]), let kib = Double(fields[1]), let seconds = Double(fields[2]) else {
        throw XCTSkip("cannot measure a render (needs /usr/bin/python3)")
    }
    return MeasuredRun(status: status, stderr: String(decoding: errData, as: UTF8.self), peakMiB: kib / 1024,
                       seconds: seconds, timedOut: fields[3] == "1")
}
