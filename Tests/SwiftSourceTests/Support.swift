import Flipbook
import Foundation
import SwiftSource
import XCTest

/// The repository's root folder.
let repoRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

func repoPath(_ relative: String) -> String { repoRoot.appendingPathComponent(relative).path }

/// The minimal sidecar the unit tests give: a small canvas and a short duration.
let testSidecar = #"{"canvas": {"width": 200, "height": 200}, "duration": 1, "fps": 10}"#

/// Converts Swift source and decodes the result with the scene decoder, as `render X.swift` does.
func lowerAndDecode(_ source: String, sidecar: String? = testSidecar, options: SwiftSourceOptions = .init(),
                    file: StaticString = #filePath, line: UInt = #line) throws -> (json: JSON, scene: Scene) {
    let json = try SwiftSource.convert(source: source, file: "Test.swift", sidecar: sidecar, options: options)
    do {
        let scene = try SceneFile.load(json: json.pretty(), file: "Test.swift (converted)")
        return (json, scene)
    } catch {
        XCTFail("the converted scene does not decode: \(error)\n\(json.pretty())", file: file, line: line)
        throw error
    }
}

/// The message of the error converting `source` throws.
func conversionError(_ source: String, file: StaticString = #filePath, line: UInt = #line) -> String {
    do {
        let json = try SwiftSource.convert(source: source, file: "Bad.swift", sidecar: testSidecar)
        XCTFail("converted without an error:\n\(json.pretty())", file: file, line: line)
        return ""
    } catch {
        return error.description
    }
}
