import Flipbook
import Foundation
import SwiftSource
import XCTest

/// examples/swift/SegmentedTabs.swift: a ForEach whose items are tapped by the ids their options give
/// them, with a withAnimation whose curve a ternary chooses.
final class SegmentedTabsExampleTests: XCTestCase {
    func testTheScriptTapsEachSegmentByItsId() throws {
        let source = try String(contentsOfFile: repoPath("examples/swift/SegmentedTabs.swift"), encoding: .utf8)
        let sidecar = try String(contentsOfFile: repoPath("examples/swift/SegmentedTabs.flipbook.json"), encoding: .utf8)
        let (json, scene) = try lowerAndDecode(source, sidecar: sidecar)
        let root = json["root"]?.pretty() ?? ""
        XCTAssertTrue(root.contains(#""id": "tab-${option}""#), root)
        XCTAssertTrue(root.contains(#""withAnimation": "quick ? .snappy(duration: 0.2) : .spring(duration: 0.6, bounce: 0.4)""#), root)
        let player = try Player(scene: scene)
        for (t, expected) in [(0.2, "Home"), (0.5, "Settings"), (1.5, "Search"), (2.5, "Home")] {
            XCTAssertEqual(player.timeline.modelValue("selected", at: t), .string(expected), "at \(t)")
        }
        XCTAssertEqual(try player.views(at: 1).map(\.id), ["tab-Home", "tab-Search", "tab-Settings"])
    }
}
