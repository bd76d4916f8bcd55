import Flipbook
import FlipbookTesting
import GoldenImages
import Foundation
import XCTest

/// `render compare` and `render test`, run as a CI script would run them.
final class GoldenCommandTests: XCTestCase {
    var folder: URL!
    /// The environment of a developer's machine: not CI, not recording, not in a GitHub Actions job.
    var localEnvironment: [String: String] {
        ProcessInfo.processInfo.environment.filter {
            !["CI", "FLIPBOOK_RECORD", "FLIPBOOK_ARTIFACTS"].contains($0.key) && !$0.key.hasPrefix("GITHUB_")
        }
    }

    override func setUpWithError() throws {
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("flipbook-golden-cli-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    }

    override func tearDownWithError() throws {
        try? FileManager.default.removeItem(at: folder)
    }

    func path(_ name: String) -> String { folder.appendingPathComponent(name).path }
    func golden(_ time: String) -> String { repoPath("Tests/Goldens/seek/\(time).png") }

    // MARK: - render compare

    func testCompareExitsZeroOnAMatchAndOneOnAMismatch() throws {
        let same = try runRender(["compare", golden("0.5"), golden("0.5")])
        XCTAssertEqual(same.status, 0, same.stderr)
        XCTAssertTrue(same.stdout.hasPrefix("match: 0 of 384000 pixels differ"), same.stdout)

        let other = try runRender(["compare", golden("0.5"), golden("0.45"), "--diff", path("diff.png"), "--triptych", path("t.png")])
        XCTAssertEqual(other.status, 1, other.stderr)
        XCTAssertTrue(other.stdout.hasPrefix("mismatch: "), other.stdout)
        let diff = try PNGFile.read(path: path("diff.png"))
        XCTAssertEqual(diff.width, 960)
        // (5, 5) is the #141414 background in both: faded to 255 + (luma - 255) * 0.1 with luma 20.
        let faded = UInt8((255 + (20.0 - 255) * 0.1).rounded())
        XCTAssertEqual(diff[5, 5], RGBA8(r: faded, g: faded, b: faded))
        // (640, 140) is inside the grey disc at 0.5 s and on the dark background at 0.45 s: counted, red.
        XCTAssertEqual(diff[640, 140], RGBA8(r: 255, g: 0, b: 0))
        let triptych = try PNGFile.read(path: path("t.png"))
        XCTAssertEqual(triptych.width, 3 * 960 + 2 * Triptych.separatorWidth)
    }

    /// The command and the Swift API agree: the same regression fails both, the same loosening passes both.
    func testCompareUsesTheSameComparisonAsTheSwiftAPI() throws {
        var shifted = try PNGFile.read(path: golden("0.5"))
        let original = shifted
        for y in 130..<142 { for x in 764..<776 { shifted[x, y] = original[x - 3, y] } }  // 12 x 12 px moved 3 px
        try PNGFile.write(shifted, to: path("shifted.png"))
        XCTAssertFalse(ImageComparator.compare(expected: original, actual: shifted, tolerance: .default).passesItsTolerance)
        XCTAssertEqual(try runRender(["compare", golden("0.5"), path("shifted.png")]).status, 1)

        let loose = ImageTolerance(channel: 2, maxDifferentPixels: 200)
        XCTAssertTrue(ImageComparator.compare(expected: original, actual: shifted, tolerance: loose).passesItsTolerance)
        XCTAssertEqual(try runRender(["compare", golden("0.5"), path("shifted.png"), "--max-pixels", "200"]).status, 0)
    }

    func testCompareExitsTwoOnBadInputAndWritesNothing() throws {
        let missing = try runRender(["compare", golden("0.5"), path("nothing.png"), "--diff", path("diff.png")])
        XCTAssertEqual(missing.status, 2)
        XCTAssertEqual(missing.stderr.split(separator: "\n").count, 1, missing.stderr)
        XCTAssertTrue(missing.stderr.hasPrefix("error: ") && missing.stderr.contains("nothing.png"), missing.stderr)
        XCTAssertFalse(FileManager.default.fileExists(atPath: path("diff.png")))

        try Data("not a png".utf8).write(to: folder.appendingPathComponent("text.png"))
        XCTAssertEqual(try runRender(["compare", path("text.png"), golden("0.5")]).status, 2)
        XCTAssertEqual(try runRender(["compare", golden("0.5")]).status, 2, "a missing argument")
        XCTAssertEqual(try runRender(["compare", golden("0.5"), golden("0.5"), "--channel", "300"]).status, 2)
        XCTAssertEqual(try runRender(["compare", "--help"]).status, 0)
    }

    func testImagesOfDifferentSizesAreAMismatch() throws {
        try PNGFile.write(PixelImage(width: 4, height: 4, fill: RGBA8(r: 20, g: 20, b: 20)), to: path("small.png"))
        let result = try runRender(["compare", golden("0.5"), path("small.png")])
        XCTAssertEqual(result.status, 1)
        XCTAssertTrue(result.stdout.contains("size differs"), result.stdout)
    }

    // MARK: - render test

    /// A manifest of seek at 0, 0.45 and 0.5 s whose goldens for 0.45 and 0.5 are swapped.
    func writeManifest(named name: String = "manifest.json") throws -> String {
        try FileManager.default.createDirectory(atPath: path("goldens"), withIntermediateDirectories: true)
        for (source, target) in [("0", "0"), ("0.45", "0.5"), ("0.5", "0.45")] {
            try FileManager.default.copyItem(atPath: golden(source), toPath: path("goldens/\(target).png"))
        }
        let manifest = """
            {"scenes": [{"scene": "\(repoPath("scenes/seek.json"))", "times": [0, 0.45, 0.5], "goldens": "goldens"}]}
            """
        try Data(manifest.utf8).write(to: folder.appendingPathComponent(name))
        return path(name)
    }

    func testTestPrintsATableAndExitsOneOnAFailure() throws {
        let manifest = try writeManifest()
        let result = try runRender(["test", manifest, "--artifacts", path("artifacts")], environment: localEnvironment)
        XCTAssertEqual(result.status, 1, result.stderr)
        let rows = result.stdout.split(separator: "\n").map { $0.split(separator: " ").map(String.init) }
        XCTAssertEqual(rows[0], ["scene", "time", "result", "differing", "pixels"])
        // Rows name the scene file as the manifest writes it (two scenes may share a display name).
        let seek = repoPath("scenes/seek.json")
        XCTAssertEqual(rows[1].prefix(4), [seek, "0", "ok", "0"])
        XCTAssertEqual(rows[2].prefix(3), [seek, "0.45", "FAIL"])
        XCTAssertEqual(rows[3].prefix(3), [seek, "0.5", "FAIL"])
        XCTAssertTrue(result.stdout.contains("3 frames: 1 matched, 2 failed, 0 recorded"), result.stdout)
        let sheet = try PNGFile.read(path: path("artifacts/\(GoldenFile.artifactName(forGoldenPath: path("goldens"))).contact-sheet.png"))
        XCTAssertEqual(sheet.height, 2 * 400 + Triptych.separatorWidth, "two failing frames, two rows")
        XCTAssertTrue(FileManager.default.fileExists(atPath: path("artifacts/\(GoldenFile.artifactName(forGoldenPath: path("goldens/0.45.png"))).triptych.png")))
        XCTAssertFalse(result.stdout.contains("::error"), "no annotations outside GitHub Actions")
    }

    /// The triptych a failing frame of `writeManifest`'s goldens gets in `path("artifacts")`.
    func triptych(_ time: String) -> String {
        path("artifacts/\(GoldenFile.artifactName(forGoldenPath: path("goldens/\(time).png"))).triptych.png")
    }

    /// Under GitHub Actions each failing row is an `::error` annotation at its time in the manifest (the
    /// file name's `,` and `:` escaped as properties are, the message's `%` and line breaks as data are),
    /// and the job summary gets a table of the rows after what earlier steps wrote.
    func testOnGitHubActionsFailingRowsAreAnnotatedAndSummarized() throws {
        let manifest = try writeManifest(named: "a,b:c.json")
        let text = try String(contentsOfFile: manifest, encoding: .utf8)
        let summaryFile = path("summary.md")
        try Data("earlier step\n".utf8).write(to: URL(fileURLWithPath: summaryFile))
        var github = localEnvironment
        github["CI"] = "true"
        github["GITHUB_ACTIONS"] = "true"
        github["GITHUB_STEP_SUMMARY"] = summaryFile
        let result = try runRender(["test", manifest, "--artifacts", path("artifacts")], environment: github)
        XCTAssertEqual(result.status, 1, result.stderr)

        // The failure messages on stderr, one per failing frame, each naming its triptych.
        let messages = result.stderr.components(separatedBy: "Golden image mismatch: ").dropFirst()
            .map { "Golden image mismatch: " + $0.trimmingCharacters(in: .newlines) }
        XCTAssertEqual(messages.count, 2, result.stderr)
        XCTAssertTrue(messages[0].contains("expected | actual | difference: \(triptych("0.45"))"), messages[0])
        XCTAssertTrue(messages[1].contains("expected | actual | difference: \(triptych("0.5"))"), messages[1])

        // The oracle: GitHub's escaping written out by hand, and the columns of the times in the text.
        func data(_ s: String) -> String {
            var out = ""
            for c in s { out += c == "%" ? "%25" : c == "\n" ? "%0A" : c == "\r" ? "%0D" : String(c) }
            return out
        }
        func column(of needle: String) throws -> Int {
            text.distance(from: text.startIndex, to: try XCTUnwrap(text.range(of: needle)).lowerBound) + 3
        }
        let file = folder.path + "/a%2Cb%3Ac.json"
        let seek = repoPath("scenes/seek.json")
        let annotations = result.stdout.split(separator: "\n").filter { $0.hasPrefix("::") }.map(String.init)
        XCTAssertEqual(annotations, [
            "::error file=\(file),line=1,col=\(try column(of: ", 0.45"))::" + data("\(seek) at 0.45 s: " + messages[0]),
            "::error file=\(file),line=1,col=\(try column(of: ", 0.5"))::" + data("\(seek) at 0.5 s: " + messages[1]),
        ])
        XCTAssertTrue(annotations[0].contains("%25)"), "the share of pixels, a percentage, is escaped")

        // The differing pixels of each row, counted here: the frame at 0.45 s is seek's golden for 0.45 s,
        // compared with the golden for 0.5 s written in its place.
        let differing = ImageComparator.compare(expected: try PNGFile.read(path: golden("0.5")),
                                                actual: try PNGFile.read(path: golden("0.45")),
                                                tolerance: .default).differentPixels
        let reverse = ImageComparator.compare(expected: try PNGFile.read(path: golden("0.45")),
                                              actual: try PNGFile.read(path: golden("0.5")),
                                              tolerance: .default).differentPixels
        let summary = try String(contentsOfFile: summaryFile, encoding: .utf8)
        XCTAssertEqual(summary, """
            earlier step
            ### Golden images: \(manifest)

            3 frames: 1 matched, 2 failed, 0 recorded

            | scene | time | result | difference | triptych |
            |---|---|---|---|---|
            | \(seek) | 0.45 | **FAIL** | \(differing) of 384000 | \(triptych("0.45")) |
            | \(seek) | 0.5 | **FAIL** | \(reverse) of 384000 | \(triptych("0.5")) |
            | \(seek) | 0 | ok | 0 of 384000 |  |


            """)
    }

    /// Recording stamps the goldens' folder with the text stack; a later failure names what differs from it.
    func testRecordingStampsTheEnvironmentAndAFailureNamesWhatDiffers() throws {
        let manifest = try writeManifest()
        try FileManager.default.removeItem(atPath: path("goldens/0.png"))
        let first = try runRender(["test", manifest, "--artifacts", path("artifacts")], environment: localEnvironment)
        XCTAssertTrue(first.stdout.contains("3 frames: 0 matched, 2 failed, 1 recorded"), first.stdout)
        XCTAssertFalse(first.stderr.contains("note: "), "a fresh stamp matches: \(first.stderr)")
        let stampPath = URL(fileURLWithPath: path("goldens/\(GoldenEnvironment.fileName)"))
        var stamp = try JSONDecoder().decode(GoldenEnvironment.self, from: Data(contentsOf: stampPath))
        XCTAssertEqual(stamp.flipbook, FlipbookVersion.current)
        // seek's text is drawn with the default family, Inter.
        let inter = try XCTUnwrap(FontResolution.resolve(family: "Inter"))
        XCTAssertEqual(stamp.fonts, ["Inter": inter])

        let cairo = stamp.cairo
        stamp.cairo = "0.1"
        stamp.fonts["Inter"] = .init(family: "Inter", file: "/elsewhere/Inter.otf", version: "9.9")
        try JSONEncoder().encode(stamp).write(to: stampPath)
        let second = try runRender(["test", manifest, "--artifacts", path("artifacts")], environment: localEnvironment)
        XCTAssertEqual(second.status, 1)
        let described = "Inter\(inter.version.map { " " + $0 } ?? "") from \(inter.file)"
        XCTAssertTrue(second.stderr.contains(
            "note: goldens were recorded with Inter 9.9 from /elsewhere/Inter.otf; this machine resolves 'Inter' to \(described)\n"),
            second.stderr)
        XCTAssertTrue(second.stderr.contains("note: goldens were recorded with Cairo 0.1; this machine has Cairo \(cairo)\n"), second.stderr)
    }

    /// A scene whose font family this machine lacks is warned about when its goldens are recorded, and
    /// the stamp names the fallback's file.
    func testAFontFamilyThatFallsBackIsWarnedAbout() throws {
        let scene = #"{"canvas": {"width": 60, "height": 20, "scale": 1, "background": "white"}, "duration": 1, "#
            + #""root": {"text": "Hi", "font": {"family": "No Such Family Flipbook", "size": 12}, "foregroundColor": "black"}}"#
        try Data(scene.utf8).write(to: folder.appendingPathComponent("fallback.json"))
        try Data(#"{"scenes": [{"scene": "fallback.json", "times": [0], "goldens": "fb"}]}"#.utf8)
            .write(to: folder.appendingPathComponent("fb.json"))
        let result = try runRender(["test", path("fb.json"), "--artifacts", path("artifacts")], environment: localEnvironment)
        XCTAssertEqual(result.status, 0, result.stderr)
        let fallback = try XCTUnwrap(FontResolution.resolve(family: "No Such Family Flipbook"))
        XCTAssertNotEqual(fallback.family, "No Such Family Flipbook")
        XCTAssertTrue(result.stderr.contains("warning: fallback.json: the scene asks for the font family 'No Such Family Flipbook', "
                                             + "which this machine does not have: it resolves to \(fallback.family)"), result.stderr)
        let stamp = try JSONDecoder().decode(GoldenEnvironment.self, from: Data(contentsOf: URL(fileURLWithPath: path("fb/\(GoldenEnvironment.fileName)"))))
        XCTAssertEqual(stamp.fonts["No Such Family Flipbook"]?.file, fallback.file)
    }

    /// `--record-failed` writes the goldens that fail or are missing, names them, and leaves the matching
    /// one byte for byte (and untouched on disk).
    func testRecordFailedRewritesOnlyWhatFails() throws {
        let manifest = try writeManifest()
        try FileManager.default.removeItem(atPath: path("goldens/0.5.png"))
        let before = try Data(contentsOf: URL(fileURLWithPath: path("goldens/0.png")))
        let modified = try FileManager.default.attributesOfItem(atPath: path("goldens/0.png"))[.modificationDate] as? Date
        let result = try runRender(["test", manifest, "--record-failed", "--artifacts", path("artifacts")],
                                   environment: localEnvironment)
        XCTAssertEqual(result.status, 0, result.stdout + result.stderr)
        XCTAssertTrue(result.stdout.contains("3 frames: 1 matched, 0 failed, 2 recorded"), result.stdout)
        let written = result.stdout.split(separator: "\n").filter { $0.hasPrefix("recorded: ") }.map(String.init)
        XCTAssertEqual(written, ["recorded: \(path("goldens/0.45.png"))", "recorded: \(path("goldens/0.5.png"))"])
        XCTAssertEqual(try Data(contentsOf: URL(fileURLWithPath: path("goldens/0.png"))), before)
        XCTAssertEqual(try FileManager.default.attributesOfItem(atPath: path("goldens/0.png"))[.modificationDate] as? Date, modified)
        for time in ["0.45", "0.5"] {
            XCTAssertTrue(ImageComparator.compare(expected: try PNGFile.read(path: golden(time)),
                                                  actual: try PNGFile.read(path: path("goldens/\(time).png")),
                                                  tolerance: .exact).passesItsTolerance, time)
        }
        XCTAssertFalse(FileManager.default.fileExists(atPath: triptych("0.45")), "the stale triptych is gone")
        let again = try runRender(["test", manifest, "--artifacts", path("artifacts")], environment: localEnvironment)
        XCTAssertTrue(again.stdout.contains("3 frames: 3 matched, 0 failed, 0 recorded"), again.stdout)

        var ci = localEnvironment
        ci["CI"] = "true"
        let refused = try runRender(["test", manifest, "--record-failed"], environment: ci)
        XCTAssertEqual(refused.status, 1)
        XCTAssertTrue(refused.stderr.contains("--record-failed is given on CI"), refused.stderr)
        XCTAssertTrue(refused.stderr.contains("Drop --record-failed from the CI command."), refused.stderr)
        XCTAssertEqual(try runRender(["test", manifest, "--record", "--record-failed"], environment: localEnvironment).status, 2)
    }

    /// A time past the scene's end is refused with the place it is written, before anything is checked.
    func testATimePastTheEndIsRefused() throws {
        let manifest = #"{"scenes": [{"scene": "\#(repoPath("scenes/seek.json"))", "times": [0, 99], "goldens": "g"}]}"#
        try Data(manifest.utf8).write(to: folder.appendingPathComponent("late.json"))
        let result = try runRender(["test", path("late.json")], environment: localEnvironment)
        XCTAssertEqual(result.status, 2, result.stdout)
        let column = manifest.distance(from: manifest.startIndex, to: try XCTUnwrap(manifest.range(of: "99")).lowerBound) + 1
        XCTAssertTrue(result.stderr.hasPrefix("error: \(path("late.json")):1:\(column): scenes[0].times[1]: 99 s is past the end of "), result.stderr)
        XCTAssertFalse(FileManager.default.fileExists(atPath: path("g")), "nothing recorded")
    }

    /// A manifest may name a SwiftUI file: the Swift twin of the counter example matches the JSON scene's goldens.
    func testAManifestMayNameASwiftFile() throws {
        let manifest = """
            {"scenes": [{"scene": "\(repoPath("examples/swift/Counter.swift"))", "times": [0, 1.2, 2.7],
                         "goldens": "\(repoPath("Tests/ExampleGoldens/counter"))"}]}
            """
        try Data(manifest.utf8).write(to: folder.appendingPathComponent("swift.json"))
        let result = try runRender(["test", path("swift.json"), "--artifacts", path("artifacts")], environment: localEnvironment)
        XCTAssertEqual(result.status, 0, result.stdout + result.stderr)
        XCTAssertTrue(result.stdout.contains("3 frames: 3 matched, 0 failed, 0 recorded"), result.stdout)
    }

    func testRecordRewritesTheGoldensAndThenEverythingMatches() throws {
        let manifest = try writeManifest()
        let recorded = try runRender(["test", manifest, "--record", "--artifacts", path("artifacts")], environment: localEnvironment)
        XCTAssertEqual(recorded.status, 0, recorded.stderr)
        XCTAssertTrue(recorded.stdout.contains("3 frames: 0 matched, 0 failed, 3 recorded"), recorded.stdout)
        let again = try runRender(["test", manifest, "--artifacts", path("artifacts")], environment: localEnvironment)
        XCTAssertEqual(again.status, 0, again.stdout + again.stderr)
        XCTAssertTrue(again.stdout.contains("3 frames: 3 matched, 0 failed, 0 recorded"), again.stdout)
        // The recorded golden of 0.45 s is seek's frame at 0.45 s again.
        XCTAssertTrue(ImageComparator.compare(expected: try PNGFile.read(path: golden("0.45")),
                                              actual: try PNGFile.read(path: path("goldens/0.45.png")),
                                              tolerance: .exact).passesItsTolerance)
    }

    func testOnCIAMissingGoldenFailsAndRecordingIsRefused() throws {
        let manifest = try writeManifest()
        try FileManager.default.removeItem(atPath: path("goldens/0.png"))
        var ci = localEnvironment
        ci["CI"] = "true"
        let result = try runRender(["test", manifest, "--artifacts", path("artifacts")], environment: ci)
        XCTAssertEqual(result.status, 1)
        XCTAssertTrue(result.stderr.contains("recording is refused on CI"), result.stderr)
        // The advice is the command line's own, not the Swift tests' variable.
        XCTAssertTrue(result.stderr.contains("Record it locally with render test \(manifest) --record and commit it."), result.stderr)
        let recording = try runRender(["test", manifest, "--record"], environment: ci)
        XCTAssertEqual(recording.status, 1)
        XCTAssertTrue(recording.stderr.contains("--record is given on CI"), recording.stderr)
        XCTAssertTrue(recording.stderr.contains("Drop --record from the CI command."), recording.stderr)
        XCTAssertFalse(recording.stderr.contains("FLIPBOOK_RECORD"), recording.stderr)
        XCTAssertFalse(FileManager.default.fileExists(atPath: path("goldens/0.png")))
    }

    func testABadManifestExitsTwoWithOneLineNamingThePlace() throws {
        let manifest = path("bad.json")
        try Data("{\"scenes\": [\n  {\"scene\": \"x.json\", \"times\": [0], \"golden\": \"g\"}]}".utf8).write(to: URL(fileURLWithPath: manifest))
        let result = try runRender(["test", manifest, "--artifacts", path("artifacts")], environment: localEnvironment)
        XCTAssertEqual(result.status, 2)
        // Line 2, column 47: the value of the unknown key (as scene errors point at it).
        XCTAssertEqual(result.stderr, "error: \(manifest):2:47: scenes[0].golden: unknown key \"golden\", did you mean \"goldens\"?\n")
        XCTAssertEqual(result.stdout, "")
        XCTAssertFalse(FileManager.default.fileExists(atPath: path("artifacts")))

        for (text, expected) in [
            ("{\"scenes\": []}", "\"scenes\" lists no scene"),
            ("{\"scenes\": [{\"scene\": \"s.json\", \"goldens\": \"g\"}]}", "missing \"times\""),
            ("{\"scenes\": [{\"scene\": \"s.json\", \"goldens\": \"g\", \"times\": [0], \"everyNthFrame\": 2}]}", "not both"),
            ("{\"scenes\": [{\"scene\": \"s.json\", \"goldens\": \"g\", \"everyNthFrame\": 0}]}", "everyNthFrame"),
            ("{\"scenes\": [{\"scene\": \"missing.json\", \"goldens\": \"g\", \"times\": [1]}]}", "missing.json: no such file"),
            ("{\"tolerance\": {\"channel\": 256}, \"scenes\": []}", "tolerance.channel"),
            ("[", "invalid JSON"),
        ] {
            try Data(text.utf8).write(to: URL(fileURLWithPath: manifest))
            let bad = try runRender(["test", manifest], environment: localEnvironment)
            XCTAssertEqual(bad.status, 2, text)
            XCTAssertTrue(bad.stderr.hasPrefix("error: ") && bad.stderr.contains(expected), "\(text): \(bad.stderr)")
            XCTAssertEqual(bad.stderr.split(separator: "\n").count, 1, bad.stderr)
        }
        XCTAssertEqual(try runRender(["test", path("nothing.json")]).status, 2)

        // Under GitHub Actions the error is also an annotation at its place; the workspace prefix goes.
        try Data("{\"scenes\": [\n  {\"scene\": \"x.json\", \"times\": [0], \"golden\": \"g\"}]}".utf8).write(to: URL(fileURLWithPath: manifest))
        var github = localEnvironment
        github["GITHUB_ACTIONS"] = "true"
        github["GITHUB_WORKSPACE"] = folder.path
        let annotated = try runRender(["test", manifest], environment: github)
        XCTAssertEqual(annotated.status, 2)
        XCTAssertEqual(annotated.stdout, "::error file=bad.json,line=2,col=47::scenes[0].golden: unknown key \"golden\", did you mean \"goldens\"?\n")
    }
}
