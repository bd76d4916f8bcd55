import XCTest
import Expressions
import SceneFormat
@testable import Timeline

/// An action reading a component's parameter whose argument fails where the use passes it says so, at
/// the action's line:column, naming the argument's position and its own error; it never suggests the
/// parameter's own name ("unknown name 'n'; did you mean 'n'?").
final class ParameterErrorTests: XCTestCase {
    func testAParameterWhoseArgumentFailsSaysWhy() throws {
        let json = """
            {"canvas": {"width": 100, "height": 100}, "duration": 1, "state": {"last": 0, "names": [5]},
             "components": {"Row": {"params": {"n": null},
                "body": {"shape": "circle", "onAppear": [{"set": {"last": "n"}}]}}},
             "root": {"vstack": [{"use": "Row", "args": {"n": "names[3]"}}]}}
            """
        let scene = try SceneDecoder.decode(Array(json.utf8))
        let lines = json.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        func column(_ line: Int, of text: String) throws -> Int {
            let l = lines[line - 1]
            return l.distance(from: l.startIndex, to: try XCTUnwrap(l.range(of: text)).lowerBound) + 1
        }
        do {
            _ = try Simulator(scene: scene).run()
            XCTFail("ran")
        } catch {
            let message = "\(error)"
            XCTAssertTrue(message.hasPrefix("3:\(try column(3, of: #""n"}"#)):"), message)
            XCTAssertFalse(message.contains("did you mean"), message)
            XCTAssertTrue(message.contains("unknown name 'n': it is a parameter of component \"Row\", and its argument at "
                                           + "line 4, column \(try column(4, of: #""names[3]""#)) failed where the use passes it: "
                                           + "the list index 3 is out of range"), message)
        }
    }
}
