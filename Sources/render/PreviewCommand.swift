import ArgumentParser
import Flipbook
import Foundation
import Preview

/// `render preview SCENE.json`: serves a live preview of the scene on 127.0.0.1 until Ctrl-C.
struct PreviewCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "preview",
        abstract: "Preview a scene in the browser: scrub, play, inspect; reloads when the file changes.",
        discussion: """
            Prints the page's address (http://127.0.0.1:PORT/) and serves until Ctrl-C. The server listens
            on 127.0.0.1 only and answers only its own page. A .swift file is converted again at each save
            of it or its sidecar. See docs/preview.md.
            """)

    @Argument(help: "A scene file (JSON), or a SwiftUI file (.swift) with its sidecar.", completion: .file(extensions: ["json", "swift"]))
    var scene: String

    @Option(help: "The port to listen on (0: any free port).")
    var port: Int = 8765

    @Option(help: "Pixels per point (default: the scene's, usually 2).")
    var scale: Double?

    @Option(help: "Frames per second (default: the scene's).")
    var fps: Double?

    func validate() throws {
        if !(0...65535).contains(port) { throw ValidationError("--port must be between 0 and 65535") }
        if let fps, !(fps > 0 && fps <= 120) { throw ValidationError("--fps must be between 0 and 120") }
        if let scale, !(scale >= 0.25 && scale <= 8) { throw ValidationError("--scale must be between 0.25 and 8") }
    }

    func run() throws {
        guard FileManager.default.fileExists(atPath: scene) else {
            printError("error: \(scene): no such file")
            throw ExitCode(1)
        }
        let server: PreviewServer
        do {
            server = try PreviewServer(source: SceneInput(argument: scene).previewSource, port: UInt16(port),
                                       options: PreviewOptions(scale: scale, fps: fps))
        } catch {
            printError("error: cannot listen on 127.0.0.1:\(port): \(error)")
            throw ExitCode(1)
        }
        let started = BlockingResult<Task<Void, any Error>> { try await server.start() }
        let serving: Task<Void, any Error>
        switch started.wait() {
        case .success(let task): serving = task
        case .failure(let error):
            printError("error: cannot listen on 127.0.0.1:\(port): \(error)")
            throw ExitCode(1)
        }
        // Written unbuffered, so a program reading the output sees the address at once.
        FileHandle.standardOutput.write(Data("Previewing \(scene) at \(server.url) (Ctrl-C to stop)\n".utf8))
        if case .failure(let failure) = server.document.version.result { printError("error: \(failure.description)") }
        // Ctrl-C (or SIGTERM) sets the flag `Interruption` keeps; the server stops and the command exits 0.
        let ended = BlockingResult<Void> { try await serving.value }
        while Interruption.shared.receivedSignal == nil {
            if let result = ended.poll() {
                if case .failure(let error) = result { printError("error: the server stopped: \(error)") }
                throw ExitCode(1)
            }
            Thread.sleep(forTimeInterval: 0.1)
        }
        _ = BlockingResult<Void> { await server.stop() }.wait()
        FileHandle.standardOutput.write(Data("Stopped.\n".utf8))
    }
}

/// The result of async work, waited for from synchronous code.
final class BlockingResult<Value: Sendable>: @unchecked Sendable {
    private let done = DispatchSemaphore(value: 0)
    private let lock = NSLock()
    private var result: Result<Value, any Error>?

    init(_ work: @escaping @Sendable () async throws -> Value) {
        Task {
            let outcome: Result<Value, any Error>
            do { outcome = .success(try await work()) } catch { outcome = .failure(error) }
            finish(outcome)
        }
    }

    private func finish(_ outcome: Result<Value, any Error>) {
        lock.lock()
        result = outcome
        lock.unlock()
        done.signal()
    }

    /// Blocks until the work is done.
    func wait() -> Result<Value, any Error> {
        done.wait()
        done.signal()
        return poll() ?? .failure(CancellationError())
    }

    /// The result if the work is done.
    func poll() -> Result<Value, any Error>? {
        lock.lock()
        defer { lock.unlock() }
        return result
    }
}
