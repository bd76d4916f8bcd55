import Foundation
import XCTest

/// The UIKit and Core Animation examples through the `render` binary: `render inspect` shows the animated
/// values (checked against closed forms), and the GIFs are the same bytes with one job and with two.
final class AnimationExampleTests: XCTestCase {
    /// The first view's attributes in `render inspect`'s JSON at `time`.
    func inspect(_ example: String, at time: Double, view: String) throws -> [String: Any] {
        let result = try runRender(["inspect", repoPath("examples/\(example).json"), "--at", String(time)])
        XCTAssertEqual(result.status, 0, result.stderr)
        let json = try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [[String: Any]]
        let views = json?.first?["views"] as? [String: Any]
        return try XCTUnwrap(views?[view] as? [String: Any], result.stdout)
    }

    func testTheCardSpringsAsTheDampingRatioMappingSays() throws {
        // usingSpringWithDamping 0.6 over 0.9 s from x = -300 to 0, starting 0.3 s in:
        // w0 = ln(z / (0.001 sqrt(1 - z^2))) / (z d), and the unit step of the damped oscillator.
        let z = 0.6, d = 0.9
        let w0 = log(z / (0.001 * (1 - z * z).squareRoot())) / (z * d), wd = w0 * (1 - z * z).squareRoot()
        for time in [0.45, 0.6, 0.9] {
            let s = time - 0.3
            let step = 1 - exp(-z * w0 * s) * (cos(wd * s) + z * w0 / wd * sin(wd * s))
            let offset = try XCTUnwrap(inspect("uikit-card-slide", at: time, view: "card")["offset"] as? [Double])
            XCTAssertEqual(offset[0], -300 + 300 * step, accuracy: 1e-3, "at \(time)")
        }
    }

    func testThePlaneIsHalfWayAtTheJunctionHeadingDown() throws {
        // The route's two curves mirror each other about (150, 100): paced, half the time is half the
        // length, there, and the tangent points straight down (90 degrees).
        let plane = try inspect("ca-path-follow", at: 1.5, view: "plane")
        let offset = try XCTUnwrap(plane["offset"] as? [Double])
        XCTAssertEqual(offset[0] + 14, 150, accuracy: 1e-6)
        XCTAssertEqual(offset[1] + 10, 100, accuracy: 1e-6)
        XCTAssertEqual(try XCTUnwrap(plane["rotation"] as? Double), 90, accuracy: 1e-6)
    }

    func testTheExamplesRenderTheSameBytesWithAnyJobs() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("flipbook-anim-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        for example in ["uikit-card-slide", "ca-path-follow"] {
            var outputs: [Data] = []
            for jobs in ["1", "2"] {
                let gif = folder.appendingPathComponent("\(example)-\(jobs).gif").path
                let result = try runRender([repoPath("examples/\(example).json"), "--from", "0.4", "--to", "0.8", "--scale", "1", "-j", jobs, "-o", gif, "-q"])
                XCTAssertEqual(result.status, 0, result.stderr)
                outputs.append(try Data(contentsOf: URL(fileURLWithPath: gif)))
            }
            XCTAssertEqual(outputs[0], outputs[1], "\(example): one job and two jobs differ")
        }
    }
}
