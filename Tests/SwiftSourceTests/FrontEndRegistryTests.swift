import SceneFormat
import XCTest
@testable import SwiftSource

/// The scene keys the Swift front end writes for SwiftUI views and modifiers are the format's registries'
/// keys, so that renaming a key in a registry fails here rather than in a user's conversion; and a SwiftUI
/// view or modifier the front end does not read is refused with the registry's hint where it has one.
final class FrontEndRegistryTests: XCTestCase {
    /// The kinds a view of a stack may be: the registry's, and a stack's `forEach`.
    private let viewKinds = Set(ViewKindRegistry.keys + ["forEach"])

    func testEveryViewTableKeyIsAViewKind() {
        for (name, keys) in swiftUIViewKinds {
            for key in keys {
                XCTAssertTrue(viewKinds.contains(key), "\(name) writes \"\(key)\", which is not a view kind of the format")
            }
        }
        for (name, key) in gradientKinds {
            XCTAssertTrue(ViewKindRegistry.keys.contains(key), "\(name) writes \"\(key)\", which is not a view kind of the format")
        }
    }

    /// One use of each entry of the tables, converted: the kind written is the entry's.
    private let samples: [(name: String, code: String, key: String)] = [
        ("ZStack", #"ZStack { Text("a") }"#, "zstack"),
        ("VStack", #"VStack { Text("a") }"#, "vstack"),
        ("HStack", #"HStack { Text("a") }"#, "hstack"),
        ("Group", #"Group { Text("a") }"#, "group"),
        ("ScrollView", #"ScrollView { VStack { Text("a") } }"#, "scrollView"),
        ("GeometryReader", #"GeometryReader { geometry in Text("a") }"#, "zstack"),
        ("TimelineView", #"TimelineView(.animation) { timeline in Text("a") }"#, "timelineView"),
        ("Canvas", #"Canvas { context, size in context.fill(Path(CGRect(x: 0, y: 0, width: 4, height: 4)), with: .color(.red)) }"#, "canvas"),
        ("ForEach", #"ForEach(0..<2) { i in Text("a") }"#, "forEach"),
        ("Circle", "Circle()", "shape"),
        ("Rectangle", "Rectangle()", "shape"),
        ("RoundedRectangle", "RoundedRectangle(cornerRadius: 4)", "shape"),
        ("Capsule", "Capsule()", "shape"),
        ("Ellipse", "Ellipse()", "shape"),
        ("Path", "Path { p in p.move(to: CGPoint(x: 0, y: 0)); p.addLine(to: CGPoint(x: 4, y: 4)) }", "path"),
        ("Text", #"Text("a")"#, "text"),
        ("Image", #"Image("photo")"#, "image"),
        ("Image", #"Image(systemName: "star")"#, "systemImage"),
        ("Spacer", "Spacer()", "spacer"),
        ("Divider", "Divider()", "shape"),
        ("Color", "Color.red", "shape"),
        ("Button", #"Button("a") { on.toggle() }"#, "button"),
        ("Toggle", #"Toggle("a", isOn: $on)"#, "toggle"),
        ("Slider", "Slider(value: $level)", "slider"),
        ("Stepper", #"Stepper("a", value: $count)"#, "stepper"),
        ("ProgressView", "ProgressView(value: 0.5)", "progressView"),
        ("TextField", #"TextField("a", text: $name)"#, "textField"),
        ("Picker", #"Picker("a", selection: $count) { Text("x").tag(0) }"#, "picker"),
        ("LinearGradient", "LinearGradient(colors: [.red, .blue], startPoint: .top, endPoint: .bottom)", "linearGradient"),
        ("RadialGradient", "RadialGradient(colors: [.red, .blue], center: .center, startRadius: 0, endRadius: 10)", "radialGradient"),
        ("EllipticalGradient", "EllipticalGradient(colors: [.red, .blue])", "ellipticalGradient"),
        ("AngularGradient", "AngularGradient(colors: [.red, .blue], center: .center)", "angularGradient"),
    ]

    func testEveryViewTableEntryWritesItsKey() throws {
        let tables = swiftUIViewKinds.merging(gradientKinds.mapValues { [$0] }) { own, _ in own }
        XCTAssertEqual(Set(samples.map(\.name)), Set(tables.keys), "every entry of the tables has a sample, and only those")
        for sample in samples {
            XCTAssertEqual(tables[sample.name]?.contains(sample.key), true, "\(sample.name): \"\(sample.key)\" is not its entry's")
            let json = try SwiftSource.convert(source: """
                import SwiftUI
                struct V: View {
                    @State private var on = false
                    @State private var level = 0.5
                    @State private var count = 0
                    @State private var name = ""
                    var body: some View {
                        VStack {
                            \(sample.code)
                        }
                    }
                }
                """, file: "Test.swift", sidecar: testSidecar)
            guard case .array(let children)? = json["root"]?["vstack"], let child = children.first?.objectPairs else {
                XCTFail("\(sample.name): no view in \(json.pretty())")
                continue
            }
            let kinds = child.map(\.0).filter(viewKinds.contains)
            XCTAssertEqual(kinds, [sample.key], "\(sample.code) writes \(child.map(\.0))")
        }
    }

    /// A modifier written as an option of a view's kind (a shape's fill) names kinds of the registry, and
    /// its key is one those kinds allow beside their own or a modifier key.
    func testEveryOptionModifierKeyIsOneItsKindsAllow() {
        let companions = Dictionary(uniqueKeysWithValues: ViewKindRegistry.entries.map { ($0.key, Set($0.companionKeys)) })
        let modifierKeys = Set(ModifierRegistry.keys)
        for (name, rule) in modifierRules {
            guard case .option(let kinds) = rule.placement else { continue }
            // On a use of a Shape struct, .fill and .stroke write no key of their own: the fill is the use's
            // foregroundColor, the stroke a stroked twin of the component (`shapeUseStyle`).
            for kind in kinds where kind != "use" {
                guard let allowed = companions[kind] else {
                    XCTFail(".\(name) applies to \"\(kind)\", which is not a view kind of the format")
                    continue
                }
                XCTAssertTrue(allowed.contains(rule.key) || modifierKeys.contains(rule.key),
                              ".\(name) writes \"\(rule.key)\", which a \"\(kind)\" view does not allow")
            }
        }
    }

    /// A SwiftUI modifier the front end does not read, with a hint in the modifier registry: the error is the hint.
    func testAnUnreadModifierWithARegistryHintGivesTheHint() {
        let unread = ModifierRegistry.swiftUINames.filter { modifierRules[$0.key] == nil && $0.key != "modifier" }
        XCTAssertFalse(unread.isEmpty)
        for (name, hint) in unread {
            let message = conversionError("""
                import SwiftUI
                struct V: View { var body: some View { Text("a").\(name)() } }
                """)
            XCTAssertEqual(message, "Bad.swift:2:50: the modifier .\(name) is not supported; in a JSON scene: \(hint)")
        }
        // Without a hint, the list of the modifiers the front end reads.
        XCTAssertTrue(conversionError("""
            import SwiftUI
            struct V: View { var body: some View { Text("a").hoverEffect() } }
            """).hasPrefix("Bad.swift:2:50: the modifier .hoverEffect is not supported; these are: .accessibilityIdentifier, "))
    }

    /// A SwiftUI view the front end does not read, with a hint in the view kind registry: the error is the hint.
    func testAnUnreadViewWithARegistryHintGivesTheHint() {
        let unread = ViewKindRegistry.swiftUINames.filter {
            swiftUIViewKinds[$0.key] == nil && gradientKinds[$0.key] == nil && $0.key.first?.isUppercase == true
        }
        XCTAssertEqual(Set(unread.keys), ["UnevenRoundedRectangle"])
        for (name, hint) in unread {
            XCTAssertEqual(conversionError("""
                import SwiftUI
                struct V: View { var body: some View { \(name)() } }
                """), "Bad.swift:2:40: the view \(name) is not supported; a JSON scene has SwiftUI's \(hint)")
        }
    }
}
