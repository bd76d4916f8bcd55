import XCTest
@testable import Expressions
import struct Expressions.Expression

/// A name the scope lists but cannot give a value for is never suggested as itself: "unknown name 'n';
/// did you mean 'n'?" would say nothing. The scope's reason is given instead, when it has one.
final class UnknownNameReasonTests: XCTestCase {
    /// Lists `listed` among its names but gives no value for them; gives `reasons` for some.
    struct ListingScope: Scope {
        var listed: [String]
        var reasons: [String: String] = [:]
        func value(of name: String) -> Value? { nil }
        var knownNames: [String] { listed }
        func whyUnknown(_ name: String) -> String? { reasons[name] }
    }

    func testANameTheScopeListsIsNotSuggestedAsItself() {
        assertError("n + 1", "unknown name 'n'", at: 0, in: ListingScope(listed: ["n"]))
        // Another close name is still suggested.
        assertError("count", "unknown name 'count'; did you mean 'counts'?", at: 0, in: ListingScope(listed: ["count", "counts"]))
    }

    func testTheScopesReasonIsGiven() {
        let scope = ListingScope(listed: ["n"], reasons: ["n": "it is a parameter whose argument failed"])
        assertError("2 * n", "unknown name 'n': it is a parameter whose argument failed", at: 4, in: scope)
    }
}
