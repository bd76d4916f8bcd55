import Expressions

/// Variables of every kind, named as the seed corpus and dictionary name them.
let scope = DictionaryScope([
    "x": .number(2.5),
    "n": .number(-3),
    "big": .number(1e308),
    "tiny": .number(4.9e-324),
    "zero": .number(0),
    "flag": .bool(true),
    "label": .string("Pay Now"),
    "tint": .color(ColorValue(red: 0.9, green: 0.04, blue: 0.08)),
    "amounts": .list([.number(175), .number(672.37), .number(1180.78)]),
    "knob": .record(["x": .number(0), "y": .number(-120)]),
])

/// Stops the fuzzer when an error has no message or points outside its source.
func check(_ error: ExpressionError, source: String) {
    guard !error.message.isEmpty else { fatalError("empty message for \(source.debugDescription)") }
    if let offset = error.offset, !(0...source.count).contains(offset) {
        fatalError("offset \(offset) outside \(source.count) characters: \(error) for \(source.debugDescription)")
    }
}

/// libFuzzer's entry point: parse the bytes as an expression and as a template, evaluate what parses,
/// and require finite numbers or an `ExpressionError` with a valid offset.
@_cdecl("LLVMFuzzerTestOneInput")
func fuzzExpression(_ data: UnsafePointer<UInt8>?, _ count: Int) -> CInt {
    guard let data else { return 0 }
    let source = String(decoding: UnsafeBufferPointer(start: data, count: count), as: UTF8.self)
    do {
        let expression = try Expression(parsing: source)
        try expression.checkNames(variables: scope.knownNames)
        if case .number(let number) = try expression.evaluate(in: scope), !number.isFinite {
            fatalError("\(source.debugDescription) gave \(number)")
        }
    } catch {
        check(error, source: source)
    }
    do {
        _ = try Template(parsing: source).evaluate(in: scope)
    } catch {
        check(error, source: source)
    }
    return 0
}
