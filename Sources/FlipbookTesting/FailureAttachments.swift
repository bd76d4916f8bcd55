import Foundation
import GoldenImages
import Pixels
import Raster
import Testing

/// The images of a failed golden check, attached to the running Swift Testing test (`Attachment`,
/// Swift 6.2 and later, on Linux too), so that a test report or Xcode shows them beside the failure.
///
/// Swift Testing saves attachments where `swift test --attachments-path DIR` says. swift-corelibs-xctest
/// has no attachments (no `XCTAttachment`), so under XCTest the images are the files the failure message
/// names, in the artifacts folder.
enum FailureAttachments {
    /// Attaches `<name>.expected.png`, `<name>.actual.png` and `<name>.difference.png` to the current
    /// Swift Testing test, when there is one and the check compared two different images.
    static func attach(_ check: GoldenFile.Check, name: String, at site: CallSite) {
        guard Test.current != nil, let images = check.images else { return }
        for (label, image) in [("expected", images.expected), ("actual", images.actual), ("difference", images.difference)] {
            guard let png = try? PNGFile.encode(image) else { continue }
            Attachment.record(png, named: "\(name).\(label).png", sourceLocation: site.swiftTestingLocation)
        }
    }

    /// Attaches the PNG file at `path` (a contact sheet) to the current Swift Testing test, when there is one.
    static func attachFile(_ path: String, at site: CallSite) {
        guard Test.current != nil, let data = FileManager.default.contents(atPath: path) else { return }
        Attachment.record([UInt8](data), named: URL(fileURLWithPath: path).lastPathComponent,
                          sourceLocation: site.swiftTestingLocation)
    }
}
