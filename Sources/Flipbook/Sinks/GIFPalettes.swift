import GIF
import Pixels

/// The palettes a GIF is written with: one global palette, and a local one for its first or second frame
/// where that pays (`Palette.opening`, `Palette.refinement`).
struct GIFPalettes: Sendable {
    /// The global palette's quantizer.
    let global: Quantizer
    /// The first frame's own quantizer, if the opening palette pays.
    let opening: Quantizer?
    /// Per pixel, whether it is the same in every sample (empty with an opening palette: no refinement then).
    let still: [Bool]
    /// The samples' summed squared error under the global palette.
    let sampleError: Double
    /// How many samples the palette was built from.
    let sampleCount: Int

    /// Builds the palettes from what the sample frames showed (the first of them is the first frame).
    ///
    /// An opaque animation may use all 256 indices, one more colour than a GIF with a transparent index, so
    /// one of exactly 256 colours stays lossless (the writer finds each image a spare index).
    init(samples: PaletteSamples, opaque: Bool, dither: Dither) {
        let palette = Palette.build(from: samples, maxColors: opaque ? Palette.maxOpaqueColors : Palette.maxColors)
            .ordered(byChangesIn: samples)
        global = Quantizer(palette: palette, dither: dither)
        sampleError = palette.totalError(of: samples)
        opening = palette.opening(for: samples, totalError: sampleError).map { Quantizer(palette: $0, dither: dither) }
        still = opening != nil ? [] : samples.stillPixels
        sampleCount = samples.count
    }

    /// Frame `index` (quantized with the global palette) as it is written: the first under the opening
    /// palette, the second under a refinement palette (given the first frame's `first` source) where either
    /// pays, any other as it is.
    func frame(_ frame: IndexedFrame, index: Int, source: PixelImage, first: PixelImage?) -> IndexedFrame {
        var local: Quantizer?
        if index == 0 {
            local = opening
        } else if index == 1, opening == nil, let first,
                  let refined = global.palette.refinement(first: first, second: source, indices: frame, still: still,
                                                          weight: Double(sampleCount), totalError: sampleError) {
            local = Quantizer(palette: refined, dither: global.dither)
        }
        guard let local else { return frame }
        var written = local.quantize(source)
        written.localPalette = local.palette
        return written
    }
}
