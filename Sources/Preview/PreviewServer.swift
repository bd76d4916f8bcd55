import Flipbook
import FlyingFox
import FlyingSocks
import Foundation
import SceneFormat

/// `render preview`: a local HTTP server for one scene file, with a page that scrubs its animation.
///
/// It listens on 127.0.0.1 only and answers a fixed set of routes (the page, frames, JSON, the GIF):
/// no part of a request names a file. Requests whose Host is not this server's address, or that come
/// from another site's page (Origin, Sec-Fetch-Site), are refused, which also defeats DNS rebinding.
public final class PreviewServer: Sendable {
    public let document: PreviewDocument
    /// The HTTP server now listening: a new one listens on the same port after running out of file
    /// descriptors (see `start`).
    private let current: LockedValue<HTTPServer>
    private var server: HTTPServer { current.value }
    /// The frames drawn so far (internal for tests).
    let cache = FrameCache()
    /// Whether the watcher thread goes on polling the files.
    private let watching = LockedValue(false)
    private let restarts = LockedValue(0)

    /// How often the scene file and its images are checked for changes.
    static let pollInterval = 0.15
    /// How long `/api/scene?after=N` waits for a newer version before answering with the current one.
    static let longPoll: Duration = .seconds(10)

    /// The socket on 127.0.0.1 that reads each request's head within limits before the HTTP server sees it.
    private let gate: RequestGate
    /// The private folder of the HTTP server's Unix socket, and the socket.
    private let socketFolder: String
    private var socketPath: String { socketFolder + "/http" }

    /// A server for the scene at `path` on 127.0.0.1:`port` (0: a free port, see `port`).
    public convenience init(path: String, port: UInt16, options: PreviewOptions = PreviewOptions()) throws {
        try self.init(source: .scene(path), port: port, options: options)
    }

    /// A server for the scene `source` reads, on 127.0.0.1:`port` (0: a free port, see `port`).
    public init(source: PreviewSource, port: UInt16, options: PreviewOptions = PreviewOptions()) throws {
        document = PreviewDocument(source: source, options: options)
        // The HTTP server listens on a Unix socket in a folder only this user can enter.
        var template = Array((FileManager.default.temporaryDirectory.path + "/flipbook-preview-XXXXXX").utf8CString)
        guard let made = template.withUnsafeMutableBufferPointer({ mkdtemp($0.baseAddress!) }) else {
            throw PreviewError("cannot create a private folder for the server's socket: \(String(cString: strerror(errno)))")
        }
        socketFolder = String(cString: made)
        do {
            gate = try RequestGate(port: port, upstream: socketFolder + "/http")
        } catch {
            rmdir(socketFolder)
            throw error
        }
        current = LockedValue(Self.makeServer(socketPath: socketFolder + "/http"))
    }

    /// How many requests the gate is relaying (internal for tests).
    var requestsBeingAnswered: Int { gate.waitingCount }

    /// The port the server listens on.
    public var port: UInt16 { gate.port }

    /// The page's address.
    public var url: String { "http://127.0.0.1:\(port)/" }

    /// Starts listening and watching the files; returns once the server accepts connections.
    /// `run` is the task that serves; it ends when `stop` is called or serving fails.
    public func start() async throws -> Task<Void, any Error> {
        await server.appendRoute("*", to: ClosureHTTPHandler { [self] request in await respond(to: request) })
        let failure = LockedValue<(any Error)?>(nil)
        let run = Task { [self] in
            while true {
                do {
                    try await server.run()
                    return
                } catch where Self.isOutOfDescriptors(error) {
                    // Accepting failed for want of a file descriptor (the gate keeps connections well
                    // under a 256-descriptor limit; a lower one may still run out). The server's
                    // connections closed with it; listen again after a pause, with a new server.
                    try await Task.sleep(for: Self.descriptorRetryPause)
                    unlink(socketPath)
                    let next = Self.makeServer(socketPath: socketPath)
                    await next.appendRoute("*", to: ClosureHTTPHandler { [self] request in await respond(to: request) })
                    current.value = next
                    restarts.value += 1
                } catch {
                    failure.value = error
                    throw error
                }
            }
        }
        // Wait until the socket listens, or serving failed (the port is in use, say).
        let deadline = ContinuousClock.now + .seconds(5)
        while true {
            if case .unix = await server.listeningAddress { break }
            if let error = failure.value { throw Self.explained(error) }
            guard ContinuousClock.now < deadline else {
                run.cancel()
                throw PreviewError("the server did not start listening within 5 s")
            }
            try await Task.sleep(for: .milliseconds(10))
        }
        gate.start()
        // The files are polled on a thread of their own: a reload may block (it waits for a save to settle).
        watching.value = true
        let watcher = Thread { [document, watching] in
            while watching.value {
                Thread.sleep(forTimeInterval: Self.pollInterval)
                document.reloadIfChanged()
            }
        }
        watcher.name = "flipbook.preview.watcher"
        watcher.start()
        return run
    }

    /// How long the server waits before listening again after running out of file descriptors.
    static let descriptorRetryPause: Duration = .milliseconds(100)

    /// How many times the server listened again after running out of file descriptors.
    public var descriptorRestarts: Int { restarts.value }

    static func makeServer(socketPath: String) -> HTTPServer {
        HTTPServer(address: sockaddr_un.unix(path: socketPath), timeout: 60, logger: .disabled)
    }

    /// Whether `error` is accept's (or listen's) EMFILE or ENFILE: too many open files.
    static func isOutOfDescriptors(_ error: any Error) -> Bool {
        guard case SocketError.failed(_, let code, _) = error else { return false }
        return code == EMFILE || code == ENFILE
    }

    /// A socket error in words: `address already in use (try another --port, or --port 0)`.
    static func explained(_ error: any Error) -> any Error {
        guard case SocketError.failed(let call, let code, let message) = error else { return error }
        let hint = code == EADDRINUSE ? " (try another --port, or --port 0)" : ""
        return PreviewError("\(call.lowercased()): \(message.lowercased())\(hint)")
    }

    /// Stops watching and serving; open requests are dropped.
    public func stop() async {
        watching.value = false
        gate.stop()
        await server.stop(timeout: 0.2)
        unlink(socketPath)
        rmdir(socketFolder)
    }

    // MARK: - Routes

    /// The answer to one request: only the fixed routes below exist.
    func respond(to request: HTTPRequest) async -> HTTPResponse {
        if let refusal = refusal(of: request) { return text(.forbidden, "refused: \(refusal)\n") }
        guard request.method == .GET else {
            return text(HTTPStatusCode(405, phrase: "Method Not Allowed"), "only GET\n")
        }
        switch request.path {
        case "/": return file(PreviewPage.html, type: "text/html; charset=utf-8")
        case "/app.js": return file(PreviewPage.script, type: "text/javascript; charset=utf-8")
        case "/app.css": return file(PreviewPage.style, type: "text/css; charset=utf-8")
        case "/api/scene": return await scene(after: Int(request.query["after"] ?? ""))
        case "/api/frame":
            return await frame(Int(request.query["n"] ?? ""), version: Int(request.query["v"] ?? ""),
                               connection: request.headers[HTTPHeader(RequestGate.connectionHeader)].flatMap { Int($0) })
        case "/api/inspect": return inspect(Int(request.query["n"] ?? ""))
        case "/api/download.gif": return await gif()
        default: return text(.notFound, "not found\n")
        }
    }

    /// Why the request is refused, or nil: Host must name this server, and a browser's request must come
    /// from this server's own page.
    func refusal(of request: HTTPRequest) -> String? {
        let origins = ["127.0.0.1:\(port)", "localhost:\(port)"]
        guard let host = request.headers[.host]?.lowercased(), origins.contains(host) else {
            return "Host must be 127.0.0.1:\(port) or localhost:\(port)"
        }
        if let origin = request.headers[HTTPHeader("Origin")]?.lowercased(),
           !origins.map({ "http://" + $0 }).contains(origin) {
            return "requests from other origins are not served"
        }
        if let site = request.headers[HTTPHeader("Sec-Fetch-Site")]?.lowercased(), site != "same-origin", site != "none" {
            return "requests from other sites are not served"
        }
        return nil
    }

    /// The scene's description for the page; with `after`, waits until the version is newer than that.
    private func scene(after: Int?) async -> HTTPResponse {
        var version = document.version
        if let after {
            let deadline = ContinuousClock.now + Self.longPoll
            while version.number <= after, ContinuousClock.now < deadline, !Task.isCancelled {
                try? await Task.sleep(for: .milliseconds(50))
                version = document.version
            }
        }
        return json(SceneSummary.json(version))
    }

    /// Frame `n` of the current version as PNG. The frame is not drawn if the request's `connection` (from
    /// the gate) has closed by the time a thread is free to draw it: the page cancels the prefetches that
    /// playback has left behind.
    private func frame(_ n: Int?, version requested: Int?, connection: Int?) async -> HTTPResponse {
        let version = document.version
        guard case .success(let player) = version.result else { return text(.notFound, "the scene has an error\n") }
        guard let n, (0..<player.scene.frameCount).contains(n) else {
            return text(.badRequest, "n must be a frame index from 0 to \(player.scene.frameCount - 1)\n")
        }
        do {
            let png = try await cache.png(frame: n, of: player, version: version.number,
                                          wanted: { [gate] in connection.map { gate.isWaiting($0) } ?? true })
            // A frame of the version the page asked for never changes; an older version's URL gets today's frame.
            let caching = requested == version.number ? "private, max-age=3600, immutable" : "no-store"
            return HTTPResponse(statusCode: .ok, headers: headers(type: "image/png", caching: caching), body: Data(png))
        } catch is FrameCache.Abandoned {
            return text(HTTPStatusCode(503, phrase: "Service Unavailable"), "frame \(n): the request was cancelled\n")
        } catch {
            return text(.internalServerError, "frame \(n): \(error)\n")
        }
    }

    /// `render inspect` at frame `n`'s time: the state and view attributes, as JSON.
    private func inspect(_ n: Int?) -> HTTPResponse {
        guard case .success(let player) = document.version.result else { return text(.notFound, "the scene has an error\n") }
        guard let n, (0..<player.scene.frameCount).contains(n) else { return text(.badRequest, "no such frame\n") }
        let body: String
        do {
            body = try Inspector.json(player, times: [player.scene.time(ofFrame: n)])
        } catch {
            return text(.internalServerError, "frame \(n): \(error)\n")
        }
        return HTTPResponse(statusCode: .ok, headers: headers(type: "application/json", caching: "no-store"), body: Data(body.utf8))
    }

    /// The whole animation as a GIF, rendered with the preview's options.
    private func gif() async -> HTTPResponse {
        guard case .success(let player) = document.version.result else { return text(.notFound, "the scene has an error\n") }
        let scene = player.scene
        let result: Result<Data, any Error> = await withCheckedContinuation { continuation in
            DispatchQueue.global(qos: .userInitiated).async {
                continuation.resume(returning: Result { try Self.renderGIF(scene) })
            }
        }
        switch result {
        case .success(let data):
            var headers = headers(type: "image/gif", caching: "no-store")
            headers[HTTPHeader("Content-Disposition")] = "attachment; filename=\"\(Self.safeName(scene.name)).gif\""
            return HTTPResponse(statusCode: .ok, headers: headers, body: data)
        case .failure(let error):
            return text(.internalServerError, "\(error)\n")
        }
    }

    /// Renders `scene` to a GIF in a temporary folder and returns its bytes.
    private static func renderGIF(_ scene: Scene) throws -> Data {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("flipbook-preview-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        var options = RenderOptions()
        options.output = folder.appendingPathComponent("preview.gif").path
        _ = try Renderer.render(scene, options: options)
        return try Data(contentsOf: URL(fileURLWithPath: options.output ?? ""))
    }

    /// A scene name usable as a download's file name.
    static func safeName(_ name: String) -> String {
        let kept = name.unicodeScalars.filter { CharacterSet.alphanumerics.contains($0) || "-_.".unicodeScalars.contains($0) }
        return kept.isEmpty ? "scene" : String(String.UnicodeScalarView(kept))
    }

    // MARK: - Responses

    private func headers(type: String, caching: String) -> HTTPHeaders {
        var headers = HTTPHeaders()
        headers[.contentType] = type
        headers[HTTPHeader("Cache-Control")] = caching
        headers[HTTPHeader("X-Content-Type-Options")] = "nosniff"
        headers[HTTPHeader("Cross-Origin-Resource-Policy")] = "same-origin"
        headers[HTTPHeader("Content-Security-Policy")] = "default-src 'self'; img-src 'self' data:; frame-ancestors 'none'"
        return headers
    }

    private func file(_ body: String, type: String) -> HTTPResponse {
        HTTPResponse(statusCode: .ok, headers: headers(type: type, caching: "no-cache"), body: Data(body.utf8))
    }

    private func text(_ status: HTTPStatusCode, _ body: String) -> HTTPResponse {
        HTTPResponse(statusCode: status, headers: headers(type: "text/plain; charset=utf-8", caching: "no-store"), body: Data(body.utf8))
    }

    private func json(_ object: [String: Any]) -> HTTPResponse {
        let data = (try? JSONSerialization.data(withJSONObject: object, options: [.sortedKeys])) ?? Data("{}".utf8)
        return HTTPResponse(statusCode: .ok, headers: headers(type: "application/json", caching: "no-store"), body: data)
    }
}

/// Why the preview server could not start.
public struct PreviewError: Error, CustomStringConvertible {
    public var description: String

    init(_ description: String) {
        self.description = description
    }
}

/// A value shared between threads behind a lock.
final class LockedValue<Value>: @unchecked Sendable {
    private let lock = NSLock()
    private var stored: Value

    init(_ value: Value) { stored = value }

    var value: Value {
        get { lock.lock(); defer { lock.unlock() }; return stored }
        set { lock.lock(); stored = newValue; lock.unlock() }
    }

    /// Changes the value in one step under the lock; returns what `change` returns.
    @discardableResult
    func update<T>(_ change: (inout Value) -> T) -> T {
        lock.lock()
        defer { lock.unlock() }
        return change(&stored)
    }
}
