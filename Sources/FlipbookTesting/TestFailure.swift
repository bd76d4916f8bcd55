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

/// Reports an assertion's failure to whichever test framework is running the current test.
///
/// Under Swift Testing (`Test.current` is set) the failure is recorded with `Issue.record` at the call
/// site's file, line and column; otherwise (XCTest) with `XCTFail` at its file and line. Every assertion
/// of FlipbookTesting reports through here, so a mismatch fails the test in both frameworks.
public enum TestFailure {
    /// Which framework a failure goes to.
    public enum Framework: Sendable, Equatable {
        case swiftTesting, xcTest
    }

    /// The framework running the current test: Swift Testing when it has a current test, else XCTest.
    public static var currentFramework: Framework {
        Test.current != nil ? .swiftTesting : .xcTest
    }

    /// Records `message` as a failure at `site` in the current test's framework.
    public static func report(_ message: String, at site: CallSite) {
        switch currentFramework {
        case .swiftTesting:
            let location = Testing.SourceLocation(
                fileID: site.fileID, filePath: "\(site.filePath)", line: Int(site.line), column: Int(site.column))
            Issue.record(Comment(rawValue: message), sourceLocation: location)
        case .xcTest:
            XCTFail(message, file: site.filePath, line: site.line)
        }
    }
}
