import Foundation

#if canImport(Glibc)
import Glibc
#endif

/// A minimal HTTP/1.1 client on a plain socket, so tests can send any Host, Origin or path bytes
/// (URLSession normalises paths and sets Host itself).
struct RawHTTP {
    struct Response {
        var status: Int
        var headers: [String: String]
        var body: Data
        var text: String { String(decoding: body, as: UTF8.self) }
    }

    struct Failure: Error, CustomStringConvertible {
        var description: String
    }

    let port: UInt16

    /// Sends `GET target` (or another method) with the given headers; Host defaults to 127.0.0.1:port.
    func request(_ target: String, method: String = "GET", headers: [String: String] = [:]) throws -> Response {
        var all = ["Host": "127.0.0.1:\(port)", "Connection": "close"]
        all.merge(headers) { $1 }
        let head = "\(method) \(target) HTTP/1.1\r\n" + all.map { "\($0.key): \($0.value)\r\n" }.sorted().joined() + "\r\n"
        let bytes = try exchange(Array(head.utf8))
        guard let split = bytes.firstRange(of: Array("\r\n\r\n".utf8)) else { throw Failure(description: "no header end") }
        let lines = String(decoding: bytes[..<split.lowerBound], as: UTF8.self).components(separatedBy: "\r\n")
        let statusParts = lines[0].split(separator: " ")
        guard statusParts.count >= 2, let status = Int(statusParts[1]) else { throw Failure(description: "bad status line \(lines[0])") }
        var fields: [String: String] = [:]
        for line in lines.dropFirst() {
            guard let colon = line.firstIndex(of: ":") else { continue }
            fields[line[..<colon].lowercased()] = line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces)
        }
        var body = Data(bytes[split.upperBound...])
        if let length = fields["content-length"].flatMap(Int.init), body.count > length { body = body.prefix(length) }
        return Response(status: status, headers: fields, body: body)
    }

    /// Sends `GET target` and closes the connection at once, without waiting for the answer (as a browser
    /// does when a page cancels a request).
    func abandon(_ target: String) throws {
        let fd = try connected()
        let head = "GET \(target) HTTP/1.1\r\nHost: 127.0.0.1:\(port)\r\nConnection: close\r\n\r\n"
        _ = Array(head.utf8).withUnsafeBytes { send(fd, $0.baseAddress, $0.count, 0) }
        close(fd)
    }

    /// Writes the request and reads until the server closes or the announced body has arrived.
    private func exchange(_ request: [UInt8]) throws -> [UInt8] {
        let fd = try connected()
        defer { close(fd) }
        var timeout = timeval(tv_sec: 30, tv_usec: 0)
        setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
        _ = request.withUnsafeBytes { send(fd, $0.baseAddress, $0.count, 0) }
        var received: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 1 << 16)
        while true {
            let n = recv(fd, &chunk, chunk.count, 0)
            if n <= 0 { break }
            received.append(contentsOf: chunk[..<n])
            if let split = received.firstRange(of: Array("\r\n\r\n".utf8)) {
                let head = String(decoding: received[..<split.lowerBound], as: UTF8.self).lowercased()
                if let line = head.components(separatedBy: "\r\n").first(where: { $0.hasPrefix("content-length:") }),
                   let length = Int(line.dropFirst("content-length:".count).trimmingCharacters(in: .whitespaces)),
                   received.count - split.upperBound >= length {
                    break
                }
            }
        }
        return received
    }

    /// A socket connected to the server.
    private func connected() throws -> Int32 {
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard fd >= 0 else { throw Failure(description: "socket failed") }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = port.bigEndian
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        let connected = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        }
        guard connected == 0 else {
            let reason = String(cString: strerror(errno))
            close(fd)
            throw Failure(description: "connect failed: \(reason)")
        }
        return fd
    }
}
