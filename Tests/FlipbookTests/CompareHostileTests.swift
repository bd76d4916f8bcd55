import CZlib
import Foundation
import XCTest
@testable import Flipbook

/// `render compare` given hostile paths: its outputs are written as `render still` writes its PNG (a new
/// file, or over a complete PNG that is not one of its inputs, through a temporary file), and its inputs
/// are read only if they are regular PNG files within the pixel limit, checked before any pixel is decoded.
final class CompareHostileTests: XCTestCase {
    var folder: URL!

    override func setUpWithError() throws {
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("flipbook-compare-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    }

    override func tearDownWithError() throws {
        try? FileManager.default.removeItem(at: folder)
    }

    func path(_ name: String) -> String { folder.appendingPathComponent(name).path }

    /// Writes a `width` x `height` PNG of one colour; returns its path.
    @discardableResult
    func writePNG(_ name: String, width: Int = 8, height: Int = 8, fill: RGBA8 = RGBA8(r: 200, g: 0, b: 0)) throws -> String {
        let bytes = try PNGFile.encode(PixelImage(width: width, height: height, fill: fill))
        try Data(bytes).write(to: URL(fileURLWithPath: path(name)))
        return path(name)
    }

    func bytes(_ path: String) -> Data? { FileManager.default.contents(atPath: path) }

    /// A valid PNG of `width` x `height` 1-bit grey pixels, all black, built chunk by chunk: small on
    /// disk, a gigabyte once decoded to RGBA at 16384 x 16384.
    static func greyPNG(width: Int, height: Int) -> [UInt8] {
        func be(_ v: Int) -> [UInt8] { [UInt8(v >> 24 & 255), UInt8(v >> 16 & 255), UInt8(v >> 8 & 255), UInt8(v & 255)] }
        func chunk(_ type: String, _ data: [UInt8]) -> [UInt8] {
            let body = Array(type.utf8) + data
            let crc = body.withUnsafeBufferPointer { Int(crc32(0, $0.baseAddress, UInt32($0.count))) }
            return be(data.count) + body + be(crc)
        }
        let raw = [UInt8](repeating: 0, count: height * (1 + (width + 7) / 8))
        var length = compressBound(UInt(raw.count))
        var compressed = [UInt8](repeating: 0, count: Int(length))
        _ = compress2(&compressed, &length, raw, UInt(raw.count), 9)
        let header = be(width) + be(height) + [1, 0, 0, 0, 0]
        return [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A] + chunk("IHDR", header)
            + chunk("IDAT", Array(compressed[0..<Int(length)])) + chunk("IEND", [])
    }

    // MARK: - Outputs

    /// `--diff` and `--triptych` never replace what is not a PNG: a text file, a FIFO (it used to block
    /// on it), a device (/dev/null, which root used to replace with a PNG), a folder; the files are left as they were and nothing else is written.
    func testOutputsThatAreNotPNGFilesAreRefused() throws {
        let a = try writePNG("a.png"), b = try writePNG("b.png")
        let notes = path("notes.txt")
        try Data("keep me\n".utf8).write(to: URL(fileURLWithPath: notes))
        let fifo = path("fifo.png")
        XCTAssertEqual(mkfifo(fifo, 0o644), 0)
        let devNull = path("null.png")
        XCTAssertEqual(symlink("/dev/null", devNull), 0)
        let cases: [(String, String, String)] = [
            ("--diff", notes, "it is not a PNG file (no PNG signature)"),
            ("--triptych", notes, "it is not a PNG file (no PNG signature)"),
            ("--diff", fifo, "it is not a regular file"),
            ("--triptych", fifo, "it is not a regular file"),
            // A link to /dev/null, not /dev/null itself: run as root, a build without the check would
            // replace the device with a regular file (a rename replaces the link instead).
            ("--diff", devNull, "it is not a regular file"),
            ("--diff", folder.path, "it is a folder"),
        ]
        for (option, target, problem) in cases {
            let run = try runRenderMeasured(["compare", a, b, option, target], timeLimit: 20)
            XCTAssertFalse(run.timedOut, "\(option) \(target)")
            XCTAssertEqual(run.status, 2, "\(option) \(target)")
            XCTAssertEqual(run.stderr, "error: refusing to overwrite \(target): \(problem)\n")
        }
        XCTAssertEqual(bytes(notes), Data("keep me\n".utf8))
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted(),
                       ["a.png", "b.png", "fifo.png", "notes.txt", "null.png"])
    }

    /// An output naming one of the inputs, under any spelling, through a symbolic or a hard link, is
    /// refused: the golden being checked is never replaced by its difference image.
    func testOutputsNeverReplaceAnInput() throws {
        let golden = try writePNG("golden.png"), actual = try writePNG("actual.png", fill: RGBA8(r: 0, g: 0, b: 200))
        XCTAssertEqual(symlink(golden, path("link.png")), 0)
        XCTAssertEqual(link(actual, path("hard.png")), 0)
        let goldenBytes = bytes(golden), actualBytes = bytes(actual)
        for (option, target, input) in [("--diff", golden, golden), ("--triptych", golden, golden),
                                        ("--diff", actual, actual), ("--diff", folder.path + "/./golden.png", golden),
                                        ("--triptych", path("link.png"), golden), ("--diff", path("hard.png"), actual)] {
            let run = try runRender(["compare", golden, actual, option, target])
            XCTAssertEqual(run.status, 2, "\(option) \(target)")
            XCTAssertEqual(run.stderr, "error: refusing to overwrite \(target): it is the input \(input)\n")
        }
        // A folder that does not exist is not created (compare has no --create-dirs).
        let missing = try runRender(["compare", golden, actual, "--diff", path("none/d.png")])
        XCTAssertEqual(missing.status, 2)
        XCTAssertEqual(missing.stderr, "error: cannot write \(path("none/d.png")): the folder \(path("none")) does not exist\n")
        // The same file twice.
        let twice = try runRender(["compare", golden, actual, "--diff", path("d.png"), "--triptych", path("./d.png")])
        XCTAssertEqual(twice.status, 2)
        XCTAssertEqual(twice.stderr, "error: --diff and --triptych name the same file: \(path("./d.png"))\n")
        XCTAssertEqual(bytes(golden), goldenBytes)
        XCTAssertEqual(bytes(actual), actualBytes)
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted(),
                       ["actual.png", "golden.png", "hard.png", "link.png"])
    }

    /// New files are written, and a PNG compare could have written is replaced, leaving no temporary.
    func testOutputsAreWrittenAndReplaced() throws {
        let golden = try writePNG("golden.png"), actual = try writePNG("actual.png", fill: RGBA8(r: 0, g: 0, b: 200))
        for _ in 0..<2 {
            let run = try runRender(["compare", golden, actual, "--diff", path("diff.png"), "--triptych", path("tri.png")])
            XCTAssertEqual(run.status, 1, run.stderr)
            XCTAssertEqual(try PNGImageFile(path: path("diff.png")).width, 8)
            XCTAssertEqual(try PNGImageFile(path: path("tri.png")).width, 3 * 8 + 4)
        }
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted(),
                       ["actual.png", "diff.png", "golden.png", "tri.png"])
    }

    // MARK: - Inputs

    /// A FIFO, a device or a folder given as an image fails at once (a FIFO used to block forever).
    func testInputsThatAreNotRegularFilesFailAtOnce() throws {
        let png = try writePNG("a.png")
        let fifo = path("image.png")
        XCTAssertEqual(mkfifo(fifo, 0o644), 0)
        for (expected, actual, named, message) in [(fifo, png, fifo, "not a regular file"), (png, fifo, fifo, "not a regular file"),
                                                   (png, "/dev/zero", "/dev/zero", "not a regular file"),
                                                   (folder.path, png, folder.path, "is a directory, not a PNG file")] {
            let run = try runRenderMeasured(["compare", expected, actual], timeLimit: 10)
            XCTAssertFalse(run.timedOut, named)
            XCTAssertEqual(run.status, 2, named)
            XCTAssertEqual(run.stderr, "error: \(named): \(message)\n")
        }
    }

    /// A 16384 x 16384 PNG (2 MB on disk, 1 GiB decoded) is refused from its header, in well under a
    /// second and with little memory.
    func testAPNGBombIsRefusedFromItsHeader() throws {
        let bomb = path("bomb.png")
        try Data(Self.greyPNG(width: 16384, height: 16384)).write(to: URL(fileURLWithPath: bomb))
        let small = try writePNG("small.png")
        for arguments in [["compare", bomb, small], ["compare", small, bomb, "--diff", path("d.png")]] {
            let run = try runRenderMeasured(arguments, timeLimit: 30)
            XCTAssertEqual(run.status, 2, run.stderr)
            XCTAssertEqual(run.stderr, "error: \(bomb): the image is 16384 x 16384 px, over the limit of 50000000 pixels "
                           + "for an image read for comparison\n")
            XCTAssertLessThan(run.peakMiB, 200)
            XCTAssertLessThan(run.seconds, 5)
        }
        XCTAssertFalse(FileManager.default.fileExists(atPath: path("d.png")))
    }

    /// A 20000 x 1 image against a 1 x 20000 one differs in size: that is the answer, without a
    /// 20000 x 20000 difference image (1.6 GB) unless one is asked for, and then it is refused.
    func testImagesOfDifferentSizesAreComparedBySizeFirst() throws {
        let wide = try writePNG("wide.png", width: 20000, height: 1), tall = try writePNG("tall.png", width: 1, height: 20000)
        let run = try runRenderMeasured(["compare", wide, tall], timeLimit: 30)
        XCTAssertEqual(run.status, 1, run.stderr)
        XCTAssertLessThan(run.peakMiB, 200)
        XCTAssertLessThan(run.seconds, 5)
        let plain = try runRender(["compare", wide, tall])
        XCTAssertEqual(plain.stdout, "mismatch: size differs: golden is 20000 x 1, actual is 1 x 20000\n")
        let diff = try runRenderMeasured(["compare", wide, tall, "--diff", path("d.png")], timeLimit: 30)
        XCTAssertEqual(diff.status, 2)
        XCTAssertEqual(diff.stderr, "error: cannot write \(path("d.png")): the difference image of a 20000 x 1 and a 1 x 20000 px "
                       + "image would have 400000000 pixels, over the limit of 50000000\n")
        XCTAssertLessThan(diff.peakMiB, 200)
        XCTAssertFalse(FileManager.default.fileExists(atPath: path("d.png")))
        // Small images of two sizes still get their solid red difference.
        let a = try writePNG("a.png", width: 4, height: 2), b = try writePNG("b.png", width: 2, height: 3)
        XCTAssertEqual(try runRender(["compare", a, b, "--diff", path("small-diff.png")]).status, 1)
        let red = try PNGImageFile(path: path("small-diff.png")).decode()
        XCTAssertEqual([red.width, red.height], [4, 3])
    }

    /// A PNG whose data is damaged says what is wrong with which file, not "out of memory".
    func testACorruptPNGSaysWhatIsWrong() throws {
        let good = try writePNG("good.png")
        var damaged = [UInt8](bytes(good)!)
        let idat = try XCTUnwrap((0..<damaged.count - 4).first { damaged[$0..<$0 + 4] == ArraySlice("IDAT".utf8) })
        damaged[idat + 6] ^= 0xFF
        try Data(damaged).write(to: URL(fileURLWithPath: path("damaged.png")))
        let truncated = Array(bytes(good)!.prefix(idat + 6))
        try Data(truncated).write(to: URL(fileURLWithPath: path("truncated.png")))
        try Data().write(to: URL(fileURLWithPath: path("empty.png")))
        for (name, message) in [
            ("damaged.png", "not a valid PNG file (the IDAT chunk at byte \(idat - 4) is corrupt: its checksum does not match)"),
            ("truncated.png", "not a complete PNG file (no IEND chunk)"),
            ("empty.png", "not a PNG file (the file is empty)"),
        ] {
            let run = try runRender(["compare", good, path(name)])
            XCTAssertEqual(run.status, 2, name)
            XCTAssertEqual(run.stderr, "error: \(path(name)): \(message)\n")
        }
    }

    // MARK: - render test

    /// A 20 x 10 pt red square scene at scale 1 and a manifest checking it at 0 s against `goldens/`.
    func writeManifest() throws -> String {
        let scene = ##"{"version": 1, "canvas": {"width": 20, "height": 10, "scale": 1, "background": "#ffffff"}, "duration": 0.1, "root": {"shape": "rectangle", "fill": "#ff0000", "frame": {"width": 4, "height": 4}}}"##
        try Data(scene.utf8).write(to: URL(fileURLWithPath: path("square.json")))
        try FileManager.default.createDirectory(atPath: path("goldens"), withIntermediateDirectories: true)
        let manifest = #"{"scenes": [{"scene": "square.json", "times": [0], "goldens": "goldens"}]}"#
        try Data(manifest.utf8).write(to: URL(fileURLWithPath: path("goldens.json")))
        return path("goldens.json")
    }

    /// `render test` in a clean environment, artifacts in the test's folder.
    func runTest(_ manifest: String) throws -> MeasuredRun {
        try runRenderMeasured(["test", manifest, "--artifacts", path("artifacts"), "-j", "1"], timeLimit: 20)
    }

    /// A FIFO as the manifest fails at once (it used to block forever).
    func testAManifestThatIsAFIFOFailsAtOnce() throws {
        let fifo = path("manifest.json")
        XCTAssertEqual(mkfifo(fifo, 0o644), 0)
        let run = try runTest(fifo)
        XCTAssertFalse(run.timedOut)
        XCTAssertEqual(run.status, 2)
        XCTAssertEqual(run.stderr, "error: \(fifo): not a regular file\n")
    }

    /// A golden that is a FIFO, a 16384 x 16384 PNG or a damaged PNG fails its frame at once, saying
    /// what is wrong, without decoding it.
    func testBadGoldensFailTheirFrameAtOnce() throws {
        let manifest = try writeManifest()
        let golden = path("goldens/0.png")
        let cases: [(String, () throws -> Void)] = [
            ("not a regular file", { XCTAssertEqual(mkfifo(golden, 0o644), 0) }),
            ("the image is 16384 x 16384 px, over the limit of 50000000 pixels for an image read for comparison", {
                try Data(Self.greyPNG(width: 16384, height: 16384)).write(to: URL(fileURLWithPath: golden))
            }),
            ("not a complete PNG file (no IEND chunk)", {
                let png = try PNGFile.encode(PixelImage(width: 20, height: 10, fill: RGBA8(r: 255, g: 255, b: 255)))
                try Data(png.dropLast(12)).write(to: URL(fileURLWithPath: golden))
            }),
        ]
        for (message, make) in cases {
            try? FileManager.default.removeItem(atPath: golden)
            try make()
            let run = try runTest(manifest)
            XCTAssertFalse(run.timedOut, message)
            XCTAssertEqual(run.status, 1, message)
            XCTAssertEqual(run.stderr, "Cannot read the golden image \(golden): \(message)\n", message)
            XCTAssertLessThan(run.peakMiB, 300, message)
        }
    }

    /// A golden whose size differs from the frame is a failure with its triptych, or, when a triptych of
    /// the two sizes would be over the pixel limit, without one (20000 x 1 against a 20 x 10 frame would
    /// make a 60,000 x 10 triptych: within the limit; 20000 x 2500 would not).
    func testAGoldenOfAnotherSizeMakesNoHugeTriptych() throws {
        let manifest = try writeManifest()
        let golden = path("goldens/0.png")
        try Data(Self.greyPNG(width: 20000, height: 2500)).write(to: URL(fileURLWithPath: golden))
        let run = try runTest(manifest)
        XCTAssertEqual(run.status, 1, run.stderr)
        XCTAssertTrue(run.stderr.contains("size differs: golden is 20000 x 2500, actual is 20 x 10"), run.stderr)
        XCTAssertTrue(run.stderr.contains("(no triptych: it would have 150010000 pixels)"), run.stderr)
        XCTAssertLessThan(run.peakMiB, 600)
        let artifacts = try FileManager.default.contentsOfDirectory(atPath: path("artifacts"))
        XCTAssertEqual(artifacts.count, 1)
        XCTAssertTrue(artifacts.allSatisfy { $0.hasSuffix("_goldens_0.actual.png") }, "\(artifacts)")
    }

    // MARK: - The default artifacts folder

    /// `render test` with its temporary folder (TMPDIR) in this test's folder and no artifacts folder
    /// given: the default one is `<tmp>/flipbook-golden-failures-<uid>`.
    func runTestWithDefaultArtifacts(_ manifest: String) throws -> CommandResult {
        var environment = ProcessInfo.processInfo.environment.filter { !["CI", "FLIPBOOK_RECORD", "FLIPBOOK_ARTIFACTS"].contains($0.key) }
        environment["TMPDIR"] = folder.path
        return try runRender(["test", manifest, "-j", "1"], environment: environment)
    }

    /// The default artifacts folder is created private (0700); one planted as a symbolic link to another
    /// folder, or one that others can write, is refused and nothing is written through it or removed
    /// from it.
    func testTheDefaultArtifactsFolderIsPrivate() throws {
        let manifest = try writeManifest()
        // A golden of another colour: the frame fails and wants its artifacts written.
        try writePNG("goldens/0.png", width: 20, height: 10, fill: RGBA8(r: 0, g: 0, b: 255))
        let artifacts = path("flipbook-golden-failures-\(geteuid())")

        let first = try runTestWithDefaultArtifacts(manifest)
        XCTAssertEqual(first.status, 1, first.stderr)
        var info = stat()
        XCTAssertEqual(lstat(artifacts, &info), 0)
        XCTAssertEqual(info.st_mode & S_IFMT, S_IFDIR)
        XCTAssertEqual(info.st_mode & 0o777, 0o700)
        XCTAssertTrue(first.stderr.contains("expected | actual | difference: \(artifacts)/"), first.stderr)
        try FileManager.default.removeItem(atPath: artifacts)

        // A link planted where the folder would be, to a folder holding a file named like an artifact.
        let victim = path("victim")
        try FileManager.default.createDirectory(atPath: victim, withIntermediateDirectories: true)
        XCTAssertEqual(symlink(victim, artifacts), 0)
        let planted = try runTestWithDefaultArtifacts(manifest)
        XCTAssertEqual(planted.status, 1, planted.stderr)
        XCTAssertTrue(planted.stderr.contains("(could not write the failure images to \(artifacts): refusing the artifacts "
                                              + "folder \(artifacts): it is a symbolic link; set FLIPBOOK_ARTIFACTS or "
                                              + "--artifacts to a folder of your own)"), planted.stderr)
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: victim), [])
        try FileManager.default.removeItem(atPath: artifacts)

        // A folder others can write.
        XCTAssertEqual(mkdir(artifacts, 0o777), 0)
        XCTAssertEqual(chmod(artifacts, 0o777), 0)
        let open = try runTestWithDefaultArtifacts(manifest)
        XCTAssertTrue(open.stderr.contains("refusing the artifacts folder \(artifacts): other users can use it (mode 777)"), open.stderr)
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: artifacts), [])
    }
}
