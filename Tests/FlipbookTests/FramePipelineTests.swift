import Foundation
import Pixels
import XCTest
@testable import Flipbook

/// The parallel pipeline's reuse of already drawn frames, its stage timings, and the palette's sample frames.
final class FramePipelineTests: XCTestCase {
    /// A 20 x 10 pt red square on white at scale 1.
    func makePipeline(jobs: Int) throws -> FramePipeline {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("pipeline-\(UUID().uuidString).json").path
        let json = ##"{"name": "square", "canvas": {"width": 20, "height": 10, "scale": 1, "background": "#ffffff"}, "duration": 1, "root": {"shape": "rectangle", "fill": "#ff0000", "frame": {"width": 4, "height": 4}}}"##
        try Data(json.utf8).write(to: URL(fileURLWithPath: path))
        defer { try? FileManager.default.removeItem(atPath: path) }
        return FramePipeline(player: try Player(scene: SceneFile.load(path: path)), jobs: jobs)
    }

    func testPreparedFramesAreDeliveredInPlaceOfDrawnOnes() throws {
        let pipeline = try makePipeline(jobs: 2)
        let marker = PixelImage(width: 1, height: 1, fill: RGBA8(r: 1, g: 2, b: 3))
        let prepared = PreparedFrames([3: RunLengthImage(marker)])
        var delivered: [Int: PixelImage] = [:]
        _ = try pipeline.run(times: (0..<6).map { Double($0) / 10 }, prepared: prepared, process: { $0 },
                             deliver: { index, image in delivered[index] = image })
        XCTAssertEqual(delivered.count, 6)
        XCTAssertEqual(delivered[3], marker)
        for index in [0, 1, 2, 4, 5] {
            let image = try XCTUnwrap(delivered[index])
            XCTAssertEqual([image.width, image.height], [20, 10])
            XCTAssertEqual(image[0, 0], RGBA8(r: 255, g: 255, b: 255), "the white background")
            XCTAssertEqual(image[10, 5], RGBA8(r: 255, g: 0, b: 0), "the red square in the middle")
        }
        XCTAssertNil(prepared.take(3), "a prepared frame is handed out once, then freed")
    }

    func testTimingsCountOnlyTheStagesThatRan() throws {
        let pipeline = try makePipeline(jobs: 2)
        let times = (0..<8).map { Double($0) / 10 }
        let drawn = try pipeline.run(times: times, process: { $0.pixels.count }, deliver: { _, _ in })
        XCTAssertGreaterThan(drawn.compose, 0)
        XCTAssertGreaterThan(drawn.rasterize, 0)
        XCTAssertEqual(drawn.palette, 0)
        // Every frame prepared: nothing is composed or drawn.
        let image = PixelImage(width: 20, height: 10)
        let prepared = PreparedFrames(Dictionary(uniqueKeysWithValues: times.indices.map { ($0, RunLengthImage(image)) }))
        let reused = try pipeline.run(times: times, prepared: prepared, process: { $0.pixels.count }, deliver: { _, _ in })
        XCTAssertEqual(reused.compose, 0)
        XCTAssertEqual(reused.rasterize, 0)
    }

    func testRasterizersAreKeptBetweenRuns() throws {
        let pipeline = try makePipeline(jobs: 1)
        let first = pipeline.rasterizers.take()
        pipeline.rasterizers.give(first)
        try pipeline.run(times: [0, 0.5], process: { $0 }, deliver: { _, _ in })
        XCTAssertTrue(pipeline.rasterizers.take() === first, "the run borrowed the idle rasterizer and gave it back")
    }

    func testPaletteSampleCountFitsTheMemoryBudget() {
        XCTAssertEqual(GIFSink.paletteSampleCount(frameBytes: 960 * 400 * 4), 43)   // 64 MiB / 1.5 MB
        XCTAssertEqual(GIFSink.paletteSampleCount(frameBytes: 100 * 100 * 4), 48)   // small frames: the most
        XCTAssertEqual(GIFSink.paletteSampleCount(frameBytes: 1500 * 3248 * 4), 16) // large frames: the least
        XCTAssertEqual(GIFSink.paletteSampleCount(frameBytes: 3264 * 2448 * 4), 4)  // larger: 128 MiB / 32 MB
        XCTAssertEqual(GIFSink.paletteSampleCount(frameBytes: 8000 * 6000 * 4), 1)  // the largest: one, and the last
    }

    func testPaletteSamplesAreSpreadOverTheAnimationAndEndOnTheLastFrame() {
        // 260 frames: every 260 / 16 = 16th frame, 0 ... 256, then the last one, 259.
        XCTAssertEqual(GIFSink.paletteSampleIndices(count: 260, samples: 16), [0, 16, 32, 48, 64, 80, 96, 112, 128, 144, 160, 176,
                                                                   192, 208, 224, 240, 256, 259])
        XCTAssertEqual(GIFSink.paletteSampleIndices(count: 5, samples: 16), [0, 1, 2, 3, 4])
        XCTAssertEqual(GIFSink.paletteSampleIndices(count: 1, samples: 16), [0])
        XCTAssertEqual(GIFSink.paletteSampleIndices(count: 32, samples: 16), Array(stride(from: 0, to: 32, by: 2)) + [31])
    }

    func testTimingsOptionPrintsEveryStage() throws {
        let gif = FileManager.default.temporaryDirectory.appendingPathComponent("timings-\(UUID().uuidString).gif").path
        defer { try? FileManager.default.removeItem(atPath: gif) }
        let result = try runRender([repoPath("scenes/seek.json"), "--to", "0.2", "-o", gif, "-q", "--timings"])
        XCTAssertEqual(result.status, 0, result.stderr)
        XCTAssertTrue(result.stderr.hasPrefix("timings seek: simulate "), result.stderr)
        for stage in ["compose", "rasterize", "encode", "palette", "write", "total"] {
            XCTAssertNotNil(result.stderr.range(of: ", \(stage) [0-9]+\\.[0-9]{3} s", options: .regularExpression),
                            "\(stage) in \(result.stderr)")
        }
    }
}
