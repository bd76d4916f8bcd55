import Pixels

/// What the palette samples say about an animation, for the opening and refinement palettes.
extension Palette {
    /// Per pixel, how many of `samples` show it as `samples[0]` does, counting from the first until it changes.
    public static func persistence(of samples: [PixelImage]) -> [Int] {
        guard let first = samples.first else { return [] }
        let count = first.width * first.height
        var weights = [Int](repeating: 1, count: count)
        var alive = [Bool](repeating: true, count: count)
        // Typed pointers and `while` loops: no call per pixel in unoptimised (debug) builds.
        weights.withUnsafeMutableBufferPointer { weights in
            alive.withUnsafeMutableBufferPointer { alive in
                first.pixels.withUnsafeBytes { start in
                    guard let weights = weights.baseAddress, let alive = alive.baseAddress,
                          let start = start.baseAddress?.assumingMemoryBound(to: UInt32.self) else { return }
                    for sample in samples.dropFirst() {
                        sample.pixels.withUnsafeBytes { bytes in
                            guard let words = bytes.baseAddress?.assumingMemoryBound(to: UInt32.self) else { return }
                            var p = 0
                            while p < count {
                                if alive[p] {
                                    if words[p] == start[p] {
                                        weights[p] += 1
                                    } else {
                                        alive[p] = false
                                    }
                                }
                                p += 1
                            }
                        }
                    }
                }
            }
        }
        return weights
    }

    /// The summed squared error (in the module's metric) of the opaque pixels of `samples` under this palette.
    public func totalError(of samples: [PixelImage]) -> Double {
        var histogram = ColorHistogram(exactLimit: 0)
        for sample in samples { histogram.add(sample) }
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
