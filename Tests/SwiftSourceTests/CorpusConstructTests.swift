import Flipbook
import SceneFormat
import SwiftSource
import XCTest

/// Constructs public SwiftUI animation files use: made-up tap ids, bindings under another name,
/// strokeBorder, ShapeStyle gradients, text alignment on stacks, transition properties, the colour
/// scheme, timers and tasks, and decoder errors moved to the Swift line.
final class CorpusConstructTests: XCTestCase {
    private func state(_ scene: Scene, at time: Double) throws -> String {
        try Inspector.json(try Player(scene: scene), times: [time])
    }

    func testTappableViewsWithoutAnIdGetMadeUpIdsInFileOrder() throws {
        let (json, scene) = try lowerAndDecode("""
            struct V: View {
                @State private var n = 0
                var body: some View {
                    VStack {
                        Button("Add") { n += 1 }
                        Circle().onTapGesture { n += 10 }
                        Rectangle().onTapGesture { n += 100 }.accessibilityIdentifier("box")
                    }
                }
            }
            """, sidecar: #"{"canvas": {"width": 200, "height": 200}, "duration": 1, "fps": 10, "script": [{"at": 0.1, "tap": "tap1"}, {"at": 0.2, "tap": "tap2"}, {"at": 0.3, "tap": "box"}]}"#)
        guard case .array(let children)? = json["root"]?["vstack"] else { return XCTFail("no vstack") }
        XCTAssertEqual(children.map { $0["id"] }, [.string("tap1"), .string("tap2"), .string("box")])
        // 1 + 10 + 100, each tap running its own view's actions.
        XCTAssertTrue(try state(scene, at: 0.5).contains(#""n": 111"#))
    }

    func testMadeUpIdsInsideAForEachAreTheItems() throws {
        let (json, scene) = try lowerAndDecode("""
            struct Dot: View {
                let index: Int
                @Binding var picked: Int
                var body: some View { Circle().onTapGesture { picked = index } }
            }
            struct V: View {
                @State private var n = 0
                @State private var picked = 0
                var body: some View {
                    VStack {
                        HStack { ForEach(0..<3) { i in Circle().onTapGesture { n = i } } }
                        HStack { ForEach(0..<3) { i in Dot(index: i, picked: $picked) } }
                    }
                }
            }
            """, sidecar: #"{"canvas": {"width": 200, "height": 200}, "duration": 1, "fps": 10, "script": [{"at": 0.2, "tap": "tap1-2"}]}"#)
        guard case .array(let rows)? = json["root"]?["vstack"] else { return XCTFail("no vstack") }
        // One id per item, over the element; an instance inside a ForEach takes no item id, so it keeps none.
        XCTAssertEqual(rows[0]["hstack"], .array([.object([
            ("forEach", .string("0..<3")), ("as", .string("i")),
            ("content", .object([("id", .string("tap1-${i}")), ("shape", .string("circle")),
                                 ("onTap", .array([.object([("set", .object([("n", .string("i"))]))])]))])),
        ])]))
        XCTAssertEqual(rows[1]["hstack"]?.pretty(), #"[{"forEach": "0..<3", "as": "i", "content": {"use": "Dot", "args": {"index": "i"}}}]"# + "\n")
        XCTAssertTrue(try state(scene, at: 0.5).contains(#""n": 2"#))
    }

    func testBindingPassedUnderAnotherNameReadsAndSetsThatState() throws {
        let (json, scene) = try lowerAndDecode("""
            struct Switch: View {
                @Binding var state: Bool
                var body: some View {
                    Capsule()
                        .foregroundColor(state ? .gray : .green)
                        .animation(.spring(), value: state)
                        .onTapGesture { self.state.toggle() }
                }
            }
            struct ContentView: View {
                @State var isOn = false
                var body: some View { Switch(state: $isOn) }
            }
            """, sidecar: #"{"canvas": {"width": 200, "height": 200}, "duration": 1, "fps": 10, "script": [{"at": 0.2, "tap": "switch1"}]}"#)
        XCTAssertEqual(json["root"], .object([("id", .string("switch1")), ("use", .string("Switch"))]))
        let body = json["components"]?["Switch"]?["body"]
        XCTAssertEqual(body?["foregroundColor"], .string("isOn ? gray : green"))
        XCTAssertEqual(body?["animation"], .object([("curve", .string(".spring()")), ("value", .string("isOn"))]))
        XCTAssertEqual(body?["onTap"], .array([.object([("set", .object([("isOn", .string("!isOn"))]))])]))
        XCTAssertTrue(try state(scene, at: 0.1).contains(#""isOn": false"#))
        XCTAssertTrue(try state(scene, at: 0.3).contains(#""isOn": true"#))
    }

    func testTwoRenamingsOfOneStructAreTwoComponents() throws {
        let (json, _) = try lowerAndDecode("""
            struct Dot: View {
                @Binding var on: Bool
                var body: some View { Circle().opacity(on ? 1 : 0.2) }
            }
            struct V: View {
                @State var a = false
                @State var b = true
                var body: some View { HStack { Dot(on: $a); Dot(on: $b) } }
            }
            """)
        XCTAssertEqual(json["components"]?["Dot"]?["body"]?["opacity"], .string("a ? 1 : 0.2"))
        XCTAssertEqual(json["components"]?["Dot_b"]?["body"]?["opacity"], .string("b ? 1 : 0.2"))
    }

    func testStrokeBorderInsetsTheShapeByHalfTheLineWidth() throws {
        let (json, _) = try lowerAndDecode("""
            struct V: View {
                @State private var on = false
                var body: some View {
                    VStack {
                        Circle()
                            .strokeBorder(on ? Color.white : Color.gray, lineWidth: on ? 20 : 5)
                            .frame(width: 40, height: 40)
                        RoundedRectangle(cornerRadius: 10).strokeBorder(.red, lineWidth: 4)
                        RoundedRectangle(cornerRadius: 3).strokeBorder(lineWidth: 8)
                    }
                }
            }
            """)
        guard case .array(let views)? = json["root"]?["vstack"] else { return XCTFail("no vstack") }
        // The stroke of SwiftUI's strokeBorder lies inside the frame: the shape inset by lineWidth / 2.
        XCTAssertEqual(views[0], .object([
            ("shape", .string("circle")),
            ("stroke", .object([("color", .string("on ? white : gray")), ("lineWidth", .string("on ? 20 : 5"))])),
            ("padding", .string("(on ? 20 : 5) / 2")),
            ("modifiers", .array([.object([("frame", .object([("width", .number(40)), ("height", .number(40))]))])])),
        ]))
        // A rounded rectangle's radius shrinks by the inset: 10 - 2 = 8; 3 - 4 < 0 is 0.
        XCTAssertEqual(views[1]["cornerRadius"], .number(8))
        XCTAssertEqual(views[1]["padding"], .number(2))
        XCTAssertEqual(views[2]["cornerRadius"], .number(0))
        XCTAssertEqual(views[2]["stroke"], .object([("lineWidth", .number(8))]))
        XCTAssertTrue(conversionError("""
            struct V: View { var body: some View { Circle().fill(.red).strokeBorder(.blue) } }
            """).contains(".strokeBorder after .fill or .stroke is not supported"))
    }

    func testShapeStyleGradientsAndAFillOfAStrokedShape() throws {
        let (json, _) = try lowerAndDecode("""
            struct V: View {
                var body: some View {
                    VStack {
                        Circle()
                            .trim(from: 0, to: 0.5)
                            .stroke(style: StrokeStyle(lineWidth: 4, lineCap: .round))
                            .fill(.angularGradient(colors: [.purple, .pink], center: .center, startAngle: .degrees(0), endAngle: .degrees(365)))
                        Rectangle().fill(.linearGradient(colors: [.red, .blue], startPoint: .top, endPoint: .bottom))
                        Rectangle().fill(.radialGradient(Gradient(colors: [.white, .black]), center: .center, startRadius: 0, endRadius: 50))
                    }
                }
            }
            """)
        guard case .array(let views)? = json["root"]?["vstack"] else { return XCTFail("no vstack") }
        XCTAssertEqual(views[0]["stroke"], .object([
            ("color", .object([("angularGradient", .object([("colors", .array([.string("purple"), .string("pink")])),
                                                              ("center", .string("center")), ("startAngle", .number(0)),
                                                              ("endAngle", .number(365))]))])),
            ("lineWidth", .number(4)), ("lineCap", .string("round")),
        ]))
        XCTAssertNil(views[0]["fill"])
        XCTAssertEqual(views[1]["fill"], .object([("linearGradient", .object([("colors", .array([.string("red"), .string("blue")])),
                                                                               ("startPoint", .string("top")), ("endPoint", .string("bottom"))]))]))
        XCTAssertEqual(views[2]["fill"], .object([("radialGradient", .object([("colors", .array([.string("white"), .string("black")])),
                                                                               ("center", .string("center")), ("startRadius", .number(0)),
                                                                               ("endRadius", .number(50))]))]))
    }

    func testMultilineTextAlignmentOnAStackReachesItsTexts() throws {
        let (json, _) = try lowerAndDecode("""
            struct V: View {
                @State private var flipped = false
                var body: some View {
                    HStack {
                        if !flipped { Text("a") } else { Text("b").multilineTextAlignment(.trailing) }
                    }
                    .multilineTextAlignment(.center)
                    .padding()
                }
            }
            """)
        guard case .array(let texts)? = json["root"]?["hstack"] else { return XCTFail("no hstack") }
        XCTAssertEqual(texts[0], .object([("if", .string("!flipped")), ("text", .string("a")), ("multilineTextAlignment", .string("center"))]))
        // The inner one wins, as SwiftUI's environment does.
        XCTAssertEqual(texts[1]["multilineTextAlignment"], .string("trailing"))
        XCTAssertNil(json["root"]?["multilineTextAlignment"])
        XCTAssertTrue(conversionError("""
            struct Label2: View { var body: some View { Text("x") } }
            struct V: View { var body: some View { VStack { Label2() }.multilineTextAlignment(.center) } }
            """).contains(".multilineTextAlignment on a view holding one of the file's views is not supported"))
    }

    func testTransitionPropertiesCombineAndAsymmetric() throws {
        let (json, _) = try lowerAndDecode("""
            struct V: View {
                @State private var show = false
                var body: some View {
                    VStack {
                        if show { Rectangle().transition(.scaleAndOffset) }
                        if show { Circle().transition(AnyTransition.offsetScaleOpacity) }
                    }
                }
            }
            extension AnyTransition {
                static var offsetScaleOpacity: AnyTransition {
                    AnyTransition.offset(x: -600, y: 0).combined(with: .scale).combined(with: .opacity)
                }
                static var scaleAndOffset: AnyTransition {
                    AnyTransition.asymmetric(insertion: .scale(scale: 0, anchor: .bottom), removal: .offset(x: -600, y: 0))
                }
            }
            """)
        guard case .array(let views)? = json["root"]?["vstack"] else { return XCTFail("no vstack") }
        XCTAssertEqual(views[0]["transition"], .string(".asymmetric(insertion: .scale(scale: 0, anchor: .bottom), removal: .offset(x: -600, y: 0))"))
        XCTAssertEqual(views[1]["transition"], .string(".offset(x: -600, y: 0).combined(with: .scale).combined(with: .opacity)"))
    }

    func testAChoiceOfAnglesAndAnOpaqueBlur() throws {
        let (json, _) = try lowerAndDecode("""
            struct V: View {
                @State private var flipped = false
                var body: some View {
                    Rectangle()
                        .blur(radius: 2, opaque: false)
                        .rotationEffect(flipped ? .radians(.pi) : .degrees(-90))
                        .rotation3DEffect(flipped ? Angle(degrees: 180) : .zero, axis: (x: 0.0, y: 1.0, z: 0.0))
                }
            }
            """)
        XCTAssertEqual(json["root"]?["rotation3D"]?["angle"], .string("flipped ? 180 : 0"))
        XCTAssertEqual(json["root"]?["rotation"], .string("flipped ? (deg(pi)) : -90"))
        XCTAssertEqual(json["root"]?["blur"], .number(2))
        XCTAssertEqual(conversionError("struct V: View {\n    var body: some View { Circle().blur(radius: 2, opaque: true) }\n}\n"),
                       "Bad.swift:2:60: .blur(opaque: true) is not supported; .blur(radius:) with transparent edges (opaque: false) is")
    }

    func testAButtonTitleTakesItsForegroundColourAndASidecarCanvasKeepsTheWhiteBackground() throws {
        let (json, _) = try lowerAndDecode("""
            struct V: View {
                var body: some View {
                    VStack {
                        Button("Flips") { }.padding(8).background(.blue).foregroundColor(.white)
                        Button("Tinted") { }.foregroundColor(.white).tint(.red)
                        Button("Plain") { }.tint(.red)
                    }
                }
            }
            """)
        guard case .array(let buttons)? = json["root"]?["vstack"] else { return XCTFail("no vstack") }
        // The foreground colour is the title's (the format's tint of a borderless button), and wins over a tint.
        XCTAssertEqual(buttons[0]["tint"], .string("white"))
        XCTAssertEqual(buttons[1]["tint"], .string("white"))
        XCTAssertEqual(buttons[2]["tint"], .string("red"))
        XCTAssertEqual(json["canvas"], .object([("width", .number(200)), ("height", .number(200)), ("background", .string("white"))]))
        XCTAssertTrue(conversionError("""
            struct V: View { var body: some View { Button("Go") { }.buttonStyle(.bordered).foregroundColor(.white) } }
            """).contains(".foregroundColor on a Button(\"Title\") in the .bordered style is not supported"))
    }

    func testPreferredColorScheme() throws {
        let (json, _) = try lowerAndDecode("""
            struct V: View { var body: some View { Circle().fill(.red) } }
            #Preview { V().preferredColorScheme(.light) }
            """)
        XCTAssertEqual(json["root"], .object([("shape", .string("circle")), ("fill", .string("red"))]))
        XCTAssertEqual(conversionError("""
            struct V: View { var body: some View { Text("x") } }
            struct V_Previews: PreviewProvider {
                static var previews: some View {
                    V()
                        .preferredColorScheme(.dark)
                }
            }
            """), "Bad.swift:5:35: .preferredColorScheme(.dark) is not supported; the light appearance is: the scene format has no dark variants of SwiftUI's adaptive colours (.primary text and shapes, .red and the system colours, the white background); remove the modifier to render the light appearance, or write the dark colours explicitly")
    }

    func testTimerPublisherScheduledTimerAndTaskSleep() throws {
        let (json, scene) = try lowerAndDecode("""
            struct V: View {
                @State private var ticks = 0
                @State private var blinks = 0
                @State private var step = 0
                @State private var timer: Timer?
                let clock = Timer.publish(every: 0.25, on: .main, in: .common).autoconnect()
                var body: some View {
                    Text("\\(ticks) \\(blinks) \\(step)")
                        .onReceive(clock) { _ in ticks += 1 }
                        .onAppear {
                            timer = Timer.scheduledTimer(withTimeInterval: 0.3, repeats: true) { t in
                                blinks += 1
                                if blinks == 2 { t.invalidate() }
                            }
                        }
                        .task {
                            try? await Task.sleep(nanoseconds: 500_000_000)
                            step = 1
                            try await Task.sleep(for: .seconds(0.2))
                            withAnimation { step = 2 }
                        }
                }
            }
            """, sidecar: #"{"canvas": {"width": 200, "height": 200}, "duration": 1, "fps": 10}"#)
        XCTAssertEqual(json["root"]?["onAppear"]?.pretty(), """
            [
              {"timer": 0.25, "do": [{"set": {"ticks": "ticks + 1"}}]},
              {
                "timer": 0.3,
                "repeats": true,
                "id": "timer",
                "do": [{"set": {"blinks": "blinks + 1"}}, {"if": "blinks == 2", "then": [{"cancel": "timer"}]}]
              },
              {
                "after": 0.5,
                "do": [
                  {"set": {"step": 1}},
                  {"after": 0.2, "do": [{"withAnimation": ".default", "do": [{"set": {"step": 2}}]}]}
                ]
              }
            ]

            """)
        // Ticks at 0.25 k; blinks at 0.3 and 0.6, then cancelled; step 1 at 0.5, 2 at 0.7.
        let at = try state(scene, at: 0.95)
        XCTAssertTrue(at.contains(#""ticks": 3"#), at)
        XCTAssertTrue(at.contains(#""blinks": 2"#), at)
        XCTAssertTrue(at.contains(#""step": 2"#), at)
        XCTAssertTrue(try state(scene, at: 0.6).contains(#""step": 1"#))
    }

    func testTaskInAnActionRunsAfterTheClosure() throws {
        let (json, _) = try lowerAndDecode("""
            struct V: View {
                @State private var n = 0
                var body: some View {
                    Circle().onAppear {
                        Task { try await Task.sleep(for: .milliseconds(300)); n = 1 }
                    }
                }
            }
            """)
        XCTAssertEqual(json["root"]?["onAppear"], .array([.object([("after", .number(0)), ("do", .array([
            .object([("after", .number(0.3)), ("do", .array([.object([("set", .object([("n", .number(1))]))])]))]),
        ]))])]))
    }

    func testTimerAndTaskRefusals() {
        XCTAssertEqual(conversionError("struct V: View {\n    @State var n = 0\n    var body: some View { Circle().task { try? await Task.sleep(for: .minutes(1)); n = 1 } }\n}\n"),
                       "Bad.swift:3:70: the duration '.minutes(1)' is not supported; .seconds(x) and .milliseconds(x) are")
        XCTAssertTrue(conversionError("struct V: View {\n    @State var n = 0\n    var body: some View { Circle().onReceive(feed) { _ in n = 1 } }\n}\n")
            .hasPrefix("Bad.swift:3:46: the publisher 'feed' is not supported; Timer.publish(every:on:in:).autoconnect(), in place or in a property of the view, is"))
        XCTAssertTrue(conversionError("struct V: View {\n    @State var n = 0\n    var body: some View { Circle().onAppear { other.invalidate() } }\n}\n")
            .hasPrefix("Bad.swift:3:47: 'other.invalidate()' is not supported; invalidate() on a Timer? property"))
    }

    func testUnsupportedImplicitMemberNamesWhatThePositionReads() {
        XCTAssertEqual(conversionError("struct V: View {\n    var body: some View { Circle().foregroundColor(.tinted(1)) }\n}\n"),
                       "Bad.swift:2:52: '.tinted(...)' here is not supported; a colour is read here (.red, Color(red:green:blue:), Color(.systemGray6), c.opacity(x))")
        XCTAssertEqual(conversionError("struct V: View {\n    var body: some View { Circle().fill(.shade(1)) }\n}\n"),
                       "Bad.swift:2:41: '.shade(...)' here is not supported; a paint is read here: a colour (.red, Color(red:green:blue:)) or a gradient (LinearGradient(...), .linearGradient(colors:startPoint:endPoint:), .radialGradient(...), .angularGradient(...))")
        XCTAssertTrue(conversionError("struct V: View {\n    var body: some View { Circle().opacity(.half(1)) }\n}\n")
            .hasSuffix("'.half(...)' here is not supported; a number, boolean, string or colour value is read here (.degrees(x) and .radians(x) where an angle is)"))
    }

    func testDecoderErrorsPointAtTheSwiftLine() throws {
        let source = """
            struct V: View {
                var body: some View {
                    VStack {
                        Text("a")
                        Circle()
                            .blendMode(.sparkle)
                    }
                }
            }
            """
        let (json, map) = try SwiftSource.convertMapped(source: source, file: "Bad.swift", sidecar: testSidecar)
        do {
            _ = try SceneFile.load(json: json.pretty(), file: "Bad.swift (converted)")
            XCTFail("the scene loaded")
        } catch let error as SceneError {
            let moved = map.translate(error)
            // The circle's view starts on line 5, column 13; the JSON path stays in the message.
            XCTAssertEqual(moved.file, "Bad.swift")
            XCTAssertEqual(moved.location, SourceLocation(line: 5, column: 13))
            XCTAssertTrue(moved.description.hasPrefix("Bad.swift:5:13: root.vstack[1].blendMode: "), moved.description)
        }
    }
}
