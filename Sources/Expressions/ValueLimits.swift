/// Caps on the values expressions build, checked where they are built (string joins, templates, `str`,
/// list literals), so that a timer doubling a string or a list forty times stops at the cap with an
/// error instead of taking gigabytes.
public enum ValueLimits {
    /// The longest string an expression may build: 10,000 bytes of UTF-8.
    public static let maxStringBytes = 10_000
    /// The most values a list may hold, counting those in nested lists: 10,000.
    public static let maxListValues = 10_000
    /// The most bytes of text all the strings in one list (nested lists included) may hold: 100,000.
    public static let maxListStringBytes = 100_000
    /// The most steps of list work one evaluation may do: 100,000. Each item a list operation visits or
    /// builds (`map`, `filter`, a range, `split`, ...) is a step, each closure call is one, and sorting n
    /// items counts n·log₂n; nested closures share the evaluation's budget.
    public static let maxWorkSteps = 100_000

    /// `text`, or an error if it is over `maxStringBytes`.
    static func checked(_ text: String, offset: Int?) throws(ExpressionError) -> String {
        let bytes = text.utf8.count
        guard bytes <= maxStringBytes else {
            throw ExpressionError("the string would be \(bytes) bytes long; strings are limited to \(maxStringBytes) bytes", offset: offset)
        }
        return text
    }

    /// An error if joining strings of `left` and `right` bytes would be over `maxStringBytes`.
    static func checkJoin(_ left: Int, _ right: Int, offset: Int?) throws(ExpressionError) {
        guard left + right <= maxStringBytes else {
            throw ExpressionError("the string would be \(left + right) bytes long; strings are limited to \(maxStringBytes) bytes", offset: offset)
        }
    }

    /// An error if `items`, nested lists counted, hold more than `maxListValues` values or more than
    /// `maxListStringBytes` of text. The count stops as soon as a cap is passed, so checking a list built
    /// of lists already checked costs at most the cap.
    public static func checkList(_ items: [Value], offset: Int?) throws(ExpressionError) {
        var values = 0
        var bytes = 0
        func add(_ items: [Value]) -> Bool {
            for item in items {
                values += 1
                switch item {
                case .list(let inner): if !add(inner) { return false }
                case .string(let s): bytes += s.utf8.count
                case .record(let record): if !add(record.values) { return false }
                default: break
                }
                if values > maxListValues || bytes > maxListStringBytes { return false }
            }
            return true
        }
        guard add(items) else {
            let what = values > maxListValues ? "more than \(maxListValues) values (nested lists counted)"
                                              : "more than \(maxListStringBytes) bytes of text"
            throw ExpressionError("the list would hold \(what); that is the limit for one list", offset: offset)
        }
    }
}

/// The steps of list work left to one evaluation (see `ValueLimits.maxWorkSteps`), shared by the closures
/// it calls.
final class WorkBudget: @unchecked Sendable {
    private(set) var remaining = ValueLimits.maxWorkSteps

    /// Takes `steps` from the budget, or throws when it would run out.
    func spend(_ steps: Int, offset: Int?) throws(ExpressionError) {
        guard steps <= remaining else {
            remaining = 0
            throw ExpressionError("the expression would do more than \(ValueLimits.maxWorkSteps) steps of list work "
                                  + "(items visited and closure calls); that is the limit for one evaluation",
                                  offset: offset)
        }
        remaining -= steps
    }
}
