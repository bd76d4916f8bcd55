import ByteStream
import GIF
import Pixels
import XCTest

/// A write fault at any byte of a GIF, with or without compression threads, ends in the writer's
/// `WriteError`, the output abandoned, and every later call failing the same way.
final class WriteFaultTests: XCTestCase {
    func frames() -> [IndexedFrame] {
        (0..<4).map { (k: Int) -> IndexedFrame in
            let indices: [UInt8] = (0..<96).map { (i: Int) -> UInt8 in UInt8((i / 12 + i % 12 + k * 3) % 3) }
            return IndexedFrame(width: 12, height: 8, indices: indices)
        }
    }

    func write(to output: ByteWriter, threads: Int) throws {
        let palette = Palette(colors: [RGB8(r: 200, g: 0, b: 0), RGB8(r: 0, g: 90, b: 0), RGB8(r: 0, g: 0, b: 255)])
        let writer = try GIFWriter(output: output, path: "fault.gif", width: 12, height: 8, palette: palette,
                                   compressionThreads: threads)
        for frame in frames() { try writer.append(frame, delayCentiseconds: 4) }
        try writer.finish()
    }

    func testAFaultAtEveryByteIsOneErrorAndAbandonsTheOutput() throws {
        let whole = MemoryByteWriter()
        try write(to: whole, threads: 0)
        XCTAssertTrue(whole.isClosed)
        for threads in [0, 2] {
            for limit in 0..<whole.bytes.count {
                let failing = FailingByteWriter(limit: limit, path: "fault.gif")
                XCTAssertThrowsError(try write(to: failing, threads: threads)) { error in
                    XCTAssertEqual(error as? WriteError, WriteError(path: "fault.gif", reason: "No space left on device"))
                }
                XCTAssertTrue(failing.isAbandoned, "limit \(limit)")
                XCTAssertFalse(failing.isClosed, "limit \(limit)")
                XCTAssertEqual(failing.bytes, Array(whole.bytes[0..<limit]), "what was written before the fault")
            }
            let enough = FailingByteWriter(limit: whole.bytes.count, path: "fault.gif")
            try write(to: enough, threads: threads)
            XCTAssertEqual(enough.bytes, whole.bytes)
        }
    }
}
