import Foundation
import XCTest

/// Whether XCTest is running a test, as XCTest's observation centre tells it.
///
/// swift-corelibs-xctest keeps its current test case private, and an `XCTFail` made when it has none
/// (in a detached task that outlives its test, say, or during a Swift Testing run) is dropped without
/// a word (its `_XCTEvaluateAssertion`: "recorded failure outside of test case... We drop this kind of
/// failure"). So `TestFailure` registers this observer the first time it reports, and from the next
/// test boundary on knows whether a test is running. Until then the state is `unknown`, and the
/// observer's count of recorded failures tells whether an `XCTFail` landed in a test.
final class XCTestTracker: NSObject, XCTestObservation, @unchecked Sendable {
    enum State: Equatable { case unknown, running, idle }

    static let shared = XCTestTracker()

    private let lock = NSLock()
    private var installed = false
    private var currentState = State.unknown
    private var failureCount = 0

    /// Registers the observer once.
    func install() {
        let first = lock.withLock {
            defer { installed = true }
            return !installed
        }
        if first { XCTestObservationCenter.shared.addTestObserver(self) }
    }

    var state: State {
        get { lock.withLock { currentState } }
        set { lock.withLock { currentState = newValue } }
    }

    /// Failures XCTest has recorded in a test since the observer was registered.
    var failures: Int { lock.withLock { failureCount } }

    func testCaseWillStart(_ testCase: XCTestCase) { state = .running }
    func testCaseDidFinish(_ testCase: XCTestCase) { state = .idle }

    func testCase(_ testCase: XCTestCase, didFailWithDescription description: String, inFile filePath: String?, atLine lineNumber: Int) {
        lock.withLock { failureCount += 1 }
    }
}
