import Expressions

/// `{"picker": "flavor", "options": [{"text": "Vanilla", "tag": "vanilla"}, ...], "pickerStyle": "segmented"}`:
/// SwiftUI's `Picker("Flavor", selection: $flavor) { Text("Vanilla").tag("vanilla") ... }.pickerStyle(.segmented)`,
/// a `UISegmentedControl`. The options may also come from a list, as a `ForEach` inside the picker makes
/// them: `"options": {"forEach": "flavors", "as": "f", "text": "${f}", "tag": "f"}`.
///
/// Its segments take taps: a picker with `"id": "flavor"` has the tappable parts `flavor.segment0`,
/// `flavor.segment1`, ..., whose actions set the selection to the segment's tag.
public struct PickerSpec: Sendable {
    /// SwiftUI's `PickerStyle` values drawn: only the segmented control (see `NodeDecoder+Picker.swift` for
    /// the styles refused and why).
    public enum Style: String, Sendable, CaseIterable {
        case segmented
    }

    /// One segment written out: `Text("Vanilla").tag("vanilla")`.
    public struct Option: Sendable {
        /// The segment's title: text with `${expr}` interpolation.
        public var text: Binding
        /// The value the selection takes when the segment is tapped (a constant).
        public var tag: Binding

        public init(text: Binding, tag: Binding) {
            self.text = text
            self.tag = tag
        }
    }

    /// `ForEach(flavors, id: \.self) { f in Text(f).tag(f) }`: one segment per element of a list.
    public struct GeneratedOptions: Sendable {
        /// The list expression, evaluated each frame (its length is the segment count).
        public var list: Binding
        /// The element's name inside `text` and `tag`.
        public var name: String
        /// The segment's title, over the element.
        public var text: Binding
        /// The segment's tag, over the element (default: the element itself).
        public var tag: Binding

        public init(list: Binding, name: String, text: Binding, tag: Binding) {
            self.list = list
            self.name = name
            self.text = text
            self.tag = tag
        }
    }

    public enum Options: Sendable {
        case fixed([Option])
        case generated(GeneratedOptions)
    }

    /// The state variable holding the selected tag.
    public var name: String
    /// `name`, read as an expression at the control's key.
    public var value: Binding
    public var options: Options
    public var style: Style
    /// Accepted as SwiftUI's picker title is: a segmented control does not draw it (VoiceOver reads it).
    public var label: Binding?
    /// What a tap on segment i does: set the selection to its tag, with the binding's animation if any.
    public var taps: [[Action]]
    /// `Binding.animation(_:)` on the selection, if written: then the thumb follows the transaction;
    /// without it the thumb slides with UIKit's own animation.
    public var bindingAnimation: AnimationSpec?
    public var site: ControlSite

    public init(name: String, value: Binding, options: Options, style: Style, label: Binding?, taps: [[Action]],
                bindingAnimation: AnimationSpec?, site: ControlSite) {
        self.name = name
        self.value = value
        self.options = options
        self.style = style
        self.label = label
        self.taps = taps
        self.bindingAnimation = bindingAnimation
        self.site = site
    }

    /// The tappable segments' id suffix: `<id>.segment0`, `<id>.segment1`, ...
    public static let partPrefix = "segment"

    /// A script can tap the first 100 segments of a picker whose options come from a list (its length is
    /// known only as the scene runs); a picker with written options has as many as it writes.
    public static let maxGeneratedTaps = 100

    /// The segments' full ids and actions, for a picker whose full id is `id`.
    public func parts(id: String) -> [(id: String, actions: [Action])] {
        taps.enumerated().map { ("\(id).\(Self.partPrefix)\($0.offset)", $0.element) }
    }

    /// The number of segments when the options are written out.
    public var fixedCount: Int? {
        if case .fixed(let options) = options { return options.count }
        return nil
    }

    /// The bindings read in the view's scope (the generated options' text and tag also see the element).
    public var scopeBindings: [Binding] {
        switch options {
        case .fixed(let options): return [value, label].compactMap { $0 } + options.map(\.text)
        case .generated(let generated): return [value, label, generated.list].compactMap { $0 }
        }
    }
}
