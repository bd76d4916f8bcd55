@testable import FlipbookTesting
import Foundation
import Testing
import XCTest

/// An assertion made outside any test (in a detached task, where `Test.current` is nil and XCTest would
/// drop an `XCTFail`) must not pass: it is an issue of the Swift Testing run, or it stops the process.
/// Each case runs this test bundle again in a child process, with one probe below enabled.
final class OutsideAnyTestTests: XCTestCase {
    /// Runs this test bundle with `arguments` and the probe `probe` enabled.
    private func runBundle(_ arguments: [String], probe: String) throws -> (status: Int32, signalled: Bool, output: String) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: CommandLine.arguments[0])
        process.arguments = arguments
        var environment = ProcessInfo.processInfo.environment
        environment[OutsideAnyTestProbe.key] = probe
        process.environment = environment
        let output = Pipe()
        process.standardOutput = output
        process.standardError = output
        process.standardInput = FileHandle.nullDevice
        try process.run()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return (process.terminationStatus, process.terminationReason == .uncaughtSignal, String(decoding: data, as: UTF8.self))
    }

    /// Under Swift Testing, a mismatch asserted in a detached task fails the run with the message.
    func testADetachedMismatchFailsTheSwiftTestingRun() throws {
        let run = try runBundle(["--testing-library", "swift-testing", "--filter", "OutsideAnyTestProbe"], probe: "swift-testing")
        XCTAssertTrue(run.output.contains("detachedMismatch"), "the probe ran: \(run.output)")
        XCTAssertNotEqual(run.status, 0, run.output)
        XCTAssertTrue(run.output.contains("Golden image mismatch: "), run.output)
        XCTAssertTrue(run.output.contains("outside any test"), run.output)
    }

    /// Outside any test of either framework, a mismatch stops the process with the message.
    func testAMismatchOutsideAnyTestTraps() throws {
        let run = try runBundle(["FlipbookTestingTests.OutsideAnyTestXCTestProbe/testMismatchAfterTheTestEnded"], probe: "xctest")
        XCTAssertTrue(run.signalled, "the process should trap: status \(run.status), \(run.output)")
        XCTAssertTrue(run.output.contains("Golden image mismatch: "), run.output)
        XCTAssertTrue(run.output.contains("outside any test"), run.output)
    }

    /// Inside an XCTest test, the framework is XCTest (not "outside"), also for a detached task.
    func testInsideAnXCTestTestTheFrameworkIsXCTest() async {
        XCTAssertEqual(TestFailure.currentFramework, .xcTest)
        let framework = await Task.detached { TestFailure.currentFramework }.value
        XCTAssertEqual(framework, .xcTest)
    }
}

/// The probes: disabled unless the child process of `OutsideAnyTestTests` asks for one.
@Suite struct OutsideAnyTestProbe {
    static let key = "FLIPBOOK_OUTSIDE_PROBE"
    static var probe: String? { ProcessInfo.processInfo.environment[key] }

    @Test(.enabled(if: probe == "swift-testing"))
    func detachedMismatch() async throws {
        let fixture = try ReportingFixture()
        defer { fixture.remove() }
        let golden = fixture.goldenPath, image = fixture.mismatching, directory = fixture.directory
        await Task.detached { assertGolden(image, golden, artifactsDirectory: directory) }.value
    }
}

final class OutsideAnyTestXCTestProbe: XCTestCase {
    /// As after this test ended: XCTest's observer has seen the test finish, and no Swift Testing run.
    func testMismatchAfterTheTestEnded() async throws {
        guard OutsideAnyTestProbe.probe == "xctest" else { return }
        let fixture = try ReportingFixture()
        XCTestTracker.shared.install()
        XCTestTracker.shared.state = .idle
        let golden = fixture.goldenPath, image = fixture.mismatching, directory = fixture.directory
        await Task.detached { assertGolden(image, golden, artifactsDirectory: directory) }.value
        XCTestTracker.shared.state = .running
        fixture.remove()
    }
}
