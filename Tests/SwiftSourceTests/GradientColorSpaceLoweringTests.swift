import SwiftSource
import XCTest

/// `Gradient(...).colorSpace(.perceptual)` lowers to the gradient's `"colorSpace"`.
final class GradientColorSpaceLoweringTests: XCTestCase {
    func testColorSpaceOnAGradientIsTheGradientsKey() throws {
        let (json, _) = try lowerAndDecode("""
            struct V: View {
                var body: some View {
                    VStack {
                        LinearGradient(gradient: Gradient(colors: [.red, .blue]).colorSpace(.perceptual), startPoint: .leading, endPoint: .trailing)
                        Rectangle().fill(.radialGradient(Gradient(colors: [.white, .black]).colorSpace(.device), center: .center, startRadius: 0, endRadius: 40))
                        Circle().fill(AngularGradient(gradient: Gradient(stops: [.init(color: .red, location: 0), .init(color: .blue, location: 1)])
                            .colorSpace(Gradient.ColorSpace.perceptual), center: .center))
                    }
                }
            }
            """)
        guard case .array(let views)? = json["root"]?["vstack"] else { return XCTFail("\(json.pretty())") }
        XCTAssertEqual(views[0]["linearGradient"]?["colorSpace"], .string("perceptual"))
        XCTAssertEqual(views[0]["linearGradient"]?["colors"], .array([.string("red"), .string("blue")]))
        XCTAssertEqual(views[1]["fill"]?["radialGradient"]?["colorSpace"], .string("device"))
        XCTAssertEqual(views[2]["fill"]?["angularGradient"]?["colorSpace"], .string("perceptual"))
    }

    func testAnotherColourSpaceIsRefused() {
        let message = conversionError("""
            struct V: View {
                var body: some View {
                    LinearGradient(gradient: Gradient(colors: [.red, .blue]).colorSpace(.linear), startPoint: .leading, endPoint: .trailing)
                }
            }
            """)
        XCTAssertTrue(message.hasPrefix("Bad.swift:3:77: the colour space '.linear' is not supported; .perceptual and .device are"), message)
    }
}
