/// `{"slider": "volume", "in": [0, 1], "step": 0.1, "tint": colour}`: SwiftUI's
/// `Slider(value: $volume, in: 0...1, step: 0.1).tint(colour)`. A scripted drag on the slider's id sets the
/// variable (the view's `onDrag`).
public struct SliderSpec: Sendable {
    /// The state variable the thumb shows.
    public var name: String
    /// `name`, read as an expression at the control's key.
    public var value: Binding
    public var range: ControlRange
    /// Accepted as SwiftUI's slider label is (VoiceOver only): not drawn.
    public var label: Binding?
    /// The minimum track's colour (nil: `UIColor.systemBlue`).
    public var tint: Binding?
    public var site: ControlSite

    public init(name: String, value: Binding, range: ControlRange, label: Binding?, tint: Binding?, site: ControlSite) {
        self.name = name
        self.value = value
        self.range = range
        self.label = label
        self.tint = tint
        self.site = site
    }

    /// A `UISlider`'s height on iPhone, and the side of the square its thumb moves in, in points: the
    /// thumb's square moves from x = 0 to x = width - 31 as the value goes from low to high (UIKit's
    /// `thumbRect(forBounds:trackRect:value:)`), which a drag's mapping from the finger to the value needs too.
    public static let thumbSquare = 31.0

    /// The name of the `let` holding the thumb's x inside a slider's look (a name a slider cannot be bound to).
    public static let thumbLet = "_sliderThumbX"
}
