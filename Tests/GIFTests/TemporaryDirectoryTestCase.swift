import XCTest
import Foundation

/// A test case with a fresh temporary folder for each test, removed after it.
class TemporaryDirectoryTestCase: XCTestCase {
    /// The current test's folder.
    private(set) var directory: URL!

    override func setUpWithError() throws {
        try super.setUpWithError()
        directory = FileManager.default.temporaryDirectory
            .appendingPathComponent("gif-\(type(of: self))-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    }

    override func tearDownWithError() throws {
        try? FileManager.default.removeItem(at: directory)
        try super.tearDownWithError()
    }

    /// The path of the file `name` in the test's folder.
    func path(_ name: String) -> String { directory.appendingPathComponent(name).path }
}
