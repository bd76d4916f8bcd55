import Expressions

/// `picker`: SwiftUI's `Picker(_:selection:content:)` in the segmented style, decoded into a `PickerSpec`
/// (drawn by `Composer+Picker.swift`).
///
/// The segments take taps: a picker with `"id": "flavor"` has the tappable parts `flavor.segment0`,
/// `flavor.segment1`, ..., which set the selection to the segment's tag, as a tap on a `UISegmentedControl`
/// segment sets `selectedSegmentIndex` and SwiftUI writes that segment's tag through the binding.
extension NodeDecoder {
    static let pickerOptionKeys = ["text", "tag"]
    static let pickerForEachKeys = ["forEach", "as", "text", "tag"]

    /// SwiftUI's other `PickerStyle`s, refused at load with what each is and what to write instead.
    static let refusedPickerStyles: [String: String] = [
        "automatic": "the automatic style is a menu button on iOS (SwiftUI's default outside a Form)",
        "menu": "a menu picker is a button that opens a menu of the options",
        "wheel": "a wheel picker is a spinning drum of the options",
        "inline": "an inline picker lists the options as rows of a list",
        "palette": "a palette picker is a row of symbols inside a menu",
        "navigationLink": "a navigationLink picker pushes a list of the options",
        "radioGroup": "a radioGroup picker exists on macOS only",
    ]

    /// `{"picker": "flavor", "options": [...], "pickerStyle": "segmented", "bindingAnimation": ".spring()"}`.
    static func decodePicker(_ object: ObjectReader, at reader: JSONReader, depth: Int) throws(SceneError) -> Node {
        let value = try object.required("picker")
        try refusePickerTap(object)
        let name = try controlVariable(value, "picker", "Picker(selection: $flavor)")
        let style = try pickerStyle(object, at: value)
        let animation = try bindingAnimation(object)
        func select(_ tag: Binding) -> [Action] { [.set([(name, tag)], animation: animation, path: value.path)] }
        let optionsReader = try object.required("options")
        let options: PickerSpec.Options
        let taps: [[Action]]
        if case .object = optionsReader.value.kind {
            let generated = try generatedPickerOptions(optionsReader)
            options = .generated(generated)
            // Segment i's tag: the tag over the list's element i (`list.map { e in tag }[i]`); a tap past the
            // end of the list is an error when it runs ("the list index 5 is out of range").
            let list = generated.list.tree, tag = generated.tag.tree
            let tags = tag == .name(generated.name) ? list : list.map(generated.name, tag)
            taps = (0..<PickerSpec.maxGeneratedTaps).map { i in
                select(Binding(.expression(Expression(tree: tags.item(.number(Double(i))))),
                               path: generated.tag.path, location: generated.tag.location))
            }
        } else {
            let written = try optionsReader.array()
            guard !written.isEmpty else {
                throw optionsReader.error("a picker needs at least one option, as [{\"text\": \"Vanilla\", \"tag\": \"vanilla\"}]")
            }
            var list: [PickerSpec.Option] = []
            for item in written {
                let option = try item.object(allowing: pickerOptionKeys)
                let tag = try option.required("tag")
                list.append(PickerSpec.Option(text: try BindingDecoder.template(try option.required("text")),
                                              tag: Binding(.constant(try SceneDecoder.literal(tag)), path: tag.path,
                                                           location: tag.value.location)))
            }
            options = .fixed(list)
            taps = list.map { select($0.tag) }
        }
        let spec = PickerSpec(name: name, value: BindingDecoder.tree(.name(name), value), options: options, style: style,
                              label: try object["label"].map(BindingDecoder.template), taps: taps,
                              bindingAnimation: animation, site: site(value))
        return try controlNode(.picker(spec), object, at: reader, depth: depth)
    }

    /// `"options": {"forEach": "flavors", "as": "f", "text": "${f}", "tag": "f"}`: `ForEach(flavors, id: \.self) { f in
    /// Text(f).tag(f) }` inside the picker.
    private static func generatedPickerOptions(_ reader: JSONReader) throws(SceneError) -> PickerSpec.GeneratedOptions {
        let object = try reader.object(allowing: pickerForEachKeys)
        let listReader = try object.required("forEach")
        let list = try BindingDecoder.expression(try listReader.string(), listReader)
        let nameReader = try object.required("as")
        let name = try nameReader.string()
        guard SceneDecoder.isIdentifier(name), !BindingDecoder.reservedNames.contains(name) else {
            throw nameReader.error("\"\(name)\" cannot be an element name")
        }
        let tag = try object["tag"].map(BindingDecoder.any)
            ?? Binding(.expression(Expression(tree: .name(name))), path: nameReader.path, location: nameReader.value.location)
        return PickerSpec.GeneratedOptions(list: list, name: name, text: try BindingDecoder.template(try object.required("text")),
                                           tag: tag)
    }

    /// `"pickerStyle": "segmented"`, required: SwiftUI's default style on iOS is a menu button, and Flipbook
    /// draws no menu. Each other style is refused with what it is.
    private static func pickerStyle(_ object: ObjectReader, at value: JSONReader) throws(SceneError) -> PickerSpec.Style {
        let write = "write \"pickerStyle\": \"segmented\" (SwiftUI's .pickerStyle(.segmented)), the one picker style drawn"
        guard let reader = object["pickerStyle"] else {
            throw value.error("a picker without \"pickerStyle\" is SwiftUI's automatic style, a menu button on iOS, which is not drawn; \(write)")
        }
        let name = try reader.string()
        if let refused = refusedPickerStyles[name] { throw reader.error("\(refused), which is not drawn; \(write)") }
        let chosen = try reader.choice(PickerSpec.Style.allCases.map(\.rawValue))
        guard let style = PickerSpec.Style(rawValue: chosen) else { throw reader.error(write) }
        return style
    }

    /// `onTap` on a picker would never run: a tap lands on one of its segments, which sets the selection.
    private static func refusePickerTap(_ object: ObjectReader) throws(SceneError) {
        var taps: [JSONReader] = []
        if let direct = object["onTap"] { taps.append(direct) }
        for entry in (try? object["modifiers"]?.array()) ?? [] {
            if let tap = (try? entry.members())?.first(where: { $0.key == "onTap" }) { taps.append(tap.value) }
        }
        guard let tap = taps.first else { return }
        throw tap.error("a picker's taps select a segment and run no actions (a script taps its parts \"<id>.segment0\", \"<id>.segment1\", ...); "
            + "the views that read the selection change with it; to run actions as well, put them in a \"button\" beside it")
    }
}
