import Foundation
import XCTest

#if canImport(Glibc)
import Glibc
#endif

/// `render preview` against hostile clients: request heads of any length (FlyingFox parsed a 1 MB
/// header for minutes at 100 % CPU), requests for other hosts, and more idle connections than the
/// process has descriptors (300 against `ulimit -n 256` made accept fail and the server exit).
final class PreviewHostileRequestTests: XCTestCase {
    var folder: URL!
    var process: Process!
    /// Holds the server: it is stopped when this goes.
    var preview: PreviewProcess?
    var port: UInt16 = 0

    override func tearDownWithError() throws {
        if let process, process.isRunning { process.terminate() }
        if let folder { try? FileManager.default.removeItem(at: folder) }
    }

    /// Starts `render preview` on a free port under `ulimit -n descriptors`.
    func launch(descriptors: Int = 1024) throws {
        folder = try temporaryFolder()
        try PreviewServerTests.tinyScene.write(to: folder.appendingPathComponent("tiny.json"), atomically: false, encoding: .utf8)
        let launched = try PreviewProcess(scene: "tiny.json", in: folder, descriptors: descriptors)
        preview = launched
        process = launched.process
        port = try XCTUnwrap(UInt16(launched.url.split(separator: ":").last?.dropLast() ?? ""))
    }

    /// A connected socket to the server, or -1; reads time out after `timeout` seconds.
    func connectToServer(timeout: Int = 5) -> Int32 {
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard fd >= 0 else { return -1 }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = port.bigEndian
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        let connected = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        }
        guard connected == 0 else {
            close(fd)
            return -1
        }
        var time = timeval(tv_sec: timeout, tv_usec: 0)
        setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &time, socklen_t(MemoryLayout<timeval>.size))
        setsockopt(fd, SOL_SOCKET, SO_SNDTIMEO, &time, socklen_t(MemoryLayout<timeval>.size))
        return fd
    }

    /// Sends `request` (as much as the server takes) and returns the status line of the answer and the
    /// seconds it took ("" when none came within 5 s).
    func statusLine(of request: [UInt8]) -> (line: String, seconds: Double) {
        let start = Date()
        let fd = connectToServer()
        guard fd >= 0 else { return ("", 0) }
        defer { close(fd) }
        var sent = 0
        while sent < request.count {
            let count = request.withUnsafeBytes { send(fd, $0.baseAddress! + sent, request.count - sent, Int32(MSG_NOSIGNAL)) }
            guard count > 0 else { break }
            sent += count
        }
        var received: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 4096)
        while !received.contains(UInt8(ascii: "\n")) {
            let count = recv(fd, &chunk, chunk.count, 0)
            guard count > 0 else { break }
            received.append(contentsOf: chunk[0..<count])
        }
        let line = String(decoding: received.prefix { $0 != UInt8(ascii: "\r") && $0 != UInt8(ascii: "\n") }, as: UTF8.self)
        return (line, Date().timeIntervalSince(start))
    }

    /// A 1 MB header is answered 431 at once, a 20 kB request line 414, a foreign Host 403 (before any
    /// parsing), a 16 kB cookie is dropped (before FlyingFox, which took 11 s in a debug build to parse a
    /// 25 kB header), and the server goes on serving.
    func testLongRequestHeadsAndForeignHostsAreRefusedAtOnce() throws {
        try launch()
        let host = "Host: 127.0.0.1:\(port)\r\n"
        let huge = statusLine(of: Array(("GET / HTTP/1.1\r\n" + host + "X-Big: " + String(repeating: "a", count: 1_000_000) + "\r\n\r\n").utf8))
        XCTAssertEqual(huge.line, "HTTP/1.1 431 Request Header Fields Too Large")
        XCTAssertLessThan(huge.seconds, 3)
        let long = statusLine(of: Array(("GET /" + String(repeating: "a", count: 20_000) + " HTTP/1.1\r\n" + host + "\r\n").utf8))
        XCTAssertEqual(long.line, "HTTP/1.1 414 URI Too Long")
        XCTAssertLessThan(long.seconds, 3)
        let foreign = statusLine(of: Array("GET /api/scene HTTP/1.1\r\nHost: evil.example:80\r\nX-Pad: \(String(repeating: "b", count: 8000))\r\n\r\n".utf8))
        XCTAssertEqual(foreign.line, "HTTP/1.1 403 Forbidden")
        // Headers the server does not read are not passed on (a 16 kB cookie is fine); a long one it
        // reads is refused.
        let cookie = statusLine(of: Array(("GET /api/scene HTTP/1.1\r\n" + host + "Cookie: " + String(repeating: "c", count: 16_000) + "\r\n\r\n").utf8))
        XCTAssertEqual(cookie.line, "HTTP/1.1 200 OK")
        XCTAssertLessThan(cookie.seconds, 2)
        let origin = statusLine(of: Array(("GET /api/scene HTTP/1.1\r\n" + host + "Origin: http://" + String(repeating: "o", count: 2_000) + "\r\n\r\n").utf8))
        XCTAssertEqual(origin.line, "HTTP/1.1 431 Request Header Fields Too Large")
        let response = try RawHTTP(port: port).request("/api/scene")
        XCTAssertEqual(response.status, 200)
        XCTAssertTrue(response.text.contains("\"frameCount\""), response.text)
        XCTAssertTrue(process.isRunning)
    }

    /// 300 idle connections under a 256-descriptor limit: the server stays up (connections past its
    /// limit are answered 503 and closed) and serves again once they go.
    func testManyIdleConnectionsUnderALowDescriptorLimitDoNotStopTheServer() throws {
        try launch(descriptors: 256)
        var sockets: [Int32] = []
        defer { for fd in sockets { close(fd) } }
        for _ in 0..<300 {
            let fd = connectToServer()
            if fd >= 0 { sockets.append(fd) }
        }
        XCTAssertGreaterThan(sockets.count, 256)
        // Time for the server to accept them all (and, without its limit, run out of descriptors).
        Thread.sleep(forTimeInterval: 1.5)
        XCTAssertTrue(process.isRunning, "the server exited")
        for fd in sockets { close(fd) }
        sockets = []
        var answered: RawHTTP.Response?
        let retryUntil = Date().addingTimeInterval(5)
        while answered?.status != 200, Date() < retryUntil {
            answered = try? RawHTTP(port: port).request("/api/scene")
            if answered?.status != 200 { Thread.sleep(forTimeInterval: 0.1) }
        }
        XCTAssertEqual(answered?.status, 200)
        process.interrupt()
        let stopBy = Date().addingTimeInterval(10)
        while process.isRunning, Date() < stopBy { usleep(20_000) }
        XCTAssertEqual(process.terminationStatus, 0)
    }
}
