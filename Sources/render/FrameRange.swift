import ArgumentParser

/// `--frames`: frame indices from 0, as `12`, `10..40` or `10...40` (both ends included) or `10..<40`.
struct FrameRange: ExpressibleByArgument {
    let range: ClosedRange<Int>

    init?(argument: String) {
        let text = argument
        let bounds: (String, String, Bool) // lower, upper, upper included
        if let r = text.range(of: "..<") {
            bounds = (String(text[..<r.lowerBound]), String(text[r.upperBound...]), false)
        } else if let r = text.range(of: "...") ?? text.range(of: "..") {
            bounds = (String(text[..<r.lowerBound]), String(text[r.upperBound...]), true)
        } else {
            bounds = (text, text, true)
        }
        guard let lower = Int(bounds.0), var upper = Int(bounds.1), lower >= 0 else { return nil }
        if !bounds.2 { upper -= 1 }
        guard upper >= lower else { return nil }
        range = lower...upper
    }

    static var defaultCompletionKind: CompletionKind { .default }
}
