import XCTest
@testable import SwiftSource

final class SmokeTests: XCTestCase {
    func testNothing() {}
}
