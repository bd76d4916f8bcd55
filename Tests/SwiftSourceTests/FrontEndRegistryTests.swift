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
        for view in swiftUIViews {
            for key in view.kinds {
                XCTAssertTrue(viewKinds.contains(key), "\(view.name) writes \"\(key)\", which is not a view kind of the format")
            }
        }
        XCTAssertEqual(swiftUIViewsByName.count, swiftUIViews.count, "each SwiftUI view has one row")
        // A gradient written as a view is its paint: the row's kind is the paint's key.
        for (name, key) in gradientKinds {
            XCTAssertEqual(swiftUIViewsByName[name]?.kinds, [key], "\(name)'s row and its paint write different keys")
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
        XCTAssertEqual(Set(samples.map(\.name)), Set(swiftUIViews.map(\.name)), "every row of the table has a sample, and only those")
        XCTAssertEqual(Set(samples.map { "\($0.name) \($0.key)" }), Set(swiftUIViews.flatMap { view in view.kinds.map { "\(view.name) \($0)" } }),
                       "every kind of every row has a sample")
        for sample in samples {
            XCTAssertEqual(swiftUIViewsByName[sample.name]?.kinds.contains(sample.key), true, "\(sample.name): \"\(sample.key)\" is not its row's")
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
        let unread = ModifierRegistry.swiftUINames.filter {
            modifierRules[$0.key] == nil && $0.key != "modifier" && ModifierRegistry.swiftSourceHints[$0.key] == nil
        }
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

    /// A SwiftUI view the front end does not read, with a hint in the view kind registry: the error is the hint
    /// for a Swift author where the registry has one, else the registry's hint for a JSON scene.
    func testAnUnreadViewWithARegistryHintGivesTheHint() {
        let unread = ViewKindRegistry.swiftUINames.filter { swiftUIViewsByName[$0.key] == nil && $0.key.first?.isUppercase == true }
        XCTAssertEqual(Set(unread.keys), ["UnevenRoundedRectangle"])
        for (name, hint) in unread {
            let expected = ViewKindRegistry.swiftSourceHints[name] ?? "a JSON scene has SwiftUI's \(hint)"
            XCTAssertEqual(conversionError("""
                import SwiftUI
                struct V: View { var body: some View { \(name)() } }
                """), "Bad.swift:2:40: the view \(name) is not supported; \(expected)")
        }
    }

    // MARK: Swift-side hints

    /// A registry's hint for a Swift author names one of its SwiftUI or Swift spellings, one the front end
    /// does not read (else no error would show it).
    func testEverySwiftHintIsForASpellingTheFrontEndRefuses() {
        for name in ModifierRegistry.swiftSourceHints.keys {
            XCTAssertNotNil(ModifierRegistry.swiftUINames[name], ".\(name) has a Swift hint but no SwiftUI spelling in the registry")
            XCTAssertNil(modifierRules[name], ".\(name) has a Swift hint, but the front end reads it")
        }
        for name in ViewKindRegistry.swiftSourceHints.keys {
            XCTAssertNotNil(ViewKindRegistry.swiftUINames[name], "\(name) has a Swift hint but no SwiftUI spelling in the registry")
            XCTAssertNil(swiftUIViewsByName[name], "\(name) has a Swift hint, but the front end reads it")
        }
        for name in ActionRegistry.swiftSourceHints.keys {
            XCTAssertNotNil(ActionRegistry.swiftNames[name], "\(name) has a Swift hint but no Swift spelling in the registry")
            XCTAssertFalse(swiftActionNames.contains(name), "\(name) has a Swift hint, but the front end reads it")
        }
    }

    /// A SwiftUI modifier the front end does not read, with a hint for a Swift author: the error is that hint,
    /// not the one for a JSON scene.
    func testAnUnreadModifierWithASwiftHintGivesIt() {
        XCTAssertFalse(ModifierRegistry.swiftSourceHints.isEmpty)
        for (name, hint) in ModifierRegistry.swiftSourceHints {
            XCTAssertEqual(conversionError("""
                import SwiftUI
                struct V: View { var body: some View { Text("a").\(name)() } }
                """), "Bad.swift:2:50: the modifier .\(name) is not supported; \(hint)")
        }
        XCTAssertEqual(conversionError("""
            import SwiftUI
            struct V: View { var body: some View { Text("a").hidden() } }
            """), "Bad.swift:2:50: the modifier .hidden is not supported; write .opacity(0)")
    }

    /// The Swift code each Swift hint suggests (a spelling the hint names, in a use of it), which the front end
    /// must read: a hint never sends a Swift author to code the front end refuses.
    private let hintedCode: [String: (spelling: String, code: String)] = [
        "transaction": (".animation(.easeInOut, value: x)", #"Text("a").animation(.easeInOut, value: on)"#),
        "compositingGroup": (".drawingGroup()", #"Text("a").drawingGroup()"#),
        "monospaced": (".font(.system(size: 17, design: .monospaced))", #"Text("a").font(.system(size: 17, design: .monospaced))"#),
        "accentColor": (".tint(.blue)", #"Button("a") { on.toggle() }.tint(.blue)"#),
        "position": (".offset(x:y:)", #"Text("a").frame(width: 100, height: 40, alignment: .topLeading).offset(x: 10, y: 20)"#),
        "onLongPressGesture": (".gesture(DragGesture().onChanged { ... })",
                               #"Circle().gesture(DragGesture().onChanged { value in level = value.translation.width })"#),
        "hidden": (".opacity(0)", #"Text("a").opacity(0)"#),
        "border": (".overlay(Rectangle().strokeBorder(.red, lineWidth: 2))", #"Text("a").overlay(Rectangle().strokeBorder(.red, lineWidth: 2))"#),
        "UnevenRoundedRectangle": ("RoundedRectangle(cornerRadius:)", "RoundedRectangle(cornerRadius: 8)"),
        "animate": ("withAnimation(.easeInOut(duration: 0.3)) { ... }", "Button(\"a\") { withAnimation(.easeInOut(duration: 0.3)) { on.toggle() } }"),
        "animateKeyframes": (".keyframeAnimator(initialValue:trigger:)",
                             "Text(\"a\").keyframeAnimator(initialValue: 1.0, trigger: on) { content, s in content.scaleEffect(s) } "
                                + "keyframes: { _ in KeyframeTrack { LinearKeyframe(1.5, duration: 0.2) } }"),
        "CABasicAnimation": ("withAnimation(.easeInOut(duration: 0.3)) { ... }",
                             "Button(\"a\") { withAnimation(.easeInOut(duration: 0.3)) { on.toggle() } }"),
        "CASpringAnimation": ("withAnimation(.spring(response: 0.5, dampingFraction: 0.6)) { ... }",
                              "Button(\"a\") { withAnimation(.spring(response: 0.5, dampingFraction: 0.6)) { on.toggle() } }"),
        "CAKeyframeAnimation": (".keyframeAnimator(initialValue:trigger:)",
                                "Text(\"a\").keyframeAnimator(initialValue: 1.0, trigger: on) { content, s in content.scaleEffect(s) } "
                                    + "keyframes: { _ in KeyframeTrack { LinearKeyframe(1.5, duration: 0.2) } }"),
        "CAAnimationGroup": ("withAnimation { ... }", "Button(\"a\") { withAnimation { on.toggle(); level = 1 } }"),
        "displayLink": ("TimelineView(.animation) { timeline in ... }",
                        "TimelineView(.animation) { timeline in Text(\"\\(timeline.date.timeIntervalSince(start))\") }"),
    ]

    func testEverySwiftHintsCodeConverts() throws {
        let hints = ModifierRegistry.swiftSourceHints.merging(ViewKindRegistry.swiftSourceHints) { a, _ in a }
            .merging(ActionRegistry.swiftSourceHints) { a, _ in a }
        XCTAssertEqual(Set(hintedCode.keys), Set(hints.keys), "every Swift hint has its code here, and only those")
        for (name, sample) in hintedCode {
            XCTAssertEqual(hints[name]?.contains(sample.spelling), true, "\(name)'s hint does not suggest \(sample.spelling)")
            XCTAssertNoThrow(try lowerAndDecode("""
                import SwiftUI
                struct V: View {
                    @State private var on = false
                    @State private var level = 0.5
                    private let start = Date()
                    var body: some View {
                        VStack {
                            \(sample.code)
                        }
                    }
                }
                """), "\(name): \(sample.code)")
        }
    }

    // MARK: Actions

    /// Every row of the action table writes keys of `ActionRegistry`; a Swift spelling of the registry that
    /// a row reads is one of a unit whose key the row writes.
    func testEveryActionTableKeyIsAnAction() {
        for row in swiftActions {
            for key in row.keys {
                XCTAssertTrue(ActionRegistry.keys.contains(key), "\(row.spelling) writes \"\(key)\", which is not an action of the format")
            }
            for name in row.swiftNames {
                let owners = ActionRegistry.entries.filter { $0.swiftNames[name] != nil }.map(\.key)
                XCTAssertEqual(owners.count, 1, "\(name) is a Swift spelling of \(owners) in the registry")
                XCTAssertTrue(owners.allSatisfy(row.keys.contains), "\(row.spelling) reads \(name), a spelling of \(owners), but writes \(row.keys)")
            }
        }
    }

    /// One use of each row of the action table, in a tap's closure, converted: the actions written have the
    /// row's keys (a method of the view, inlined, those of its statements).
    private let actionSamples: [(spelling: String, code: String, keys: [String])] = [
        ("timer?.invalidate()", "timer?.invalidate()", ["cancel"]),
        ("Task { ... }", "Task { on.toggle() }", ["after"]),
        ("Timer.scheduledTimer(withTimeInterval:repeats:) { timer in ... }",
         "Timer.scheduledTimer(withTimeInterval: 1, repeats: true) { t in count += 1 }", ["timer"]),
        ("item?.cancel(), item = DispatchWorkItem { ... }", "item?.cancel()", ["cancel"]),
        ("x = e, x += e, x -= e, x *= e, x /= e", "count += 2", ["set"]),
        ("if c { ... } else { ... }", "if on { count = 1 } else { count = 2 }", ["if"]),
        ("x.toggle()", "on.toggle()", ["set"]),
        ("items.append(x), insert(_:at:), remove(at:), removeFirst(), removeLast(), removeAll()", "items.append(4)", ["set"]),
        ("withAnimation(_:_:completion:)", "withAnimation(.easeIn) { on.toggle() }", ["withAnimation"]),
        ("DispatchQueue.main.asyncAfter(deadline:execute:)", "DispatchQueue.main.asyncAfter(deadline: .now() + 1) { on.toggle() }", ["after"]),
        ("action() for a closure parameter of the view", "action()", ["run"]),
        ("a method of the view, animateIn()", "bump()", ["set"]),
    ]

    func testEveryActionTableRowWritesItsKeys() throws {
        XCTAssertEqual(actionSamples.map(\.spelling), swiftActions.map(\.spelling), "every row has a sample, in the table's order")
        for (sample, row) in zip(actionSamples, swiftActions) {
            let json = try SwiftSource.convert(source: """
                import SwiftUI
                struct Row: View {
                    var action: () -> Void = {}
                    @State private var on = false
                    @State private var count = 0
                    @State private var items = [1, 2]
                    @State private var timer: Timer?
                    @State private var item: DispatchWorkItem?
                    var body: some View {
                        Text("a").onTapGesture {
                            \(sample.code)
                        }
                    }
                    func bump() { count += 1 }
                }
                struct V: View {
                    var body: some View { Row() }
                }
                """, file: "Test.swift", sidecar: testSidecar)
            guard case .array(let actions)? = json["components"]?["Row"]?["body"]?["onTap"] else {
                XCTFail("\(sample.code): no tap actions in \(json.pretty())")
                continue
            }
            let keys = actions.map { ($0.objectPairs ?? []).map(\.0).filter(ActionRegistry.keys.contains) }
            XCTAssertEqual(keys, sample.keys.map { [$0] }, "\(sample.code) writes \(actions)")
            for key in sample.keys where !row.keys.isEmpty {
                XCTAssertTrue(row.keys.contains(key), "\(sample.code): \"\(key)\" is not its row's")
            }
        }
    }

    /// A use of each Swift spelling of `ActionRegistry` that no row reads.
    private let refusedActions: [String: String] = [
        "animate": "UIView.animate(withDuration: 0.3) { on.toggle() }",
        "animateKeyframes": "UIView.animateKeyframes(withDuration: 1, delay: 0) { on.toggle() }",
        "CABasicAnimation": #"let fade = CABasicAnimation(keyPath: "opacity")"#,
        "CASpringAnimation": #"let bounce = CASpringAnimation(keyPath: "transform.scale")"#,
        "CAKeyframeAnimation": #"let path = CAKeyframeAnimation(keyPath: "position")"#,
        "CAAnimationGroup": "let group = CAAnimationGroup()",
        "displayLink": "let link = UIScreen.main.displayLink(withTarget: self, selector: #selector(tick))",
    ]

    /// Every Swift spelling of an action of the registry is read by a row of the table or refused with the
    /// registry's hint: the one for a Swift author where there is one, else the one for a JSON scene.
    func testEveryActionSwiftSpellingIsReadOrRefusedWithItsHint() {
        let unread = Set(ActionRegistry.swiftNames.keys).subtracting(swiftActionNames)
        XCTAssertEqual(Set(refusedActions.keys), unread, "every spelling no row reads has a sample here, and only those")
        for (name, code) in refusedActions {
            guard let hint = ActionRegistry.swiftNames[name] else { continue }
            let expected = ActionRegistry.swiftSourceHints[name] ?? "in a JSON scene: \(hint)"
            let message = conversionError("""
                import SwiftUI
                struct V: View {
                    @State private var on = false
                    var body: some View {
                        Text("a").onTapGesture {
                            \(code)
                        }
                    }
                }
                """)
            XCTAssertTrue(message.hasPrefix("Bad.swift:6:"), message)
            XCTAssertTrue(message.hasSuffix(" in an action is not supported; \(expected)"), message)
        }
        // The error is at the call, and quotes it.
        XCTAssertEqual(conversionError("""
            import SwiftUI
            struct V: View {
                var body: some View {
                    Text("a").onTapGesture { layer.add(CABasicAnimation(keyPath: "opacity"), forKey: "fade") }
                }
            }
            """), "Bad.swift:4:44: the call 'CABasicAnimation(keyPath: \"opacity\")' in an action is not supported; "
                + ActionRegistry.swiftSourceHints["CABasicAnimation"]!)
    }
}
