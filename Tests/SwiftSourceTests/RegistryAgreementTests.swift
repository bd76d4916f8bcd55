import SceneFormat
import XCTest
@testable import SwiftSource

/// The front end's table of SwiftUI modifiers agrees with the format's modifier registry: every key it
/// writes for a modifier is one of the registry's, and it writes a modifier as an entry of `"modifiers"`
/// exactly when the registry lets an entry hold it.
final class RegistryAgreementTests: XCTestCase {
    func testEveryModifierKeyIsTheRegistrys() {
        let keys = Set(ModifierRegistry.keys)
        for (name, rule) in modifierRules {
            switch rule.placement {
            case .positional, .environment, .outer, .onView:
                XCTAssertTrue(keys.contains(rule.key), ".\(name) writes \"\(rule.key)\", which is not a modifier of the format")
            case .option, .noEffect:
                break
            }
        }
    }

    func testListableIsWhatTheRegistryLetsAnEntryHold() {
        let entries = Dictionary(uniqueKeysWithValues: ModifierRegistry.entries.map { ($0.key, $0.placement) })
        for (name, rule) in modifierRules {
            guard case .positional(_, let listable) = rule.placement, let placement = entries[rule.key] else { continue }
            XCTAssertEqual(listable, placement == .wrapping, ".\(name) (\"\(rule.key)\")")
        }
    }

    /// A modifier kept on the view with a place in the chain is one the format takes only on the view.
    func testOnViewModifiersAreViewOnlyInTheRegistry() {
        let entries = Dictionary(uniqueKeysWithValues: ModifierRegistry.entries.map { ($0.key, $0.placement) })
        for (name, rule) in modifierRules {
            guard case .onView = rule.placement else { continue }
            guard case .viewOnly? = entries[rule.key] else { return XCTFail(".\(name) (\"\(rule.key)\") is not view-only in the registry") }
        }
    }
}
