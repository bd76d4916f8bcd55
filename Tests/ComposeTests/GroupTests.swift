import DisplayList
import Geometry
import SceneFormat
import XCTest
@testable import Compose

/// `group`: SwiftUI's `Group`, whose members lay out as the stack's own children and take the group's
/// modifiers each ("any modifier you apply to the group affects all of that group's members",
/// developer.apple.com/documentation/swiftui/group). Positions worked out by hand from the stack rules.
final class GroupTests: XCTestCase {
    let layout = LayoutProbe.self
    let bar = #"{"shape": "rectangle", "frame": {"width": 20, "height": 10}}"#

    /// A vstack (spacing 0) of a padded group of two 20 x 10 bars and a third bar, on 200 x 100: each member
    /// is padded to 30 x 20, so the stack is 20 + 20 + 10 = 50 high, from y = 25; the bars are centred at
    /// x = 100. (As a ZStack, the group would be one 30 x 20 view and the stack 30 high.)
    func testMembersAreTheStacksChildrenEachPadded() throws {
        let items = try layout.compose(#"{"vstack": [{"group": [\#(bar), \#(bar)], "padding": 5}, \#(bar)], "spacing": 0}"#)
        XCTAssertEqual(layout.shapeBounds(items), [Rect(x: 90, y: 30, width: 20, height: 10),
                                                   Rect(x: 90, y: 50, width: 20, height: 10),
                                                   Rect(x: 90, y: 65, width: 20, height: 10)])
    }

    /// The stack's spacing goes between a group's members as between any two children: three bars with
    /// spacing 4 in an hstack are 3 x 20 + 2 x 4 = 68 wide, from x = 66.
    func testSpacingBetweenMembers() throws {
        let items = try layout.compose(#"{"hstack": [\#(bar), {"group": [\#(bar), \#(bar)]}], "spacing": 4}"#)
        XCTAssertEqual(layout.shapeBounds(items).map(\.minX), [66, 90, 114])
        XCTAssertEqual(layout.shapeBounds(items).map(\.minY), [45, 45, 45])
    }

    /// Ordered modifiers wrap each member: a group with `"modifiers": [{"padding": 5}, {"frame": {"height": 40}}]`
    /// makes each bar a 30 x 40 child; two of them in a vstack are 80 high, from y = 10, each bar centred in its 40.
    func testOrderedModifiersWrapEachMember() throws {
        let items = try layout.compose(#"{"vstack": [{"group": [\#(bar), \#(bar)], "modifiers": [{"padding": 5}, {"frame": {"height": 40}}]}], "spacing": 0}"#)
        XCTAssertEqual(layout.shapeBounds(items), [Rect(x: 90, y: 25, width: 20, height: 10),
                                                   Rect(x: 90, y: 65, width: 20, height: 10)])
    }

    /// An entry that joins the group's own view (a padding, as its key would be) still pads each member:
    /// the same places as `"padding": 5` on the group.
    func testAnEntryJoiningTheGroupStillWrapsEachMember() throws {
        let items = try layout.compose(#"{"vstack": [{"group": [\#(bar), \#(bar)], "modifiers": [{"padding": 5}]}, \#(bar)], "spacing": 0}"#)
        XCTAssertEqual(layout.shapeBounds(items), [Rect(x: 90, y: 30, width: 20, height: 10),
                                                   Rect(x: 90, y: 50, width: 20, height: 10),
                                                   Rect(x: 90, y: 65, width: 20, height: 10)])
    }

    /// A forEach member gets the group's modifiers around each item: three bars padded to 30 x 20 in a vstack
    /// are 60 high, from y = 20.
    func testForEachMemberTakesTheModifiersPerItem() throws {
        let items = try layout.compose(#"{"vstack": [{"group": [{"forEach": "0..<3", "as": "i", "content": \#(bar)}], "padding": 5}], "spacing": 0}"#)
        XCTAssertEqual(layout.shapeBounds(items).map(\.minY), [25, 45, 65])
    }

    /// Outside a stack's children a group is a ZStack: at the root, a 20 x 10 and a 40 x 30 bar share the
    /// centre (100, 50).
    func testGroupAtTheRootIsAZStack() throws {
        let big = #"{"shape": "rectangle", "frame": {"width": 40, "height": 30}}"#
        let items = try layout.compose(#"{"group": [\#(bar), \#(big)]}"#)
        XCTAssertEqual(layout.shapeBounds(items), [Rect(x: 90, y: 45, width: 20, height: 10),
                                                   Rect(x: 80, y: 35, width: 40, height: 30)])
    }

    /// An id on a group of two views in a stack would name both: refused at the id, with what to write.
    func testAnIdOnAGroupOfSeveralViewsIsRefused() {
        let json = #"{"canvas": {"width": 10, "height": 10}, "duration": 1,"# + "\n"
            + #" "root": {"vstack": [{"group": [{"spacer": {}}, {"spacer": {}}], "id": "g"}]}}"#
        XCTAssertThrowsError(try SceneDecoder.decode(Array(json.utf8))) { error in
            XCTAssertEqual("\(error)", #"2:72: root.vstack[0].id: an "id" on a group of 2 views would name each of them; put it on one of its views, or make the group a "zstack""#)
        }
    }
}
