import SwiftSyntax

/// View structs that take views: `struct Card<Content: View>: View { let title: String; @ViewBuilder let
/// content: Content }` (or `let content: () -> Content`) is a component with the view slot `content`
/// (docs/scene-format.md, "View slots"); its body places `content` (or `content()`) as `{"slot": "content"}`,
/// and a use, `Card(title: "Wi-Fi") { Toggle(...) }` or `Card(title: "x", content: { ... })`, passes the
/// closure's views as `"views": {"content": ...}`.
extension Lowerer {
    /// The properties of `custom` that hold views: typed with a generic parameter constrained to `View`
    /// (`Content`), or a closure returning one, or marked `@ViewBuilder`.
    func viewSlotNames(_ custom: ViewStruct) -> [String] {
        var generic: Set<String> = []
        for parameter in custom.node.genericParameterClause?.parameters ?? [] {
            let constraint = parameter.inheritedType?.trimmedDescription ?? ""
            if constraint == "View" || constraint == "SwiftUI.View" { generic.insert(parameter.name.text) }
        }
        for requirement in custom.node.genericWhereClause?.requirements ?? [] {
            if let conformance = requirement.requirement.as(ConformanceRequirementSyntax.self),
               conformance.rightType.trimmedDescription == "View" {
                generic.insert(conformance.leftType.trimmedDescription)
            }
        }
        return custom.properties.filter { property in
            let type = property.type?.trimmedDescription.replacingOccurrences(of: " ", with: "") ?? ""
            // The property's node is its pattern binding, inside the declaration that holds the attributes.
            let declaration = property.node.parent?.parent?.as(VariableDeclSyntax.self)
            let viewBuilder = declaration?.attributes.trimmedDescription.contains("ViewBuilder") ?? false
            return generic.contains(type) || generic.contains(where: { type == "()->\($0)" || type == "@escaping()->\($0)" })
                || (viewBuilder && property.initializer == nil)
        }.map(\.name)
    }

    /// `content` or `content()` in the body of a struct with that view slot: the format's slot.
    func viewSlotNode(_ expr: ExprSyntax, _ scope: Scope) -> ViewNode? {
        guard let owner = scope.owner, owner.kind == .view else { return nil }
        var reference = expr.as(DeclReferenceExprSyntax.self)
        if let call = expr.as(FunctionCallExprSyntax.self), call.arguments.isEmpty, call.trailingClosure == nil {
            reference = call.calledExpression.as(DeclReferenceExprSyntax.self)
        }
        guard let name = reference?.baseName.text, viewSlotNames(owner).contains(name) else { return nil }
        return ViewNode([("slot", .string(name))])
    }

    /// The views a use passes for a view slot: a closure's views (one, or several as a list), or a view.
    func slotViews(_ expr: ExprSyntax, _ scope: Scope) throws(SwiftSourceError) -> JSON {
        if let closure = expr.as(ClosureExprSyntax.self) {
            let views = try viewList(closure.statements, scope)
            return views.count == 1 ? views[0] : .array(views)
        }
        return try viewNode(expr, scope).json()
    }

    /// The view slot a use's trailing closure fills: the last closure-typed property in declaration
    /// order, when it is a view slot (SwiftUI's memberwise initialiser puts the trailing closure there).
    func trailingViewSlot(_ custom: ViewStruct) -> String? {
        let slots = viewSlotNames(custom)
        let last = custom.properties.last { slots.contains($0.name) || $0.kind == .slot }
        return last.flatMap { slots.contains($0.name) ? $0.name : nil }
    }
}
