/// Did-you-mean suggestions for misspelt names.
public enum Suggestion {
    /// The candidate closest to `word` by edit distance (insertions, deletions, substitutions and swaps of
    /// neighbours, ignoring case), or nil when none is close enough.
    ///
    /// A candidate is close enough when its distance is at most a third of the longer word's length, capped at 3:
    /// "duraton" -> "duration" (1 edit), while "x" gets no suggestion from "y". Among equally distant candidates
    /// the one sharing the longest prefix with `word` wins ("sine" -> "sin", not "sign"), then the earlier one.
    public static func closest(to word: String, in candidates: [String]) -> String? {
        let target = Array(word.lowercased())
        var best: (candidate: String, distance: Int, sharedPrefix: Int)?
        for candidate in candidates {
            let letters = Array(candidate.lowercased())
            let allowed = min(3, max(target.count, letters.count) / 3)
            guard abs(letters.count - target.count) <= allowed else { continue }
            let distance = editDistance(target, letters)
            guard distance <= allowed else { continue }
            let sharedPrefix = zip(target, letters).prefix { $0 == $1 }.count
            if let best, (best.distance, -best.sharedPrefix) <= (distance, -sharedPrefix) { continue }
            best = (candidate, distance, sharedPrefix)
        }
        return best?.candidate
    }

    /// The optimal-string-alignment distance between two words.
    static func editDistance(_ a: [Character], _ b: [Character]) -> Int {
        if a.isEmpty { return b.count }
        if b.isEmpty { return a.count }
        var previousRow: [Int] = []
        var row = Array(0...b.count)
        for i in 1...a.count {
            let rowBefore = previousRow
            previousRow = row
            row = [i] + Array(repeating: 0, count: b.count)
            for j in 1...b.count {
                let cost = a[i - 1] == b[j - 1] ? 0 : 1
                row[j] = min(previousRow[j] + 1, row[j - 1] + 1, previousRow[j - 1] + cost)
                if i > 1, j > 1, a[i - 1] == b[j - 2], a[i - 2] == b[j - 1] {
                    row[j] = min(row[j], rowBefore[j - 2] + 1)
                }
            }
        }
        return row[b.count]
    }
}
