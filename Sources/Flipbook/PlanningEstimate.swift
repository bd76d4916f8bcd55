import Compose
import DisplayList
import Expressions
import SceneFormat
import Timeline

/// The work of planning the view animations before the first frame, estimated before it starts.
///
/// `PresentationIndex` composes the views just before and just after every transaction that can animate (one
/// with an animation, or any when a view has an `.animation(_:value:)`), so its work is the number of those
/// transactions times the views composed: a timer animating a change 99,999 times over a `forEach` of
/// 1,000 views composes 200 million views before anything is drawn. The estimate composes the frames of a
/// few of those transactions (not drawn) and takes the largest, and a plan over a thirtieth of the work
/// budget (60 s at the default) is refused with the place of the assignment that opened most of them.
struct PlanningEstimate {
    /// Nanoseconds of CPU, measured with the release build on the project's 2-core machine (bench/storms).
    enum Rates {
        /// One planned transaction, beyond its items: two compositions of a small tree and the comparison
        /// of their attributes (a `matchedGeometryEffect` pair swapped 30,000 times: about 200 µs each).
        static let transaction = 250_000.0
        /// One display item of a planned transaction's frame, composed twice and compared (a `forEach` of
        /// circles whose offsets change 2,000 times: about 79 µs an item with 100 circles, 107 µs with 1,000).
        static let item = 120_000.0
    }

    /// The share of the work budget the plan may take: a thirtieth, 60 s of CPU at the default budget. The
    /// plan runs before the first frame, before the render's own estimate, and without a progress bar.
    static let budgetShare = 1.0 / 30
    /// Planned transactions below this many are not estimated: they cost about as much as as many frames.
    static let minimumEstimated = 1_000
    /// Transactions whose frames are composed to count their items, at most (evenly picked).
    static let samples = 8

    /// The transactions that will be planned, the most items a sampled one's frame holds, and the
    /// assignment that opened most of them.
    let transactions: Int
    let items: Int
    let origin: (path: JSONPath, location: SourceLocation)?

    var seconds: Double {
        Double(transactions) * (Rates.transaction + Double(items) * Rates.item) / 1e9
    }

    /// Counts the transactions `PresentationIndex` will plan in `timeline` (all of them when a view has an
    /// implicit animation: which ones it watches is decided while planning) and composes a few.
    init(composer: Composer, timeline: Timeline) throws(SceneError) {
        let implicit = composer.scene.containsView { $0.implicitAnimation != nil }
        let planned = implicit ? timeline.transactions : timeline.transactions.filter { $0.animation != nil }
        transactions = planned.count
        guard planned.count >= Self.minimumEstimated else {
            items = 0
            origin = nil
            return
        }
        var counts: [JSONPath: (count: Int, location: SourceLocation)] = [:]
        for transaction in planned {
            guard let origin = transaction.origin else { continue }
            counts[origin.path, default: (0, origin.location)].count += 1
        }
        let top = counts.max { a, b in a.value.count < b.value.count || (a.value.count == b.value.count && "\(a.key)" > "\(b.key)") }
        origin = top.map { ($0.key, $0.value.location) }
        var most = 0
        let step = max(1, planned.count / Self.samples)
        // No animation yet; what views read from the history is planned once for the samples.
        let presentation = PresentationIndex()
        for index in stride(from: 0, to: planned.count, by: step) {
            let list = try composer.displayList(for: timeline.snapshot(at: planned[index].time), presentation: presentation)
            most = max(most, Self.itemCount(list.items))
        }
        items = most
    }

    /// Every item of `items`, groups' children and masks included (walked with a stack, not recursion).
    static func itemCount(_ items: [DisplayItem]) -> Int {
        var count = 0
        var pending = [items]
        while let list = pending.popLast() {
            count += list.count
            for item in list {
                switch item {
                case .group(let group):
                    pending.append(group.children)
                    if let mask = group.mask { pending.append(mask) }
                case .colorEffect(let effect): pending.append(effect.children)
                case .shape, .text, .image: break
                }
            }
        }
        return count
    }

    /// Throws when the estimate is over its share of a work budget of `budget` seconds of CPU.
    func check(file: String, budget: Double) throws(SceneError) {
        let limit = budget * Self.budgetShare
        guard transactions >= Self.minimumEstimated, seconds > limit else { return }
        let location = origin.flatMap { $0.location.line > 0 ? $0.location : nil }
        throw SceneError(file: file, path: origin?.path ?? .document, location: location, message:
            "the script makes \(transactions) changes that can animate, and the views are composed before and after "
            + "each to plan their animations (up to \(items) drawn items a frame): estimated at "
            + "\(Int(seconds.rounded())) s of CPU before the first frame; planning may take a thirtieth of the work "
            + "budget, \(NumberFormat.shortest((limit * 100).rounded() / 100)) s (--work-budget \(NumberFormat.shortest(budget)) s); "
            + "animate fewer changes (a longer timer interval, "
            + "changes without withAnimation) or show fewer views")
    }
}
