import Flipbook
import SwiftSource
import XCTest

/// What each SwiftUI construct lowers to, checked on the emitted JSON and decoded by the scene decoder.
final class LoweringTests: XCTestCase {
    func testStateParametersAndStacks() throws {
        let (json, scene) = try lowerAndDecode("""
            import SwiftUI
            struct Card: View {
                @State private var angle = 0.0
                @State private var on = false
                @State private var title = "Hi"
                @State private var tint: Color = .red
                var size: CGFloat = 80
                var body: some View {
                    VStack(alignment: .leading, spacing: 4) {
                        Text("\\(title) \\(Int(angle))°")
                        RoundedRectangle(cornerRadius: 12)
                            .fill(tint)
                            .frame(width: size, height: size / 2)
                        Spacer(minLength: 8)
                    }
                }
            }
            #Preview { Card(size: 60) }
            """)
        XCTAssertEqual(json["state"], .object([("angle", .number(0)), ("on", .bool(false)), ("title", .string("Hi")),
                                               ("tint", .string("#FF3B30")), ("size", .number(60))]))
        XCTAssertEqual(json["root"]?.pretty(), """
            {
              "vstack": [
                {"text": "${title} ${int(angle)}°"},
                {
                  "shape": "roundedRectangle",
                  "cornerRadius": 12,
                  "fill": "tint",
                  "frame": {"width": "size", "height": "size / 2"}
                },
                {"spacer": {}, "minLength": 8}
              ],
              "alignment": "leading",
              "spacing": 4
            }

            """)
        XCTAssertEqual(scene.name, "Test")
    }

    func testModifiersInTheFixedOrderAreKeysAndOthersAModifiersList() throws {
        let (json, _) = try lowerAndDecode("""
            struct V: View {
                @State var x = 0.0
                var body: some View {
                    Circle()
                        .frame(width: 8, height: 8)
                        .offset(y: -40)
                        .rotationEffect(.degrees(x * 45))
                        .padding(4)
                        .background(.yellow)
                        .opacity(0.5)
                }
            }
            """)
        XCTAssertEqual(json["root"], .object([
            ("shape", .string("circle")), ("frame", .object([("width", .number(8)), ("height", .number(8))])),
            ("offset", .object([("y", .number(-40))])),
            ("modifiers", .array([.object([("rotation", .string("x * 45"))]), .object([("padding", .number(4))]),
                                  .object([("background", .string("yellow"))]), .object([("opacity", .number(0.5))])])),
        ]))
    }

    func testEnvironmentAfterBackgroundAndModifierOutsideListWrap() throws {
        let (json, _) = try lowerAndDecode("""
            struct V: View {
                var body: some View {
                    Text("a")
                        .foregroundColor(.white)
                        .padding()
                        .background(Capsule().fill(.blue))
                        .saturation(0.5)
                        .offset(x: 3)
                        .grayscale(1)
                }
            }
            """)
        // The background comes after the foreground colour, so it is outside it: a wrapper; the grayscale after
        // the offset is an entry of the wrapper's modifiers, after the offset's.
        let root = try XCTUnwrap(json["root"])
        XCTAssertEqual(root["saturation"], .number(0.5))
        XCTAssertTrue(root.pretty().contains(#""modifiers": [{"offset": {"x": 3}}, {"grayscale": 1}]"#), root.pretty())
        XCTAssertNotNil(root["zstack"])
        XCTAssertTrue(root.pretty().contains(#""foregroundColor": "white""#))
    }

    func testActionsOfTapButtonAndAppear() throws {
        let (json, scene) = try lowerAndDecode("""
            struct V: View {
                @State private var count = 0
                @State private var on = false
                @State private var scale: CGFloat = 1
                var body: some View {
                    VStack {
                        Circle()
                            .scaleEffect(scale)
                            .accessibilityIdentifier("dot")
                            .onTapGesture {
                                withAnimation(.easeInOut(duration: 0.3)) {
                                    on.toggle()
                                    count += 2
                                }
                                DispatchQueue.main.asyncAfter(deadline: .now() + 0.5) {
                                    withAnimation(.spring(response: 0.4, dampingFraction: 0.6)) { scale = on ? 1.5 : 1 }
                                }
                            }
                        Button("Reset") { if count > 3 { count = 0 } else { count -= 1 } }
                            .accessibilityIdentifier("reset")
                        Button(action: { count *= 2 }) { Text("Double") }
                            .accessibilityIdentifier("double")
                    }
                    .onAppear { count = 1 }
                }
            }
            """, sidecar: #"{"canvas": {"width": 200, "height": 200}, "duration": 2, "script": [{"at": 0.1, "tap": "dot"}]}"#,
            options: SwiftSourceOptions(taps: [("reset", 1), ("double", 1.5)]))
        let root = try XCTUnwrap(json["root"])
        XCTAssertEqual(root["onAppear"], .array([.object([("set", .object([("count", .number(1))]))])]))
        guard case .array(let children)? = root["vstack"] else { return XCTFail("no vstack") }
        XCTAssertEqual(children[0].pretty(), """
            {
              "id": "dot",
              "shape": "circle",
              "scale": "scale",
              "onTap": [
                {
                  "withAnimation": ".easeInOut(duration: 0.3)",
                  "do": [{"set": {"on": "!on", "count": "count + 2"}}]
                },
                {
                  "after": 0.5,
                  "do": [
                    {
                      "withAnimation": ".spring(response: 0.4, dampingFraction: 0.6)",
                      "do": [{"set": {"scale": "on ? 1.5 : 1"}}]
                    }
                  ]
                }
              ]
            }

            """)
        XCTAssertEqual(children[1]["button"], .string("Reset"))
        XCTAssertEqual(children[1]["onTap"], .array([.object([
            ("if", .string("count > 3")), ("then", .array([.object([("set", .object([("count", .number(0))]))])])),
            ("else", .array([.object([("set", .object([("count", .string("count - 1"))]))])])),
        ])]))
        XCTAssertEqual(children[2]["foregroundColor"], .string("blue"))
        XCTAssertEqual(json["script"]?.pretty(), #"[{"at": 0.1, "tap": "dot"}, {"at": 1, "tap": "reset"}, {"at": 1.5, "tap": "double"}]"# + "\n")
        // onAppear sets 1; the tap adds 2; reset at 1 s: 3 > 3 is false, so 2; double at 1.5 s: 4.
        let player = try Player(scene: scene)
        XCTAssertTrue(try Inspector.json(player, times: [0.2]).contains(#""count": 3"#))
        XCTAssertTrue(try Inspector.json(player, times: [1.2]).contains(#""count": 2"#))
        XCTAssertTrue(try Inspector.json(player, times: [1.9]).contains(#""count": 4"#))
    }

    func testExpressions() throws {
        let (json, _) = try lowerAndDecode("""
            struct V: View {
                @State private var t = 0.5
                @State private var name = "x"
                var body: some View {
                    Rectangle()
                        .fill(Color(red: t, green: 0.2, blue: 1).opacity(0.5))
                        .frame(width: CGFloat(100) * (t + 1), height: max(10, min(t, 2)))
                        .rotationEffect(.radians(.pi / 4 * t))
                        .offset(x: -t, y: sin(Double.pi * t))
                        .opacity(t > 0.3 && !(t == 1) || false ? 1 : 0.25)
                        .overlay(Text("n=\\(name.count) $5 'q'"))
                }
            }
            """)
        let root = try XCTUnwrap(json["root"])
        XCTAssertEqual(root["fill"], .string("opacity(rgb(t, 0.2, 1), 0.5)"))
        XCTAssertEqual(root["frame"], .object([("width", .string("100 * (t + 1)")), ("height", .string("max(10, min(t, 2))"))]))
        XCTAssertEqual(root["rotation"], .string("deg(pi / 4 * t)"))
        XCTAssertEqual(root["offset"], .object([("x", .string("-t")), ("y", .string("sin(pi * t)"))]))
        XCTAssertEqual(root["opacity"], .string("t > 0.3 && !(t == 1) || false ? 1 : 0.25"))
        XCTAssertEqual(root["modifiers"], .array([.object([("overlay", .object([("text", .string("n=${name.count} \\$5 'q'"))]))])]))
    }

    func testComponentsWithParametersStateAndSlots() throws {
        let (json, scene) = try lowerAndDecode("""
            struct Root: View {
                @State private var total = 0
                var body: some View {
                    HStack {
                        Pill(label: "A") { total += 1 }.accessibilityIdentifier("a")
                        Pill(label: "B", step: 2)
                    }
                }
            }
            struct Pill: View {
                let label: String
                var step = 1
                var action: () -> Void = {}
                @State private var taps = 0
                var body: some View {
                    Text("\\(label)\\(taps)")
                        .onTapGesture {
                            taps += step
                            action()
                        }
                }
            }
            #Preview { Root() }
            """)
        XCTAssertEqual(json["components"]?["Pill"]?["params"], .object([("label", .null), ("step", .number(1))]))
        XCTAssertEqual(json["components"]?["Pill"]?["state"], .object([("taps", .number(0))]))
        XCTAssertEqual(json["components"]?["Pill"]?["actions"], .object([("action", .array([]))]))
        guard case .array(let pills)? = json["root"]?["hstack"] else { return XCTFail() }
        XCTAssertEqual(pills[0]["id"], .string("a"))
        // A component with state needs an id: one is made up when the view has no accessibilityIdentifier.
        XCTAssertEqual(pills[1]["id"], .string("pill2"))
        XCTAssertEqual(pills[1]["args"], .object([("label", .string("'B'")), ("step", .number(2))]))
        XCTAssertEqual(scene.name, "Test")
    }

    func testIfElseAndForEach() throws {
        let (json, _) = try lowerAndDecode("""
            struct V: View {
                @State private var on = false
                var body: some View {
                    ZStack {
                        if on {
                            Circle().transition(.scale)
                        } else {
                            Rectangle()
                        }
                        ForEach(0..<8) { i in
                            Circle().frame(width: 8, height: 8).offset(y: -40).rotationEffect(.degrees(Double(i) * 45))
                        }
                    }
                    .animation(.easeInOut, value: on)
                }
            }
            """)
        let root = try XCTUnwrap(json["root"])
        guard case .array(let children)? = root["zstack"] else { return XCTFail() }
        XCTAssertEqual(children[0], .object([("if", .string("on")), ("shape", .string("circle")), ("transition", .string(".scale"))]))
        XCTAssertEqual(children[1], .object([("if", .string("!(on)")), ("shape", .string("rectangle"))]))
        XCTAssertEqual(children[2]["forEach"], .string("0..<8"))
        XCTAssertEqual(children[2]["content"]?["modifiers"], .array([.object([("rotation", .string("i * 45"))])]))
        XCTAssertEqual(root["animation"], .object([("curve", .string(".easeInOut")), ("value", .string("on"))]))
    }

    func testCustomShapeBecomesAPathComponent() throws {
        let (json, _) = try lowerAndDecode("""
            struct Wave: Shape {
                var phase: Double
                var animatableData: Double {
                    get { phase }
                    set { phase = newValue }
                }
                func path(in rect: CGRect) -> Path {
                    var path = Path()
                    let amplitude = rect.height / 4
                    path.move(to: CGPoint(x: 0, y: rect.midY))
                    for x in stride(from: 0, through: rect.width, by: 2) {
                        path.addLine(to: CGPoint(x: x, y: rect.midY + amplitude * sin(x / 20 + phase)))
                    }
                    path.addLine(to: CGPoint(x: rect.maxX, y: rect.maxY))
                    path.addQuadCurve(to: CGPoint(x: 0, y: rect.maxY), control: CGPoint(x: rect.midX, y: rect.maxY + 10))
                    path.addArc(center: CGPoint(x: 0, y: 0), radius: 4, startAngle: .degrees(0), endAngle: .degrees(90), clockwise: false)
                    path.closeSubpath()
                    return path
                }
            }
            struct V: View {
                @State private var phase = 0.0
                var body: some View {
                    VStack {
                        Wave(phase: phase).fill(.blue)
                        Wave(phase: phase).stroke(.red, lineWidth: 3)
                    }
                }
            }
            #Preview { V() }
            """)
        let wave = try XCTUnwrap(json["components"]?["Wave"])
        XCTAssertEqual(wave["animatable"], .array([.string("phase")]))
        XCTAssertEqual(wave["body"]?.pretty(), """
            {
              "path": [
                ["move", 0, "(h / 2)"],
                ["plot", 0, "w", 2, "(h / 2) + amplitude * sin(x / 20 + phase)"],
                ["line", "w", "h"],
                ["quad", "(w / 2)", "h + 10", 0, "h"],
                ["arc", 0, 0, 4, 0, 90, false],
                ["close"]
              ],
              "let": {"amplitude": "h / 4"}
            }

            """)
        XCTAssertEqual(json["components"]?["WaveStroke"]?["body"]?["stroke"],
                       .object([("color", .string("foreground")), ("lineWidth", .string("lineWidth"))]))
        guard case .array(let views)? = json["root"]?["vstack"] else { return XCTFail() }
        XCTAssertEqual(views[0]["foregroundColor"], .string("blue"))
        XCTAssertEqual(views[1]["use"], .string("WaveStroke"))
        XCTAssertEqual(views[1]["args"], .object([("phase", .string("phase")), ("lineWidth", .number(3))]))
    }

    /// The article's Wave: constants in the plot loop, written where they are read; `phase.radians` of an
    /// Angle parameter; an animatableData getter returning `phase.radians`.
    func testPlotLoopConstantsAndAngleRadians() throws {
        let (json, _) = try lowerAndDecode("""
            struct Wave: Shape {
                var waveHeight: CGFloat
                var phase: Angle
                var animatableData: Double {
                    get { phase.radians }
                    set { phase = .radians(newValue) }
                }
                func path(in rect: CGRect) -> Path {
                    var path = Path()
                    path.move(to: CGPoint(x: 0, y: rect.maxY))
                    for x in stride(from: 0, through: rect.width, by: 1) {
                        let relativeX: CGFloat = x / 50
                        let sine = CGFloat(sin(relativeX + CGFloat(phase.radians)))
                        let y = waveHeight * sine
                        path.addLine(to: CGPoint(x: x, y: y))
                    }
                    return path
                }
            }
            struct V: View {
                @State private var phase: Angle = .zero
                var body: some View {
                    Wave(waveHeight: 20, phase: phase)
                        .onAppear { withAnimation(.linear(duration: 2).repeatForever(autoreverses: false)) { phase = .degrees(360) } }
                }
            }
            #Preview { V() }
            """)
        let wave = try XCTUnwrap(json["components"]?["Wave"])
        XCTAssertEqual(wave["animatable"], .array([.string("phase")]))
        XCTAssertEqual(wave["body"]?["path"]?.pretty(), """
            [
              ["move", 0, "h"],
              ["plot", 0, "w", 1, "(waveHeight * ((sin((x / 50) + ((phase * pi / 180))))))"]
            ]

            """)
        XCTAssertTrue(conversionError("""
            struct Wave: Shape {
                func path(in rect: CGRect) -> Path {
                    var path = Path()
                    for x in stride(from: 0, through: rect.width, by: 1) {
                        var y = x
                        path.addLine(to: CGPoint(x: x, y: y))
                    }
                    return path
                }
            }
            struct V: View {
                var body: some View { Wave() }
            }
            #Preview { V() }
            """).contains("let constants before the one path.addLine"))
    }

    /// A ViewModifier struct in `.modifier(active:identity:)`, named in an AnyTransition extension: the
    /// format's modifier transition, its keys from `body(content:)`, reading the parameters by name.
    func testViewModifierTransitionFromAnAnyTransitionExtension() throws {
        let (json, _) = try lowerAndDecode("""
            struct Reveal: AnimatableModifier {
                var pct: CGFloat
                var animatableData: CGFloat {
                    get { pct }
                    set { pct = newValue }
                }
                func body(content: Content) -> some View {
                    content.mask(Rectangle().frame(height: 100 * pct))
                }
            }
            extension AnyTransition {
                static let reveal = AnyTransition.asymmetric(insertion: .modifier(active: Reveal(pct: 0), identity: Reveal(pct: 1)),
                                                             removal: .scale(scale: 1.1))
            }
            struct V: View {
                @State private var on = false
                var body: some View {
                    ZStack {
                        if on { Color.red.transition(.reveal) }
                    }
                    .onTapGesture { withAnimation { on.toggle() } }
                    .edgesIgnoringSafeArea(.all)
                }
            }
            #Preview { V() }
            """)
        guard case .array(let views)? = json["root"]?["zstack"] else { return XCTFail() }
        XCTAssertEqual(views[0]["transition"]?.pretty(), """
            {
              "insertion": {
                "modifier": {"mask": {"shape": "rectangle", "frame": {"height": "100 * pct"}}},
                "active": {"pct": 0},
                "identity": {"pct": 1}
              },
              "removal": ".scale(scale: 1.1)"
            }

            """)
        XCTAssertNil(json["components"]?["Reveal"])
        XCTAssertTrue(conversionError("""
            struct Reveal: ViewModifier {
                var pct: CGFloat
                func body(content: Content) -> some View { content.opacity(pct) }
            }
            struct V: View {
                var body: some View { Reveal(pct: 1) }
            }
            #Preview { V() }
            """).contains("a ViewModifier struct in a transition's .modifier(active:identity:) is"))
    }

    /// `geo.frame(in: .global).minY` in a GeometryReader reads the reader's `let` `geoMinY`, its position
    /// on the canvas; `ScrollView(.vertical, showsIndicators: false)` is the format's scroll view.
    func testGeometryReaderGlobalFrameAndScrollViewIndicators() throws {
        let (json, _) = try lowerAndDecode("""
            struct V: View {
                var body: some View {
                    ScrollView(.vertical, showsIndicators: false) {
                        VStack(spacing: 0) {
                            GeometryReader { geo in
                                Rectangle().opacity(Double(geo.frame(in: .global).minY) / 100)
                            }.frame(height: 70)
                        }
                    }
                }
            }
            #Preview { V() }
            """)
        guard case .array(let views)? = json["root"]?["scrollView"] else { return XCTFail() }
        XCTAssertEqual(views[0]["let"], .object([("geoWidth", .string("w")), ("geoHeight", .string("h")),
                                                 ("geoMinX", .string("minX")), ("geoMinY", .string("minY"))]))
        guard case .array(let inside)? = views[0]["zstack"] else { return XCTFail() }
        XCTAssertEqual(inside[0]["opacity"], .string("(geoMinY) / 100"))
        XCTAssertTrue(conversionError("""
            struct V: View {
                var body: some View {
                    GeometryReader { geo in Rectangle().opacity(geo.frame(in: .local).minY) }
                }
            }
            #Preview { V() }
            """).contains("geo.frame(in: .global).minX and .minY are"))
        XCTAssertTrue(conversionError("""
            struct V: View {
                var body: some View {
                    ScrollView(.vertical, showsIndicators: true) { VStack { Text("a") } }
                }
            }
            #Preview { V() }
            """).contains("showsIndicators: false, or left out"))
    }

    func testSidecarAndFlags() throws {
        let source = "struct V: View { @State var n = 0; var body: some View { Circle().onTapGesture { n += 1 }.accessibilityIdentifier(\"c\") } }"
        let (json, scene) = try lowerAndDecode(source, sidecar: ##"{"name": "dot", "canvas": {"width": 90, "height": 60, "background": "#141414"}, "fps": 25, "duration": 3}"##,
                                               options: SwiftSourceOptions(duration: 1.5, taps: [("c", 0.5)], canvas: (120, 80)))
        XCTAssertEqual(json["canvas"], .object([("width", .number(120)), ("height", .number(80)), ("background", .string("#141414"))]))
        XCTAssertEqual(scene.duration, 1.5)
        XCTAssertEqual(scene.fps, 25)
        XCTAssertEqual(scene.name, "dot")
        // Without a sidecar: a 300 x 300 white canvas for 2 s.
        let bare = try SwiftSource.convert(source: source, file: "Dot.swift")
        XCTAssertEqual(bare["duration"], .number(2))
        XCTAssertEqual(bare["name"], .string("Dot"))
    }

    func testColourViewsPaddingsFormatsAndMethods() throws {
        let (json, scene) = try lowerAndDecode("""
            struct V: View {
                @State private var progress = 0.25
                var body: some View {
                    ZStack {
                        Color.black.opacity(0.05).ignoresSafeArea()
                        Text("\\(progress * 100, specifier: "%.0f") %")
                            .padding(.horizontal, 12)
                            .padding(.vertical, 6)
                            .background(Color.yellow)
                            .accessibilityIdentifier("label")
                            .onTapGesture(perform: grow)
                    }
                }
                private func grow() {
                    withAnimation { progress += 0.25 }
                }
            }
            """)
        guard case .array(let children)? = json["root"]?["zstack"] else { return XCTFail() }
        XCTAssertEqual(children[0], .object([("shape", .string("rectangle")), ("fill", .string("opacity(black, 0.05)")),
                                             ("ignoresSafeArea", .bool(true))]))
        XCTAssertEqual(children[1], .object([
            ("id", .string("label")), ("text", .string("${format(progress * 100, 0)} %")),
            ("padding", .object([("horizontal", .number(12)), ("vertical", .number(6))])), ("background", .string("yellow")),
            ("onTap", .array([.object([("withAnimation", .string(".default")),
                                       ("do", .array([.object([("set", .object([("progress", .string("progress + 0.25"))]))])]))])])),
        ]))
        XCTAssertNotNil(scene)
    }

    func testGeometryReaderNamesItsSize() throws {
        let (json, _) = try lowerAndDecode("""
            struct V: View {
                var body: some View {
                    GeometryReader { geometry in
                        Circle().frame(width: geometry.size.width / 2, height: geometry.size.height / 4)
                    }
                    .frame(width: 100, height: 80)
                }
            }
            """)
        let root = try XCTUnwrap(json["root"])
        XCTAssertEqual(root["let"], .object([("geometryWidth", .string("w")), ("geometryHeight", .string("h"))]))
        XCTAssertEqual(root["zstack"], .array([.object([("shape", .string("circle")),
            ("frame", .object([("width", .string("geometryWidth / 2")), ("height", .string("geometryHeight / 4"))]))])]))
        XCTAssertEqual(root["modifiers"], .array([.object([("frame", .object([("width", .number(100)), ("height", .number(80))]))])]))
    }

    func testSystemControlsAndDivider() throws {
        let (json, _) = try lowerAndDecode("""
            struct V: View {
                @State private var on = false
                @State private var level = 0.5
                @State private var count = 2.0
                var body: some View {
                    VStack {
                        Toggle("Wi-Fi", isOn: $on).tint(.orange)
                        Divider()
                        HStack { Slider(value: $level, in: 0...1, step: 0.1); Divider() }
                        Stepper("Count \\(Int(count))", value: $count, in: 0...10)
                        ProgressView(value: level, total: 1)
                    }
                }
            }
            """)
        guard case .array(let views)? = json["root"]?["vstack"] else { return XCTFail() }
        XCTAssertEqual(views[0], .object([("toggle", .string("on")), ("label", .string("Wi-Fi")), ("tint", .string("orange"))]))
        XCTAssertEqual(views[1]["frame"], .object([("height", .number(0.5))]))
        XCTAssertEqual(views[2]["hstack"], .array([
            .object([("slider", .string("level")), ("in", .array([.number(0), .number(1)])), ("step", .number(0.1))]),
            .object([("shape", .string("rectangle")), ("fill", .string("rgba(0.24, 0.24, 0.26, 0.29)")), ("frame", .object([("width", .number(0.5))]))]),
        ]))
        XCTAssertEqual(views[3], .object([("stepper", .string("count")), ("in", .array([.number(0), .number(10)])), ("label", .string("Count ${int(count)}"))]))
        XCTAssertEqual(views[4], .object([("progressView", .string("level")), ("total", .number(1))]))
        XCTAssertTrue(conversionError("struct V: View {\n    var n = 1.0\n    var body: some View { Slider(value: $n) }\n}\n")
            .hasPrefix("Bad.swift:3:41: 'n' is not a @State variable of this view"))
    }

    func testGradients() throws {
        let (json, _) = try lowerAndDecode("""
            struct V: View {
                @State private var phase = 0.0
                var body: some View {
                    ZStack {
                        Circle().stroke(AngularGradient(colors: [.blue, .red], center: .center, startAngle: .degrees(0), endAngle: .degrees(270)), lineWidth: 12)
                        Rectangle().fill(LinearGradient(gradient: Gradient(stops: [.init(color: .red, location: 0), .init(color: .blue, location: phase)]),
                                                        startPoint: .top, endPoint: UnitPoint(x: 0.5, y: 1)))
                        RadialGradient(colors: [.white, .black], center: .center, startRadius: 0, endRadius: 50)
                    }
                }
            }
            """)
        guard case .array(let views)? = json["root"]?["zstack"] else { return XCTFail() }
        XCTAssertEqual(views[0]["stroke"], .object([
            ("color", .object([("angularGradient", .object([("colors", .array([.string("blue"), .string("red")])),
                ("center", .string("center")), ("startAngle", .number(0)), ("endAngle", .number(270))]))])),
            ("lineWidth", .number(12)),
        ]))
        XCTAssertEqual(views[1]["fill"]?["linearGradient"]?["stops"], .array([
            .object([("color", .string("red")), ("location", .number(0))]), .object([("color", .string("blue")), ("location", .string("phase"))]),
        ]))
        XCTAssertEqual(views[1]["fill"]?["linearGradient"]?["endPoint"], .array([.number(0.5), .number(1)]))
        XCTAssertEqual(views[2], .object([("radialGradient", .object([("colors", .array([.string("white"), .string("black")])),
            ("center", .string("center")), ("startRadius", .number(0)), ("endRadius", .number(50))]))]))
    }

    func testScrollViewTextFieldImageAndSystemColours() throws {
        let (json, _) = try lowerAndDecode("""
            struct Feed: View {
                @State private var email = ""
                var body: some View {
                    VStack {
                        TextField("Email", text: $email).textFieldStyle(.roundedBorder)
                        ScrollView {
                            VStack(alignment: .leading, spacing: 12) {
                                ForEach(0..<10) { i in Text("Row \\(i)").frame(height: 40) }
                            }
                        }
                        .accessibilityIdentifier("scroll")
                        Capsule().fill(Color(.systemGray6)).overlay(Text("x").foregroundColor(Color(uiColor: .secondaryLabel)))
                    }
                }
            }
            """)
        guard case .array(let views)? = json["root"]?["vstack"] else { return XCTFail() }
        XCTAssertEqual(views[0], .object([("textField", .string("email")), ("prompt", .string("Email")), ("textFieldStyle", .string("roundedBorder"))]))
        XCTAssertEqual(views[1]["id"], .string("scroll"))
        XCTAssertEqual(views[1]["alignment"], .string("leading"))
        XCTAssertEqual(views[1]["spacing"], .number(12))
        XCTAssertEqual(views[1]["scrollView"]?.pretty(), #"[{"forEach": "0..<10", "as": "i", "content": {"text": "Row ${i}", "frame": {"height": 40}}}]"# + "\n")
        XCTAssertEqual(views[2]["fill"], .string("hex('#F2F2F7')"))
        XCTAssertEqual(views[2]["overlay"]?["foregroundColor"], .string("rgba(60 / 255, 60 / 255, 67 / 255, 0.6)"))
        // Image("name") is a PNG beside the Swift file.
        let image = try SwiftSource.convert(source: "struct V: View { var body: some View { Image(\"avatar\").resizable().scaledToFill() } }")
        XCTAssertEqual(image["root"], .object([("image", .string("avatar.png")), ("resizable", .bool(true)), ("contentMode", .string("fill"))]))
        XCTAssertTrue(conversionError("struct V: View { var body: some View { Circle().fill(Color(.systemWhatever)) } }")
            .hasPrefix("Bad.swift:1:60: the UIKit colour .systemWhatever is not supported; "))
    }

    func testTextRuns() throws {
        let (json, _) = try lowerAndDecode("""
            struct Price: View {
                @State private var amount = 1682.55
                var body: some View {
                    (Text("$").font(.system(size: 30, weight: .bold)).baselineOffset(14)
                        + Text("\\(amount, specifier: "%.2f")").bold()
                        + Text(" more").foregroundColor(.blue))
                        .lineLimit(1)
                }
            }
            """)
        XCTAssertEqual(json["root"], .object([
            ("text", .array([
                .object([("text", .string("\\$")), ("font", .object([("size", .number(30)), ("weight", .string("bold"))])), ("baselineOffset", .number(14))]),
                .object([("text", .string("${format(amount, 2)}")), ("font", .object([("weight", .string("bold"))]))]),
                .object([("text", .string(" more")), ("foregroundColor", .string("blue"))]),
            ])),
            ("lineLimit", .number(1)),
        ]))
        XCTAssertTrue(conversionError("struct V: View { var body: some View { Text(\"a\") + Text(\"b\").padding() } }")
            .hasPrefix("Bad.swift:1:52: .padding on a run of a sum of texts is not supported; "))
    }

    func testNamespaceAndMatchedGeometryEffect() throws {
        let (json, _) = try lowerAndDecode("""
            struct TabBar: View {
                @State private var selected = 0
                @Namespace private var ns
                var body: some View {
                    HStack(spacing: 32) {
                        ForEach(0..<3) { index in
                            Text("Tab \\(index)")
                                .overlay(alignment: .bottom) {
                                    if selected == index {
                                        Capsule().frame(height: 3).matchedGeometryEffect(id: "underline", in: ns)
                                    }
                                }
                        }
                    }
                }
            }
            """)
        XCTAssertEqual(json["state"], .object([("selected", .number(0))]))
        let underline = json["root"]?["hstack"].flatMap { if case .array(let items) = $0 { return items.first } else { return nil } }?["content"]?["overlay"]?["content"]
        XCTAssertEqual(underline?["matchedGeometryEffect"], .object([("id", .string("'underline'")), ("in", .string("ns"))]))
        XCTAssertEqual(underline?["if"], .string("selected == index"))
    }

    func testDispatchWorkItemIsADebouncedAfter() throws {
        let (json, scene) = try lowerAndDecode("""
            struct Debounce: View {
                @State private var labelOpacity = 1.0
                @State private var restoreWorkItem: DispatchWorkItem?
                var body: some View {
                    Text("10")
                        .opacity(labelOpacity)
                        .accessibilityIdentifier("label")
                        .onTapGesture {
                            labelOpacity = 0
                            restoreWorkItem?.cancel()
                            let item = DispatchWorkItem {
                                withAnimation(.easeInOut(duration: 0.15)) { labelOpacity = 1 }
                            }
                            restoreWorkItem = item
                            DispatchQueue.main.asyncAfter(deadline: .now() + 0.8, execute: item)
                        }
                }
            }
            """, sidecar: #"{"canvas": {"width": 100, "height": 100}, "duration": 2, "script": [{"at": 0.2, "tap": "label"}, {"at": 0.5, "tap": "label"}]}"#)
        XCTAssertEqual(json["state"], .object([("labelOpacity", .number(1))]))
        XCTAssertEqual(json["root"]?["onTap"], .array([
            .object([("set", .object([("labelOpacity", .number(0))]))]),
            .object([("cancel", .string("restoreWorkItem"))]),
            .object([("after", .number(0.8)), ("id", .string("restoreWorkItem")), ("do", .array([.object([
                ("withAnimation", .string(".easeInOut(duration: 0.15)")), ("do", .array([.object([("set", .object([("labelOpacity", .number(1))]))])])),
            ])]))]),
        ]))
        // The second tap replaces the first's pending restore: the label comes back 0.8 s after it, not before.
        let player = try Player(scene: scene)
        XCTAssertTrue(try Inspector.json(player, times: [1.1]).contains(#""labelOpacity": 0"#))
        XCTAssertTrue(try Inspector.json(player, times: [1.35]).contains(#""labelOpacity": 1"#))
    }

    func testDragGestureAndLocalConstants() throws {
        let (json, scene) = try lowerAndDecode("""
            struct Knob: View {
                @State private var x = 0.0
                @State private var dragging = false
                var body: some View {
                    Circle()
                        .frame(width: 40, height: 40)
                        .offset(x: x)
                        .accessibilityIdentifier("knob")
                        .gesture(
                            DragGesture(minimumDistance: 0)
                                .onChanged { value in
                                    let dx = value.translation.width
                                    let limit = 50 + 50
                                    x = min(max(dx, -limit), limit)
                                    dragging = true
                                }
                                .onEnded { _ in
                                    withAnimation(.spring()) { x = 0; dragging = false }
                                }
                        )
                }
            }
            """, sidecar: #"{"canvas": {"width": 300, "height": 100}, "duration": 2, "fps": 20, "script": [{"at": 0.2, "drag": "knob", "points": [[20, 20], [80, 20], [150, 20]], "duration": 0.6}]}"#)
        XCTAssertEqual(json["root"]?["onDrag"], .object([
            ("minimumDistance", .number(0)),
            ("onChanged", .array([.object([("set", .object([("x", .string("min(max(translation.width, -(50 + 50)), (50 + 50))")), ("dragging", .bool(true))]))])])),
            ("onEnded", .array([.object([("withAnimation", .string(".spring()")),
                                         ("do", .array([.object([("set", .object([("x", .number(0)), ("dragging", .bool(false))]))])]))])])),
        ]))
        let player = try Player(scene: scene)
        XCTAssertTrue(try Inspector.json(player, times: [0.5]).contains(#""state": {"x": 60, "dragging": true}"#))
        XCTAssertTrue(try Inspector.json(player, times: [0.79]).contains(#""state": {"x": 100, "dragging": true}"#))
        XCTAssertTrue(try Inspector.json(player, times: [1.5]).contains(#""state": {"x": 0, "dragging": false}"#))
    }

    func testSwitchInAViewBuilder() throws {
        let (json, _) = try lowerAndDecode("""
            struct Tabs: View {
                @State private var tab = 0
                var body: some View {
                    VStack {
                        switch tab {
                        case 0: Circle()
                        case 1, 2: Rectangle()
                        default: Capsule()
                        }
                    }
                }
            }
            """)
        XCTAssertEqual(json["root"]?["vstack"], .array([
            .object([("if", .string("tab == 0")), ("shape", .string("circle"))]),
            .object([("if", .string("tab == 1 || tab == 2")), ("shape", .string("rectangle"))]),
            .object([("if", .string("!(tab == 0 || (tab == 1 || tab == 2))")), ("shape", .string("capsule"))]),
        ]))
    }

    func testFocusStateFocusedAndIsEmpty() throws {
        let (json, _) = try lowerAndDecode("""
            struct Login: View {
                @State private var email = ""
                @FocusState private var editing: Bool
                var body: some View {
                    VStack {
                        TextField("Email", text: $email).textFieldStyle(.roundedBorder).focused($editing)
                            .accessibilityIdentifier("field")
                        Button("Sign In") { editing = false }.disabled(email.isEmpty)
                    }
                }
            }
            """)
        XCTAssertEqual(json["state"], .object([("email", .string("")), ("editing", .bool(false))]))
        XCTAssertEqual(json["root"]?.pretty(), """
            {
              "vstack": [
                {
                  "id": "field",
                  "textField": "email",
                  "prompt": "Email",
                  "textFieldStyle": "roundedBorder",
                  "focused": "editing",
                  "onTap": [{"set": {"editing": true}}]
                },
                {
                  "id": "tap1",
                  "button": "Sign In",
                  "disabled": "(email.count == 0)",
                  "onTap": [{"set": {"editing": false}}]
                }
              ]
            }

            """)
        XCTAssertTrue(conversionError("""
            struct V: View {
                @FocusState private var field: Field?
                var body: some View { Text("x") }
            }
            """).contains("@FocusState var name: Bool (one field's focus) is"))
    }

    func testOnChangeOfAToggleRunsAfterItsTap() throws {
        let (json, _) = try lowerAndDecode("""
            struct Settings: View {
                @State private var wifi = false
                @State private var progress = 0.0
                var body: some View {
                    Toggle("Wi-Fi", isOn: $wifi)
                        .onChange(of: wifi) { _, on in
                            if on { withAnimation(.linear(duration: 2)) { progress = 1 } } else { progress = 0 }
                        }
                        .accessibilityIdentifier("wifi")
                }
            }
            """)
        XCTAssertEqual(json["root"]?.pretty(), """
            {
              "id": "wifi",
              "toggle": "wifi",
              "label": "Wi-Fi",
              "onTap": [
                {
                  "if": "wifi",
                  "then": [{"withAnimation": ".linear(duration: 2)", "do": [{"set": {"progress": 1}}]}],
                  "else": [{"set": {"progress": 0}}]
                }
              ]
            }

            """)
        let (old, _) = try lowerAndDecode("""
            struct V: View {
                @State private var on = false
                @State private var n = 0.0
                var body: some View {
                    Toggle("A", isOn: $on).onChange(of: on) { was, now in if was { n = 1 } }
                }
            }
            """)
        XCTAssertEqual(old["root"]?["onTap"], .array([.object([("if", .string("(!on)")), ("then", .array([.object([("set", .object([("n", .number(1))]))])]))])]))
        XCTAssertTrue(conversionError("""
            struct V: View {
                @State private var on = false
                @State private var n = 0.0
                var body: some View { Text("x").onChange(of: on) { n = 1 } }
            }
            """).contains(".onChange(of: x) on the Toggle bound to x"))
    }

    func testBindingAndNamespaceIDParametersReadTheRootsNames() throws {
        let (json, _) = try lowerAndDecode("""
            struct Tab: View {
                let index: Int
                @Binding var selected: Int
                let ns: Namespace.ID
                var body: some View {
                    Text("Tab")
                        .overlay {
                            if selected == index { Capsule().matchedGeometryEffect(id: "underline", in: ns) }
                        }
                        .onTapGesture { withAnimation { selected = index } }
                }
            }
            struct TabBar: View {
                @State private var selected = 0
                @Namespace private var ns
                var body: some View {
                    HStack {
                        Tab(index: 0, selected: $selected, ns: ns)
                        Tab(index: 1, selected: $selected, ns: ns)
                    }
                }
            }
            """)
        XCTAssertEqual(json["state"], .object([("selected", .number(0))]))
        // The body is tappable: each use gets an id, so that a script can tap it.
        XCTAssertEqual(json["root"]?["hstack"], .array([.object([("id", .string("tab1")), ("use", .string("Tab")), ("args", .object([("index", .number(0))]))]),
                                                        .object([("id", .string("tab2")), ("use", .string("Tab")), ("args", .object([("index", .number(1))]))])]))
        let tab = json["components"]?["Tab"]
        XCTAssertEqual(tab?["params"], .object([("index", .null)]))
        XCTAssertEqual(tab?["body"]?["overlay"]?["matchedGeometryEffect"], .object([("id", .string("'underline'")), ("in", .string("ns"))]))
        XCTAssertEqual(tab?["body"]?["onTap"], .array([.object([("withAnimation", .string(".default")), ("do", .array([.object([("set", .object([("selected", .string("index"))]))])]))])]))
        XCTAssertTrue(conversionError("""
            struct Tab: View {
                @Binding var selected: Int
                var body: some View { Text("x") }
            }
            struct TabBar: View {
                @State private var current = 0
                var body: some View { Tab(selected: .constant(current)) }
            }
            """).contains("$name of the root view's @State (or of the caller's @Binding) is"))
    }

    func testTimelineViewAndCanvas() throws {
        let (json, _) = try lowerAndDecode("""
            struct Spinner: View {
                @State private var start = Date()
                var body: some View {
                    TimelineView(.periodic(from: start, by: 0.5)) { timeline in
                        let time = timeline.date.timeIntervalSince(start)
                        Canvas { context, size in
                            context.translateBy(x: size.width / 2, y: size.height / 2)
                            let r = size.width / 2
                            for i in 0..<12 {
                                context.drawLayer { layer in
                                    layer.rotate(by: .degrees(Double(i) * 30 + time * 90))
                                    layer.opacity = 1 - Double(i) / 12
                                    layer.fill(Path(ellipseIn: CGRect(x: -4, y: -r, width: 8, height: 8)), with: .color(.blue))
                                }
                            }
                            context.stroke(Path { p in
                                p.move(to: CGPoint(x: 0, y: 0))
                                p.addLine(to: CGPoint(x: 0, y: -r))
                            }, with: .color(.red), style: StrokeStyle(lineWidth: 2, lineCap: .round))
                            context.draw(Text("\\(Int(time.truncatingRemainder(dividingBy: 60)))").font(.headline), at: CGPoint(x: 0, y: 20))
                        }
                        .frame(width: 100, height: 100)
                    }
                }
            }
            """)
        XCTAssertNil(json["state"], "a Date() property is the moment the view appeared, not state")
        XCTAssertEqual(json["root"]?.pretty(), """
            {
              "timelineView": ".periodic(from: 0, by: 0.5)",
              "content": {
                "canvas": [
                  {"translateBy": ["w / 2", "h / 2"]},
                  {"let": {"r": "w / 2"}},
                  {
                    "repeat": 12,
                    "as": "i",
                    "draw": [
                      {
                        "layer": [
                          {"rotate": "i * 30 + timeline.date * 90"},
                          {"opacity": "1 - i / 12"},
                          {"fill": {"ellipse": [-4, "-r", 8, 8]}, "with": "blue"}
                        ]
                      }
                    ]
                  },
                  {
                    "stroke": [["move", 0, 0], ["line", 0, "-r"]],
                    "with": "red",
                    "lineWidth": 2,
                    "lineCap": "round"
                  },
                  {"text": "${int((timeline.date % 60))}", "at": [0, 20], "font": {"style": "headline"}}
                ],
                "frame": {"width": 100, "height": 100}
              }
            }

            """)
        XCTAssertTrue(conversionError("""
            struct V: View {
                var body: some View {
                    Canvas { context, size in context.blendMode = .multiply }
                }
            }
            """).contains("in a Canvas is not supported"))
    }

    /// The deprecated `.animation(_:)` without `value:` animates any change its view sees: it watches every state
    /// variable and parameter in scope, and a tap on one of them animates the view.
    func testAnimationWithoutValueWatchesEveryNameInScope() throws {
        let (json, scene) = try lowerAndDecode("""
            import SwiftUI
            struct Dots: View {
                @State private var on = false
                @State private var count = 0
                var body: some View {
                    Circle().frame(width: 10, height: 10)
                        .scaleEffect(on ? 2 : 1)
                        .animation(.linear(duration: 1))
                        .accessibilityIdentifier("dot")
                        .onAppear { on = true }
                }
            }
            """)
        XCTAssertTrue(json.pretty().contains(#""animation": {"curve": ".linear(duration: 1)", "value": "[count, on]"}"#), json.pretty())
        // It animates: linearly from 1 to 2 over the second after the view appears.
        for t in [0.25, 0.5, 0.75] {
            let dot = try XCTUnwrap(try Player(scene: scene).views(at: t).first { $0.id == "dot" }?.view)
            XCTAssertEqual(dot.scale.x, 1 + t, accuracy: 1e-9, "t = \(t)")
        }
    }

    /// `.layoutPriority(_:)` is a trait of the whole chain, as `.zIndex` is: the stack reads it from the view.
    func testLayoutPriorityIsATrait() throws {
        let (json, _) = try lowerAndDecode("""
            import SwiftUI
            struct Row: View {
                var body: some View {
                    HStack {
                        Text("a long title").layoutPriority(1).padding(4)
                        Text("b")
                    }
                }
            }
            """)
        XCTAssertTrue(json.pretty().contains(#""layoutPriority": 1"#), json.pretty())
    }
}
