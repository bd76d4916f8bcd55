/// SwiftUI view -> the scene keys naming the kind of view the front end writes for it (`Lowerer.baseView`,
/// `viewNode`; the gradients are `gradientKinds`). A view that becomes more than one kind lists each (`Image("a")` is an
/// `image`, `Image(systemName:)` a `systemImage`).
///
/// `FrontEndRegistryTests` converts a use of every entry and checks that the key written is the entry's and
/// that it is a view kind of `ViewKindRegistry` (or a stack's `forEach`), so that renaming a kind in the
/// registry fails that test rather than a conversion.
let swiftUIViewKinds: [String: [String]] = [
    "ZStack": ["zstack"],
    "VStack": ["vstack"],
    "HStack": ["hstack"],
    "Group": ["group"],
    "ScrollView": ["scrollView"],
    // A z-stack filling its proposal, with the geometry's names as lets.
    "GeometryReader": ["zstack"],
    "TimelineView": ["timelineView"],
    "Canvas": ["canvas"],
    "ForEach": ["forEach"],
    "Circle": ["shape"],
    "Rectangle": ["shape"],
    "RoundedRectangle": ["shape"],
    "Capsule": ["shape"],
    "Ellipse": ["shape"],
    "Path": ["path"],
    "Text": ["text"],
    "Image": ["image", "systemImage"],
    "Spacer": ["spacer"],
    // A thin filled rectangle.
    "Divider": ["shape"],
    // A filled rectangle.
    "Color": ["shape"],
    "Button": ["button"],
    "Toggle": ["toggle"],
    "Slider": ["slider"],
    "Stepper": ["stepper"],
    "ProgressView": ["progressView"],
    "TextField": ["textField"],
    "Picker": ["picker"],
]
