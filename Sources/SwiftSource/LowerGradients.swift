import SwiftSyntax

/// SwiftUI gradient type -> scene paint key, which is also the gradient's view kind (`FrontEndRegistryTests`
/// checks each against `ViewKindRegistry`).
let gradientKinds = [
    "LinearGradient": "linearGradient", "RadialGradient": "radialGradient",
    "EllipticalGradient": "ellipticalGradient", "AngularGradient": "angularGradient",
]

extension Lowerer {
    /// `LinearGradient(colors: [.red, .blue], startPoint: .leading, endPoint: .trailing)` and the other
    /// gradients: the paint object `{"linearGradient": {...}}`, or nil when `expr` is not a gradient.
    func gradient(_ expr: ExprSyntax, _ scope: Scope) throws(SwiftSourceError) -> JSON? {
        guard let call = expr.as(FunctionCallExprSyntax.self) else { return nil }
        let name: String
        let kind: String
        if let type = call.calledExpression.as(DeclReferenceExprSyntax.self)?.baseName.text, let typeKind = gradientKinds[type] {
            (name, kind) = (type, typeKind)
        } else if let member = call.calledExpression.as(MemberAccessExprSyntax.self),
                  member.base == nil || ["ShapeStyle", "AnyShapeStyle"].contains(member.base?.trimmedDescription),
                  gradientKinds.values.contains(member.declName.baseName.text) {
            // The ShapeStyle forms: .linearGradient(colors:startPoint:endPoint:), .angularGradient(_ gradient:center:...).
            (name, kind) = ("." + member.declName.baseName.text, member.declName.baseName.text)
        } else {
            return nil
        }
        var object = JSONObject()
        for argument in call.arguments {
            var label = argument.label?.text ?? "_"
            // .linearGradient(Gradient(colors: [...]), startPoint:endPoint:): the gradient unlabelled.
            if label == "_", name.hasPrefix("."), gradientValue(argument.expression) != nil {
                label = "gradient"
            }
            switch label {
            case "colors":
                object["colors"] = try colourList(argument.expression, scope)
            case "stops":
                object["stops"] = try stops(argument.expression, scope)
            case "gradient":
                guard let value = gradientValue(argument.expression), let only = value.call.arguments.first,
                      value.call.arguments.count == 1 else {
                    throw diagnostics.unsupported(argument, "this gradient",
                                                  "Gradient(colors:) and Gradient(stops:), optionally with .colorSpace(_:), are")
                }
                if let space = value.colorSpace { object["colorSpace"] = try colorSpace(space) }
                if only.label?.text == "colors" { object["colors"] = try colourList(only.expression, scope) }
                else if only.label?.text == "stops" { object["stops"] = try stops(only.expression, scope) }
                else { throw diagnostics.unsupported(only, "Gradient(\(only.label?.text ?? "_"):)", "Gradient(colors:) and Gradient(stops:) are") }
            case "startPoint", "endPoint", "center":
                object[label] = try unitPoint(argument.expression, scope)
            case "startRadius", "endRadius", "startRadiusFraction", "endRadiusFraction":
                object[label] = try value(argument.expression, scope)
            case "startAngle", "endAngle", "angle":
                object[label] = try angleValue(argument.expression, scope)
            default:
                throw diagnostics.unsupported(argument, "\(name)'s '\(label)' argument",
                                              "colors:, stops:, gradient:, startPoint:, endPoint:, center:, the radii and the angles are")
            }
        }
        return .object([(kind, object.json)])
    }

    /// `Gradient(colors:)` or `Gradient(stops:)`, and the argument of a `.colorSpace(_:)` called on it.
    private func gradientValue(_ expr: ExprSyntax) -> (call: FunctionCallExprSyntax, colorSpace: ExprSyntax?)? {
        guard let call = expr.as(FunctionCallExprSyntax.self) else { return nil }
        if call.calledExpression.trimmedDescription == "Gradient" { return (call, nil) }
        guard let member = call.calledExpression.as(MemberAccessExprSyntax.self), member.declName.baseName.text == "colorSpace",
              let base = member.base, let inner = base.as(FunctionCallExprSyntax.self),
              inner.calledExpression.trimmedDescription == "Gradient", let space = call.arguments.first?.expression else {
            return nil
        }
        return (inner, space)
    }

    /// `.perceptual` or `.device` (`Gradient.ColorSpace`): the gradient's `"colorSpace"`.
    private func colorSpace(_ expr: ExprSyntax) throws(SwiftSourceError) -> JSON {
        if let member = expr.as(MemberAccessExprSyntax.self),
           member.base == nil || member.base?.trimmedDescription == "Gradient.ColorSpace",
           ["perceptual", "device"].contains(member.declName.baseName.text) {
            return .string(member.declName.baseName.text)
        }
        throw diagnostics.unsupported(expr, "the colour space '\(expr.shortText)'", ".perceptual and .device are")
    }

    private func colourList(_ expr: ExprSyntax, _ scope: Scope) throws(SwiftSourceError) -> JSON {
        guard let array = expr.as(ArrayExprSyntax.self) else {
            throw diagnostics.unsupported(expr, "this colour list", "an array of colours is")
        }
        var colours: [JSON] = []
        for element in array.elements { colours.append(.string(try expression(element.expression, scope))) }
        return .array(colours)
    }

    /// `[.init(color: .red, location: 0), Gradient.Stop(color: .blue, location: 1)]`
    private func stops(_ expr: ExprSyntax, _ scope: Scope) throws(SwiftSourceError) -> JSON {
        guard let array = expr.as(ArrayExprSyntax.self) else {
            throw diagnostics.unsupported(expr, "this stop list", "an array of .init(color:location:) is")
        }
        var out: [JSON] = []
        for element in array.elements {
            guard let call = element.expression.as(FunctionCallExprSyntax.self),
                  let colour = call.arguments.first(where: { $0.label?.text == "color" })?.expression,
                  let location = call.arguments.first(where: { $0.label?.text == "location" })?.expression else {
                throw diagnostics.unsupported(element, "this stop", ".init(color:location:) is")
            }
            out.append(.object([("color", .string(try expression(colour, scope))), ("location", try value(location, scope))]))
        }
        return .array(out)
    }

    /// `.leading`, `UnitPoint(x: phase, y: 0.5)`.
    private func unitPoint(_ expr: ExprSyntax, _ scope: Scope) throws(SwiftSourceError) -> JSON {
        if let member = expr.as(MemberAccessExprSyntax.self), member.base == nil || member.base?.trimmedDescription == "UnitPoint" {
            return .string(member.declName.baseName.text)
        }
        if let call = expr.as(FunctionCallExprSyntax.self), call.calledExpression.trimmedDescription == "UnitPoint",
           let x = call.arguments.first(where: { $0.label?.text == "x" })?.expression,
           let y = call.arguments.first(where: { $0.label?.text == "y" })?.expression {
            return .array([try value(x, scope), try value(y, scope)])
        }
        throw diagnostics.unsupported(expr, "the unit point '\(expr.shortText)'", ".leading, .center, ... and UnitPoint(x:y:) are")
    }
}
