/// `"bindingAnimation": ".spring()"` on a toggle, slider or stepper: SwiftUI's `Binding.animation(_:)`
/// (`Toggle(isOn: $on.animation(.spring()))`), "an animation to perform when the binding value changes"
/// (https://developer.apple.com/documentation/swiftui/binding/animation(_:)). Every change the control makes
/// to its variable (a tap on the toggle or a stepper segment, each step of a slider's drag) is a `set` with
/// that animation, as a change through the binding runs in a transaction carrying it.
extension NodeDecoder {
    static func bindingAnimation(_ object: ObjectReader) throws(SceneError) -> AnimationSpec? {
        try object["bindingAnimation"].map(ActionDecoder.animation)
    }
}
