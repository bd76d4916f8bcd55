import XCTest
@testable import Expressions
import struct Expressions.Expression

final class SuggestionTests: XCTestCase {
    func testClosest() {
        let keys = ["delay", "duration", "speed", "repeatCount"]
        XCTAssertEqual(Suggestion.closest(to: "duraton", in: keys), "duration")
        XCTAssertEqual(Suggestion.closest(to: "durtaion", in: keys), "duration")   // a swap is one edit
        XCTAssertEqual(Suggestion.closest(to: "Duration", in: keys), "duration")
        XCTAssertEqual(Suggestion.closest(to: "delya", in: keys), "delay")
        XCTAssertEqual(Suggestion.closest(to: "repeatcnt", in: keys), "repeatCount")
        XCTAssertNil(Suggestion.closest(to: "xyzzy", in: keys))
        XCTAssertNil(Suggestion.closest(to: "colour", in: keys))
        XCTAssertNil(Suggestion.closest(to: "x", in: ["y", "w"]))
        XCTAssertNil(Suggestion.closest(to: "anything", in: []))
        XCTAssertEqual(Suggestion.closest(to: "ab", in: ["abc", "abd"]), "abc")  // ties keep the first
        XCTAssertEqual(Suggestion.closest(to: "sine", in: ["sign", "sin"]), "sin")   // then the longer shared prefix
    }

    func testEditDistanceAgainstHandCountedPairs() {
        func distance(_ a: String, _ b: String) -> Int { Suggestion.editDistance(Array(a), Array(b)) }
        XCTAssertEqual(distance("kitten", "sitting"), 3)
        XCTAssertEqual(distance("", "abc"), 3)
        XCTAssertEqual(distance("abc", "abc"), 0)
        XCTAssertEqual(distance("ab", "ba"), 1)
        XCTAssertEqual(distance("flaw", "lawn"), 2)
    }
}
