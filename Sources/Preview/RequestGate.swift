import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// The preview's socket on 127.0.0.1, in front of its HTTP server (FlyingFox, listening on a Unix socket
/// in a private folder).
///
/// FlyingFox reads request lines and headers of any length, at a cost that grows with the square of a
/// line's length (a debug build: 11 s for a 25 kB header, 40 s for 50 kB; 1 MB kept a core busy for
/// minutes), and accepting fails for good once the
/// process runs out of file descriptors. The gate reads each request's head itself, within
/// `maxRequestLine` (else 414) and `maxHead` (else 431) bytes and `headTimeout` seconds, checks its Host before
/// anything else is done (403), and only then passes the request line and the few headers the preview
/// reads (`forwardedHeaders`, short) on, one request per connection (`Connection: close`), relaying the
/// answer. Bodies are never passed on (only GET is served). It serves at most `maxConnections` connections at once
/// (others get 503 and are closed) and waits and tries again when accept runs out of descriptors.
final class RequestGate: @unchecked Sendable {
    /// The longest request line (method, target, version): the preview's own addresses are short.
    static let maxRequestLine = 4 * 1024
    /// The headers the preview server reads, the only ones passed on (with `Connection: close`): the
    /// HTTP server's parsing time grows with the square of a line's length, so long headers the server
    /// does not need (cookies of other local servers, say) never reach it, and these must be short.
    static let forwardedHeaders: Set<String> = ["host", "origin", "sec-fetch-site"]
    /// The longest header line passed on.
    static let maxForwardedHeader = 1024
    /// The longest request head (request line and headers).
    static let maxHead = 16 * 1024
    /// Connections served at once: each holds three descriptors (two here, one in the HTTP server).
    static let maxConnections = 64
    /// How long a client may take to send its whole request head, in seconds.
    static let headTimeout = 10

    /// The header naming the connection a request came on, added to each request passed on (a client's
    /// own header of that name is never passed on: it is not in `forwardedHeaders`).
    static let connectionHeader = "X-Flipbook-Connection"

    let port: UInt16
    private let listener: Int32
    private let upstream: String
    private let open = LockedValue(0)
    private let stopped = LockedValue(false)
    /// The connections whose requests are being answered, by the number given in `connectionHeader`.
    private let waiting = LockedValue(Set<Int>())
    private let lastConnection = LockedValue(0)

    /// Whether the client of connection `id` still waits for its answer: false once it closed the
    /// connection (the page cancelled the request), so the answer's work can be dropped.
    func isWaiting(_ id: Int) -> Bool { waiting.value.contains(id) }

    /// How many requests are being answered.
    var waitingCount: Int { waiting.value.count }

    /// Listens on 127.0.0.1:`port` (0: a free port); requests go to the Unix socket at `upstream`.
    init(port: UInt16, upstream: String) throws {
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
        guard fd >= 0 else { throw PreviewError("socket: \(Self.reason())") }
        var yes: Int32 = 1
        setsockopt(fd, SOL_SOCKET, SO_REUSEADDR, &yes, socklen_t(MemoryLayout<Int32>.size))
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = port.bigEndian
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        let bound = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        }
        guard bound == 0, listen(fd, 128) == 0 else {
            let code = errno
            close(fd)
            let hint = code == EADDRINUSE ? " (try another --port, or --port 0)" : ""
            throw PreviewError("\(bound == 0 ? "listen" : "bind"): \(String(cString: strerror(code)).lowercased())\(hint)")
        }
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        _ = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(fd, $0, &length) }
        }
        listener = fd
        self.port = UInt16(bigEndian: address.sin_port)
        self.upstream = upstream
    }

    private static func reason() -> String { String(cString: strerror(errno)) }

    /// Accepts connections on a thread of its own until `stop`.
    func start() {
        let thread = Thread { [self] in acceptLoop() }
        thread.name = "flipbook.preview.gate"
        thread.start()
    }

    /// Stops accepting; connections being served finish.
    func stop() {
        stopped.value = true
        shutdown(listener, Int32(SHUT_RDWR))
    }

    private func acceptLoop() {
        defer { close(listener) }
        while !stopped.value {
            let fd = accept(listener, nil, nil)
            if stopped.value {
                if fd >= 0 { close(fd) }
                break
            }
            guard fd >= 0 else {
                // Out of descriptors (or memory), or the client gave up: wait a little, never stop serving.
                if errno != EINTR && errno != ECONNABORTED { usleep(100_000) }
                continue
            }
            let admitted = open.update { count in
                guard count < Self.maxConnections else { return false }
                count += 1
                return true
            }
            guard admitted else {
                Self.answer(fd, 503, "Service Unavailable", "too many connections\n")
                close(fd)
                continue
            }
            let thread = Thread { [self] in
                serve(fd)
                close(fd)
                open.update { $0 -= 1 }
            }
            thread.stackSize = 1 << 20
            thread.start()
        }
    }

    /// Reads one request head from `client`, checks it, passes it on and relays the answer.
    private func serve(_ client: Int32) {
        Self.setTimeout(client, SO_RCVTIMEO, seconds: Self.headTimeout)
        Self.setTimeout(client, SO_SNDTIMEO, seconds: 60)
        guard let head = readHead(client) else { return }
        let lines = String(decoding: head, as: UTF8.self).components(separatedBy: "\r\n").flatMap { $0.components(separatedBy: "\n") }
        var forwarded = [lines[0]]
        var host: String?
        for line in lines.dropFirst() where !line.isEmpty {
            guard let colon = line.firstIndex(of: ":") else { continue }
            let name = line[..<colon].trimmingCharacters(in: .whitespaces).lowercased()
            let value = line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces)
            if name == "host" { host = value.lowercased() }
            guard Self.forwardedHeaders.contains(name) else { continue }
            guard line.utf8.count <= Self.maxForwardedHeader else {
                Self.answer(client, 431, "Request Header Fields Too Large", "the \(name) header is over \(Self.maxForwardedHeader) bytes\n",
                            drain: true)
                return
            }
            forwarded.append(line)
        }
        let hosts = ["127.0.0.1:\(port)", "localhost:\(port)"]
        guard let host, hosts.contains(host) else {
            Self.answer(client, 403, "Forbidden", "refused: Host must be 127.0.0.1:\(port) or localhost:\(port)\n", drain: true)
            return
        }
        let id = lastConnection.update { last in
            last += 1
            return last
        }
        forwarded.append("\(Self.connectionHeader): \(id)")
        forwarded.append("Connection: close")
        waiting.update { _ = $0.insert(id) }
        defer { waiting.update { _ = $0.remove(id) } }
        relay(Array((forwarded.joined(separator: "\r\n") + "\r\n\r\n").utf8), from: client, id: id)
    }

    /// The request head (up to and including its blank line), or nil after answering 414 or 431, or when
    /// the client closes or is too slow.
    private func readHead(_ client: Int32) -> [UInt8]? {
        var head: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 4096)
        var lineEnded = false
        // The whole head within `headTimeout`, not each read: a client sending a byte now and then
        // would otherwise hold a connection for hours.
        let deadline = Date().addingTimeInterval(Double(Self.headTimeout))
        while true {
            guard Date() < deadline else { return nil }
            let count = recv(client, &chunk, chunk.count, 0)
            if count < 0 && errno == EINTR { continue }
            guard count > 0 else { return nil }
            let from = max(0, head.count - 3)
            head.append(contentsOf: chunk[0..<count])
            if !lineEnded { lineEnded = head.prefix(Self.maxRequestLine + 2).contains(UInt8(ascii: "\n")) }
            if !lineEnded && head.count > Self.maxRequestLine {
                Self.answer(client, 414, "URI Too Long", "the request line is over \(Self.maxRequestLine) bytes\n", drain: true)
                return nil
            }
            // The end of the head: a blank line, searched for only in the bytes just read.
            var end: Int?
            var index = from
            while index < head.count {
                if head[index] == UInt8(ascii: "\n") {
                    if index >= 1 && head[index - 1] == UInt8(ascii: "\n") { end = index + 1; break }
                    if index >= 3 && head[index - 1] == UInt8(ascii: "\r") && head[index - 2] == UInt8(ascii: "\n")
                        && head[index - 3] == UInt8(ascii: "\r") { end = index + 1; break }
                }
                index += 1
            }
            if let end, end <= Self.maxHead { return Array(head[0..<end]) }
            if head.count > Self.maxHead {
                Self.answer(client, 431, "Request Header Fields Too Large", "the request head is over \(Self.maxHead) bytes\n", drain: true)
                return nil
            }
        }
    }

    /// Sends `head` to the HTTP server and copies its answer to `client` until it closes. When the client
    /// closes first, connection `id` stops waiting and the HTTP server's connection is closed.
    private func relay(_ head: [UInt8], from client: Int32, id: Int) {
        let server = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
        guard server >= 0 else {
            Self.answer(client, 503, "Service Unavailable", "cannot reach the preview server: \(Self.reason())\n")
            return
        }
        defer { close(server) }
        var address = sockaddr_un()
        address.sun_family = sa_family_t(AF_UNIX)
        let path = Array(upstream.utf8.prefix(MemoryLayout.size(ofValue: address.sun_path) - 1))
        withUnsafeMutableBytes(of: &address.sun_path) { raw in
            for (i, byte) in path.enumerated() { raw[i] = byte }
        }
        let connected = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(server, $0, socklen_t(MemoryLayout<sockaddr_un>.size)) }
        }
        guard connected == 0, Self.sendAll(server, head) else {
            Self.answer(client, 503, "Service Unavailable", "cannot reach the preview server: \(Self.reason())\n")
            return
        }
        // Long polls wait 10 s and a GIF download renders the scene: the answer may take a while.
        let answerTimeout: Int32 = 120_000
        var chunk = [UInt8](repeating: 0, count: 1 << 16)
        while true {
            // Wait for the answer, and watch the client: a closed connection (a cancelled request) ends it.
            var fds = [pollfd(fd: server, events: Int16(POLLIN), revents: 0),
                       pollfd(fd: client, events: Int16(POLLIN), revents: 0)]
            let ready = poll(&fds, nfds_t(fds.count), answerTimeout)
            if ready < 0 && errno == EINTR { continue }
            guard ready > 0 else { return }
            if fds[1].revents != 0 {
                // The client sent more (dropped: one request per connection) or closed the connection.
                let count = recv(client, &chunk, chunk.count, Int32(MSG_DONTWAIT))
                if count == 0 || count < 0 && errno != EINTR && errno != EAGAIN && errno != EWOULDBLOCK {
                    waiting.update { _ = $0.remove(id) }
                    return
                }
            }
            guard fds[0].revents != 0 else { continue }
            let count = recv(server, &chunk, chunk.count, Int32(MSG_DONTWAIT))
            if count < 0 && (errno == EINTR || errno == EAGAIN || errno == EWOULDBLOCK) { continue }
            guard count > 0, Self.sendAll(client, Array(chunk[0..<count])) else { return }
        }
    }

    private static func setTimeout(_ fd: Int32, _ option: Int32, seconds: Int) {
        var timeout = timeval(tv_sec: seconds, tv_usec: 0)
        setsockopt(fd, SOL_SOCKET, option, &timeout, socklen_t(MemoryLayout<timeval>.size))
    }

    @discardableResult
    private static func sendAll(_ fd: Int32, _ bytes: [UInt8]) -> Bool {
        var sent = 0
        while sent < bytes.count {
            let count = bytes.withUnsafeBytes { send(fd, $0.baseAddress! + sent, bytes.count - sent, Int32(MSG_NOSIGNAL)) }
            if count < 0 && errno == EINTR { continue }
            guard count > 0 else { return false }
            sent += count
        }
        return true
    }

    /// A short plain-text answer, as the preview server's own refusals are written. With `drain`, what
    /// the client is still sending is read and dropped (at most 1 MiB, for at most a second) once the
    /// answer is sent, so closing does not reset the connection before the client reads the answer.
    private static func answer(_ fd: Int32, _ status: Int, _ phrase: String, _ text: String, drain: Bool = false) {
        let body = Array(text.utf8)
        let head = "HTTP/1.1 \(status) \(phrase)\r\nContent-Type: text/plain; charset=utf-8\r\nContent-Length: \(body.count)\r\n"
            + "X-Content-Type-Options: nosniff\r\nCache-Control: no-store\r\nConnection: close\r\n\r\n"
        sendAll(fd, Array(head.utf8) + body)
        guard drain else { return }
        shutdown(fd, Int32(SHUT_WR))
        setTimeout(fd, SO_RCVTIMEO, seconds: 1)
        var chunk = [UInt8](repeating: 0, count: 1 << 16)
        var drained = 0
        while drained < 1 << 20 {
            let count = recv(fd, &chunk, chunk.count, 0)
            guard count > 0 else { break }
            drained += count
        }
    }
}
