extension GIFRect {
    /// The rows of an image `height` rows tall in the order an interlaced GIF image stores them: every 8th
    /// row from 0, every 8th from 4, every 4th from 2, then every 2nd from 1.
    public static func interlacedRows(height: Int) -> [Int] {
        guard height > 0 else { return [] }
        return Array(stride(from: 0, to: height, by: 8)) + Array(stride(from: 4, to: height, by: 8))
            + Array(stride(from: 2, to: height, by: 4)) + Array(stride(from: 1, to: height, by: 2))
    }
}
