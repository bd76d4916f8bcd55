/// Swift's initialisers and free functions: records (`CGSize(width:height:)`, `record(...)`),
/// conversions (`Double(x)`, `Int(x)`, `String(x)`, `String(format:)`, `String(x, radix:)`, `Array(s)`) and
/// sequences (`zip(a, b)`, `stride(from:to:by:)`).
extension BuiltIns {
    /// Labels such as `["width", "height"]`, as Swift writes a signature: `(width:height:)`.
    static func spelling(_ labels: [String?]) -> String {
        "(" + labels.map { ($0 ?? "_") + ":" }.joined() + ")"
    }

    /// A record initialiser: one of `signatures`, each a list of field names, all numbers.
    static func recordType(_ name: String, _ signatures: [[String]]) -> BuiltinFunction {
        let counts = signatures.map(\.count)
        return BuiltinFunction(name: name, arity: counts.min()!...counts.max()!, checkLabels: { labels in
            if signatures.contains(where: { $0 == labels }) { return nil }
            return "'\(name)' takes the labels " + signatures.map { spelling($0) }.joined(separator: " or ")
                + ", not \(spelling(labels))"
        }) { arguments throws(ExpressionError) in
            var record = Record()
            if arguments.count == 0 {
                // CGSize(), EdgeInsets(): every field 0.
                for field in signatures[0] { record[field] = .number(0) }
            }
            for index in 0..<arguments.count {
                record[arguments.arguments[index].label ?? ""] = .number(try arguments.number(index))
            }
            return .record(record)
        }
    }

    /// The static members of types: `CGSize.zero`, `Double.pi`, ...
    static func staticMember(_ type: String, _ name: String) -> Value? {
        switch (type, name) {
        case ("CGSize", "zero"): .record(["width": .number(0), "height": .number(0)])
        case ("CGPoint", "zero"): .record(["x": .number(0), "y": .number(0)])
        case ("CGVector", "zero"): .record(["dx": .number(0), "dy": .number(0)])
        case ("CGRect", "zero"): .record(["x": .number(0), "y": .number(0), "width": .number(0), "height": .number(0)])
        case ("Double", "pi"), ("CGFloat", "pi"), ("Float", "pi"): .number(Double.pi)
        default: nil
        }
    }

    static let swiftFunctions: [BuiltinFunction] = [
        recordType("CGSize", [["width", "height"], []]),
        recordType("CGPoint", [["x", "y"], []]),
        recordType("CGVector", [["dx", "dy"], []]),
        recordType("CGRect", [["x", "y", "width", "height"], []]),
        recordType("EdgeInsets", [["top", "leading", "bottom", "trailing"], []]),
        BuiltinFunction(name: "record", arity: 1...Int.max, checkLabels: { labels in
            if labels.contains(where: { $0 == nil }) { return "every argument of 'record' is a field: record(x: 1, y: 2)" }
            if Set(labels).count < labels.count { return "'record' names a field twice" }
            return nil
        }) { arguments throws(ExpressionError) in
            .record(Record(zip(arguments.labels, arguments.values).map { ($0 ?? "", $1) }))
        },
        conversion("Double"), conversion("CGFloat"), conversion("Float"),
        BuiltinFunction(name: "Int", arity: 1...1) { arguments throws(ExpressionError) in
            switch arguments.values[0] {
            case .number(let x):
                // Int(_:) drops the fraction, and traps outside Int's range.
                guard abs(x) < 9.2e18 else { throw arguments.error("\(NumberFormat.shortest(x)) is too large for Int", argument: 0) }
                return .number(x.rounded(.towardZero))
            case .string(let text):
                guard let number = Int(text) else { throw missing("'\(text)' is not a whole number", arguments) }
                return .number(Double(number))
            default:
                throw arguments.typeError(0, expected: "a number or a string")
            }
        },
        BuiltinFunction(name: "String", arity: 1...Int.max, checkLabels: { labels in
            if labels.first == "format" && labels.dropFirst().allSatisfy({ $0 == nil }) { return nil }
            if [[nil], [nil, "radix"], [nil, "radix", "uppercase"]].contains(labels) { return nil }
            return "'String' is called as String(_:), String(_:radix:), String(_:radix:uppercase:) or String(format:_:...), "
                + "not String\(spelling(labels))"
        }, checkStatically: { arguments throws(ExpressionError) in
            guard arguments.first?.label == "format" else {
                if arguments.count > 3 { throw ExpressionError("'String' takes at most 3 arguments here", offset: arguments[3].value.range.offset) }
                return
            }
            guard case .literal(.string(let text), let range) = arguments[0].value else { return }
            let format = try FormatString(text, offset: range.offset)
            guard format.conversionCount == arguments.count - 1 else {
                throw ExpressionError("the format has \(format.conversionCount) conversion\(format.conversionCount == 1 ? "" : "s") "
                                      + "but \(arguments.count - 1) value\(arguments.count == 2 ? " follows" : "s follow")",
                                      offset: range.offset)
            }
        }) { arguments throws(ExpressionError) in
            switch arguments.labels.count > 1 ? arguments.labels[1] : nil {
            case "radix":
                let value = try arguments.whole(0, "the number")
                let radix = try arguments.whole(1, "the radix")
                guard (2...36).contains(radix) else { throw arguments.error("the radix must be from 2 to 36, not \(radix)", argument: 1) }
                var uppercase = false
                if arguments.count == 3 {
                    guard case .bool(let flag) = arguments.values[2] else { throw arguments.typeError(2, expected: "a bool") }
                    uppercase = flag
                }
                return .string(String(value, radix: radix, uppercase: uppercase))
            default:
                break
            }
            if arguments.labels.first == "format" {
                let text = try arguments.string(0)
                let format = try FormatString(text, offset: arguments.arguments[0].value.range.offset)
                guard format.conversionCount == arguments.count - 1 else {
                    throw arguments.error("the format has \(format.conversionCount) conversions but \(arguments.count - 1) values follow", argument: 0)
                }
                return .string(try format.format(Array(arguments.values.dropFirst()),
                                                 offsets: arguments.arguments.dropFirst().map(\.value.range.offset)))
            }
            // String(characters) joins a list of one-character strings; anything else is its text.
            if case .list(let items) = arguments.values[0],
               items.allSatisfy({ if case .string(let s) = $0 { s.count == 1 } else { false } }) {
                return .string(items.map(\.description).joined())
            }
            return .string(try ValueLimits.checked(arguments.values[0].description, offset: nil))
        },
        BuiltinFunction(name: "Array", arity: 1...1) { arguments throws(ExpressionError) in
            switch arguments.values[0] {
            case .list(let items): return .list(items)
            case .string(let text):
                try arguments.spend(text.count)
                return .list(StringMethods.characters(text))
            default: throw arguments.typeError(0, expected: "a list or a string")
            }
        },
        BuiltinFunction(name: "zip", arity: 2...2) { arguments throws(ExpressionError) in
            func items(_ index: Int) throws(ExpressionError) -> [Value] {
                switch arguments.values[index] {
                case .list(let items): return items
                case .string(let text): return StringMethods.characters(text)
                default: throw arguments.typeError(index, expected: "a list or a string")
                }
            }
            let pairs = zip(try items(0), try items(1)).map { Value.record(["0": $0, "1": $1]) }
            try arguments.spend(pairs.count)
            try ValueLimits.checkList(pairs, offset: arguments.arguments[0].value.range.offset)
            return .list(pairs)
        },
        BuiltinFunction(name: "stride", arity: 3...3, checkLabels: { labels in
            labels == ["from", "to", "by"] || labels == ["from", "through", "by"] ? nil
                : "'stride' is called as stride(from:to:by:) or stride(from:through:by:), not stride\(spelling(labels))"
        }) { arguments throws(ExpressionError) in
            let (start, end, step) = (try arguments.number(0), try arguments.number(1), try arguments.number(2))
            guard step != 0 else { throw arguments.error("the step of 'stride' must not be 0", argument: 2) }
            let through = arguments.labels[1] == "through"
            let estimate = ((end - start) / step).rounded(.down) + 1
            guard estimate <= Double(ValueLimits.maxListValues) else {
                throw arguments.error("the stride would hold about \(NumberFormat.shortest(estimate)) numbers; "
                                      + "a list holds at most \(ValueLimits.maxListValues)", argument: 0)
            }
            var values: [Value] = []
            // As Swift's floating-point strides: start + i·step, not a running sum.
            var index = 0.0
            while true {
                let value = start + index * step
                let inside = step > 0 ? (through ? value <= end : value < end) : (through ? value >= end : value > end)
                guard inside else { break }
                values.append(.number(value))
                index += 1
            }
            try arguments.spend(values.count)
            return .list(values)
        },
    ]

    /// `Double(x)`, `CGFloat(x)`, `Float(x)`: a number as it is (every number is a Double here), or a string
    /// parsed as one (nil, so `??` gives the default, when it is not a number).
    private static func conversion(_ name: String) -> BuiltinFunction {
        BuiltinFunction(name: name, arity: 1...1) { arguments throws(ExpressionError) in
            switch arguments.values[0] {
            case .number(let x): return .number(x)
            case .string(let text):
                guard let number = Double(text), number.isFinite else { throw missing("'\(text)' is not a number", arguments) }
                return .number(number)
            default:
                throw arguments.typeError(0, expected: "a number or a string")
            }
        }
    }

    private static func missing(_ message: String, _ arguments: BuiltinArguments) -> ExpressionError {
        ExpressionError(message + "; give a default with '??'", offset: arguments.arguments[0].value.range.offset,
                        isMissingValue: true)
    }
}
