/// The strings of an LZW table that repeat one symbol ("aaa"), by symbol and length, so that the encoder can
/// cross a run of one symbol in one step: from the string it is matching, if that repeats the run's symbol,
/// straight to the longest such string the run covers, which greedy matching would reach pixel by pixel.
///
/// A new repeating string is always one longer than the longest of its symbol (it extends a repeating string
/// the table lacked a longer one of), so each symbol's lengths 1...longest are all in the table.
struct RunStrings {
    /// One buffer: per code its repeated symbol (`none` if its string does not repeat one), its length and
    /// whether it has a longer string that does not repeat that symbol, then per symbol its longest length, then
    /// per symbol and length the code.
    private var storage: [UInt16] = []
    private var symbols = 0
    static let codes = 4096
    static let none = UInt16.max

    /// Empty: `isEmpty` until made for a number of symbols.
    init() {}

    /// Tables for the single-symbol strings of `symbols` symbols (`1 << minCodeSize`).
    init(symbols: Int) {
        self.symbols = symbols
        storage = [UInt16](repeating: Self.none, count: 3 * Self.codes + symbols + symbols * Self.codes)
    }

    var isEmpty: Bool { storage.isEmpty }

    /// Runs `body` over the tables.
    mutating func withBuffers(_ body: (inout Buffers) -> Void) {
        let symbols = self.symbols
        storage.withUnsafeMutableBufferPointer { storage in
            var buffers = Buffers(storage: storage, symbols: symbols)
            body(&buffers)
        }
    }

    /// The tables, over `RunStrings`' storage.
    struct Buffers {
        let storage: UnsafeMutableBufferPointer<UInt16>
        let symbols: Int
        private var symbolBase: Int { 0 }
        private var lengthBase: Int { RunStrings.codes }
        private var branchBase: Int { 2 * RunStrings.codes }
        private var longestBase: Int { 3 * RunStrings.codes }
        private var codeBase: Int { 3 * RunStrings.codes + symbols }

        init(storage: UnsafeMutableBufferPointer<UInt16>, symbols: Int) {
            self.storage = storage
            self.symbols = symbols
        }

        /// Back to a fresh table: each symbol alone is its only repeating string.
        func reset() {
            for code in 0..<RunStrings.codes { storage[branchBase + code] = 0 }
            for symbol in 0..<symbols {
                storage[longestBase + symbol] = 1
                storage[codeBase + symbol * RunStrings.codes + 1] = UInt16(symbol)
            }
        }

        /// The length of the string `code` if it repeats `symbol` (a symbol's own code has length 1), else 0.
        @inline(__always)
        func length(of code: Int, ifRepeating symbol: Int, clearCode: Int) -> Int {
            if code < clearCode { return code == symbol ? 1 : 0 }
            return storage[symbolBase + code] == UInt16(truncatingIfNeeded: symbol) ? Int(storage[lengthBase + code]) : 0
        }

        /// The length of the longest string repeating `symbol` in the table.
        @inline(__always)
        func longest(_ symbol: Int) -> Int { Int(storage[longestBase + symbol]) }

        /// The code of `symbol` repeated `length` times (at most `longest(symbol)`).
        @inline(__always)
        func code(_ symbol: Int, length: Int) -> Int { Int(storage[codeBase + symbol * RunStrings.codes + length]) }

        /// Whether the table holds a string of `code` followed by another symbol than the one it repeats (if
        /// `markBranch` recorded each).
        @inline(__always)
        func branches(_ code: Int) -> Bool { storage[branchBase + code] != 0 }

        /// Records that the table holds a string of `code` followed by another symbol than the one it repeats.
        @inline(__always)
        func markBranch(_ code: Int) { storage[branchBase + code] = 1 }

        /// Records the table's new string `code`: with `isRun`, `symbol` repeated `length` times.
        @inline(__always)
        func add(_ code: Int, repeating symbol: Int, length: Int, isRun: Bool) {
            guard isRun else {
                storage[symbolBase + code] = RunStrings.none
                return
            }
            storage[symbolBase + code] = UInt16(symbol)
            storage[lengthBase + code] = UInt16(length)
            storage[longestBase + symbol] = UInt16(length)
            storage[codeBase + symbol * RunStrings.codes + length] = UInt16(code)
        }
    }
}
