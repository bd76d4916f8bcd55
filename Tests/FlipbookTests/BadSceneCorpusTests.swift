import Flipbook
import Foundation
import SceneFormat
import XCTest

/// Hostile and mistaken input through the `render` binary: the corpus of bad scenes in Tests/BadScenes,
/// the inputs that once crashed a fuzz target (Tests/FuzzRegressions), output locations that cannot be
/// written, and byte-for-byte determinism of every bundled scene.
final class BadSceneCorpusTests: XCTestCase {
    var folder: URL!

    override func setUpWithError() throws {
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("flipbook-corpus-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    }

    override func tearDownWithError() throws {
        try? FileManager.default.removeItem(at: folder)
    }

    /// The names of the corpus's cases: `<name>.json` (a file, or for one case a folder) beside
    /// `<name>.expected`, the exact stderr line with `{file}` standing for the scene's path.
    func corpusCases() throws -> [String] {
        let names = try FileManager.default.contentsOfDirectory(atPath: repoPath("Tests/BadScenes"))
        return names.filter { $0.hasSuffix(".expected") }.map { String($0.dropLast(".expected".count)) }.sorted()
    }

    // MARK: - Bad scenes

    func testEveryBadSceneGetsItsExactMessageStatus1AndNoOutput() throws {
        let cases = try corpusCases()
        XCTAssertGreaterThanOrEqual(cases.count, 50, "the corpus is in Tests/BadScenes")
        for name in cases {
            let scene = repoPath("Tests/BadScenes/\(name).json")
            let expected = try String(contentsOfFile: repoPath("Tests/BadScenes/\(name).expected"), encoding: .utf8)
                .replacingOccurrences(of: "{file}", with: scene)
            let output = folder.appendingPathComponent("\(name).gif").path
            let result = try runRender([scene, "-o", output, "-j", "2"])
            XCTAssertEqual(result.status, 1, name)
            XCTAssertEqual(result.stderr, expected, name)
            XCTAssertEqual(result.stdout, "", name)
            XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: folder.path), [],
                           "\(name): no output and no temporary file")
        }
    }

    func testEveryCorpusSceneHasAnExpectedMessage() throws {
        let names = try FileManager.default.contentsOfDirectory(atPath: repoPath("Tests/BadScenes"))
        let scenes = Set(names.filter { $0.hasSuffix(".json") }.map { String($0.dropLast(".json".count)) })
        XCTAssertEqual(scenes, Set(try corpusCases()))
    }

    /// Scene files over 4 MiB are refused before they are read (the corpus does not keep one).
    func testAnOversizedFileIsRefused() throws {
        let scene = folder.appendingPathComponent("big.json").path
        var bytes = Data(#"{"canvas": {"width": 10, "height": 10}, "duration": 1, "root": {"shape": "circle"}}"#.utf8)
        bytes.append(Data(repeating: 0x20, count: SceneFile.maxBytes))
        try bytes.write(to: URL(fileURLWithPath: scene))
        let result = try runRender([scene, "-o", folder.appendingPathComponent("big.gif").path])
        XCTAssertEqual(result.status, 1)
        XCTAssertEqual(result.stderr, "error: \(scene): the file is \(bytes.count) bytes; scene files are limited to 4194304\n")
        XCTAssertFalse(FileManager.default.fileExists(atPath: folder.appendingPathComponent("big.gif").path))
    }

    // MARK: - Fuzz regressions

    /// Every input that once crashed or hung goes through decoding, simulation and three frames in a few
    /// seconds, and either works or fails with a one-line `SceneError`.
    func testFuzzRegressionsReplayWithoutCrashing() throws {
        let directory = repoPath("Tests/FuzzRegressions/scene")
        let names = try FileManager.default.contentsOfDirectory(atPath: directory).filter { !$0.hasPrefix(".") }.sorted()
        XCTAssertFalse(names.isEmpty)
        for name in names {
            let bytes = Array(try Data(contentsOf: URL(fileURLWithPath: directory + "/" + name)))
            let start = Date()
            defer { XCTAssertLessThan(Date().timeIntervalSince(start), 5, "\(name) takes too long") }
            do throws(SceneError) {
                let player = try Player(scene: SceneDecoder.decode(bytes, file: name))
                for time in [0, player.scene.duration / 2, player.scene.duration] {
                    _ = try player.displayList(at: time)
                }
            } catch {
                XCTAssertFalse(error.message.isEmpty, name)
                XCTAssertFalse(error.description.contains("\n"), name)
            }
        }
    }

    // MARK: - Output locations

    func testAFileWhereAFolderShouldBeIsAClearError() throws {
        let file = folder.appendingPathComponent("notes.txt").path
        try Data("keep".utf8).write(to: URL(fileURLWithPath: file))
        let inside = try runRender([repoPath("scenes/seek.json"), "--to", "0.1", "-o", file + "/out.gif"])
        XCTAssertEqual(inside.status, 1)
        XCTAssertEqual(inside.stderr, "error: \(file) is not a folder\n")
        let created = try runRender([repoPath("scenes/seek.json"), "--to", "0.1", "-o", file + "/sub/out.gif", "--create-dirs"])
        XCTAssertEqual(created.status, 1)
        XCTAssertEqual(created.stderr, "error: cannot create the folder \(file)/sub: \(file) is not a folder\n")
        XCTAssertEqual(try String(contentsOfFile: file, encoding: .utf8), "keep")
    }

    /// /proc accepts no new files, even from root, so this checks the clear error wherever the tests run.
    func testAPlaceThatTakesNoFilesIsAClearErrorBeforeAnyWork() throws {
        try XCTSkipUnless(FileManager.default.fileExists(atPath: "/proc/self"), "needs Linux's /proc")
        let gif = try runRender([repoPath("scenes/seek.json"), "--to", "0.1", "-o", "/proc/flipbook-test.gif"])
        XCTAssertEqual(gif.status, 1)
        XCTAssertEqual(gif.stderr, "error: cannot create a file in /proc: No such file or directory\n")
        let png = try runRender([repoPath("scenes/seek.json"), "--to", "0.1", "--format", "png", "-o", "/proc/flipbook-frames"])
        XCTAssertEqual(png.stderr, "error: cannot create a file in /proc: No such file or directory\n")
        let nested = try runRender([repoPath("scenes/seek.json"), "--to", "0.1", "-o", "/proc/flipbook/a/out.gif", "--create-dirs"])
        XCTAssertEqual(nested.stderr, "error: cannot create the folder /proc/flipbook/a: No such file or directory\n")
    }

    func testAReadOnlyFolderIsAClearError() throws {
        try XCTSkipIf(getuid() == 0, "running as root, which may write into read-only folders; "
                      + "testAPlaceThatTakesNoFilesIsAClearErrorBeforeAnyWork covers the error instead")
        let readOnly = folder.appendingPathComponent("read-only")
        try FileManager.default.createDirectory(at: readOnly, withIntermediateDirectories: false)
        try FileManager.default.setAttributes([.posixPermissions: 0o555], ofItemAtPath: readOnly.path)
        defer { try? FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: readOnly.path) }
        let result = try runRender([repoPath("scenes/seek.json"), "--to", "0.1", "-o", readOnly.path + "/out.gif"])
        XCTAssertEqual(result.status, 1)
        XCTAssertEqual(result.stderr, "error: cannot write in \(readOnly.path): permission denied\n")
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: readOnly.path), [])
    }

    // MARK: - Determinism

    /// Each bundled scene's first half second renders to the same bytes twice, and with 1 or 2 jobs.
    func testEveryBundledSceneRendersTheSameBytesEveryTimeAndWithAnyJobs() throws {
        let scenes = try FileManager.default.contentsOfDirectory(atPath: repoPath("scenes"))
            .filter { $0.hasSuffix(".json") }.sorted()
        XCTAssertFalse(scenes.isEmpty)
        for scene in scenes {
            var outputs: [Data] = []
            for (run, jobs) in [(1, "1"), (2, "1"), (3, "2")] {
                let gif = folder.appendingPathComponent("\(scene)-\(run).gif").path
                let result = try runRender([repoPath("scenes/" + scene), "--to", "0.5", "--scale", "1", "-j", jobs,
                                            "-o", gif, "-q"])
                XCTAssertEqual(result.status, 0, "\(scene): \(result.stderr)")
                outputs.append(try Data(contentsOf: URL(fileURLWithPath: gif)))
            }
            XCTAssertGreaterThan(outputs[0].count, 100, scene)
            XCTAssertEqual(outputs[0], outputs[1], "\(scene): two runs with one job differ")
            XCTAssertEqual(outputs[0], outputs[2], "\(scene): one job and two jobs differ")
        }
    }
}
