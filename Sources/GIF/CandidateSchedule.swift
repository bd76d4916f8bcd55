/// Which versions of an image the GIF writer compresses: all of them now and then, and in between only
/// those that came close to the smallest lately.
///
/// Compressing every version of every image and keeping the smallest saves 1 to 2 % of a file, but on large,
/// busy frames the compression is most of the render, and the version that wins tends to keep winning
/// (runs of one colour on spinner and circle-control, interlaced rows on wave-uikit). So every
/// `interval`-th scheduled image is a survey that compresses all its versions; any other compresses the
/// two straightforward versions (rows in order; unchanged pixels transparent, or in runs of their colour)
/// and the kinds that came within `margin` of the smallest in the last `count` surveys made at least `lag`
/// images before it (plus any kind those surveys did not have). On the seven scenes the files are 0.00 to
/// 0.10 % larger than with every version of every image, and the writer takes 8 to 37 % less CPU time
/// (bench/README.md).
///
/// A decision reads only finished surveys, waiting for one still compressing, so the file is the same for
/// any number of compression threads.
struct CandidateSchedule {
    /// Every how many scheduled images one is a survey.
    static let interval = 4
    /// How many images after a survey it may decide for: it is usually compressed by then.
    static let lag = 4
    /// How many recent surveys decide.
    static let count = 3
    /// How far above a survey's smallest version a kind may be and still be compressed: 0.5 %.
    static let margin = 0.005

    /// The scheduled images so far.
    private var made = 0
    /// The recent surveys: their image number and each version's kind and compression.
    private var surveys: [(image: Int, jobs: [(kind: Candidate.Kind, job: LZWJob)])] = []

    /// The versions of the next image to compress, and whether it is a survey (whose compressions `record` keeps).
    mutating func choose(_ candidates: [Candidate]) -> (candidates: [Candidate], isSurvey: Bool) {
        let image = made
        made += 1
        if image % Self.interval == 0 { return (candidates, true) }
        let deciding = surveys.filter { $0.image <= image - Self.lag }.suffix(Self.count)
        guard !deciding.isEmpty else { return (candidates, false) }
        var seen = Set<Candidate.Kind>(), close = Set<Candidate.Kind>()
        for survey in deciding {
            let sizes = survey.jobs.map { (kind: $0.kind, bits: $0.job.data.bitCount) }
            guard let smallest = sizes.map(\.bits).min() else { continue }
            for (kind, bits) in sizes {
                seen.insert(kind)
                if Double(bits) <= Double(smallest) * (1 + Self.margin) { close.insert(kind) }
            }
        }
        // The two straightforward versions (rows in order, unchanged pixels transparent or in runs of their
        // colour) are always compressed: they are the cheapest, and no image is then larger than the smaller.
        let kinds = close.union(Set(Candidate.Kind.allCases).subtracting(seen)).union([.inOrder, .runs])
        let chosen = candidates.filter { kinds.contains($0.kind) }
        return (chosen.isEmpty ? candidates : chosen, false)
    }

    /// Keeps a survey's compressions (as `queueImage` started them) for the images after it.
    mutating func record(_ jobs: [(kind: Candidate.Kind, job: LZWJob)]) {
        surveys.append((made - 1, jobs))
        if surveys.count > Self.count + Self.lag / Self.interval + 1 { surveys.removeFirst() }
    }
}
