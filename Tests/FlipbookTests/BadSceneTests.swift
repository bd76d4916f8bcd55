import Foundation
import XCTest

/// Bad scene files: one clear message naming the file and JSON path, exit status 1, no output file.
final class BadSceneTests: XCTestCase {
    /// (scene JSON, the exact message after "error: <file>:").
    let cases: [(json: String, message: String)] = [
        (#"{"canvas": {"width": 10, "height": 10}, "duration": 1, "root": {"shape": "circle","#,
         "1:83: invalid JSON: unexpected end of file: the object is not closed"),
        (#"{"canvas": {"width": 10, "height": 10}, "duraton": 1, "root": {"shape": "circle"}}"#,
         #"1:52: duraton: unknown key "duraton", did you mean "duration"?"#),
        (#"{"canvas": {"width": 10, "height": 10}, "root": {"shape": "circle"}}"#,
         #"1:1: missing required key "duration""#),
        (#"{"canvas": {"width": "wide", "height": 10}, "duration": 1, "root": {"shape": "circle"}}"#,
         "1:22: canvas.width: expected a number, got a string"),
        (#"{"canvas": {"width": 10, "height": 10}, "duration": -1, "root": {"shape": "circle"}}"#,
         "1:53: duration: -1 is out of range: expected 0.01 to 3600"),
        (#"{"canvas": {"width": 10, "height": 10}, "duration": 1, "fps": 0, "root": {"shape": "circle"}}"#,
         "1:63: fps: 0 is out of range: expected 1 to 120"),
        (#"{"canvas": {"width": 10, "height": 10}, "duration": 1, "root": {"shape": "circel"}}"#,
         #"1:74: root.shape: unknown value "circel"; did you mean "circle"?"#),
        (#"{"canvas": {"width": 10, "height": 10}, "duration": 1, "root": {"shape": "circle", "opacity": "rotaton"}, "state": {"rotation": 0}}"#,
         "1:95: root.opacity: unknown name 'rotaton'; did you mean 'rotation'?"),
        (#"{"canvas": {"width": 10, "height": 10}, "duration": 1, "root": {"shape": "circle", "opacity": "1 +"}}"#,
         #"1:95: root.opacity: invalid expression "1 +": the expression ended where a value was expected (at character 4)"#),
        (#"{"canvas": {"width": 10, "height": 10}, "duration": 1, "root": {"use": "Buton"}, "components": {"Button": {"body": {"shape": "circle"}}}}"#,
         #"root.use: unknown component "Buton"; did you mean "Button"?"#),
        (#"{"canvas": {"width": 10, "height": 10}, "duration": 1, "root": {"use": "Loop"}, "components": {"Loop": {"body": {"use": "Loop"}}}}"#,
         #"components.Loop.body.use: component "Loop" contains itself (Loop -> Loop)"#),
        (#"{"canvas": {"width": 10, "height": 10}, "duration": 1, "root": {"shape": "circle", "id": "a", "onTap": [{"set": {"nope": 1}}]}}"#,
         #"1:122: root.onTap[0].set.nope: "nope" is not a state variable here"#),
        (#"{"canvas": {"width": 10, "height": 10}, "duration": 1, "root": {"shape": "circle", "id": "a"}, "script": [{"at": 0, "tap": "b"}]}"#,
         #"1:107: script[0].tap: tap target "b" is not the id of any view"#),
        (#"{"canvas": {"width": 10, "height": 10}, "duration": 1, "state": {"x": 0}, "root": {"shape": "circle", "id": "a", "onTap": [{"set": {"x": "1/x"}}]}, "script": [{"at": 0, "tap": "a"}]}"#,
         #"1:138: root.onTap[0].set.x: at 0 s: division by zero"#),
    ]

    func testEachBadSceneGetsOneClearErrorAndNoOutput() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("flipbook-bad-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        for (i, c) in cases.enumerated() {
            let scene = folder.appendingPathComponent("bad\(i).json").path
            try Data(c.json.utf8).write(to: URL(fileURLWithPath: scene))
            let output = folder.appendingPathComponent("bad\(i).gif").path
            let result = try runRender([scene, "-o", output])
            XCTAssertEqual(result.status, 1, "case \(i)")
            let lines = result.stderr.split(separator: "\n")
            XCTAssertEqual(lines.count, 1, "case \(i): one line\n\(result.stderr)")
            XCTAssertEqual(lines.first.map(String.init), "error: \(scene):\(c.message.first!.isNumber ? "" : " ")\(c.message)", "case \(i)")
            XCTAssertFalse(FileManager.default.fileExists(atPath: output), "case \(i): no output")
            XCTAssertFalse(result.stderr.contains("Fatal error"), "case \(i)")
        }
        let leftovers = try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { !$0.hasSuffix(".json") }
        XCTAssertEqual(leftovers, [])
    }

    func testMissingFileAndNonSceneOutput() throws {
        let missing = try runRender(["/nonexistent/scene.json"])
        XCTAssertEqual(missing.status, 1)
        XCTAssertEqual(missing.stderr, "error: /nonexistent/scene.json: no such file\n")

        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("flipbook-out-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let precious = folder.appendingPathComponent("notes.txt").path
        try Data("keep me".utf8).write(to: URL(fileURLWithPath: precious))
        let refused = try runRender([repoPath("scenes/seek.json"), "-o", precious, "--to", "0.1"])
        XCTAssertEqual(refused.status, 1)
        XCTAssertTrue(refused.stderr.contains("refusing to overwrite"), refused.stderr)
        XCTAssertEqual(try String(contentsOfFile: precious, encoding: .utf8), "keep me")

        let noFolder = try runRender([repoPath("scenes/seek.json"), "-o", folder.path + "/missing/x.gif", "--to", "0.1"])
        XCTAssertEqual(noFolder.status, 1)
        XCTAssertTrue(noFolder.stderr.contains("does not exist (use --create-dirs to create it)"), noFolder.stderr)
    }

    func testAFailedRenderKeepsTheEarlierGoodFile() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("flipbook-keep-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let gif = folder.appendingPathComponent("a.gif").path
        XCTAssertEqual(try runRender([repoPath("scenes/seek.json"), "-o", gif, "--to", "0.2", "-q"]).status, 0)
        let good = try Data(contentsOf: URL(fileURLWithPath: gif))
        // A scene whose frames fail to compose at 0.1 s (division by zero in a binding).
        let bad = folder.appendingPathComponent("bad.json").path
        try Data(#"{"canvas": {"width": 10, "height": 10}, "duration": 1, "root": {"shape": "circle", "opacity": "1 / (t < 0.1 ? 1 : 0)"}}"#.utf8)
            .write(to: URL(fileURLWithPath: bad))
        let result = try runRender([bad, "-o", gif])
        XCTAssertEqual(result.status, 1)
        // Which failing frame is reported first depends on the frames the work estimate and the palette
        // sample compose first; every failing frame is at t >= 0.1.
        let prefix = "error: \(bad):1:95: root.opacity: at t = "
        XCTAssertTrue(result.stderr.hasPrefix(prefix), result.stderr)
        let reported = Double(result.stderr.dropFirst(prefix.count).prefix { $0 != " " }) ?? -1
        XCTAssertGreaterThanOrEqual(reported, 0.1, result.stderr)
        XCTAssertTrue(result.stderr.hasSuffix(" s: division by zero\n"), result.stderr)
        XCTAssertEqual(try Data(contentsOf: URL(fileURLWithPath: gif)), good)
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted(), ["a.gif", "bad.json"])
    }
}

extension BadSceneTests {
    func testMoreBadScenes() throws {
        let more: [(String, String)] = [
            (#"{"canvas": {"width": 10, "height": 10}, "duration": 1, "root": {"shape": "circle", "let": {"a": "w/2"}, "frame": {"width": "a"}}}"#,
             "1:124: root.frame.width: unknown name 'a'"),
            (#"{"canvas": {"width": 10, "height": 10}, "duration": 1, "root": {"shape": "circle", "id": "a"}, "script": [{"at": 0, "tap": "a"}]}"#,
             #"1:107: script[0].tap: the view "a" has no onTap actions"#),
            (#"{"canvas": {"width": 10, "height": 10}, "duration": 1, "root": {"shape": "circle", "id": "a", "onTap": [{"cancel": "x"}]}, "script": [{"at": 2, "tap": "a"}]}"#,
             "1:135: script[0].at: 2 s is after the end of the scene (duration 1 s)"),
            (##"{"canvas": {"width": 10, "height": 10, "background": "#+f+f+f"}, "duration": 1, "root": {"shape": "circle"}}"##,
             ##"1:54: canvas.background: invalid colour "#+f+f+f": expected #rgb, #rgba, #rrggbb or #rrggbbaa"##),
        ]
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("flipbook-bad2-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        for (i, (json, message)) in more.enumerated() {
            let scene = folder.appendingPathComponent("more\(i).json").path
            try Data(json.utf8).write(to: URL(fileURLWithPath: scene))
            let result = try runRender(["inspect", scene, "--at", "0"])
            XCTAssertEqual(result.status, 1, "case \(i)")
            XCTAssertEqual(result.stderr, "error: \(scene):\(message)\n", "case \(i)")
        }
        // `primary` and `secondary` are SwiftUI's semantic colours.
        let ok = folder.appendingPathComponent("ok.json").path
        try Data(#"{"canvas": {"width": 10, "height": 10}, "duration": 1, "root": {"shape": "circle", "foregroundColor": "secondary"}}"#.utf8)
            .write(to: URL(fileURLWithPath: ok))
        XCTAssertEqual(try runRender(["inspect", ok, "--at", "0"]).status, 0)
    }
}
