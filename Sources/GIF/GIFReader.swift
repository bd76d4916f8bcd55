import CGIF
import Pixels

/// Reads a whole GIF with giflib (`DGifSlurp`, which puts interlaced rows back in order) and composites its
/// frames as browsers do.
public enum GIFReader {
    /// Decodes the file at `path`.
    ///
    /// The canvas starts transparent. Each image is drawn over it (its transparent index leaves pixels as
    /// they are, pixels outside the canvas are clipped), the canvas is recorded, then the disposal is applied:
    /// 2 clears the image's rectangle to transparent (as browsers do, ignoring the background colour),
    /// 3 restores the canvas from before the image.
    public static func read(path: String) throws -> DecodedGIF {
        var code: Int32 = 0
        guard let file = DGifOpenFileName(path, &code) else {
            throw GIFError(path: path, operation: "opening the file", giflibCode: code)
        }
        defer { DGifCloseFile(file, &code) }
        guard DGifSlurp(file) == GIF_OK else {
            throw GIFError(path: path, operation: "decoding", giflibCode: file.pointee.Error)
        }
        let gif = file.pointee
        let width = Int(gif.SWidth), height = Int(gif.SHeight)
        var canvas = PixelImage(width: width, height: height)
        var frames = [DecodedFrame]()
        var loopCount: Int?
        for index in 0..<Int(gif.ImageCount) {
            let saved = gif.SavedImages[index]
            if loopCount == nil { loopCount = netscapeLoopCount(saved) }
            var control = GraphicsControlBlock(DisposalMode: DISPOSAL_UNSPECIFIED, UserInputFlag: false, DelayTime: 0,
                                               TransparentColor: NO_TRANSPARENT_COLOR)
            _ = DGifSavedExtensionToGCB(file, Int32(index), &control)
            let desc = saved.ImageDesc
            let rect = GIFRect(x: Int(desc.Left), y: Int(desc.Top), width: Int(desc.Width), height: Int(desc.Height))
            guard let colorMap = desc.ColorMap ?? gif.SColorMap else {
                throw GIFError(path: path, operation: "decoding image \(index)", reason: "no colour table")
            }
            let before = canvas
            draw(saved, rect: rect, colorMap: colorMap.pointee, transparent: Int(control.TransparentColor), on: &canvas)
            frames.append(DecodedFrame(image: canvas, delayCentiseconds: Int(control.DelayTime), rect: rect,
                                       disposal: Int(control.DisposalMode),
                                       transparentIndex: control.TransparentColor >= 0 ? Int(control.TransparentColor) : nil,
                                       hasLocalColorTable: desc.ColorMap != nil, isInterlaced: desc.Interlace))
            switch control.DisposalMode {
            case DISPOSE_BACKGROUND:
                for y in max(rect.y, 0)..<min(rect.y + rect.height, height) {
                    for x in max(rect.x, 0)..<min(rect.x + rect.width, width) { canvas[x, y] = RGBA8(r: 0, g: 0, b: 0, a: 0) }
                }
            case DISPOSE_PREVIOUS:
                canvas = before
            default:
                break
            }
        }
        if loopCount == nil, gif.ExtensionBlockCount > 0 {
            loopCount = netscapeLoopCount(count: Int(gif.ExtensionBlockCount), blocks: gif.ExtensionBlocks)
        }
        return DecodedGIF(width: width, height: height, loopCount: loopCount, frames: frames)
    }

    private static func draw(_ saved: SavedImage, rect: GIFRect, colorMap: ColorMapObject, transparent: Int,
                             on canvas: inout PixelImage) {
        guard let raster = saved.RasterBits, let colors = colorMap.Colors else { return }
        for row in 0..<rect.height {
            let y = rect.y + row
            guard y >= 0 && y < canvas.height else { continue }
            for column in 0..<rect.width {
                let x = rect.x + column
                let index = Int(raster[row * rect.width + column])
                guard x >= 0 && x < canvas.width, index != transparent, index < Int(colorMap.ColorCount) else { continue }
                let color = colors[index]
                canvas[x, y] = RGBA8(r: color.Red, g: color.Green, b: color.Blue)
            }
        }
    }

    private static func netscapeLoopCount(_ saved: SavedImage) -> Int? {
        netscapeLoopCount(count: Int(saved.ExtensionBlockCount), blocks: saved.ExtensionBlocks)
    }

    /// The loop count of a NETSCAPE2.0 (or ANIMEXTS1.0) application extension among `blocks`.
    private static func netscapeLoopCount(count: Int, blocks: UnsafeMutablePointer<ExtensionBlock>?) -> Int? {
        guard let blocks, count > 1 else { return nil }
        for i in 0..<(count - 1) where blocks[i].Function == APPLICATION_EXT_FUNC_CODE && blocks[i].ByteCount == 11 {
            guard let bytes = blocks[i].Bytes else { continue }
            let name = String(decoding: UnsafeBufferPointer(start: bytes, count: 11), as: UTF8.self)
            let data = blocks[i + 1]
            guard name == "NETSCAPE2.0" || name == "ANIMEXTS1.0", data.Function == CONTINUE_EXT_FUNC_CODE,
                  data.ByteCount >= 3, let sub = data.Bytes, sub[0] == 1 else { continue }
            return Int(sub[1]) | Int(sub[2]) << 8
        }
        return nil
    }
}
