import Foundation
import Testing
import XCTest

/// Where an assertion was written: what both test frameworks need to point at the failing line.
public struct CallSite: Sendable, Equatable {
    /// `#fileID`: Swift Testing's module-qualified file name.
    public var fileID: String
    /// `#filePath`: XCTest's full path of the file.
    public var filePath: StaticString
    public var line: UInt
    public var column: UInt

    /// A call site from the literals an assertion captures as its default arguments.
    public init(fileID: String, filePath: StaticString, line: UInt, column: UInt) {
        self.fileID = fileID
        self.filePath = filePath
        self.line = line
        self.column = column
    }

    public static func == (a: CallSite, b: CallSite) -> Bool {
        a.fileID == b.fileID && "\(a.filePath)" == "\(b.filePath)" && a.line == b.line && a.column == b.column
    }
}

/// Reports an assertion's failure to whichever test framework is running the current test, and never
/// lets it pass unseen.
///
/// - Under Swift Testing (`Test.current` is set) the failure is recorded with `Issue.record` at the call
///   site's file, line and column.
/// - Under XCTest, with `XCTFail` at its file and line.
/// - Outside any test (in a detached task, where `Test.current` is nil, or after the test ended), XCTest
///   would drop an `XCTFail` silently and the test would pass. So there: during a Swift Testing run,
///   `Issue.record` (Swift Testing records an issue of no test and the run fails); otherwise the process
///   stops with the message (`fatalError`).
///
/// Every assertion of FlipbookTesting reports through here.
public enum TestFailure {
    /// Which framework a failure goes to.
    public enum Framework: Sendable, Equatable {
        /// Swift Testing's current test: `Issue.record`.
        case swiftTesting
        /// XCTest's current test: `XCTFail`.
        case xcTest
        /// No test: `Issue.record` during a Swift Testing run, else a trap.
        case outsideAnyTest
    }

    /// The framework running the current test: Swift Testing when it has a current test; XCTest when it
    /// runs a test (or when that is not known yet: see `report`); else `outsideAnyTest`.
    public static var currentFramework: Framework {
        if Test.current != nil {
            SwiftTestingRun.noteTest()
            return .swiftTesting
        }
        XCTestTracker.shared.install()
        return XCTestTracker.shared.state == .idle ? .outsideAnyTest : .xcTest
    }

    /// Records `message` as a failure at `site` in the current test's framework (see the type).
    public static func report(_ message: String, at site: CallSite) {
        switch currentFramework {
        case .swiftTesting:
            Issue.record(Comment(rawValue: message), sourceLocation: site.swiftTestingLocation)
        case .xcTest:
            let tracker = XCTestTracker.shared
            let known = tracker.state == .running
            let before = tracker.failures
            XCTFail(message, file: site.filePath, line: site.line)
            // Before the first test boundary the tracker cannot tell; XCTest's observers then say whether
            // the failure reached a test. One that did not, made off the main thread (where XCTest runs
            // synchronous tests), was dropped; a test case that keeps failures itself (overriding
            // `recordFailure`) runs on the main thread.
            if known || tracker.failures > before || Thread.isMainThread { return }
            reportOutsideAnyTest(message, at: site)
        case .outsideAnyTest:
            reportOutsideAnyTest(message, at: site)
        }
    }

    /// The explanation added to a failure reported outside any test.
    static let outsideNote = """
        (This assertion ran outside any test: in a detached task, or after its test ended, where XCTest \
        drops failures. Run the work in the test's own task: await it, in a Task { } or async let, which \
        keep the test's context, not Task.detached, which drops it even when awaited.)
        """

    private static func reportOutsideAnyTest(_ message: String, at site: CallSite) {
        let full = message + "\n" + outsideNote
        if SwiftTestingRun.isActive {
            Issue.record(Comment(rawValue: full), sourceLocation: site.swiftTestingLocation)
        } else {
            fatalError("\(site.filePath):\(site.line): \(full)")
        }
    }
}

/// Whether this process runs Swift Testing's tests, so that an issue of no test is still seen.
enum SwiftTestingRun {
    private static let lock = NSLock()
    nonisolated(unsafe) private static var sawTest = false

    /// Called whenever a Swift Testing test is seen running.
    static func noteTest() { lock.withLock { sawTest = true } }

    /// A Swift Testing test has been seen, or the process was started to run Swift Testing's tests
    /// (`swift test` starts the test bundle with `--testing-library swift-testing` for them).
    static var isActive: Bool {
        if lock.withLock({ sawTest }) { return true }
        let arguments = CommandLine.arguments
        return zip(arguments, arguments.dropFirst()).contains { $0 == "--testing-library" && $1 == "swift-testing" }
    }
}

extension CallSite {
    var swiftTestingLocation: Testing.SourceLocation {
        Testing.SourceLocation(fileID: fileID, filePath: "\(filePath)", line: Int(line), column: Int(column))
    }
}
