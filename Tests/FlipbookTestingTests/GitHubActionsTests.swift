import GoldenImages
import XCTest

/// The workflow-command escaping, as GitHub documents it (actions/toolkit, `command.ts`).
final class GitHubActionsTests: XCTestCase {
    func testDataEscapesPercentAndLineBreaksOnly() {
        XCTAssertEqual(GitHubActions.escapeData("50%\nnext"), "50%25%0Anext")
        XCTAssertEqual(GitHubActions.escapeData("a\r\nb"), "a%0D%0Ab")
        XCTAssertEqual(GitHubActions.escapeData("%0A"), "%250A", "an escape written in the text stays text")
        XCTAssertEqual(GitHubActions.escapeData("a: b, c"), "a: b, c")
    }

    func testPropertiesAlsoEscapeColonAndComma() {
        XCTAssertEqual(GitHubActions.escapeProperty("a: b, c"), "a%3A b%2C c")
        XCTAssertEqual(GitHubActions.escapeProperty("C:\\x,%\n"), "C%3A\\x%2C%25%0A")
    }

    func testAnErrorAnnotation() {
        XCTAssertEqual(GitHubActions.errorAnnotation(file: "shard,1.json", line: 3, column: 41, message: "bad: 2%\nsee x"),
                       "::error file=shard%2C1.json,line=3,col=41::bad: 2%25%0Asee x")
    }

    func testAbsolutePathsInTheWorkspaceBecomeRelative() {
        let environment = ["GITHUB_WORKSPACE": "/__w/app/app"]
        XCTAssertEqual(GitHubActions.repositoryPath("/__w/app/app/Tests/m.json", environment: environment), "Tests/m.json")
        XCTAssertEqual(GitHubActions.repositoryPath("/__w/app/apple/m.json", environment: environment), "/__w/app/apple/m.json")
        XCTAssertEqual(GitHubActions.repositoryPath("Tests/m.json", environment: environment), "Tests/m.json")
        XCTAssertEqual(GitHubActions.repositoryPath("/x/m.json", environment: [:]), "/x/m.json")
    }

    func testOnlyTheRunnerTurnsAnnotationsOn() {
        XCTAssertTrue(GitHubActions.isActive(["GITHUB_ACTIONS": "true"]))
        XCTAssertFalse(GitHubActions.isActive(["CI": "true"]))
        XCTAssertNil(GitHubActions.stepSummaryPath(["GITHUB_STEP_SUMMARY": ""]))
    }

    func testTheSummaryEscapesCellsAndListsFailuresFirst() {
        var summary = GoldenJobSummary(title: "Golden images: m.json")
        summary.rows = [
            .init(scene: "a|b.json", time: "0", result: "ok", difference: "0 of 4", triptych: nil),
            .init(scene: "c.json", time: "1.5", result: "FAIL", difference: "3 of 4", triptych: "/t/c.triptych.png"),
        ]
        XCTAssertEqual(summary.markdown, """
            ### Golden images: m.json

            2 frames: 1 matched, 1 failed, 0 recorded

            | scene | time | result | difference | triptych |
            |---|---|---|---|---|
            | c.json | 1.5 | **FAIL** | 3 of 4 | /t/c.triptych.png |
            | a\\|b.json | 0 | ok | 0 of 4 |  |


            """)
    }

    func testAppendingKeepsWhatEarlierStepsWrote() throws {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("summary-\(UUID().uuidString).md").path
        defer { try? FileManager.default.removeItem(atPath: path) }
        try GitHubActions.appendSummary("one\n", to: path)
        try GitHubActions.appendSummary("two\n", to: path)
        XCTAssertEqual(try String(contentsOfFile: path, encoding: .utf8), "one\ntwo\n")
    }
}
