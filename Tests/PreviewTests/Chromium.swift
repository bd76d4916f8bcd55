import Foundation
import XCTest

#if canImport(Glibc)
import Glibc
#endif

/// A headless Chromium driven through the DevTools protocol over a pipe (`--remote-debugging-pipe`:
/// JSON messages ended by a NUL byte, commands on the browser's fd 3, answers on its fd 4), so no
/// WebSocket client is needed.
final class Chromium {
    struct ProtocolError: Error, CustomStringConvertible {
        var description: String
    }

    private let pid: pid_t
    private let commands: Int32
    private let answers: Int32
    private var buffer: [UInt8] = []
    private var nextID = 1
    private var sessionID: String?
    private let profile: URL

    /// The browser's executable: Debian's `chromium`, or nil when none is installed.
    static var executable: String? {
        ["/usr/bin/chromium", "/usr/bin/chromium-browser", "/usr/bin/google-chrome"].first { access($0, X_OK) == 0 }
    }

    /// The executable, or a skip when there is none outside CI; in CI (`CI=true`) a missing browser fails.
    static func required() throws -> String {
        if let executable { return executable }
        if ProcessInfo.processInfo.environment["CI"] == "true" {
            XCTFail("chromium is not installed; .ci/run installs Debian's chromium package")
            throw ProtocolError(description: "no chromium")
        }
        throw XCTSkip("chromium is not installed (apt-get install chromium); the browser test runs in CI")
    }

    /// Starts a headless browser with a fresh profile and a window of `width` x `height` CSS pixels.
    init(executable: String, width: Int = 1280, height: Int = 720) throws {
        profile = FileManager.default.temporaryDirectory.appendingPathComponent("flipbook-chromium-\(UUID().uuidString)")
        var toBrowser: [Int32] = [0, 0]
        var fromBrowser: [Int32] = [0, 0]
        guard pipe(&toBrowser) == 0, pipe(&fromBrowser) == 0 else {
            throw ProtocolError(description: "pipe: \(String(cString: strerror(errno)))")
        }
        // The originals close in the browser; only the copies on fds 3 and 4 stay open there.
        for fd in toBrowser + fromBrowser { _ = fcntl(fd, F_SETFD, FD_CLOEXEC) }
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_adddup2(&actions, toBrowser[0], 3)
        posix_spawn_file_actions_adddup2(&actions, fromBrowser[1], 4)
        posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0)
        let arguments = [executable, "--headless", "--no-sandbox", "--disable-gpu", "--no-first-run",
                         "--no-default-browser-check", "--disable-extensions", "--hide-scrollbars",
                         "--force-device-scale-factor=1", "--window-size=\(width),\(height)",
                         "--user-data-dir=\(profile.path)", "--remote-debugging-pipe", "about:blank"]
        var argv: [UnsafeMutablePointer<CChar>?] = arguments.map { strdup($0) } + [nil]
        defer { for pointer in argv { free(pointer) } }
        var child: pid_t = 0
        let status = posix_spawn(&child, executable, &actions, nil, &argv, environ)
        close(toBrowser[0])
        close(fromBrowser[1])
        guard status == 0 else {
            close(toBrowser[1])
            close(fromBrowser[0])
            throw ProtocolError(description: "cannot start \(executable): \(String(cString: strerror(status)))")
        }
        pid = child
        commands = toBrowser[1]
        answers = fromBrowser[0]
    }

    deinit {
        close(commands)
        close(answers)
        kill(pid, SIGKILL)
        var status: Int32 = 0
        waitpid(pid, &status, 0)
        try? FileManager.default.removeItem(at: profile)
    }

    /// Opens a new tab at `url` and sends later page commands to it.
    func open(_ url: String) throws {
        let target = try send("Target.createTarget", ["url": url], toPage: false)
        guard let targetID = target["targetId"] as? String else { throw ProtocolError(description: "no targetId") }
        let attached = try send("Target.attachToTarget", ["targetId": targetID, "flatten": true], toPage: false)
        sessionID = attached["sessionId"] as? String
    }

    /// The value of a JavaScript expression in the page (promises are awaited).
    @discardableResult
    func evaluate(_ expression: String) throws -> Any? {
        let answer = try send("Runtime.evaluate", ["expression": expression, "awaitPromise": true, "returnByValue": true])
        if let exception = answer["exceptionDetails"] as? [String: Any] {
            let text = ((exception["exception"] as? [String: Any])?["description"] as? String) ?? "\(exception)"
            throw ProtocolError(description: "JavaScript: \(text)")
        }
        return (answer["result"] as? [String: Any])?["value"]
    }

    /// Evaluates `condition` every 50 ms until it is true; fails with `message` after `timeout` seconds.
    func wait(until condition: String, timeout: Double = 10, _ message: String) throws {
        let deadline = Date().addingTimeInterval(timeout)
        while Date() < deadline {
            if try evaluate("Boolean(\(condition))") as? Bool == true { return }
            usleep(50_000)
        }
        throw ProtocolError(description: "timed out after \(timeout) s waiting for \(message) (\(condition))")
    }

    /// A PNG screenshot of the page's viewport.
    func screenshot() throws -> Data {
        let answer = try send("Page.captureScreenshot", ["format": "png"])
        guard let base64 = answer["data"] as? String, let data = Data(base64Encoded: base64) else {
            throw ProtocolError(description: "no screenshot data")
        }
        return data
    }

    /// Sends one command and returns its result, skipping the events that arrive meanwhile.
    @discardableResult
    func send(_ method: String, _ parameters: [String: Any] = [:], toPage: Bool = true, timeout: Double = 20) throws -> [String: Any] {
        let id = nextID
        nextID += 1
        var message: [String: Any] = ["id": id, "method": method, "params": parameters]
        if toPage, let sessionID { message["sessionId"] = sessionID }
        var bytes = [UInt8](try JSONSerialization.data(withJSONObject: message))
        bytes.append(0)
        var sent = 0
        while sent < bytes.count {
            let n = bytes[sent...].withUnsafeBytes { write(commands, $0.baseAddress, $0.count) }
            guard n > 0 else { throw ProtocolError(description: "the browser closed its pipe") }
            sent += n
        }
        let deadline = Date().addingTimeInterval(timeout)
        while true {
            let answer = try readMessage(deadline: deadline)
            guard answer["id"] as? Int == id else { continue }
            if let error = answer["error"] as? [String: Any] {
                throw ProtocolError(description: "\(method): \(error["message"] ?? error)")
            }
            return answer["result"] as? [String: Any] ?? [:]
        }
    }

    /// The next NUL-terminated JSON message from the browser.
    private func readMessage(deadline: Date) throws -> [String: Any] {
        while true {
            if let end = buffer.firstIndex(of: 0) {
                let message = Data(buffer[..<end])
                buffer.removeSubrange(...end)
                return (try JSONSerialization.jsonObject(with: message)) as? [String: Any] ?? [:]
            }
            let remaining = deadline.timeIntervalSinceNow
            guard remaining > 0 else { throw ProtocolError(description: "the browser did not answer in time") }
            var descriptor = pollfd(fd: answers, events: Int16(POLLIN), revents: 0)
            guard poll(&descriptor, 1, Int32(min(remaining, 1) * 1000)) >= 0 else { continue }
            guard descriptor.revents != 0 else { continue }
            var chunk = [UInt8](repeating: 0, count: 1 << 16)
            let n = read(answers, &chunk, chunk.count)
            guard n > 0 else { throw ProtocolError(description: "the browser closed its pipe") }
            buffer.append(contentsOf: chunk[..<n])
        }
    }
}
