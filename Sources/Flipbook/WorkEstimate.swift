import Compose
import DisplayList
import Expressions
import Foundation
import Geometry
import Raster
import SceneFormat
import Timeline

/// The work a render asks for, estimated before any frame is drawn or any output made, so a scene that
/// would take hours is refused at once with the JSON path that costs most.
///
/// A few frames are composed (not drawn): the first, the middle, the last and the first frame at each of
/// the script's transactions (at most `maxTransactionSamples` of them, evenly picked). Each frame of the
/// render counts as the sampled frame nearest to it. A sampled frame's work is measured with the same
/// counts the per-frame budget uses while drawing (path points and characters as the composer counts
/// them, row crossings as `CoverageMeter` counts them) plus the pixels that filters and layers touch,
/// the pixels shapes paint (by kind of shading) and the em squares of the characters' glyphs;
/// `Rates` turns each into CPU time. The render's estimate is checked against the render limits
/// (`SceneLimits`, `CoverageMeter`) and against the work budget (`defaultBudget`, or `--work-budget`). The per-frame and per-render counts while
/// drawing stay as the backstop for frames that differ from the sampled ones.
public struct WorkEstimate: Sendable {
    /// Nanoseconds of CPU per unit of work: the slowest cases measured (user + system CPU of the release
    /// build, one worker, on the project's 2-core machine), so that a render takes at most its estimate
    /// (docs/scene-format.md, "The work budget", lists the cases and their ratios).
    public enum Rates {
        /// Composing and drawing one path point, beyond its segment's scan conversion.
        public static let pathPoint = 100.0
        /// One edge crossing one pixel row (`CoverageMeter`'s unit, which also charges `rotation3D` and
        /// angular-gradient pixels): the slowest case, a stroked zigzag with round joins near the frame
        /// limit (4 million crossings in about a second); fills and thin strokes measured 15 to 65 ns.
        public static let crossing = 250.0
        /// Laying out and drawing one character of text (two 9,000-character texts a frame on a
        /// 2000 x 2000 px frame: about 3.3 µs a character).
        public static let character = 5_000.0
        /// Blurring one pixel of a blur or a shadow: four nested blurs of a 6000 px circle on an
        /// 8000 x 6000 px frame, about 120 ns a pixel (the three box passes, the bounds scan, padding).
        public static let blurredPixel = 130.0
        /// One pixel of a layer: a group drawn with opacity, a mask, a filter or a colour effect is drawn
        /// into a surface of its own, as large as its clip, and composited. Twelve nested half-opaque
        /// groups on an 8000 x 6000 px frame: about 4.3 ns a pixel (fresh pages of a 192 MB surface each);
        /// small ones cost less (1,000 half-opaque dots on a 2000 x 2000 px frame: 0.4 ns).
        public static let layerPixel = 5.0
        /// One pixel a shape paints with a colour or a linear gradient (its device bounds within the frame,
        /// stroke included): 200 half-opaque full-frame rectangles on a 2000 x 2000 px frame, 0.27 ns a
        /// pixel; as many linear gradients, 0.39 ns.
        public static let paintedPixel = 0.5
        /// One pixel a shape paints with a radial or elliptical gradient (Cairo computes each pixel's
        /// colour): 200 full-frame radial (or elliptical) gradients on a 2000 x 2000 px frame, 5.6 s of CPU
        /// for 800 million pixels, 7 ns a pixel.
        public static let shadedPixel = 9.0
        /// One pixel of a glyph's em square (the font size times the scale, squared) for each character of
        /// text, on top of `character`: Cairo rasterizes a glyph that touches the frame whole, however little
        /// of it shows (one wholly outside is skipped, which this count, made before layout, cannot know). Forty 2000 pt glyphs of distinct sizes at scale 2 (4000 px em squares, 640 million pixels)
        /// took 0.9 s of CPU, twenty at scale 4 (8000 px, 1.3 billion pixels) 2.1 s: about 1.2 ns a pixel
        /// with the frame's own work. A glyph drawn again at the same size comes from Cairo's cache and
        /// costs far less.
        public static let glyphPixel = 1.5
        /// One pixel of an image drawn, scaled and composited.
        public static let imagePixel = 10.0
        /// One Core Animation layer animation live at a drawn frame (within its live span: added and not
        /// yet removed): each frame walks the live animations of every value (`Timeline.viewValue`,
        /// `PresentationIndex.layerValues`), however few of them decide what shows. bench/storms, release
        /// build: 99,999 concurrent 60 s `caAnimation`s of one value over 1,000 frames (42 million live
        /// animations at frames) took 2.4 s to compose, 57 ns each; 10,000 of them, 56 ns.
        public static let liveLayerAnimation = 100.0
        /// One additive layer animation (`isAdditive`, or along a path) live at a drawn frame: each adds its
        /// value at its progress to what shows, so each is evaluated. bench/storms: 10,000 additive
        /// `caKeyframeAnimation`s of 1,000 values repeating for ever (about 9.5 million live at the 1,000
        /// frames) took 17.4 s to compose, about 1.8 µs each.
        public static let liveAdditiveLayerAnimation = 2_000.0
        /// One change of a state variable made in an animated transaction (`withAnimation`, an animated
        /// `set`, a `UIView.animate` block), live at a drawn frame: every view attribute that reads the
        /// variable adds the change's offset at its progress, SwiftUI's additive animations. bench/storms,
        /// release build: 99,999 concurrent 60 s `withAnimation` blocks each changing two variables (120
        /// million changes live at the 1,000 frames) took 15.8 s to compose, 130 ns each.
        public static let liveAnimatedChange = 150.0
        /// One pixel of a drawn frame: cleared, copied out, averaged (motion blur); drawing an
        /// 8000 x 6000 px frame with a circle took 2.2 ns a pixel.
        public static let framePixel = 5.0

        /// One pixel of an output frame encoded and written in `format` at `effort` (palette, compression,
        /// the file): measured over the bundled scenes and 2000 x 2000 and 8000 x 6000 px frames, the slowest
        /// case of each plus a margin (bench/work-budget, `--effort`). GIF about 12 ns a pixel (bench/perf),
        /// and PNG frames 27 to 37 ns, at every effort. At `max`, APNG 100 to 1,750 ns (deflate on every
        /// frame's differences, slowest on gradients: 1800 x 1800 px of angular gradient, 64 s of CPU for 32
        /// million pixels, since `OptimalDeflate`) and WebP 90 to 930 ns (every way of cutting each frame
        /// tried, lossy frames also lossless: lucky-wheel, 8 sub-frames a frame, 24 s of encoding for 26
        /// million pixels). At `default` and `fast` the slowest case is that angular gradient, whole renders
        /// (drawing included, which alone is about 63 ns a pixel there): APNG 144 and 63 ns, WebP lossless
        /// 244 and 217 ns (lossy 69 ns); on the bundled scenes every render stayed under 125 ns a pixel.
        public static func encodedPixel(_ format: RenderOptions.Format, effort: RenderOptions.Effort = .default) -> Double {
            switch (format, effort) {
            case (.gif, _): return 20
            case (.png, _): return 45
            case (.apng, .max): return 2_200
            case (.apng, .default): return 250
            case (.apng, .fast): return 120
            case (.webp, .max): return 1_300
            case (.webp, .default): return 350
            case (.webp, .fast): return 300
            }
        }
    }

    /// The work budget unless `--work-budget` says otherwise: 1,800 s of estimated CPU, half an hour on
    /// one core (416 frames of 8000 x 6000 px as PNGs, the largest render the pixel limits allow, are
    /// estimated at 1,000 s and take about 590).
    public static let defaultBudget = 1800.0
    /// The largest budget `--work-budget` accepts: 86,400 s, a day of CPU.
    public static let maxBudget = 86_400.0
    /// Transactions whose frames are sampled, at most.
    static let maxTransactionSamples = 8

    /// Frames in the render, and how many were sampled.
    public let frames: Int
    public let sampledFrames: Int
    /// The font families the sampled frames' text asks for.
    public private(set) var fontFamilies: Set<String> = []
    /// Estimated totals over the render.
    public private(set) var pathPoints = 0.0
    public private(set) var characters = 0.0
    public private(set) var crossings = 0.0
    public private(set) var blurredPixels = 0.0
    public private(set) var layerPixels = 0.0
    public private(set) var framePixels = 0.0
    public private(set) var paintedPixels = 0.0
    public private(set) var shadedPixels = 0.0
    public private(set) var glyphPixels = 0.0
    /// Core Animation layer animations live at the drawn frames, summed over the drawings: additive ones
    /// (`LayerAnimation.actsOnState`) and the others.
    public private(set) var liveLayerAnimations = 0.0
    public private(set) var liveAdditiveLayerAnimations = 0.0
    /// Changes made in animated transactions, live at the drawn frames, summed over the drawings.
    public private(set) var liveAnimatedChanges = 0.0
    /// Pixels of the output frames, encoded once each, and the CPU seconds they take.
    public private(set) var encodedPixels = 0.0
    public private(set) var encodingSeconds = 0.0
    /// Estimated CPU seconds.
    public var seconds: Double { costs.seconds.values.reduce(0, +) }

    /// Each quantity by the JSON path it comes from ("" for the canvas).
    private var costs = Costs()

    /// The frame indices (into `times`) sampled: first, middle, last and the first frame at or after each
    /// transaction time (evenly picked when there are many), in order.
    static func sampleIndices(times: [Double], transactionTimes: [Double]) -> [Int] {
        guard !times.isEmpty else { return [] }
        var indices: Set<Int> = [0, times.count / 2, times.count - 1]
        let unique = Array(Set(transactionTimes.filter { $0 >= times[0] && $0 <= times[times.count - 1] })).sorted()
        let step = max(1, (unique.count + maxTransactionSamples - 1) / maxTransactionSamples)
        for k in stride(from: 0, to: unique.count, by: step) {
            // The first frame showing the transaction (times are sorted).
            var low = 0, high = times.count - 1
            while low < high {
                let mid = (low + high) / 2
                if times[mid] < unique[k] - 1e-9 { low = mid + 1 } else { high = mid }
            }
            indices.insert(low)
        }
        return indices.sorted()
    }

    /// Estimates the render of `player`'s scene at `times` with `subframes` drawings a frame (motion blur),
    /// written as `format` at `effort`. Throws the per-frame drawing errors a sampled frame meets, as drawing it would.
    public init(player: Player, times: [Double], subframes: Int = 1, format: RenderOptions.Format = .gif,
                effort: RenderOptions.Effort = .default) throws(SceneError) {
        frames = times.count
        let samples = Self.sampleIndices(times: times, transactionTimes: player.timeline.transactions.map(\.time))
        sampledFrames = samples.count
        let scene = player.scene
        let width = (scene.canvas.width * scene.canvas.scale).rounded()
        let height = (scene.canvas.height * scene.canvas.scale).rounded()
        for (j, index) in samples.enumerated() {
            // The frames nearest to this sample: halfway to its neighbours.
            let from = j == 0 ? 0 : (samples[j - 1] + index) / 2 + 1
            let to = j == samples.count - 1 ? times.count - 1 : (index + samples[j + 1]) / 2
            let weight = Double(to - from + 1)
            let (list, work) = try player.measuredDisplayList(at: times[index])
            fontFamilies.formUnion(list.fontFamilies)
            let frame = FrameCost(list, width: width, height: height)
            guard frame.crossings <= CoverageMeter.maxFrameCrossings else {
                let place = frame.largestCrossings.source.isEmpty ? "" : frame.largestCrossings.source + ": "
                throw SceneError(file: scene.file, path: .document, message: place
                    + "at t = \(NumberFormat.shortest(times[index])) s: the frame's shapes would cross more than "
                    + "\(Int(CoverageMeter.maxFrameCrossings)) pixel rows with their edges, the drawing limit of one frame "
                    + "(this shape alone \(Int(frame.largestCrossings.count))); use fewer points or a smaller shape")
            }
            let drawings = weight * Double(max(1, subframes))
            for (path, count) in work.pointsByPath { costs.add(.points, "\(path)", Double(count) * drawings) }
            for (path, count) in work.charactersByPath { costs.add(.characters, "\(path)", Double(count) * drawings) }
            for (source, count) in frame.crossingsBySource { costs.add(.crossings, source, count * drawings) }
            for (source, count) in frame.blurBySource { costs.add(.blur, source, count * drawings) }
            for (source, count) in frame.layersBySource { costs.add(.layers, source, count * drawings) }
            for (source, count) in frame.imagesBySource { costs.add(.images, source, count * drawings) }
            for (source, count) in frame.paintedBySource { costs.add(.painted, source, count * drawings) }
            for (source, count) in frame.shadedBySource { costs.add(.shaded, source, count * drawings) }
            for (source, count) in frame.glyphsBySource { costs.add(.glyphs, source, count * drawings) }
            costs.locations.merge(frame.locations) { old, _ in old }
            costs.add(.frame, "", width * height * weight * Double(max(1, subframes)))
        }
        addLayerAnimations(player.timeline.layerAnimations, times: times, drawings: Double(max(1, subframes)))
        addAnimatedChanges(player.timeline.transactions, times: times, drawings: Double(max(1, subframes)))
        encodedPixels = width * height * Double(times.count)
        encodingSeconds = encodedPixels * Rates.encodedPixel(format, effort: effort) / 1e9
        costs.add(.encoded, "", encodedPixels, rate: Rates.encodedPixel(format, effort: effort))
        pathPoints = costs.total(.points)
        characters = costs.total(.characters)
        crossings = costs.total(.crossings)
        blurredPixels = costs.total(.blur)
        layerPixels = costs.total(.layers)
        framePixels = costs.total(.frame)
        paintedPixels = costs.total(.painted)
        shadedPixels = costs.total(.shaded)
        glyphPixels = costs.total(.glyphs)
        liveLayerAnimations = costs.total(.layerAnimations)
        liveAdditiveLayerAnimations = costs.total(.additiveLayerAnimations)
        liveAnimatedChanges = costs.total(.animatedChanges)
    }

    /// Counts, for each layer animation, the frames at `times` (sorted) within its live span, each drawn
    /// `drawings` times, by the path of the action that added it: every frame, not only the sampled ones.
    private mutating func addLayerAnimations(_ animations: [StateKey: [LayerAnimation]], times: [Double], drawings: Double) {
        var byOrigin: [Quantity: [JSONPath?: Int]] = [:]
        for list in animations.values {
            for animation in list {
                let span = animation.liveSpan
                guard span.end > span.start else { continue }
                let live = Self.firstIndex(in: times, atOrAfter: span.end) - Self.firstIndex(in: times, atOrAfter: span.start)
                let kind = animation.actsOnState ? Quantity.additiveLayerAnimations : .layerAnimations
                if live > 0 { byOrigin[kind, default: [:]][animation.origin, default: 0] += live }
                if let origin = animation.origin, let location = animation.originLocation {
                    costs.locations["\(origin)"] = costs.locations["\(origin)"] ?? location
                }
            }
        }
        for (kind, counts) in byOrigin {
            for (origin, count) in counts { costs.add(kind, origin.map { "\($0)" } ?? "", Double(count) * drawings) }
        }
    }

    /// Counts, for each change made in an animated transaction, the frames at `times` (sorted) from the
    /// transaction until its animation ends (its whole duration: a spring retargeted earlier is counted
    /// whole, on the safe side), each drawn `drawings` times, by the assignment that opened the transaction.
    private mutating func addAnimatedChanges(_ transactions: [ModelTransaction], times: [Double], drawings: Double) {
        var byOrigin: [JSONPath?: Int] = [:]
        for transaction in transactions {
            guard let animation = transaction.animation, !transaction.changes.isEmpty else { continue }
            let end = transaction.time + animation.duration
            guard end > transaction.time else { continue }
            let live = Self.firstIndex(in: times, atOrAfter: end) - Self.firstIndex(in: times, atOrAfter: transaction.time)
            guard live > 0 else { continue }
            byOrigin[transaction.origin?.path, default: 0] += live * transaction.changes.count
            if let (path, location) = transaction.origin {
                costs.locations["\(path)"] = costs.locations["\(path)"] ?? location
            }
        }
        for (origin, count) in byOrigin { costs.add(.animatedChanges, origin.map { "\($0)" } ?? "", Double(count) * drawings) }
    }

    /// The index of the first of `times` (sorted) at or after `t` (`times.count` when none is; 0 for -infinity).
    static func firstIndex(in times: [Double], atOrAfter t: Double) -> Int {
        var low = 0, high = times.count
        while low < high {
            let mid = (low + high) / 2
            if times[mid] < t { low = mid + 1 } else { high = mid }
        }
        return low
    }

    /// The CPU seconds the cost model gives one drawing of `list` with `points` path points and
    /// `characters` characters of text (what the pipeline adds up as it draws, the estimate's backstop).
    static func seconds(of list: DisplayList, points: Int, characters: Int) -> Double {
        let width = Double(list.pixelWidth), height = Double(list.pixelHeight)
        let frame = FrameCost(list, width: width, height: height)
        let work = [(Quantity.points, Double(points)), (.characters, Double(characters)), (.crossings, frame.crossings),
                    (.blur, frame.blurBySource.values.reduce(0, +)), (.layers, frame.layersBySource.values.reduce(0, +)),
                    (.images, frame.imagesBySource.values.reduce(0, +)), (.frame, width * height),
                    (.painted, frame.paintedBySource.values.reduce(0, +)), (.shaded, frame.shadedBySource.values.reduce(0, +)),
                    (.glyphs, frame.glyphsBySource.values.reduce(0, +))]
        return work.reduce(0) { $0 + $1.1 * $1.0.rate } / 1e9
    }

    /// Throws when the estimate is over a render limit or the time budget, of which `spent` seconds are
    /// already taken (by the scenes before it in one call), naming the JSON path that contributes most
    /// and the numbers.
    public func check(file: String, budget: Double = WorkEstimate.defaultBudget, spent: Double = 0) throws(SceneError) {
        let basis = "over its \(frames) frames (estimated from \(sampledFrames) of them, composed before drawing"
        for (kind, limit, what, advice) in [
            (Quantity.points, Double(SceneLimits.maxRenderPathPoints), "path points", "draw fewer frames or fewer points"),
            (.characters, Double(SceneLimits.maxRenderTextCharacters), "characters of text", "draw fewer frames or less text"),
            (.crossings, CoverageMeter.maxRenderCrossings, "pixel rows crossed by shape edges",
             "draw fewer frames, fewer points or smaller shapes"),
        ] {
            let total = costs.total(kind)
            guard total <= limit else {
                let (source, share) = costs.largest(kind)
                throw SceneError(file: file, path: .document, location: costs.locations[source], message: Self.place(source)
                    + "the render would draw about \(Self.count(total)) \(what) \(basis); about \(Self.count(share)) "
                    + "from here); the limit is \(Self.count(limit)) a render; \(advice)")
            }
        }
        guard seconds + spent <= budget else {
            let (source, share) = costs.largestSeconds()
            let taken = spent > 0 ? ", of which the scenes before it in this call take about \(Int(spent.rounded())) s" : ""
            // Layer animations cost per frame however little they draw: say so when they cost most here.
            let plain = costs.counts[.layerAnimations]?[source] ?? 0, additive = costs.counts[.additiveLayerAnimations]?[source] ?? 0
            let changes = costs.counts[.animatedChanges]?[source] ?? 0
            let animations = plain + additive
            let layerSeconds = (plain * Quantity.layerAnimations.rate + additive * Quantity.additiveLayerAnimations.rate) / 1e9
            let changeSeconds = changes * Quantity.animatedChanges.rate / 1e9
            let advice = layerSeconds > share / 2
                ? "add fewer Core Animation animations live at once (shorter durations, fewer of them) or draw fewer frames"
                : changeSeconds > share / 2
                ? "start fewer animations that overlap (shorter durations, fewer animated changes) or draw fewer frames"
                : "draw fewer frames, fewer points, smaller blurs or a smaller canvas"
            let what = animations > 0 ? ", \(Self.count(animations)) layer animations live at the frames"
                : changes > 0 ? ", \(Self.count(changes)) animated changes live at the frames" : ""
            throw SceneError(file: file, path: .document, location: costs.locations[source], message: Self.place(source)
                + "the render's work is estimated at \(Int(seconds.rounded())) s of CPU \(basis); about "
                + "\(Int(share.rounded())) s from here\(what)); the work budget is \(NumberFormat.shortest(budget)) s (--work-budget)\(taken); "
                + advice)
        }
    }

    /// "path: " for a JSON path, "canvas: " for the frame itself.
    static func place(_ source: String) -> String {
        source.isEmpty ? "canvas: " : source + ": "
    }

    /// A count in words for large ones: 487654321 as "488 million", 7290000000 as "7.29 billion".
    static func count(_ x: Double) -> String {
        guard x.isFinite else { return "0" }
        if x >= 1e9 { return NumberFormat.shortest((x / 1e7).rounded() / 100) + " billion" }
        if x >= 1e7 { return NumberFormat.shortest((x / 1e6).rounded()) + " million" }
        return String(Int(x.rounded()))
    }
}

/// The kinds of work an estimate counts.
enum Quantity: CaseIterable {
    case points, characters, crossings, blur, layers, images, frame, encoded, painted, shaded, glyphs, layerAnimations, additiveLayerAnimations,
         animatedChanges

    /// Nanoseconds of CPU per unit.
    var rate: Double {
        switch self {
        case .points: return WorkEstimate.Rates.pathPoint
        case .characters: return WorkEstimate.Rates.character
        case .crossings: return WorkEstimate.Rates.crossing
        case .blur: return WorkEstimate.Rates.blurredPixel
        case .layers: return WorkEstimate.Rates.layerPixel
        case .images: return WorkEstimate.Rates.imagePixel
        case .frame: return WorkEstimate.Rates.framePixel
        case .encoded: return WorkEstimate.Rates.encodedPixel(.gif)
        case .painted: return WorkEstimate.Rates.paintedPixel
        case .shaded: return WorkEstimate.Rates.shadedPixel
        case .glyphs: return WorkEstimate.Rates.glyphPixel
        case .layerAnimations: return WorkEstimate.Rates.liveLayerAnimation
        case .additiveLayerAnimations: return WorkEstimate.Rates.liveAdditiveLayerAnimation
        case .animatedChanges: return WorkEstimate.Rates.liveAnimatedChange
        }
    }
}

/// Quantities by source, and CPU seconds by source.
private struct Costs: Sendable {
    var counts: [Quantity: [String: Double]] = [:]
    var seconds: [String: Double] = [:]
    /// The line and column of the sources that know theirs.
    var locations: [String: SourceLocation] = [:]

    /// Adds `amount` of `kind` from `source`, at `rate` nanoseconds a unit (the kind's own by default).
    mutating func add(_ kind: Quantity, _ source: String, _ amount: Double, rate: Double? = nil) {
        guard amount > 0 else { return }
        counts[kind, default: [:]][source, default: 0] += amount
        seconds[source, default: 0] += amount * (rate ?? kind.rate) / 1e9
    }

    func total(_ kind: Quantity) -> Double {
        counts[kind]?.values.reduce(0, +) ?? 0
    }

    func largest(_ kind: Quantity) -> (String, Double) {
        Self.top(counts[kind] ?? [:])
    }

    func largestSeconds() -> (String, Double) {
        Self.top(seconds)
    }

    /// The largest entry; ties go to the first source in order, so the message does not depend on hashing.
    static func top(_ values: [String: Double]) -> (String, Double) {
        let best = values.max { a, b in a.value < b.value || (a.value == b.value && a.key > b.key) }
        return (best?.key ?? "", best?.value ?? 0)
    }
}

/// One composed frame's drawing work in device pixels, by the JSON path of what causes it.
struct FrameCost {
    let width: Double
    let height: Double
    var crossings = 0.0
    var largestCrossings: (source: String, count: Double) = ("", 0)
    var crossingsBySource: [String: Double] = [:]
    var blurBySource: [String: Double] = [:]
    var layersBySource: [String: Double] = [:]
    var imagesBySource: [String: Double] = [:]
    /// Pixels shapes paint with a colour or a linear gradient, and with a radial or elliptical one.
    var paintedBySource: [String: Double] = [:]
    var shadedBySource: [String: Double] = [:]
    /// The em squares of the characters of text, in device pixels.
    var glyphsBySource: [String: Double] = [:]
    /// The list's scale (drawing groups' bitmaps are drawn at it, at least 2).
    var canvasScale = 1.0
    /// The line and column of the sources that know theirs (text views), for errors naming them.
    var locations: [String: SourceLocation] = [:]

    init(width: Double, height: Double) {
        self.width = width
        self.height = height
    }

    /// The work of drawing `list` into a frame of `width` x `height` pixels.
    init(_ list: DisplayList, width: Double, height: Double) {
        self.init(width: width, height: height)
        canvasScale = list.scale
        walk(list.items, transform: .scale(list.scale, list.scale))
    }

    /// Counts `items` drawn through `transform` (user space to device pixels), as the rasterizer draws them.
    ///
    /// Depth first in drawing order (a group's own layer, its children, then its mask), with a stack of
    /// the lists still being walked instead of recursion, so no nesting of groups overflows the stack.
    mutating func walk(_ items: [DisplayItem], transform: Transform) {
        // Each list's surface: the device rectangle its drawing can land on, the frame, or a filter's own
        // surface, which is not cut at the frame (`Rasterizer.unclippedGroup`).
        let frame = Rect(x: 0, y: 0, width: width, height: height)
        var lists: [(items: [DisplayItem], next: Int, transform: Transform, surface: Rect)] = [(items, 0, transform, frame)]
        while let top = lists.indices.last {
            guard lists[top].next < lists[top].items.count else {
                lists.removeLast()
                continue
            }
            let item = lists[top].items[lists[top].next]
            lists[top].next += 1
            let transform = lists[top].transform, surface = lists[top].surface
            switch item {
            case .shape(let shape):
                var count = CoverageMeter.crossings(of: shape, transform: transform, height: height)
                if shape.fill.map({ Self.isAngular($0.paint) }) == true || shape.stroke.map({ Self.isAngular($0.paint) }) == true,
                   let bounds = shape.path.controlPointBounds {
                    // Each pixel of the shape's extents computed (`Rasterizer.angularPixelCost`).
                    let pad = shape.stroke.map { $0.lineWidth.isFinite ? $0.lineWidth : 0 } ?? 0
                    count += area(of: bounds.insetBy(dx: -pad, dy: -pad), transform) * Rasterizer.angularPixelCost
                }
                addCrossings(count, shape.source)
                addPainted(shape, transform)
            case .text(let text):
                // Characters are counted by the composer; here each one's glyph size.
                let scale = abs(transform.a * transform.d - transform.b * transform.c).squareRoot()
                var pixels = 0.0
                for run in text.runs where run.font.size.isFinite {
                    let em = run.font.size * scale
                    pixels += Double(run.text.unicodeScalars.count) * em * em
                }
                guard pixels > 0, pixels.isFinite else { continue }
                let source = text.source?.path ?? ""
                glyphsBySource[source, default: 0] += pixels
                if let place = text.source, place.line > 0 {
                    locations[source] = SourceLocation(line: place.line, column: place.column)
                }
            case .image(let image):
                imagesBySource["", default: 0] += area(of: image.rect, transform)
            case .group(let group):
                guard group.opacity > 0, group.transform.inverted != nil else { continue }
                let inner = group.transform.concatenating(transform)
                if group.projection != nil {
                    // The view drawn into an image as large as what it paints within the frame grown by its own size
                    // on each side (`Rasterizer.drawProjected`; the projection's preimage of the frame can only make
                    // it smaller), then mapped (at most the frame) (`Rasterizer.projectedPixelCost`). Where what it
                    // paints is not known here (text, whose ink the rasterizer measures), the frame: a turned view
                    // rarely paints far past the canvas, and the rasterizer's own meter charges what it draws.
                    var content = group
                    (content.projection, content.transform, content.clip, content.mask, content.opacity) = (nil, .identity, nil, nil, 1)
                    let reach = Rect(x: -width, y: -height, width: 3 * width, height: 3 * height)
                    let source = DisplayItem.paintedBounds(of: [.group(content)], transform: inner)
                        .map { painted in painted.intersection(reach).map { $0.width * $0.height } ?? 0 } ?? width * height
                    addCrossings((source + width * height) * Rasterizer.projectedPixelCost, group.source)
                }
                if group.opacity < 1 || group.mask != nil || group.filter != nil {
                    // A layer as large as what it paints, a pixel wider (`Rasterizer.clipToPaintedBounds`), or
                    // the frame when that is not known, drawn and composited.
                    let layer = DisplayItem.paintedBounds(of: [item], transform: transform)
                        .map { clipped($0.insetBy(dx: -2, dy: -2)) } ?? width * height
                    layersBySource[group.source, default: 0] += layer
                }
                var childSurface = surface
                if let filter = group.filter {
                    let (work, area) = blurredArea(group.children, filter, inner, on: surface)
                    blurBySource[group.source, default: 0] += work
                    if let area { childSurface = area }
                }
                if let flattened = group.flattened {
                    // A drawing group's bitmap, drawn at its own scale (its children are counted below as if
                    // drawn every frame, though the bitmap is reused while they stay the same), and
                    // composited where it lands.
                    let device = max((inner.a * inner.a + inner.b * inner.b).squareRoot(),
                                     (inner.c * inner.c + inner.d * inner.d).squareRoot())
                    let scale = Rasterizer.bitmapScale(max(canvasScale, Rasterizer.flattenedMinimumScale), deviceScale: device)
                    let bitmap = min(Double(Rasterizer.flattenedPixelLimit),
                                     max(0, flattened.width * scale) * max(0, flattened.height * scale))
                    layersBySource[group.source, default: 0] += (bitmap.isFinite ? bitmap : 0) + area(of: flattened, inner)
                }
                // The mask is walked after the children: pushed first, it is popped after them.
                if let mask = group.mask { lists.append((mask, 0, inner, surface)) }
                lists.append((group.children, 0, inner, childSurface))
            case .colorEffect(let effect):
                layersBySource["", default: 0] += DisplayItem.paintedBounds(of: [item], transform: transform)
                    .map { clipped($0.insetBy(dx: -2, dy: -2)) } ?? width * height
                lists.append((effect.children, 0, transform, surface))
            }
        }
    }

    /// Counts `count` row crossings from `source`.
    mutating func addCrossings(_ count: Double, _ source: String) {
        crossings += count
        crossingsBySource[source, default: 0] += count
        if count > largestCrossings.count { largestCrossings = (source, count) }
    }

    /// Counts the pixels `shape` paints: its fill's and its stroke's device bounds within the frame,
    /// by the kind of shading (a colour or linear gradient, or a radial one; angular gradients are
    /// counted with the crossings).
    mutating func addPainted(_ shape: ShapeItem, _ transform: Transform) {
        guard let bounds = shape.path.controlPointBounds else { return }
        for (paint, pad) in [(shape.fill?.paint, 0.0),
                             (shape.stroke?.paint, shape.stroke.map { $0.lineWidth.isFinite ? $0.lineWidth : 0 } ?? 0)] {
            guard let paint else { continue }
            let pixels = area(of: bounds.insetBy(dx: -pad, dy: -pad), transform)
            switch paint {
            case .color, .linearGradient: paintedBySource[shape.source, default: 0] += pixels
            case .radialGradient: shadedBySource[shape.source, default: 0] += pixels
            case .angularGradient: break
            }
        }
    }

    static func isAngular(_ paint: Paint) -> Bool {
        if case .angularGradient = paint { return true }
        return false
    }

    /// The work of a filter's blur (`GaussianBlur.work`) and the surface it is drawn on, as the rasterizer
    /// makes it (`Rasterizer.unclippedGroup`): `surface` (the frame, or an enclosing filter's surface) grown
    /// by the filter's reach and offset, cut to the children's device bounds grown by the reach (the whole
    /// grown surface when they hold text or images, whose bounds are not known here). Nested blurs each grow
    /// their surface past the frame, so their work is counted on those surfaces, not on the frame.
    func blurredArea(_ children: [DisplayItem], _ filter: Filter, _ transform: Transform,
                     on surface: Rect) -> (work: Double, surface: Rect?) {
        let sigma: Double
        var dx = 0.0, dy = 0.0
        switch filter {
        case .blur(let s): sigma = s
        case .shadow(_, let s, let x, let y):
            sigma = s
            if x.isFinite { dx = transform.a * x + transform.c * y }
            if y.isFinite { dy = transform.b * x + transform.d * y }
            if !dx.isFinite { dx = 0 }
            if !dy.isFinite { dy = 0 }
        case .backdrop(let s, _): sigma = s
        }
        let scale = abs(transform.a * transform.d - transform.b * transform.c).squareRoot()
        var reach = 0.0
        if case .backdrop = filter {} else { reach = DisplayItem.filterReach(sigma: sigma * scale) }
        var area = surface.insetBy(dx: -(reach + abs(dx)), dy: -(reach + abs(dy)))
        var content = (width: area.width, height: area.height)
        if let bounds = DisplayItem.paintedBounds(of: children, transform: transform) {
            guard let both = area.intersection(bounds.insetBy(dx: -reach - 1, dy: -reach - 1)) else { return (0, nil) }
            area = both
            guard let painted = area.intersection(bounds) else { return (0, area) }
            content = (painted.width, painted.height)
        }
        guard area.width.isFinite, area.height.isFinite, area.width > 0, area.height > 0 else { return (0, nil) }
        let work = GaussianBlur.work(sigma: sigma * scale, contentWidth: content.width.rounded(.up),
                                     contentHeight: content.height.rounded(.up),
                                     frameWidth: area.width.rounded(.up), frameHeight: area.height.rounded(.up))
        return (work, area)
    }

    /// The pixels of `rect` (user space) within the frame.
    func area(of rect: Rect, _ transform: Transform) -> Double {
        clipped(DisplayItem.deviceBox(rect, transform))
    }

    /// The pixels of a device rectangle within the frame (0 for NaN).
    func clipped(_ r: Rect) -> Double {
        let w = min(r.maxX, width) - max(r.minX, 0)
        let h = min(r.maxY, height) - max(r.minY, 0)
        return w > 0 && h > 0 ? w * h : 0
    }
}
