/// Text options beyond the basics.
extension NodeDecoder {
    /// `minimumScaleFactor`: a constant more than 0 and at most 1, or an expression (checked when drawn).
    static func decodeScaleFactor(_ reader: JSONReader) throws(SceneError) -> Binding {
        if case .number = reader.value.kind {
            let factor = try reader.number(in: 0.01...1)
            return Binding(.constant(.number(factor)), path: reader.path, location: reader.value.location)
        }
        return try BindingDecoder.number(reader)
    }
}
