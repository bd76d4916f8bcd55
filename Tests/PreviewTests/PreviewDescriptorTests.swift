import Foundation
import XCTest

#if canImport(Glibc)
import Glibc
#endif

/// `render preview` under a low descriptor limit: 300 idle connections against `ulimit -n 256` used to
/// make accept fail with EMFILE and the server exit ("the server stopped: ... Too many open files").
/// It now drops its connections and listens again on the same port.
final class PreviewDescriptorTests: XCTestCase {
    /// A connected, idle socket to 127.0.0.1:`port`, or -1.
    func connectIdle(_ port: UInt16) -> Int32 {
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
        return fd
    }

    func testManyIdleConnectionsUnderALowDescriptorLimitDoNotStopTheServer() throws {
        let binary = Bundle.main.bundleURL.appendingPathComponent("render")
        guard FileManager.default.isExecutableFile(atPath: binary.path) else {
            throw XCTSkip("the render binary is not at \(binary.path); run `swift build` first")
        }
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        try PreviewServerTests.tinyScene.write(to: folder.appendingPathComponent("tiny.json"), atomically: false, encoding: .utf8)
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/sh")
        process.arguments = ["-c", "ulimit -n 256 && exec \"$0\" preview tiny.json --port 0", binary.path]
        process.currentDirectoryURL = folder
        let output = Pipe(), errors = Pipe()
        process.standardOutput = output
        process.standardError = errors
        try process.run()
        defer { if process.isRunning { process.terminate() } }
        var text = ""
        let deadline = Date().addingTimeInterval(20)
        while !text.contains("\n"), Date() < deadline {
            let data = output.fileHandleForReading.availableData
            if data.isEmpty { break }
            text += String(decoding: data, as: UTF8.self)
        }
        let match = try XCTUnwrap(text.range(of: #"127\.0\.0\.1:[0-9]+"#, options: .regularExpression), text)
        let port = try XCTUnwrap(UInt16(text[match].split(separator: ":")[1]))

        var sockets: [Int32] = []
        for _ in 0..<300 {
            let fd = connectIdle(port)
            if fd >= 0 { sockets.append(fd) }
        }
        defer { for fd in sockets { close(fd) } }
        XCTAssertGreaterThan(sockets.count, 256)
        // Give the server time to accept them all (and to run out of descriptors).
        Thread.sleep(forTimeInterval: 1.5)
        XCTAssertTrue(process.isRunning, "the server exited: "
                      + String(decoding: errors.fileHandleForReading.availableData, as: UTF8.self))
        for fd in sockets { close(fd) }
        sockets = []
        // It serves again on the same port.
        var answered: RawHTTP.Response?
        let retryUntil = Date().addingTimeInterval(5)
        while answered == nil, Date() < retryUntil {
            answered = try? RawHTTP(port: port).request("/api/scene")
            if answered == nil { Thread.sleep(forTimeInterval: 0.1) }
        }
        XCTAssertEqual(answered?.status, 200)
        process.interrupt()
        let stopBy = Date().addingTimeInterval(10)
        while process.isRunning, Date() < stopBy { usleep(20_000) }
        XCTAssertEqual(process.terminationStatus, 0)
    }
}
