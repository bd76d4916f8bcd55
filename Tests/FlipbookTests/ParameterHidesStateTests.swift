import Compose
import Flipbook
import Foundation
import SceneFormat
import XCTest

/// A component's parameter hides the scene's state variable of its name inside the body, as a SwiftUI view
/// reads its own property: `Counter(p: p)` with `p` declared animatable shows the animated parameter, not
/// the model value of the state it was given. Oracle: the linear animation's closed form.
final class ParameterHidesStateTests: XCTestCase {
    func testAnAnimatableParameterNamedLikeTheStateAnimates() throws {
        let json = """
            {"canvas": {"width": 200, "height": 100, "scale": 1}, "duration": 2, "state": {"p": 0},
             "components": {"Counter": {"params": {"p": 0}, "animatable": ["p"], "body": {"id": "label", "text": "${format(p, 0)}"}}},
             "root": {"zstack": [{"use": "Counter", "args": {"p": "p"}},
               {"id": "go", "shape": "circle", "frame": {"width": 10, "height": 10}, "offset": {"x": 50},
                "onTap": [{"withAnimation": ".linear(duration: 1)", "do": [{"set": {"p": "100"}}]}]}]},
             "script": [{"at": 0.5, "tap": "go"}]}
            """
        let player = try Player(scene: SceneDecoder.decode(Array(json.utf8)))
        for t in [0.75, 1.0, 1.25, 1.75] {
            let shown = min(1, (t - 0.5) / 1) * 100
            let label = try XCTUnwrap(try player.views(at: t).first { $0.id == "label" }?.view.text)
            XCTAssertEqual(label, String(Int(shown.rounded())), "t = \(t)")
        }
    }

    /// An action inside the component reads the parameter too: a tap sets the scene's `p` to the
    /// parameter's value plus 1, where the use passes `p * 10` (so from 1: 11, not 2).
    func testActionsReadTheParameterBeforeTheState() throws {
        let json = """
            {"canvas": {"width": 200, "height": 100, "scale": 1}, "duration": 2, "state": {"p": 1},
             "components": {"Bump": {"params": {"p": 0},
               "body": {"id": "bump", "shape": "circle", "frame": {"width": 10, "height": 10}, "onTap": [{"set": {"p": "p + 1"}}]}}},
             "root": {"use": "Bump", "id": "b", "args": {"p": "p * 10"}},
             "script": [{"at": 0.5, "tap": "b"}]}
            """
        let player = try Player(scene: SceneDecoder.decode(Array(json.utf8)))
        XCTAssertEqual(player.snapshot(at: 1).values["p"], .number(11))
    }
}
