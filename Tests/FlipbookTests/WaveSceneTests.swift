import Foundation
import Pixels
import Raster
import XCTest

/// scenes/wave-uikit.json: the tick counter through `render inspect`, and the wave's top edge in
/// rendered PNG frames against y = 150 - 10 cos(2 pi (t/T - x/lambda)).
final class WaveSceneTests: XCTestCase {
    var folder: URL!

    override func setUpWithError() throws {
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("flipbook-wave-\(UUID().uuidString)")
    }

    override func tearDownWithError() throws {
        try? FileManager.default.removeItem(at: folder)
    }

    /// t counts display-link ticks: 60 per second.
    func testTickCounterInInspect() throws {
        let result = try runRender(["inspect", repoPath("scenes/wave-uikit.json"), "--at", "0", "--at", "1", "--at", "2.5", "--at", "7.5"])
        XCTAssertEqual(result.status, 0, result.stderr)
        let objects = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [[String: Any]])
        XCTAssertEqual(objects.map { ($0["state"] as? [String: Any])?["t"] as? Double }, [0, 60, 150, 450])
    }

    /// The top edge of the cyan wave, column by column, at 1 s (t = 60) and 3 s (t = 180), at the
    /// scene's 30 fps and at 12 fps: the display link ticks 60 times a second whatever the output rate.
    func testTopEdgeFollowsTheWaveEquation() throws {
        for (fps, time) in [(30.0, 1.0), (30, 3.0), (12, 1.0)] {
            let out = folder.appendingPathComponent("\(fps)-\(time)").path
            let result = try runRender([repoPath("scenes/wave-uikit.json"), "--format", "png", "--scale", "1",
                                        "--fps", "\(fps)", "--from", "\(time)", "--to", "\(time + 0.5 / fps)",
                                        "-o", out, "--create-dirs", "-q"])
            XCTAssertEqual(result.status, 0, result.stderr)
            let image = try PNGFile.read(path: out + "/frame-0001.png")
            XCTAssertEqual(image.width, 414)
            XCTAssertEqual(image.height, 300)
            let ticks = time * 60
            let lambda = 414 / 1.2, period = lambda / 1.5
            var worst = 0.0
            for column in 0..<413 {
                // The outline runs straight between the samples at whole x: at the column's centre it is
                // halfway between y(column) and y(column + 1).
                func y(_ x: Double) -> Double { 150 - 10 * cos(2 * .pi * (ticks / period - x / lambda)) }
                let expected = (y(Double(column)) + y(Double(column + 1))) / 2
                let row = try XCTUnwrap((0..<image.height).first { isCyan(image[column, $0]) },
                                        "column \(column) has cyan")
                // The first pixel more than half cyan sits on the edge: its centre within a pixel of the curve.
                worst = max(worst, abs(Double(row) + 0.5 - expected))
            }
            XCTAssertLessThanOrEqual(worst, 1.0, "fps \(fps), t = \(time) s")
            // Below the wave it is all cyan; above it all white.
            XCTAssertTrue(isCyan(image[200, 299]))
            XCTAssertEqual(image[200, 100], RGBA8(r: 255, g: 255, b: 255, a: 255))
        }
    }

    /// More than half cyan over white: red below half, green and blue full.
    func isCyan(_ p: RGBA8) -> Bool {
        p.r < 128 && p.g > 200 && p.b > 200 && p.a > 200
    }
}
