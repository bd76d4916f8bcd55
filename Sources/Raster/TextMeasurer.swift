import CCairo
import CPango
import DisplayList
import Foundation
import Geometry

/// Measures text exactly as `Rasterizer` draws it.
///
/// Thread-safe: one internal lock guards its Pango context, and results are cached by the request.
/// Measurements are made in an untransformed context; because hinting is off they equal the
/// layout drawn at any scale.
public final class TextMeasurer: @unchecked Sendable {
    /// A measurer shared by the whole process.
    public static let shared = TextMeasurer()

    /// Results are forgotten when the cache grows past this many entries.
    private static let cacheLimit = 10_000

    private let lock = NSLock()
    private let fontMap: UnsafeMutablePointer<PangoFontMap>?
    private let fontOptions: OpaquePointer?
    private let context: OpaquePointer?
    private var cache: [Request: TextMetrics] = [:]

    /// A measurer with its own Pango font map and context.
    public init() {
        let fontMap = FontLock.withLock { pango_cairo_font_map_new() }
        let fontOptions = PangoText.makeFontOptions()
        self.fontMap = fontMap
        self.fontOptions = fontOptions
        context = fontMap.flatMap { PangoText.makeContext(fontMap: $0, fontOptions: fontOptions) }
    }

    deinit {
        FontLock.withLock {
            if let context { g_object_unref(UnsafeMutableRawPointer(context)) }
            if let fontMap { g_object_unref(fontMap) }
        }
        cairo_font_options_destroy(fontOptions)
    }

    /// The logical size, first baseline and line count of `runs` laid out as a `TextItem` with the
    /// same `width`, `alignment` and `lineLimit` would be drawn; `.zero` for empty text.
    ///
    /// `lineLimit` counts lines per paragraph (Pango's rule) and truncates only when `width` is set.
    public func measure(_ runs: [TextRun], width: Double?, alignment: TextAlignment,
                        lineLimit: Int?) -> TextMetrics {
        let request = Request(runs: runs.map { Request.Run(text: $0.text, font: $0.font, baselineOffset: $0.baselineOffset) },
                              width: width, alignment: alignment, lineLimit: lineLimit)
        lock.lock()
        defer { lock.unlock() }
        if let known = cache[request] { return known }
        // Always this lock, then the font lock: the rasterizer takes only the font lock, so no cycle.
        let metrics: TextMetrics = FontLock.withLock {
            guard let layout = PangoText.makeLayout(in: context, runs: runs, width: width, alignment: alignment,
                                                    lineLimit: lineLimit) else { return .zero }
            defer { g_object_unref(UnsafeMutableRawPointer(layout)) }
            return PangoText.metrics(of: layout)
        }
        if cache.count >= Self.cacheLimit { cache.removeAll(keepingCapacity: true) }
        cache[request] = metrics
        return metrics
    }

    /// The metrics of `item`'s text, as `Rasterizer` lays it out.
    public func measure(_ item: TextItem) -> TextMetrics {
        measure(item.runs, width: item.width, alignment: item.alignment, lineLimit: item.lineLimit)
    }

    /// What a measurement depends on (colour does not change the layout).
    private struct Request: Hashable {
        struct Run: Hashable {
            var text: String
            var font: Font
            var baselineOffset: Double
        }
        var runs: [Run]
        var width: Double?
        var alignment: TextAlignment
        var lineLimit: Int?
    }
}
