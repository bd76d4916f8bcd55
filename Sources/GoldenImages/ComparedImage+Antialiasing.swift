/// Anti-aliased pixel detection after pixelmatch (itself after V. Vyšniauskas, "Anti-aliased Pixel and
/// Intensity Slope Detector", 2009).
///
/// An anti-aliased edge pixel lies on a slope between two flat areas: among its 8 neighbours it has a
/// strictly darker and a strictly brighter one, at most two neighbours of its own brightness, and the
/// darkest or the brightest neighbour sits in a flat area (at least three identical neighbours) in
/// both images. A pixel on the image border counts its missing neighbours as one equal neighbour.
extension ComparedImage {
    /// Whether the pixel at (`x`, `y`) looks like part of an anti-aliased edge in this image.
    func isAntialiased(x: Int, y: Int, comparedWith other: ComparedImage) -> Bool {
        let (columns, rows, onEdge) = neighbourhood(x, y)
        let centreLuma = visibleColor(at: offset(x, y)).luma
        var equalNeighbours = onEdge ? 1 : 0
        var darkest = (difference: 0.0, x: x, y: y)
        var brightest = (difference: 0.0, x: x, y: y)
        for neighbourY in rows {
            for neighbourX in columns where neighbourX != x || neighbourY != y {
                let difference = visibleColor(at: offset(neighbourX, neighbourY)).luma - centreLuma
                if difference == 0 {
                    equalNeighbours += 1
                    if equalNeighbours > 2 { return false }
                } else if difference < darkest.difference {
                    darkest = (difference, neighbourX, neighbourY)
                } else if difference > brightest.difference {
                    brightest = (difference, neighbourX, neighbourY)
                }
            }
        }
        guard darkest.difference < 0, brightest.difference > 0 else { return false }
        let darkestIsFlat = isInFlatArea(x: darkest.x, y: darkest.y)
            && other.isInFlatArea(x: darkest.x, y: darkest.y)
        let brightestIsFlat = isInFlatArea(x: brightest.x, y: brightest.y)
            && other.isInFlatArea(x: brightest.x, y: brightest.y)
        return darkestIsFlat || brightestIsFlat
    }

    /// Whether the pixel at (`x`, `y`) has at least three neighbours with exactly its bytes.
    func isInFlatArea(x: Int, y: Int) -> Bool {
        let (columns, rows, onEdge) = neighbourhood(x, y)
        let centre = offset(x, y)
        var identicalNeighbours = onEdge ? 1 : 0
        for neighbourY in rows {
            for neighbourX in columns where neighbourX != x || neighbourY != y {
                if hasSameBytes(at: centre, as: offset(neighbourX, neighbourY)) {
                    identicalNeighbours += 1
                    if identicalNeighbours > 2 { return true }
                }
            }
        }
        return false
    }
}
