import Foundation
import XCTest
@testable import Flipbook

/// Display lists nested deeper than any stack: a canvas that clips 10,000 times nests each later draw in
/// 10,000 clip groups. The walks over such a list (the work estimate, drawing, counting) used to recurse
/// once a level and overflow the stack (SIGSEGV); the list is now measured without recursion and
/// refused past `DisplayList.maxNesting` with one line naming the draw, and the walks that can be are
/// iterative.
final class DeepNestingTests: XCTestCase {
    var folder: URL!

    override func setUpWithError() throws {
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("flipbook-nesting-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    }

    override func tearDownWithError() throws {
        try? FileManager.default.removeItem(at: folder)
    }

    /// A 100 x 100 pt canvas that clips `clips` times to an ellipse, then fills a rectangle.
    func clipScene(_ clips: Int) throws -> String {
        let json = #"{"version": 1, "canvas": {"width": 100, "height": 100}, "duration": 0.1, "root": {"canvas": [{"repeat": \#(clips), "as": "i", "draw": [{"clip": {"ellipse": [0, 0, 100, 100]}}]}, {"fill": {"rect": [0, 0, 100, 100]}, "with": "red"}], "frame": {"width": 100, "height": 100}}}"#
        let path = folder.appendingPathComponent("clips-\(clips).json").path
        try Data(json.utf8).write(to: URL(fileURLWithPath: path))
        return path
    }

    /// The 269-byte scene that crashed: `render` (GIF and PNG frames) and `still`, through the work
    /// estimate, exit 1 with one line and write nothing.
    func testTenThousandClipsAreRefusedWithOneLine() throws {
        let scene = try clipScene(10_000)
        let expected = "error: \(scene): root.canvas[1]: at t = 0 s: the frame nests groups (clips, layers, transforms, "
            + "effects) more than 1000 deep, the drawing limit; a canvas nests each later draw in every clip before it "
            + "(wrap clips in a layer to end them), use fewer clips or fewer nested views\n"
        for arguments in [[scene, "-o", folder.appendingPathComponent("out.gif").path],
                          ["still", scene, "--at", "0", "-o", folder.appendingPathComponent("out.png").path],
                          [scene, "--format", "png", "-o", folder.appendingPathComponent("frames").path, "--create-dirs"]] {
            let run = try runRenderMeasured(arguments, timeLimit: 30)
            XCTAssertFalse(run.timedOut, "\(arguments)")
            XCTAssertEqual(run.status, 1, "\(arguments): \(run.stderr.prefix(500))")
            XCTAssertEqual(run.stderr, expected)
            XCTAssertLessThan(run.seconds, 10)
        }
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: folder.path), ["clips-10000.json"])
    }

    /// Nesting up to the limit draws: 999 clips and the canvas's own clip are 1,000 groups deep.
    func testNestingAtTheLimitIsDrawn() throws {
        let scene = try clipScene(999)
        let png = folder.appendingPathComponent("limit.png").path
        let run = try runRenderMeasured(["still", scene, "--at", "0", "-o", png], timeLimit: 30)
        XCTAssertEqual(run.status, 0, run.stderr)
        XCTAssertTrue(FileManager.default.fileExists(atPath: png))
        let gif = folder.appendingPathComponent("limit.gif").path
        XCTAssertEqual(try runRenderMeasured([scene, "-o", gif], timeLimit: 30).status, 0)
    }

    /// `count` groups, each inside the one before, around a filled square.
    static func nested(_ count: Int, clip: Bool = true) -> DisplayList {
        var item = DisplayItem.shape(ShapeItem(path: .rect(Rect(x: 0, y: 0, width: 10, height: 10)),
                                               fill: Fill(paint: .color(Color(red: 1, green: 0, blue: 0)))))
        for _ in 0..<count {
            item = .group(GroupItem(clip: clip ? .rect(Rect(x: 0, y: 0, width: 10, height: 10)) : nil, children: [item]))
        }
        return DisplayList(size: Size(width: 10, height: 10), scale: 1, background: Color(red: 1, green: 1, blue: 1),
                           items: [item])
    }

    /// The library's walks on a list far deeper than the limit, on this thread's ordinary stack: the
    /// depth is measured, the work estimate and the counts are iterative, and the rasterizer refuses it.
    func testLibraryWalksSurviveAnyDepth() throws {
        let deep = Self.nested(100_000)
        XCTAssertEqual(deep.nesting().depth, DisplayList.maxNesting + 1)
        XCTAssertEqual(deep.nesting(limit: 200_000).depth, 100_000)
        XCTAssertEqual(FramePipeline.pathPoints(in: deep.items), 5)
        XCTAssertEqual(FramePipeline.textCharacters(in: deep.items), 0)
        let cost = FrameCost(deep, width: 10, height: 10)
        XCTAssertGreaterThan(cost.crossings, 0)
        XCTAssertThrowsError(try Rasterizer().render(deep)) { error in
            XCTAssertTrue("\(error)".contains("more than 1000 deep"), "\(error)")
        }
        // At the limit it draws.
        let image = try Rasterizer().render(Self.nested(DisplayList.maxNesting))
        XCTAssertEqual(image.width, 10)
        Self.dismantle(consume deep)
    }

    /// Frees a deep list without recursion (Swift frees nested values recursively): each group's children
    /// are moved out before the group goes.
    static func dismantle(_ list: consuming DisplayList) {
        var pending = list.items
        _ = consume list
        while let item = pending.popLast() {
            if case .group(let group) = item { pending.append(contentsOf: group.children) }
        }
    }
}

/// A canvas that clips many times and then draws many times nests its clips once for all the draws under
/// them, not once per draw (900 clips and 10,000 fills took 5 GB and minutes a frame).
final class CanvasClipChainTests: XCTestCase {
    /// Groups in `items`, counted without recursion.
    func groupCount(_ items: [DisplayItem]) -> Int {
        var stack = items, count = 0
        while let item = stack.popLast() {
            if case .group(let group) = item {
                count += 1
                stack += group.children
            }
        }
        return count
    }

    func testDrawsUnderTheSameClipsShareOneChain() throws {
        let json = #"""
        {"canvas": {"width": 100, "height": 100, "scale": 1}, "duration": 0.1,
         "root": {"canvas": [{"repeat": 300, "as": "i", "draw": [{"clip": {"ellipse": [0, 0, 100, 100]}}]},
                             {"repeat": 3000, "as": "j", "draw": [{"fill": {"rect": ["j % 100", 0, 1, 1]}, "with": "red"}]},
                             {"translateBy": [1, 1]}, {"fill": {"rect": [0, 0, 2, 2]}, "with": "blue"},
                             {"clip": {"rect": [0, 0, 50, 50]}}, {"fill": {"rect": [0, 0, 2, 2]}, "with": "blue"}],
                  "frame": {"width": 100, "height": 100}}}
        """#
        let list = try Player(scene: SceneDecoder.decode(Array(json.utf8))).displayList(at: 0)
        // The canvas's own group; 300 clips around the 3,000 fills; again around the translated fill (a new
        // transform), with its transform group; 301 clips and a transform group around the last fill.
        XCTAssertEqual(groupCount(list.items), 1 + 300 + (300 + 1) + (301 + 1))
    }
}
