import Foundation
import SwiftSyntax

/// A stored property of a view or shape struct.
struct Property {
    /// `binding`: `@Binding var selected: Int`, the root's `@State` of the same name, passed as `$selected`.
    /// `date`: `let start = Date()` or `@State private var start = Date()`, the moment the view appeared.
    /// `workItem`: a `DispatchWorkItem?` or `Timer?` property, the id of pending work a `cancel` drops.
    /// `timerPublisher`: `let timer = Timer.publish(every: 1, on: .main, in: .common).autoconnect()`, which
    /// `.onReceive(timer)` subscribes to.
    enum Kind { case state, parameter, slot, namespace, workItem, binding, date, timerPublisher }
    let name: String
    let kind: Kind
    /// `let x = 1`: a constant, not a memberwise initialiser parameter.
    let isConstant: Bool
    let type: TypeSyntax?
    let initializer: ExprSyntax?
    let node: Syntax
    /// A `Namespace.ID` parameter (`let ns: Namespace.ID`), rather than an `@Namespace` of its own.
    var isPassed = false
}

/// `struct X: View` or `struct X: Shape`, with what the front end reads from it.
struct ViewStruct {
    /// `modifier`: `struct M: ViewModifier` (or `AnimatableModifier`), a transition's `.modifier(active:identity:)`.
    enum Kind { case view, shape, modifier }
    let name: String
    let kind: Kind
    let node: StructDeclSyntax
    var properties: [Property] = []
    /// `var body: some View { ... }`: its statements.
    var body: CodeBlockItemListSyntax?
    /// Other `var name: some View { ... }` properties, inlined where they are used.
    var viewProperties: [String: CodeBlockItemListSyntax] = [:]
    /// A Shape's `func path(in rect: CGRect) -> Path`, and its parameter's name.
    var pathFunction: (body: CodeBlockSyntax, rect: String)?
    /// A ViewModifier's `func body(content: Content) -> some View`, and its parameter's name.
    var modifierBody: (body: CodeBlockSyntax, content: String)?
    /// A Shape's or View's `animatableData` getter: the properties it returns.
    var animatable: [String] = []
    /// Methods without parameters (`private func animateIn() { ... }`), inlined where an action calls them.
    var methods: [String: CodeBlockSyntax] = [:]

    var parameters: [Property] { properties.filter { $0.kind == .parameter } }
    var states: [Property] { properties.filter { $0.kind == .state } }
    var slots: [Property] { properties.filter { $0.kind == .slot } }
    /// `@Binding` properties and `Namespace.ID` parameters: passed at a use, not written as `args`.
    var passedThrough: [Property] { properties.filter { $0.kind == .binding || $0.isPassed } }
}

/// The declarations of one Swift file that the front end reads.
struct FileModel {
    var structs: [String: ViewStruct] = [:]
    var order: [String] = []
    /// The `#Preview { ... }` (or `PreviewProvider`) content.
    var preview: CodeBlockItemListSyntax?
    /// Plain structs of stored properties with defaults (`struct Hop { var y = 0.0 }`): a keyframe
    /// animator's value, a record in the scene.
    var valueStructs: [String: [(name: String, initial: ExprSyntax)]] = [:]
    /// `extension AnyTransition { static let waveMask = ... }`: the transitions by name.
    var transitions: [String: ExprSyntax] = [:]

    init(_ file: SourceFileSyntax, _ diagnostics: Diagnostics) throws(SwiftSourceError) {
        for item in file.statements {
            switch item.item {
            case .decl(let decl):
                try read(decl: decl, diagnostics)
            case .expr(let expr):
                if let macro = expr.as(MacroExpansionExprSyntax.self), macro.macroName.text == "Preview",
                   let closure = macro.trailingClosure {
                    preview = closure.statements
                } else {
                    throw diagnostics.unsupported(expr, "a top-level expression '\(expr.shortText)'",
                                                  "a file holds imports, View and Shape structs and a #Preview")
                }
            case .stmt(let stmt):
                throw diagnostics.unsupported(stmt, "a top-level statement",
                                              "a file holds imports, View and Shape structs and a #Preview")
            }
        }
    }

    private mutating func read(decl: DeclSyntax, _ diagnostics: Diagnostics) throws(SwiftSourceError) {
        if let imp = decl.as(ImportDeclSyntax.self) {
            let module = imp.path.map(\.name.text).joined(separator: ".")
            if ["UIKit", "QuartzCore", "AppKit", "CoreAnimation"].contains(module) {
                throw diagnostics.unsupported(imp, "import \(module)",
                    "UIKit and Core Animation source is out of scope for the Swift front end; it reads SwiftUI views (write a JSON scene for UIKit code)")
            }
            return
        }
        if let macro = decl.as(MacroExpansionDeclSyntax.self) {
            guard macro.macroName.text == "Preview", let closure = macro.trailingClosure else {
                throw diagnostics.unsupported(macro, "#\(macro.macroName.text)", "#Preview { MyView() } is")
            }
            preview = closure.statements
            return
        }
        if let classDecl = decl.as(ClassDeclSyntax.self) {
            let inherits = classDecl.inheritanceClause?.inheritedTypes.map { $0.type.trimmedDescription } ?? []
            if inherits.contains(where: { $0.hasPrefix("UI") || $0.hasPrefix("CA") }) {
                throw diagnostics.unsupported(classDecl, "class \(classDecl.name.text): \(inherits.joined(separator: ", "))",
                    "UIKit and Core Animation source is out of scope for the Swift front end; it reads SwiftUI View structs")
            }
            throw diagnostics.unsupported(classDecl, "class \(classDecl.name.text)", "View and Shape structs are")
        }
        if let extensionDecl = decl.as(ExtensionDeclSyntax.self) {
            // extension SeekButton { fileprivate struct RoundArrow: Shape { ... } }: the nested structs.
            // extension AnyTransition { static let waveMask = AnyTransition.asymmetric(...) }: a named transition.
            for member in extensionDecl.memberBlock.members {
                if extensionDecl.extendedType.trimmedDescription == "AnyTransition", let variable = member.decl.as(VariableDeclSyntax.self),
                   variable.modifiers.contains(where: { $0.name.text == "static" }), variable.bindings.count == 1,
                   let binding = variable.bindings.first, let name = binding.pattern.as(IdentifierPatternSyntax.self)?.identifier.text {
                    var initial = binding.initializer?.value
                    // static var waveMask: AnyTransition { .asymmetric(...) }
                    if initial == nil, case .getter(let items)? = binding.accessorBlock?.accessors, items.count == 1, let only = items.first {
                        if case .expr(let e) = only.item { initial = e }
                        if case .stmt(let st) = only.item, let ret = st.as(ReturnStmtSyntax.self) { initial = ret.expression }
                    }
                    if let initial {
                        transitions[name] = initial
                        continue
                    }
                }
                guard member.decl.is(StructDeclSyntax.self) else {
                    throw diagnostics.unsupported(member.decl, "this member of an extension",
                                                  "View and Shape structs declared in an extension, and an AnyTransition's static let, are")
                }
                try read(decl: member.decl, diagnostics)
            }
            return
        }
        guard let structDecl = decl.as(StructDeclSyntax.self) else {
            throw diagnostics.unsupported(decl, "this declaration", "a file holds imports, View and Shape structs and a #Preview")
        }
        let inherits = structDecl.inheritanceClause?.inheritedTypes.map { $0.type.trimmedDescription } ?? []
        if inherits.contains("PreviewProvider") {
            try readPreviewProvider(structDecl, diagnostics)
            return
        }
        let kind: ViewStruct.Kind
        if inherits.contains("View") { kind = .view }
        else if inherits.contains("Shape") || inherits.contains("InsettableShape") { kind = .shape }
        else if inherits.contains("ViewModifier") || inherits.contains("AnimatableModifier") { kind = .modifier }
        else if let fields = Self.valueFields(structDecl) {
            valueStructs[structDecl.name.text] = fields
            return
        } else {
            throw diagnostics.unsupported(structDecl, "struct \(structDecl.name.text) (not a View or Shape)",
                                          "structs conforming to View or Shape, and plain structs of stored properties with defaults (keyframe values), are")
        }
        var model = ViewStruct(name: structDecl.name.text, kind: kind, node: structDecl)
        for member in structDecl.memberBlock.members {
            if member.decl.is(StructDeclSyntax.self) {
                try read(decl: member.decl, diagnostics)
                continue
            }
            try read(member: member.decl, into: &model, diagnostics)
        }
        if kind == .view && model.body == nil {
            throw diagnostics.error(structDecl, "struct \(model.name) has no 'var body: some View'")
        }
        if kind == .shape && model.pathFunction == nil {
            throw diagnostics.error(structDecl, "struct \(model.name) has no 'func path(in rect: CGRect) -> Path'")
        }
        if kind == .modifier && model.modifierBody == nil {
            throw diagnostics.error(structDecl, "struct \(model.name) has no 'func body(content: Content) -> some View'")
        }
        structs[model.name] = model
        order.append(model.name)
    }

    private mutating func readPreviewProvider(_ decl: StructDeclSyntax, _ diagnostics: Diagnostics) throws(SwiftSourceError) {
        for member in decl.memberBlock.members {
            guard let variable = member.decl.as(VariableDeclSyntax.self),
                  let binding = variable.bindings.first,
                  binding.pattern.trimmedDescription == "previews",
                  let accessor = binding.accessorBlock else { continue }
            if case .getter(let items) = accessor.accessors { preview = items; return }
        }
        throw diagnostics.error(decl, "PreviewProvider \(decl.name.text) has no 'static var previews: some View { ... }'")
    }

    private func read(member decl: DeclSyntax, into model: inout ViewStruct, _ diagnostics: Diagnostics) throws(SwiftSourceError) {
        if let function = decl.as(FunctionDeclSyntax.self) {
            if model.kind == .shape, function.name.text == "path", let body = function.body,
               let parameter = function.signature.parameterClause.parameters.first {
                let name = (parameter.secondName ?? parameter.firstName).text
                model.pathFunction = (body, name)
                return
            }
            if model.kind == .modifier, function.name.text == "body", let body = function.body,
               let parameter = function.signature.parameterClause.parameters.first {
                model.modifierBody = (body, (parameter.secondName ?? parameter.firstName).text)
                return
            }
            if model.kind == .view, function.signature.parameterClause.parameters.isEmpty,
               function.signature.returnClause == nil, let body = function.body {
                model.methods[function.name.text] = body
                return
            }
            throw diagnostics.unsupported(function, "the method \(function.name.text)(...)",
                                          "methods without parameters or result, inlined into the actions that call them, are")
        }
        guard let variable = decl.as(VariableDeclSyntax.self) else {
            throw diagnostics.unsupported(decl, "this member", "stored properties, @State, body and computed view properties are")
        }
        let attributes = variable.attributes.compactMap { $0.as(AttributeSyntax.self)?.attributeName.trimmedDescription }
        // @ViewBuilder marks a view slot (LowerViewSlots.swift).
        for attribute in attributes where !["State", "Namespace", "FocusState", "Binding", "ViewBuilder"].contains(attribute) {
            throw diagnostics.unsupported(variable, "@\(attribute)",
                                          "@State, @FocusState, @Binding, @Namespace, @ViewBuilder and plain stored properties (parameters) are; pass values down as parameters")
        }
        if variable.modifiers.contains(where: { $0.name.text == "static" }) {
            // static let bounce = Animation.spring(duration: 0.4, bounce: 0.5): a named animation, read as a
            // constant of the struct (a parameter no use passes).
            let isAnimation = variable.bindingSpecifier.text == "let" && variable.bindings.allSatisfy { binding in
                binding.typeAnnotation?.type.trimmedDescription == "Animation"
                    || binding.initializer?.value.trimmedDescription.hasPrefix("Animation.") == true
            }
            guard isAnimation else {
                throw diagnostics.unsupported(variable, "a static property", "stored instance properties and static let animations are")
            }
        }
        for binding in variable.bindings {
            guard let name = binding.pattern.as(IdentifierPatternSyntax.self)?.identifier.text else {
                throw diagnostics.unsupported(binding.pattern, "this pattern", "one name per property is")
            }
            if let accessor = binding.accessorBlock {
                // Computed: body, a view property, or a Shape's animatableData.
                if name == "animatableData" {
                    model.animatable = try animatableNames(accessor, diagnostics)
                    continue
                }
                let type = binding.typeAnnotation?.type.trimmedDescription ?? ""
                guard type.hasSuffix("View"), case .getter(let items) = accessor.accessors else {
                    throw diagnostics.unsupported(binding, "the computed property '\(name)'",
                                                  "computed properties of type 'some View' are (inlined where used)")
                }
                if name == "body" { model.body = items } else { model.viewProperties[name] = items }
                continue
            }
            let type = binding.typeAnnotation?.type
            let isClosure = type.map(Self.isFunctionType) ?? false
            // DispatchWorkItem?, Timer?: pending work, by the property's name.
            let isWorkItem = type.map { ["DispatchWorkItem", "Timer"].contains($0.trimmedDescription.trimmingCharacters(in: ["?", "!"])) } ?? false
            let isPublisher = binding.initializer?.value.trimmedDescription.hasPrefix("Timer.publish(") ?? false
            let isNamespaceID = type?.trimmedDescription == "Namespace.ID"
            let isDate = ["Date()", ".now", "Date.now"].contains(binding.initializer?.value.trimmedDescription ?? "")
            let kind: Property.Kind = isDate ? .date : isPublisher ? .timerPublisher : isWorkItem ? .workItem : attributes.contains("State") || attributes.contains("FocusState") ? .state
                : attributes.contains("Binding") ? .binding
                : attributes.contains("Namespace") || isNamespaceID ? .namespace : isClosure ? .slot : .parameter
            var initializer = binding.initializer?.value
            if attributes.contains("FocusState") {
                // @FocusState private var editing: Bool: a boolean state, false (nothing focused) at first.
                guard type?.trimmedDescription == "Bool", initializer == nil else {
                    throw diagnostics.unsupported(binding, "this @FocusState", "@FocusState var name: Bool (one field's focus) is")
                }
                initializer = ExprSyntax(BooleanLiteralExprSyntax(literal: .keyword(.false)))
            }
            if kind == .state && initializer == nil {
                throw diagnostics.error(binding, "@State var \(name) needs an initial value")
            }
            if kind == .binding && initializer != nil {
                throw diagnostics.error(binding, "@Binding var \(name) takes no initial value; the view that uses this one passes $\(name)")
            }
            var property = Property(name: name, kind: kind, isConstant: variable.bindingSpecifier.text == "let",
                                    type: type, initializer: initializer, node: Syntax(binding))
            property.isPassed = isNamespaceID && !attributes.contains("Namespace")
            model.properties.append(property)
        }
    }

    /// `struct Hop { var y = 0.0; var squash = 1.0 }`: its fields, or nil when it has anything else.
    private static func valueFields(_ decl: StructDeclSyntax) -> [(name: String, initial: ExprSyntax)]? {
        var fields: [(name: String, initial: ExprSyntax)] = []
        for member in decl.memberBlock.members {
            guard let variable = member.decl.as(VariableDeclSyntax.self), variable.attributes.isEmpty else { return nil }
            for binding in variable.bindings {
                guard binding.accessorBlock == nil, let name = binding.pattern.as(IdentifierPatternSyntax.self)?.identifier.text,
                      let initial = binding.initializer?.value else { return nil }
                fields.append((name, initial))
            }
        }
        return fields.isEmpty ? nil : fields
    }

    static func isFunctionType(_ type: TypeSyntax) -> Bool {
        if type.is(FunctionTypeSyntax.self) { return true }
        if let attributed = type.as(AttributedTypeSyntax.self) { return isFunctionType(attributed.baseType) }
        if let optional = type.as(OptionalTypeSyntax.self) { return isFunctionType(optional.wrappedType) }
        if let tuple = type.as(TupleTypeSyntax.self), tuple.elements.count == 1, let only = tuple.elements.first {
            return isFunctionType(only.type)
        }
        return false
    }

    /// `var animatableData: Double { get { phase } set { phase = newValue } }` -> ["phase"];
    /// `AnimatablePair(a, b)` -> ["a", "b"]; `phase.radians` of an Angle -> ["phase"].
    private func animatableNames(_ accessor: AccessorBlockSyntax, _ diagnostics: Diagnostics) throws(SwiftSourceError) -> [String] {
        var getter: CodeBlockItemListSyntax?
        switch accessor.accessors {
        case .getter(let items): getter = items
        case .accessors(let list):
            getter = list.first { $0.accessorSpecifier.text == "get" }?.body?.statements
        }
        guard let item = getter?.last else { throw diagnostics.error(accessor, "animatableData needs a getter") }
        var expr: ExprSyntax?
        if case .expr(let e) = item.item { expr = e }
        if case .stmt(let s) = item.item, let ret = s.as(ReturnStmtSyntax.self) { expr = ret.expression }
        func names(_ e: ExprSyntax) -> [String]? {
            if let ref = e.as(DeclReferenceExprSyntax.self) { return [ref.baseName.text] }
            if let member = e.as(MemberAccessExprSyntax.self), member.base?.trimmedDescription == "self" {
                return [member.declName.baseName.text]
            }
            // phase.radians, phase.degrees of an Angle property: the angle interpolates.
            if let member = e.as(MemberAccessExprSyntax.self), ["degrees", "radians"].contains(member.declName.baseName.text),
               let base = member.base, let inner = names(base), inner.count == 1 {
                return inner
            }
            if let call = e.as(FunctionCallExprSyntax.self), call.calledExpression.trimmedDescription == "AnimatablePair" {
                var all: [String] = []
                for argument in call.arguments {
                    guard let inner = names(argument.expression) else { return nil }
                    all += inner
                }
                return all
            }
            return nil
        }
        guard let expr, let result = names(expr) else {
            throw diagnostics.unsupported(item, "this animatableData getter",
                                          "a stored property's name or AnimatablePair(a, b) of them is")
        }
        return result
    }
}
