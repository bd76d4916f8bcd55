import SceneFormat
import XCTest
@testable import SwiftSource

/// The Swift front end's lowering of the modifiers added to the registry: each lands on the key the
/// registry decodes, and the converted scene loads.
final class RegistryAdditionsLoweringTests: XCTestCase {
    /// `.foregroundStyle(LinearGradient(...))` is the `foregroundStyle` key with the gradient paint; with a
    /// colour it stays `foregroundColor`.
    func testForegroundStyleGradient() throws {
        let (json, _) = try lowerAndDecode("""
            import SwiftUI
            struct Title: View {
                var body: some View {
                    VStack {
                        Text("Flipbook")
                            .font(.system(size: 40, weight: .bold))
                            .foregroundStyle(LinearGradient(colors: [.orange, .purple], startPoint: .top, endPoint: .bottom))
                        Text("plain").foregroundStyle(.red)
                    }
                }
            }
            """)
        let text = json.pretty()
        XCTAssertTrue(text.contains(#""foregroundStyle""#), text)
        XCTAssertTrue(text.contains(#""linearGradient""#), text)
        XCTAssertTrue(text.contains(#""foregroundColor": "red""#), text)
    }
}

/// `Color.gradient` lowers to the paint `{"gradient": colour}` in a fill, a stroke, a background and a
/// foreground style.
final class ColorGradientLoweringTests: XCTestCase {
    func testColorGradientPaints() throws {
        let (json, _) = try lowerAndDecode("""
            import SwiftUI
            struct Card: View {
                var body: some View {
                    VStack {
                        Circle().fill(.blue.gradient)
                        Text("Hi").foregroundStyle(Color.green.gradient)
                        Capsule().stroke(Color.red.gradient, lineWidth: 2)
                    }
                    .background(.orange.gradient)
                }
            }
            """)
        let text = json.pretty()
        for colour in ["blue", "green", "red", "orange"] {
            XCTAssertTrue(text.contains(#""gradient": "\#(colour)""#), colour + "\n" + text)
        }
    }
}

/// `.foregroundStyle(.white, .gray)`: the palette `["white", "gray"]`.
final class PaletteLoweringTests: XCTestCase {
    func testPalette() throws {
        let (json, _) = try lowerAndDecode("""
            import SwiftUI
            struct Volume: View {
                var body: some View {
                    Image(systemName: "speaker.wave.2.fill").foregroundStyle(.white, .gray, .blue)
                }
            }
            """)
        let text = json.pretty().replacingOccurrences(of: "\\s+", with: " ", options: .regularExpression)
        XCTAssertTrue(text.contains(#""foregroundStyle": ["white", "gray", "blue"]"#), text)
    }
}

/// `.background(.ultraThinMaterial)` is the material's name; `.background(_:in:)` with one is refused.
final class MaterialLoweringTests: XCTestCase {
    func testMaterialBackground() throws {
        let (json, _) = try lowerAndDecode("""
            import SwiftUI
            struct Card: View {
                var body: some View {
                    Text("Hi").padding().background(.ultraThinMaterial)
                }
            }
            """)
        XCTAssertTrue(json.pretty().contains(#""background": "ultraThinMaterial""#), json.pretty())
        let message = conversionError("""
            import SwiftUI
            struct Card: View {
                var body: some View {
                    Text("Hi").background(.regularMaterial, in: RoundedRectangle(cornerRadius: 8))
                }
            }
            """)
        XCTAssertTrue(message.contains("with a material"), message)
    }
}

/// `.ignoresSafeArea()` and its edges.
final class SafeAreaLoweringTests: XCTestCase {
    func testIgnoresSafeArea() throws {
        let (json, _) = try lowerAndDecode("""
            import SwiftUI
            struct Screen: View {
                var body: some View {
                    ZStack {
                        Color.blue.ignoresSafeArea()
                        Color.red.ignoresSafeArea(edges: .top).opacity(0.5)
                        Text("hi").edgesIgnoringSafeArea([.top, .bottom])
                    }
                }
            }
            """)
        let text = json.pretty()
        XCTAssertTrue(text.contains(#""ignoresSafeArea": true"#), text)
        XCTAssertTrue(text.contains(#""ignoresSafeArea": "top""#), text)
        XCTAssertTrue(text.contains(#""ignoresSafeArea": ["top", "bottom"]"#), text)
    }
}

/// `.alignmentGuide(.leading) { d in ... }`: the trait `alignmentGuide` with the guide's expression.
final class AlignmentGuideLoweringTests: XCTestCase {
    func testAlignmentGuide() throws {
        let (json, _) = try lowerAndDecode("""
            import SwiftUI
            struct Bars: View {
                var body: some View {
                    VStack(alignment: .leading) {
                        Rectangle().frame(width: 40, height: 20)
                        Rectangle().frame(width: 20, height: 20).alignmentGuide(.leading) { d in d[.trailing] }
                        Rectangle().frame(width: 10, height: 20).alignmentGuide(.leading) { d in d.width / 2 + 4 }
                    }
                }
            }
            """)
        let text = json.pretty()
        XCTAssertTrue(text.contains(#""alignmentGuide": {"leading": "width"}"#), text)
        XCTAssertTrue(text.contains(#""alignmentGuide": {"leading": "width / 2 + 4"}"#), text)
    }
}

/// `HStack(alignment: .firstTextBaseline)` passes the alignment's name through, and it loads.
final class BaselineLoweringTests: XCTestCase {
    func testBaselineAlignment() throws {
        let (json, _) = try lowerAndDecode("""
            import SwiftUI
            struct Temperature: View {
                var body: some View {
                    HStack(alignment: .lastTextBaseline) {
                        Text("42").font(.system(size: 48))
                        Text("°C")
                    }
                }
            }
            """)
        XCTAssertTrue(json.pretty().contains(#""alignment": "lastTextBaseline""#), json.pretty())
    }
}

/// `.scrollTransition(config) { content, phase in content.effect(...)... }`: `"scrollTransition"` with each
/// effect as an expression of `phase`, whatever the closure names it; `.animated` is refused.
final class ScrollTransitionLoweringTests: XCTestCase {
    func testScrollTransition() throws {
        let (json, _) = try lowerAndDecode("""
            import SwiftUI
            struct Cards: View {
                var body: some View {
                    ScrollView {
                        ForEach(0..<10) { i in
                            RoundedRectangle(cornerRadius: 16)
                                .frame(height: 120)
                                .scrollTransition(.interactive(timingCurve: .linear).threshold(.visible(0.9))) { content, p in
                                    content
                                        .opacity(p.isIdentity ? 1 : 0.2)
                                        .scaleEffect(1 - abs(p.value) / 4)
                                        .rotationEffect(.radians(p.value))
                                        .offset(y: p.value * 10)
                                        .blur(radius: p.isIdentity ? 0 : 4)
                                }
                        }
                    }
                }
            }
            """)
        let text = json.pretty().replacingOccurrences(of: "\\s+", with: " ", options: .regularExpression)
        for expected in [#""opacity": "phase.isIdentity ? 1 : 0.2""#, #""scale": "1 - abs(phase.value) / 4""#,
                         #""rotation": "(phase.value) * 180 / pi""#, #""offset": {"y": "phase.value * 10"}"#,
                         #""blur": "phase.isIdentity ? 0 : 4""#, #""threshold": 0.9"#, #""timingCurve": "linear""#] {
            XCTAssertTrue(text.contains(expected), expected + "\n" + text)
        }
        XCTAssertThrowsError(try lowerAndDecode("""
            import SwiftUI
            struct Cards: View {
                var body: some View {
                    ScrollView { Circle().scrollTransition(.animated) { content, phase in content.opacity(0.5) } }
                }
            }
            """)) { error in
            XCTAssertTrue("\(error)".contains(".animated is not"), "\(error)")
        }
    }
}
