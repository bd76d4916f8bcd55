import Pixels

/// A GIF read back and composited frame by frame (used by tests and tools).
public struct DecodedGIF: Sendable {
    /// The logical screen width in pixels.
    public let width: Int
    /// The logical screen height in pixels.
    public let height: Int
    /// The NETSCAPE2.0 loop count (0 = forever), or nil if the file has no loop extension.
    public let loopCount: Int?
    /// The images in file order.
    public let frames: [DecodedFrame]

    /// A decoded animation.
    public init(width: Int, height: Int, loopCount: Int?, frames: [DecodedFrame]) {
        self.width = width
        self.height = height
        self.loopCount = loopCount
        self.frames = frames
    }

    /// The sum of all frame delays, in centiseconds.
    public var totalDelayCentiseconds: Int { frames.reduce(0) { $0 + $1.delayCentiseconds } }
}

/// One image of a decoded GIF, with the whole canvas as shown while it is displayed.
public struct DecodedFrame: Sendable {
    /// The full composited canvas after this image is drawn (before its disposal).
    public let image: PixelImage
    /// How long it is shown, in centiseconds.
    public let delayCentiseconds: Int
    /// Where the image was drawn on the canvas.
    public let rect: GIFRect
    /// The disposal method: 0 unspecified, 1 do not dispose, 2 restore to background, 3 restore to previous.
    public let disposal: Int
    /// The transparent index of this image, if any.
    public let transparentIndex: Int?
    /// Whether the image had its own colour table.
    public let hasLocalColorTable: Bool
    /// Whether the image's rows were stored interlaced.
    public let isInterlaced: Bool

    /// A decoded frame.
    public init(image: PixelImage, delayCentiseconds: Int, rect: GIFRect, disposal: Int, transparentIndex: Int?,
                hasLocalColorTable: Bool, isInterlaced: Bool = false) {
        self.image = image
        self.delayCentiseconds = delayCentiseconds
        self.rect = rect
        self.disposal = disposal
        self.transparentIndex = transparentIndex
        self.hasLocalColorTable = hasLocalColorTable
        self.isInterlaced = isInterlaced
    }
}
