extension ColorValue {
    /// SwiftUI's named colours, with the iOS light-mode system colour values (sRGB, 8-bit as Apple documents them).
    ///
    /// red (255, 59, 48), orange (255, 149, 0), yellow (255, 204, 0), green (52, 199, 89), mint (0, 199, 190),
    /// teal (48, 176, 199), cyan (50, 173, 230), blue (0, 122, 255), indigo (88, 86, 214), purple (175, 82, 222),
    /// pink (255, 45, 85), brown (162, 132, 94), gray (142, 142, 147), white, black, and clear (black, alpha 0).
    /// Note that UIKit's `UIColor.cyan` is pure #00FFFF, not the system cyan; write `hex('#00FFFF')` for it.
    public static let named: [(name: String, color: ColorValue)] = [
        ("red", ColorValue(red255: 255, green255: 59, blue255: 48)),
        ("orange", ColorValue(red255: 255, green255: 149, blue255: 0)),
        ("yellow", ColorValue(red255: 255, green255: 204, blue255: 0)),
        ("green", ColorValue(red255: 52, green255: 199, blue255: 89)),
        ("mint", ColorValue(red255: 0, green255: 199, blue255: 190)),
        ("teal", ColorValue(red255: 48, green255: 176, blue255: 199)),
        ("cyan", ColorValue(red255: 50, green255: 173, blue255: 230)),
        ("blue", ColorValue(red255: 0, green255: 122, blue255: 255)),
        ("indigo", ColorValue(red255: 88, green255: 86, blue255: 214)),
        ("purple", ColorValue(red255: 175, green255: 82, blue255: 222)),
        ("pink", ColorValue(red255: 255, green255: 45, blue255: 85)),
        ("brown", ColorValue(red255: 162, green255: 132, blue255: 94)),
        ("gray", ColorValue(red255: 142, green255: 142, blue255: 147)),
        ("white", ColorValue(red: 1, green: 1, blue: 1)),
        ("black", ColorValue(red: 0, green: 0, blue: 0)),
        ("clear", ColorValue(red: 0, green: 0, blue: 0, alpha: 0)),
    ]

    /// The named SwiftUI colour (see `named`), or nil.
    public static func named(_ name: String) -> ColorValue? {
        named.first { $0.name == name }?.color
    }

    /// The names of the named colours, in the order of `named`.
    public static var colorNames: [String] { named.map(\.name) }
}
