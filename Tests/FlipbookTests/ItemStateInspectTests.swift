import Flipbook
import SceneFormat
import XCTest

/// `render inspect` lists a `forEach` row's state while the row is there: SwiftUI destroys a view's
/// `@State` when its identity leaves the hierarchy, and an item with that id added again starts from the
/// initial value.
final class ItemStateInspectTests: XCTestCase {
    /// Rows with state `drop`; row 2 is tapped to 10 at 0.5 s, removed at 1 s and added again at 2 s.
    let json = """
        {"canvas": {"width": 200, "height": 100}, "duration": 3, "state": {"items": [1, 2, 3]},
         "components": {"Row": {"params": {"n": null}, "state": {"drop": 0},
            "body": {"shape": "rectangle", "frame": {"width": 20, "height": 20}, "id": "row-${n}",
                     "offset": {"y": "drop"}, "onTap": [{"set": {"drop": 10}}]}}},
         "root": {"hstack": [{"forEach": "items", "as": "i", "content": {"use": "Row", "args": {"n": "i"}}}]},
         "script": [{"at": 0.5, "tap": "row-2"}, {"at": 1, "do": [{"set": {"items": "[1, 3]"}}]},
                    {"at": 2, "do": [{"set": {"items": "[1, 2, 3]"}}]}]}
        """

    /// The `drop` entries of the state `render inspect` lists at `t`, by the item id in their names.
    func drops(at t: Double) throws -> [String: String] {
        let player = try Player(scene: SceneDecoder.decode(Array(json.utf8)))
        let text = try Inspector.json(player, times: [t])
        var found: [String: String] = [:]
        // Each entry reads `"root.hstack[0][\"id=<id>\"]/<use path>.drop": <value>`.
        for entry in text.components(separatedBy: ", ") {
            for id in ["1", "2", "3"] where entry.contains(#"[\"id=\#(id)\"]/"#) && entry.contains(#".drop": "#) {
                found[id] = String(entry.components(separatedBy: #".drop": "#)[1].prefix { $0 != "}" })
            }
        }
        return found
    }

    func testARemovedRowsStateIsNotListedAndComesBackFresh() throws {
        XCTAssertEqual(try drops(at: 0.75), ["1": "0", "2": "10", "3": "0"])
        XCTAssertEqual(try drops(at: 1.5), ["1": "0", "3": "0"])
        XCTAssertEqual(try drops(at: 2.5), ["1": "0", "2": "0", "3": "0"])
    }
}
