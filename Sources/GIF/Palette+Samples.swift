import Pixels

/// What the palette samples say about an animation, for the opening and refinement palettes.
extension Palette {
    /// Per pixel, how many of `samples` show it as `samples[0]` does, counting from the first until it changes.
    public static func persistence(of samples: [PixelImage]) -> [Int] {
        PaletteSamples(samples).persistence
    }

    /// The summed squared error (in the module's metric) of the opaque pixels of `samples` under this palette.
    public func totalError(of samples: [PixelImage]) -> Double {
        var histogram = ColorHistogram()
        for sample in samples { histogram.add(sample) }
        return totalError(of: histogram)
    }

    /// `totalError(of:)` for samples gathered one at a time.
    public func totalError(of samples: PaletteSamples) -> Double {
        totalError(of: samples.histogram)
    }

    private func totalError(of histogram: ColorHistogram) -> Double {
        var total = 0.0
        table.withLookup { lookup in
            for point in histogram.weightedColors {
                total += point.weight * Double(lookup.nearest(r: Int(point.r.rounded()), g: Int(point.g.rounded()),
                                                              b: Int(point.b.rounded())).distance)
            }
        }
        return total
    }
}
