/// Decodes the `image` and `scrollView` view kinds.
extension NodeDecoder {
    /// `{"image": "photos/a.png", "resizable": true, "contentMode": "fill"}`.
    static func decodeImage(_ value: JSONReader, _ object: ObjectReader) throws(SceneError) -> ImageSpec {
        let file = try value.string()
        guard !file.isEmpty else { throw value.error("an image needs a file name, such as \"photos/a.png\"") }
        let resizable = try object["resizable"]?.bool() ?? false
        var mode = ImageSpec.ContentMode.stretch
        if let modeReader = object["contentMode"] {
            guard resizable else {
                throw modeReader.error("\"contentMode\" applies to a resizable image: add \"resizable\": true")
            }
            mode = ImageSpec.ContentMode(rawValue: try modeReader.choice(["fit", "fill"])) ?? .stretch
        }
        return ImageSpec(file: file, resizable: resizable, contentMode: mode, path: value.path, location: value.value.location)
    }

    /// `{"scrollView": [views], "spacing": 0}`: the views stacked as a VStack inside a vertical ScrollView.
    static func decodeScrollView(_ value: JSONReader, _ object: ObjectReader, depth: Int) throws(SceneError) -> ScrollViewSpec {
        let children = try decodeChildren(value, depth: depth)
        let alignment = try object["alignment"].map { r throws(SceneError) in
            try decodeAlignment(r, among: ["center", "leading", "trailing"])
        }
        return ScrollViewSpec(content: StackSpec(axis: .vertical, spacing: try object["spacing"].map(BindingDecoder.number),
                                                 alignment: alignment, children: children))
    }
}
