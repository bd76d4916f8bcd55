/// The methods of lists, as Swift's `Array` has them (`map`, `filter`, `reduce`, `sorted`, ...).
/// Every item visited is a step of the evaluation's `WorkBudget`; lists built are checked against
/// `ValueLimits`.
enum ListMethods {
    /// The method's value, or nil if lists have no method by that name.
    static func call(_ items: [Value], _ call: MethodArguments) throws(ExpressionError) -> Value? {
        let offset = call.range.offset
        switch (call.method, call.labels) {
        case ("map", _):
            let f = try call.closure(0)
            try call.spend(items.count)
            var result: [Value] = []
            result.reserveCapacity(items.count)
            for item in items { result.append(try f(item)) }
            try ValueLimits.checkList(result, offset: offset)
            return .list(result)
        case ("filter", _):
            let f = try call.closure(0)
            try call.spend(items.count)
            var result: [Value] = []
            for item in items where try f.test(item) { result.append(item) }
            return .list(result)
        case ("reduce", _):
            let f = try call.closure(1)
            try call.spend(items.count)
            var accumulated = call.value(0)
            for item in items {
                accumulated = try f(accumulated, item)
                if case .list(let list) = accumulated { try ValueLimits.checkList(list, offset: offset) }
            }
            return accumulated
        case ("allSatisfy", _):
            let f = try call.closure(0)
            try call.spend(items.count)
            for item in items where try !f.test(item) { return .bool(false) }
            return .bool(true)
        case ("contains", [nil]) where call.closures[0] == nil:
            try call.spend(items.count)
            return .bool(items.contains(call.value(0)))
        case ("contains", _):
            return .bool(try firstIndex(items, call, where: 0) != nil)
        case ("count", _):
            let f = try call.closure(0)
            try call.spend(items.count)
            var count = 0
            for item in items where try f.test(item) { count += 1 }
            return .number(Double(count))
        case ("first", _):
            guard let index = try firstIndex(items, call, where: 0) else { throw call.missing("no item matches") }
            return items[index]
        case ("last", _):
            guard let index = try firstIndex(items.reversed(), call, where: 0) else { throw call.missing("no item matches") }
            return items[items.count - 1 - index]
        case ("firstIndex", ["of"]), ("lastIndex", ["of"]):
            try call.spend(items.count)
            let found = call.method == "firstIndex" ? items.firstIndex(of: call.value(0)) : items.lastIndex(of: call.value(0))
            guard let found else { throw call.missing("the list does not contain \(call.value(0).text(quotingStrings: true))") }
            return .number(Double(found))
        case ("firstIndex", _):
            guard let index = try firstIndex(items, call, where: 0) else { throw call.missing("no item matches") }
            return .number(Double(index))
        case ("lastIndex", _):
            guard let index = try firstIndex(items.reversed(), call, where: 0) else { throw call.missing("no item matches") }
            return .number(Double(items.count - 1 - index))
        case ("min", []), ("max", []):
            guard !items.isEmpty else { throw call.missing("the list is empty, so '\(call.method)()' has no value") }
            try call.spend(items.count)
            let ordered = try naturalOrder(items, call)
            return call.method == "min" ? ordered.min(by: <).map { items[$0.index] } ?? items[0]
                                        : ordered.max(by: <).map { items[$0.index] } ?? items[0]
        case ("min", _), ("max", _):
            let less = try call.closure(0)
            guard var best = items.first else {
                throw call.missing("the list is empty, so '\(call.method)(by:)' has no value")
            }
            for item in items.dropFirst() {
                // Swift's min(by:) and max(by:): the first of equal items wins.
                if call.method == "min" ? try less.test(item, best) : try less.test(best, item) { best = item }
            }
            return best
        case ("sorted", []):
            try call.spend(sortSteps(items.count))
            return .list(try naturalOrder(items, call).sorted(by: <).map { items[$0.index] })
        case ("sorted", _):
            let less = try call.closure(0)
            try call.spend(sortSteps(items.count))
            var failure: ExpressionError?
            let sorted = items.sorted { a, b in
                if failure != nil { return false }
                do throws(ExpressionError) { return try less.test(a, b) } catch { failure = error; return false }
            }
            if let failure { throw failure }
            return .list(sorted)
        case ("reversed", _):
            try call.spend(items.count)
            return .list(items.reversed())
        case ("enumerated", _):
            try call.spend(items.count)
            let result = items.enumerated().map { Value.record(["offset": .number(Double($0.offset)), "element": $0.element]) }
            try ValueLimits.checkList(result, offset: offset)
            return .list(result)
        case ("prefix", _): return .list(Array(items.prefix(try call.count(0))))
        case ("suffix", _): return .list(Array(items.suffix(try call.count(0))))
        case ("dropFirst", _): return .list(Array(items.dropFirst(call.count == 0 ? 1 : try call.count(0))))
        case ("dropLast", _): return .list(Array(items.dropLast(call.count == 0 ? 1 : try call.count(0))))
        case ("joined", _):
            let separator = call.count == 0 ? "" : try call.string(0)
            try call.spend(items.count)
            var parts: [String] = []
            var bytes = 0
            for item in items {
                guard case .string(let part) = item else {
                    throw ExpressionError("'joined' needs a list of strings, but it holds \(item.typeNameWithArticle)", offset: call.nameOffset)
                }
                bytes += part.utf8.count + (parts.isEmpty ? 0 : separator.utf8.count)
                try ValueLimits.checkJoin(bytes, 0, offset: offset)
                parts.append(part)
            }
            return .string(parts.joined(separator: separator))
        default:
            return nil
        }
    }

    /// The index of the first item the closure at `index` accepts.
    static func firstIndex(_ items: some Collection<Value>, _ call: MethodArguments,
                           where index: Int) throws(ExpressionError) -> Int? {
        let f = try call.closure(index)
        for (offset, item) in items.enumerated() {
            try call.spend(1)
            if try f.test(item) { return offset }
        }
        return nil
    }

    /// The comparisons a sort of `count` items may make: n·⌈log₂ n⌉.
    static func sortSteps(_ count: Int) -> Int {
        count < 2 ? count : count * (Int.bitWidth - (count - 1).leadingZeroBitCount)
    }

    /// Items that all are numbers or all strings, as comparable keys (for `sorted()`, `min()`, `max()`).
    private static func naturalOrder(_ items: [Value], _ call: MethodArguments) throws(ExpressionError) -> [Key] {
        var keys: [Key] = []
        keys.reserveCapacity(items.count)
        for (index, item) in items.enumerated() {
            switch item {
            case .number(let number) where keys.first?.text == nil: keys.append(Key(number: number, text: nil, index: index))
            case .string(let text) where keys.first.map({ $0.text != nil }) ?? true: keys.append(Key(number: 0, text: text, index: index))
            default:
                throw ExpressionError("'\(call.method)()' compares numbers or strings, not a list holding \(item.typeNameWithArticle)"
                                      + (keys.isEmpty ? "" : " among them") + "; pass a closure: \(call.method)(by: <)",
                                      offset: call.nameOffset)
            }
        }
        return keys
    }

    /// A number or a string with its position, ordered by value and then position (so sorting is stable).
    struct Key: Comparable {
        let number: Double
        let text: String?
        let index: Int

        static func < (a: Key, b: Key) -> Bool {
            if let x = a.text, let y = b.text, x != y { return x < y }
            if a.text == nil, a.number != b.number { return a.number < b.number }
            return a.index < b.index
        }
    }
}
