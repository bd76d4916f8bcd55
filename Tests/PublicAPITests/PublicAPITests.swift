import Flipbook
import Foundation
import XCTest

/// This file imports `Flipbook` alone: every type named here must be reachable through it.
final class PublicAPITests: XCTestCase {
    static let pulse = """
        {"name": "pulse", "canvas": {"width": 40, "height": 20, "scale": 1, "background": "#000000"},
         "duration": 1, "fps": 10, "state": {"x": 0},
         "root": {"shape": "rectangle", "fill": "#ff0000", "frame": {"width": 10, "height": 10}, "offset": {"x": "x"}},
         "script": [{"at": 0, "do": [{"withAnimation": ".linear(duration: 1)", "do": [{"set": {"x": 10}}]}]}]}
        """

    func testTheTypesOfThePublicSignaturesAreNamedThroughFlipbook() throws {
        let scene: Scene = try SceneFile.load(json: Self.pulse, file: "pulse.json")
        let player = try Player(scene: scene)
        let timeline: Timeline = player.timeline
        let snapshot: StateSnapshot = player.snapshot(at: 0.5)
        let list: DisplayList = try player.displayList(at: 0.5)
        let image: PixelImage = try player.frame(at: 0.5)
        let pixel: RGBA8 = image[0, 0]
        let size: Size = list.size
        let dither: Dither = RenderOptions().dither
        let png: [UInt8] = try PNGFile.encode(image)

        XCTAssertEqual(timeline.snapshot(at: 0.5).time, snapshot.time)
        XCTAssertEqual(size.width, 40)
        XCTAssertEqual(image.width, 40)
        XCTAssertEqual(pixel, RGBA8(r: 0, g: 0, b: 0))
        XCTAssertEqual(dither, .none)
        XCTAssertEqual(Array(png.prefix(4)), [0x89, 0x50, 0x4E, 0x47], "a PNG signature")
        XCTAssertThrowsError(try SceneFile.load(json: "{", file: "broken.json")) { error in
            let sceneError = error as? SceneError
            XCTAssertEqual(sceneError?.file, "broken.json")
        }
    }

    /// A scene loads the same from a path, a file URL, a String and Data.
    func testAllFourLoadersGiveTheSameFrames() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("flipbook-api-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let url = folder.appendingPathComponent("pulse.json")
        try Data(Self.pulse.utf8).write(to: url)

        let scenes = [
            try SceneFile.load(path: url.path),
            try SceneFile.load(url: url),
            try SceneFile.load(json: Self.pulse),
            try SceneFile.load(data: Data(Self.pulse.utf8)),
        ]
        let frames = try scenes.map { try Player(scene: $0).frame(at: 0.5) }
        for frame in frames.dropFirst() { XCTAssertEqual(frame, frames[0]) }
        // Half-way through the linear animation the 10 x 10 square centred on 40 x 20 is offset by 5:
        // it covers columns 20..<30 (a closed form of the scene, not a reading of the renderer).
        XCTAssertEqual(frames[0][19, 10], RGBA8(r: 0, g: 0, b: 0))
        XCTAssertEqual(frames[0][20, 10], RGBA8(r: 255, g: 0, b: 0))
        XCTAssertEqual(frames[0][29, 10], RGBA8(r: 255, g: 0, b: 0))
        XCTAssertEqual(frames[0][30, 10], RGBA8(r: 0, g: 0, b: 0))
    }

    func testTheLoadersRejectWhatIsNotAScene() {
        XCTAssertThrowsError(try SceneFile.load(url: URL(string: "https://example.com/pulse.json")!)) { error in
            XCTAssertTrue("\(error)".contains("not a file URL"), "\(error)")
        }
        XCTAssertThrowsError(try SceneFile.load(data: Data(count: SceneFile.maxBytes + 1), file: "big.json")) { error in
            XCTAssertTrue("\(error)".hasPrefix("big.json: "), "\(error)")
        }
        XCTAssertThrowsError(try SceneFile.load(json: "[1]", file: "list.json")) { error in
            XCTAssertTrue("\(error)".hasPrefix("list.json:"), "\(error)")
        }
    }
}
