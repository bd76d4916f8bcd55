/// A frame as the GIF writer wants it on screen: the indices it draws with and, once the writer tracks the
/// screen as colours, the colour it wants at each pixel.
///
/// Where a frame comes with its source pixels, a pixel whose source did not change since the previous frame
/// wants whatever that frame wanted there (what is already on screen), not its own index's colour: static
/// content stays as it was first drawn, whichever palette the frame is quantized with.
struct WantedFrame {
    /// The indices, in `frame.localPalette` or the global palette. While the screen is tracked as indices,
    /// they already hold the previous frame's index at every pixel whose source did not change.
    var frame: IndexedFrame
    /// The wanted colour of every pixel (`ScreenColor`), while the screen is tracked as colours; else nil.
    var colors: [UInt32]?
}
