import SwiftSyntax

/// One SwiftUI view the front end reads: its name, the scene keys naming the kind of view it lowers to
/// (keys of `ViewKindRegistry`, or a stack's `forEach`), and the `Lowerer` method that lowers a call of it.
/// A view that becomes more than one kind lists each (`Image("a")` is an `image`, `Image(systemName:)` a
/// `systemImage`).
struct SwiftUIView: Sendable {
    let name: String
    let kinds: [String]
    let lower: @Sendable (Lowerer) -> (FunctionCallExprSyntax, Scope) throws(SwiftSourceError) -> ViewNode

    init(_ name: String, _ kinds: [String], _ lower: @escaping @Sendable (Lowerer) -> (FunctionCallExprSyntax, Scope) throws(SwiftSourceError) -> ViewNode) {
        self.name = name
        self.kinds = kinds
        self.lower = lower
    }
}

/// The SwiftUI views the front end reads, in the order its error lists them: adding one is a row here and
/// its lowering method. `Lowerer.baseView` finds a view's row by its name; a name without a row is one of
/// the file's View and Shape structs, or refused (with `ViewKindRegistry`'s hint where it has one).
///
/// `FrontEndRegistryTests` converts a use of every row and checks that the key written is the row's and
/// that it is a view kind of `ViewKindRegistry` (or a stack's `forEach`), so that renaming a kind in the
/// registry fails that test rather than a conversion.
let swiftUIViews: [SwiftUIView] = [
    SwiftUIView("ZStack", ["zstack"], Lowerer.zStack),
    SwiftUIView("VStack", ["vstack"], Lowerer.vStack),
    SwiftUIView("HStack", ["hstack"], Lowerer.hStack),
    SwiftUIView("Group", ["group"], Lowerer.group),
    SwiftUIView("ScrollView", ["scrollView"], Lowerer.scrollView),
    // A z-stack filling its proposal, with the geometry's names as lets.
    SwiftUIView("GeometryReader", ["zstack"], Lowerer.geometryReader),
    SwiftUIView("TimelineView", ["timelineView"], Lowerer.timelineView),
    SwiftUIView("Canvas", ["canvas"], Lowerer.canvas),
    SwiftUIView("ForEach", ["forEach"], Lowerer.forEach),
    SwiftUIView("Circle", ["shape"], Lowerer.circle),
    SwiftUIView("Rectangle", ["shape"], Lowerer.rectangle),
    SwiftUIView("RoundedRectangle", ["shape"], Lowerer.roundedRectangle),
    SwiftUIView("Capsule", ["shape"], Lowerer.capsule),
    SwiftUIView("Ellipse", ["shape"], Lowerer.ellipse),
    SwiftUIView("Path", ["path"], Lowerer.inlinePath),
    SwiftUIView("Text", ["text"], Lowerer.text),
    SwiftUIView("Image", ["image", "systemImage"], Lowerer.image),
    SwiftUIView("Spacer", ["spacer"], Lowerer.spacer),
    // A thin filled rectangle.
    SwiftUIView("Divider", ["shape"], Lowerer.divider),
    // A filled rectangle.
    SwiftUIView("Color", ["shape"], Lowerer.colour),
    SwiftUIView("LinearGradient", ["linearGradient"], Lowerer.gradientView),
    SwiftUIView("RadialGradient", ["radialGradient"], Lowerer.gradientView),
    SwiftUIView("EllipticalGradient", ["ellipticalGradient"], Lowerer.gradientView),
    SwiftUIView("AngularGradient", ["angularGradient"], Lowerer.gradientView),
    SwiftUIView("Button", ["button"], Lowerer.button),
    SwiftUIView("Toggle", ["toggle"], Lowerer.toggle),
    SwiftUIView("Slider", ["slider"], Lowerer.slider),
    SwiftUIView("Stepper", ["stepper"], Lowerer.stepper),
    SwiftUIView("ProgressView", ["progressView"], Lowerer.progressView),
    SwiftUIView("TextField", ["textField"], Lowerer.textField),
    SwiftUIView("Picker", ["picker"], Lowerer.picker),
]

/// `swiftUIViews` by name.
let swiftUIViewsByName: [String: SwiftUIView] = Dictionary(uniqueKeysWithValues: swiftUIViews.map { ($0.name, $0) })

/// What the error for a view the front end does not read lists: the table's names, the gradients as one.
let supportedViews: String = {
    var names: [String] = []
    for view in swiftUIViews {
        let name = gradientKinds[view.name] == nil ? view.name : "gradients"
        if names.last != name { names.append(name) }
    }
    return names.joined(separator: ", ") + " and the View and Shape structs of this file are"
}()
