import DisplayList
import SceneFormat

/// Text styles, font designs and `minimumScaleFactor`.
extension Composer {
    /// `base` with a font object's Dynamic Type style (size and weight) and design (family) applied;
    /// the object's own `size`, `weight` and `family` are applied after, so they win.
    func applyingStyleAndDesign(_ spec: FontSpec, to base: Font) -> Font {
        var font = base
        if let style = spec.style {
            font.size = style.size
            font.weight = FontWeight(rawValue: style.weight) ?? .regular
        }
        if let design = spec.design { font.family = design.family }
        return font
    }

    /// Steps of the search for the largest scale that fits; 2^-12 of the range is far below a pixel.
    static let scaleSearchSteps = 12

    /// `runs` shrunk as SwiftUI's `minimumScaleFactor` shrinks text: by the largest factor in
    /// [minimumScaleFactor, 1] at which the text fits `width` — within `lineLimit` lines without
    /// truncation, or on one line when there is no limit. Unchanged without a factor or a finite width.
    func fittedRuns(_ text: TextSpec, _ runs: [TextRun], width: Double?, _ scope: ComposeScope) throws(SceneError) -> [TextRun] {
        guard let binding = text.minimumScaleFactor, let width, width.isFinite else { return runs }
        let minimum = try scope.number(binding)
        guard minimum > 0, minimum <= 1 else {
            throw SceneError(path: binding.path, location: binding.location,
                             message: "a minimumScaleFactor must be more than 0 and at most 1, got \(minimum)")
        }
        if fits(runs, width: width, lineLimit: text.lineLimit, text) { return runs }
        var low = minimum, high = 1.0
        guard fits(scaled(runs, low), width: width, lineLimit: text.lineLimit, text) else { return scaled(runs, low) }
        for _ in 0..<Self.scaleSearchSteps {
            let middle = (low + high) / 2
            if fits(scaled(runs, middle), width: width, lineLimit: text.lineLimit, text) { low = middle } else { high = middle }
        }
        return scaled(runs, low)
    }

    /// Whether `runs` fit `width`: in `lineLimit` lines with nothing cut, or on one line when nil.
    private func fits(_ runs: [TextRun], width: Double, lineLimit: Int?, _ text: TextSpec) -> Bool {
        let slack = 0.01
        guard let lineLimit else {
            return measurer.measure(runs, width: nil, alignment: alignment(text), lineLimit: nil).width <= width + slack
        }
        let limited = measurer.measure(runs, width: width + slack, alignment: alignment(text), lineLimit: lineLimit)
        let full = measurer.measure(runs, width: width + slack, alignment: alignment(text), lineLimit: nil)
        return full.height <= limited.height + slack && full.width <= width + slack
    }

    private func scaled(_ runs: [TextRun], _ factor: Double) -> [TextRun] {
        runs.map { run in
            var copy = run
            copy.font.size *= factor
            copy.baselineOffset *= factor
            return copy
        }
    }
}

extension Composer {
    /// Where the text view `node` was written: its JSON path and its text's line and column, for errors
    /// about drawing it (its glyphs' cost, a font too large to draw).
    static func place(of node: Node, _ text: TextSpec) -> SourcePlace {
        let location = text.runs.first?.text.location
        return SourcePlace(path: "\(node.path)", line: location?.line ?? 0, column: location?.column ?? 0)
    }

    /// `items` with every text among them (inside groups too) marked as drawn by `place`.
    static func stamping(_ items: [DisplayItem], _ place: SourcePlace) -> [DisplayItem] {
        items.map { item in
            switch item {
            case .text(var text):
                text.source = place
                return .text(text)
            case .group(var group):
                group.children = stamping(group.children, place)
                return .group(group)
            case .shape, .image, .colorEffect: return item
            }
        }
    }
}
