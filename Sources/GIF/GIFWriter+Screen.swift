import Pixels
#if canImport(Glibc)
import Glibc
#endif

/// What is on screen: each frame resolved against the last (`WantedFrame`), the screen tracked as
/// palette indices or as colours, and the rectangle each frame changes.
extension GIFWriter {
    /// The rectangle `wanted` changes on screen and the one it must clear (where `next` turns transparent over
    /// a pixel it shows), against the screen as indices (under the global palette, drawn exactly: a pixel
    /// changes where the indices differ) or as colours (drawn into `drawn` by `drawColors`).
    func changes(_ wanted: WantedFrame, palette framePalette: Palette, next: WantedFrame?)
        -> (changed: GIFRect, cleared: GIFRect) {
        let (width, height) = (self.width, self.height)
        guard let shown = shownIndices else {
            let changed = drawColors(wanted, palette: framePalette)
            guard let nextColors = next?.colors else { return (changed, .empty) }
            let cleared = nextColors.withUnsafeBufferPointer { next in
                drawn.withUnsafeBufferPointer { drawn in
                    IndexScan.clearedRect(next: next, nextTransparent: ScreenColor.transparent, shown: drawn,
                                          shownTransparent: ScreenColor.transparent, width: width, height: height)
                }
            }
            return (changed, cleared)
        }
        let frame = wanted.frame
        let changed = frame.indices.withUnsafeBufferPointer { wanted in
            shown.withUnsafeBufferPointer { IndexScan.changedRect(wanted, $0, width: width, height: height) }
        }
        // A full palette has no transparent pixel, so nothing is ever cleared.
        guard let next = next?.frame, let transparent = palette.transparentIndex else { return (changed, .empty) }
        let cleared = next.indices.withUnsafeBufferPointer { next in
            frame.indices.withUnsafeBufferPointer { drawn in
                IndexScan.clearedRect(next: next, nextTransparent: transparent, shown: drawn,
                                      shownTransparent: transparent, width: width, height: height)
            }
        }
        return (changed, cleared)
    }

    /// Draws `wanted` into `drawn` over the screen as colours, and returns the rectangle it changed: a pixel
    /// whose wanted colour is on screen (or within the tolerance) keeps it, any other is drawn with its
    /// index's colour.
    func drawColors(_ wanted: WantedFrame, palette framePalette: Palette) -> GIFRect {
        let colorOf = ScreenColor.table(framePalette)
        let wantedColors = wanted.colors ?? ScreenColor.colors(of: wanted.frame.indices, table: colorOf)
        var changed = BoundingBox()
        // Typed pointers and `while` loops: no call per pixel in unoptimised (debug) builds.
        wanted.frame.indices.withUnsafeBufferPointer { indices in
            wantedColors.withUnsafeBufferPointer { wanted in
                screen.withUnsafeBufferPointer { before in
                    drawn.withUnsafeMutableBufferPointer { after in
                      colorOf.withUnsafeBufferPointer { colorOf in
                        guard let indices = indices.baseAddress, let wanted = wanted.baseAddress,
                              let before = before.baseAddress, let after = after.baseAddress,
                              let colorOf = colorOf.baseAddress else { return }
                        let tolerance = options.tolerance
                        for y in 0..<height {
                            let row = y * width
                            // A row the frame wants exactly as it is on screen stays as it is.
                            if memcmp(wanted + row, before + row, width * 4) == 0 {
                                UnsafeMutableRawPointer(after + row).copyMemory(from: before + row, byteCount: width * 4)
                                continue
                            }
                            var x = 0
                            while x < width {
                                let i = row + x
                                let shown = before[i]
                                if shown == wanted[i] || ScreenColor.keeps(shown, wanted: wanted[i], tolerance: tolerance) {
                                    after[i] = shown
                                } else {
                                    after[i] = colorOf[Int(indices[i])]
                                    changed.include(x: x, y: y)
                                }
                                x += 1
                            }
                        }
                      }
                    }
                }
            }
        }
        return changed.rect
    }

    /// `frame` as it wants the screen: with its own indices and colours, except where `source` equals the
    /// last frame's source, where it wants what that frame wanted (under another palette than the last
    /// frame's, unless its own colour is closer to the source: a new palette may refine still content).
    func resolve(_ frame: IndexedFrame, source: PixelImage?) -> WantedFrame {
        let colors: [UInt32]?
        if shownIndices == nil {
            let colorOf = ScreenColor.table(frame.localPalette ?? palette)
            colors = ScreenColor.colors(of: frame.indices, table: colorOf)
        } else {
            colors = nil
        }
        var wanted = WantedFrame(frame: frame, colors: colors)
        guard let source, let lastSource, let last = lastWanted else { return wanted }
        if let colors = wanted.colors, let lastColors = last.colors {
            wanted.colors = nil // no copy while it is changed
            var changed = colors
            if frame.localPalette != last.frame.localPalette {
                SourceDiff.keepUnlessCloser(&changed, from: lastColors, source: source, previousSource: lastSource)
            } else {
                SourceDiff.keepUnchanged(&changed, from: lastColors, source: source, previousSource: lastSource)
            }
            wanted.colors = changed
        } else {
            SourceDiff.keepUnchanged(&wanted.frame.indices, from: last.frame.indices, source: source,
                                     previousSource: lastSource)
        }
        return wanted
    }

    /// Switches the screen from indices to colours (for good), before a frame the indices cannot describe;
    /// the pending and last frames get their wanted colours.
    func trackColors() {
        guard let shown = shownIndices else { return }
        let colorOf = ScreenColor.table(palette)
        screen = ScreenColor.colors(of: shown, table: colorOf)
        drawn = screen
        shownIndices = nil
        if let indices = pending?.frame.indices { pending?.colors = ScreenColor.colors(of: indices, table: colorOf) }
        if let indices = lastWanted?.frame.indices { lastWanted?.colors = ScreenColor.colors(of: indices, table: colorOf) }
    }

    /// Sets every pixel of `rect` in the screen-sized `pixels` to `value`.
    func fill<Element>(_ pixels: inout [Element], _ rect: GIFRect, with value: Element) {
        for y in rect.y..<(rect.y + rect.height) {
            let row = y * width
            for x in rect.x..<(rect.x + rect.width) { pixels[row + x] = value }
        }
    }

    /// Whether `frame` can be merged into `pending`: every pixel wants the same colour (or within the tolerance).
    func looksSame(_ frame: WantedFrame, _ pending: WantedFrame) -> Bool {
        guard let frameColors = frame.colors, let pendingColors = pending.colors else {
            return frame.frame.indices.withUnsafeBufferPointer { a in
                pending.frame.indices.withUnsafeBufferPointer { IndexScan.equal(a, $0) }
            }
        }
        if options.tolerance == 0 { return frameColors == pendingColors }
        return zip(frameColors, pendingColors).allSatisfy {
            ScreenColor.keeps($0.1, wanted: $0.0, tolerance: options.tolerance)
        }
    }
}
