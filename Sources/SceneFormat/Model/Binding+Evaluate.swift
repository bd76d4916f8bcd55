import Expressions

extension Binding {
    /// The binding's value in `scope`; an expression error becomes a `SceneError` at the binding's path,
    /// its message prefixed with `when` (such as "at t = 0.5 s"), which is only formatted for an error.
    public func evaluate(in scope: some Scope, when: @autoclosure () -> String) throws(SceneError) -> Value {
        do {
            switch source {
            case .constant(let v): return v
            case .expression(let e): return try e.evaluate(in: scope)
            case .template(let t): return .string(try t.evaluate(in: scope))
            }
        } catch {
            throw SceneError(path: path, location: location, message: "\(when()): \(error.message)")
        }
    }
}
