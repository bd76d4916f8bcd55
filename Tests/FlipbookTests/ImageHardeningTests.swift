import CZlib
import Flipbook
import Foundation
import Pixels
import Raster
import XCTest

/// Images a scene names are opened only if they are regular files, read and decoded once per real file
/// however their path is spelled, and inflated no further than their header declares.
final class ImageHardeningTests: XCTestCase {
    var folder: URL!

    override func setUpWithError() throws {
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("flipbook-images-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    }

    override func tearDownWithError() throws {
        try? FileManager.default.removeItem(at: folder)
    }

    func scene(_ name: String, images: [String], canvas: Int = 8) throws -> String {
        let views = images.map { #"{"image": "\#($0)", "resizable": true, "frame": {"width": 2, "height": 2}}"# }
        let json = #"{"canvas": {"width": \#(canvas), "height": \#(canvas), "scale": 1}, "duration": 0.04, "root": {"zstack": [\#(views.joined(separator: ", "))]}}"#
        let path = folder.appendingPathComponent(name).path
        try Data(json.utf8).write(to: URL(fileURLWithPath: path))
        return path
    }

    /// A FIFO would block a plain open forever; /dev/zero would never end.
    func testAFIFOOrADeviceIsNotARegularFile() throws {
        let fifo = folder.appendingPathComponent("pipe.png").path
        XCTAssertEqual(mkfifo(fifo, 0o644), 0)
        for (file, column) in [("pipe.png", 99), ("/dev/zero", 99)] {
            let path = try scene("s.json", images: [file])
            let run = try runRenderMeasured([path, "-o", folder.appendingPathComponent("s.gif").path], timeLimit: 20)
            XCTAssertFalse(run.timedOut, file)
            XCTAssertEqual(run.status, 1, file)
            XCTAssertEqual(run.stderr, "error: \(path):1:\(column): root.zstack[0].image: image \"\(file)\": not a regular file\n")
        }
    }

    /// One 4096 x 4096 PNG under 40 spellings of its path is read and decoded once: the render's peak
    /// memory stays far under 40 decoded copies (40 x 64 MiB = 2.5 GiB; the decoded-image limit of
    /// 256 MiB would refuse even four distinct copies).
    func testOneFileUnderManySpellingsIsDecodedOnce() throws {
        let side = 4096
        // Transparent black: every row is a filter byte 0 and zero pixels.
        let png = Self.png(width: side, height: side, idat: Self.zlibStream(zeroBytes: side * (1 + side * 4)))
        try FileManager.default.createDirectory(at: folder.appendingPathComponent("sub"), withIntermediateDirectories: false)
        try Data(png).write(to: folder.appendingPathComponent("big.png"))
        var spellings: [String] = []
        for i in 0..<40 {
            switch i % 4 {
            case 0: spellings.append(String(repeating: "./", count: i / 4 + 1) + "big.png")
            case 1: spellings.append(String(repeating: "sub/../", count: i / 4 + 1) + "big.png")
            case 2: spellings.append(folder.path + String(repeating: "/", count: i / 4 + 1) + "big.png")
            default: spellings.append(String(repeating: ".//", count: i / 4 + 1) + "big.png")
            }
        }
        XCTAssertEqual(Set(spellings).count, 40)
        let path = try scene("many.json", images: spellings)
        let run = try runRenderMeasured([path, "-o", folder.appendingPathComponent("many.gif").path, "-j", "1", "-q"])
        XCTAssertEqual(run.status, 0, run.stderr)
        // The decoded image (64 MiB) and one premultiplied copy of it, plus the program: under 400 MiB.
        XCTAssertLessThan(run.peakMiB, 400, "peak \(run.peakMiB) MiB")
    }

    /// Images over the decoded-memory limit in all are refused before any is decoded (these hold no
    /// image data at all, so decoding one would fail differently).
    func testDistinctImagesOverTheMemoryLimitAreRefused() throws {
        let header = Self.png(width: 4096, height: 4096, idat: [])
        for i in 0..<5 { try Data(header).write(to: folder.appendingPathComponent("i\(i).png")) }
        let path = try scene("five.json", images: (0..<5).map { "i\($0).png" })
        let run = try runRenderMeasured([path, "-o", folder.appendingPathComponent("five.gif").path])
        XCTAssertEqual(run.status, 1)
        XCTAssertTrue(run.stderr.hasSuffix("root.zstack[4].image: image \"i4.png\": the scene's images take 320 MiB decoded "
                                           + "(this one 4096 x 4096 px); the limit is 256 MiB for all images\n"), run.stderr)
    }

    /// A PNG of about 1 MiB whose image data inflates to 1 GiB, while its header declares 4096 x 4096
    /// (64 MiB), referenced 10 times: refused once the declared size is passed, in well under a second
    /// of inflating, and with little memory.
    func testADecompressionBombStopsAtTheDeclaredSize() throws {
        let bomb = Self.png(width: 4096, height: 4096, idat: Self.zlibStream(zeroBytes: 1 << 30))
        XCTAssertLessThan(bomb.count, 2 << 20)
        // The generator's streams inflate to what they say (checked at a size that inflates quickly).
        XCTAssertEqual(Self.inflatedSize(Self.zlibStream(zeroBytes: 3 << 20 | 5)), 3 << 20 | 5)
        try Data(bomb).write(to: folder.appendingPathComponent("bomb.png"))
        let path = try scene("bomb.json", images: Array(repeating: "bomb.png", count: 1) + (1..<10).map { String(repeating: "./", count: $0) + "bomb.png" })
        let run = try runRenderMeasured([path, "-o", folder.appendingPathComponent("bomb.gif").path], timeLimit: 30)
        XCTAssertEqual(run.status, 1)
        XCTAssertTrue(run.stderr.hasSuffix("root.zstack[0].image: image \"bomb.png\": the image data inflates to more than the "
                                           + "67112960 bytes a 4096 x 4096 image holds (a decompression bomb?)\n"), run.stderr)
        XCTAssertLessThan(run.seconds, 5)
        print("bomb: refused in \(run.seconds) s, peak \(run.peakMiB) MiB")
        XCTAssertLessThan(run.peakMiB, 200)
    }

    // MARK: - PNG bytes (the PNG specification's layout: signature, chunks with CRC-32)

    static func chunk(_ type: String, _ data: [UInt8]) -> [UInt8] {
        let body = Array(type.utf8) + data
        let crc = body.withUnsafeBufferPointer { UInt32(crc32(0, $0.baseAddress, uInt($0.count))) }
        return be(UInt32(data.count)) + body + be(crc)
    }

    static func be(_ n: UInt32) -> [UInt8] { [UInt8(n >> 24), UInt8(n >> 16 & 0xFF), UInt8(n >> 8 & 0xFF), UInt8(n & 0xFF)] }

    static func png(width: Int, height: Int, idat: [UInt8]) -> [UInt8] {
        [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]
            + chunk("IHDR", be(UInt32(width)) + be(UInt32(height)) + [8, 6, 0, 0, 0])
            + chunk("IDAT", idat) + chunk("IEND", [])
    }

    /// The number of bytes a zlib stream inflates to, or nil if it is not a complete, valid stream.
    static func inflatedSize(_ compressed: [UInt8]) -> Int? {
        var stream = z_stream()
        inflateInit_(&stream, ZLIB_VERSION, Int32(MemoryLayout<z_stream>.size))
        defer { inflateEnd(&stream) }
        var input = compressed
        var output = [UInt8](repeating: 0, count: 1 << 20)
        var total = 0
        var status: Int32 = Z_OK
        input.withUnsafeMutableBufferPointer { source in
            stream.next_in = source.baseAddress
            stream.avail_in = uInt(source.count)
            output.withUnsafeMutableBufferPointer { out in
                while status == Z_OK {
                    stream.next_out = out.baseAddress
                    stream.avail_out = uInt(out.count)
                    status = inflate(&stream, Z_NO_FLUSH)
                    total += out.count - Int(stream.avail_out)
                }
            }
        }
        return status == Z_STREAM_END ? total : nil
    }

    /// A zlib stream of `count` zero bytes: one MiB compressed at level 9 and ended with a full flush
    /// (which makes what follows independent of what came before), repeated, then the rest and the
    /// Adler-32 of the whole (for n zero bytes: a = 1, b = n mod 65521).
    static func zlibStream(zeroBytes count: Int) -> [UInt8] {
        var stream = z_stream()
        deflateInit_(&stream, 9, ZLIB_VERSION, Int32(MemoryLayout<z_stream>.size))
        defer { deflateEnd(&stream) }
        var input = [UInt8](repeating: 0, count: 1 << 20)
        func run(_ count: Int, _ flush: Int32) -> [UInt8] {
            var output = [UInt8](repeating: 0, count: 1 << 16)
            let produced = input.withUnsafeMutableBufferPointer { source in
                output.withUnsafeMutableBufferPointer { out in
                    stream.next_in = source.baseAddress
                    stream.avail_in = uInt(count)
                    stream.next_out = out.baseAddress
                    stream.avail_out = uInt(out.count)
                    CZlib.deflate(&stream, flush)
                    return out.count - Int(stream.avail_out)
                }
            }
            return Array(output[0..<produced])
        }
        let mebibytes = count >> 20
        var result = run(0, Z_FULL_FLUSH)                   // the two-byte zlib header
        let block = run(input.count, Z_FULL_FLUSH)
        result.reserveCapacity(result.count + block.count * mebibytes + 1024)
        for _ in 0..<mebibytes { result.append(contentsOf: block) }
        var end = run(count & ((1 << 20) - 1), Z_FINISH)
        let b = UInt32(count % 65521)
        end.replaceSubrange(end.count - 4..<end.count, with: be(b << 16 | 1))
        return result + end
    }
}
