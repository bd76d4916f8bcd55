/// A binary min-heap of scheduled work, ordered by time and, for equal times, by the order it was scheduled.
///
/// The simulator's queue: a display-link timer schedules thousands of ticks, so push and pop are
/// O(log n) instead of a linear scan.
struct EventQueue<Payload> {
    /// One scheduled item.
    struct Entry {
        var time: Double
        /// Ties between equal times go to the lower sequence number (scheduled first).
        var sequence: Int
        var payload: Payload
    }

    private var heap: [Entry] = []

    var isEmpty: Bool { heap.isEmpty }
    var count: Int { heap.count }

    /// Adds an entry.
    mutating func push(_ entry: Entry) {
        heap.append(entry)
        var child = heap.count - 1
        while child > 0 {
            let parent = (child - 1) / 2
            guard Self.precedes(heap[child], heap[parent]) else { break }
            heap.swapAt(child, parent)
            child = parent
        }
    }

    /// Removes and returns the earliest entry, or nil when empty.
    mutating func pop() -> Entry? {
        guard !heap.isEmpty else { return nil }
        heap.swapAt(0, heap.count - 1)
        let first = heap.removeLast()
        var parent = 0
        while true {
            let left = 2 * parent + 1, right = left + 1
            var smallest = parent
            if left < heap.count, Self.precedes(heap[left], heap[smallest]) { smallest = left }
            if right < heap.count, Self.precedes(heap[right], heap[smallest]) { smallest = right }
            guard smallest != parent else { break }
            heap.swapAt(parent, smallest)
            parent = smallest
        }
        return first
    }

    private static func precedes(_ a: Entry, _ b: Entry) -> Bool {
        a.time < b.time || (a.time == b.time && a.sequence < b.sequence)
    }
}
