/// A strict JSON parser (RFC 8259) that keeps key order and source locations.
///
/// It never recurses deeper than `maxDepth`, so a file of ten thousand `[` is an error, not a stack
/// overflow; duplicate keys in one object are an error, since the scene format gives each key one meaning.
public struct JSONParser {
    /// How deeply arrays and objects may nest.
    public static let maxDepth = 128

    private let bytes: [UInt8]
    private var index = 0
    private var line = 1
    private var lineStart = 0

    private init(_ bytes: [UInt8]) {
        self.bytes = bytes
    }

    /// Parses a whole document; trailing non-space content is an error.
    public static func parse(_ bytes: [UInt8]) throws(JSONSyntaxError) -> JSONValue {
        var parser = JSONParser(bytes)
        if let encoding = wideEncoding(bytes) {
            throw parser.error("the file is \(encoding); save it as UTF-8")
        }
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) {
            // Columns count from after the byte-order mark, as editors show them.
            parser.index = 3
            parser.lineStart = 3
        }
        parser.skipSpace()
        let value = try parser.parseValue(depth: 0)
        parser.skipSpace()
        if parser.index < bytes.count {
            throw parser.error("unexpected content after the end of the document")
        }
        return value
    }

    /// "UTF-32" or "UTF-16" when the bytes start with that encoding's byte-order mark, or, without one,
    /// with the zero bytes its first ASCII character would have (RFC 4627's detection); else nil.
    static func wideEncoding(_ bytes: [UInt8]) -> String? {
        let head = Array(bytes.prefix(4)) + [UInt8](repeating: 0xAA, count: max(0, 4 - bytes.count))
        if head == [0xFF, 0xFE, 0, 0] || head == [0, 0, 0xFE, 0xFF] { return "UTF-32" }
        if head[0] == 0 && head[1] == 0 && head[2] == 0 && head[3] != 0 { return "UTF-32" }
        if head[0] != 0 && head[1] == 0 && head[2] == 0 && head[3] == 0 && bytes.count >= 4 { return "UTF-32" }
        if head.starts(with: [0xFF, 0xFE]) || head.starts(with: [0xFE, 0xFF]) { return "UTF-16" }
        if bytes.count >= 2 && ((head[0] == 0) != (head[1] == 0)) { return "UTF-16" }
        return nil
    }

    public static func parse(_ text: String) throws(JSONSyntaxError) -> JSONValue {
        try parse(Array(text.utf8))
    }

    private var location: SourceLocation {
        SourceLocation(line: line, column: index - lineStart + 1)
    }

    private func error(_ message: String) -> JSONSyntaxError {
        JSONSyntaxError(message: message, location: location)
    }

    private var peek: UInt8? { index < bytes.count ? bytes[index] : nil }

    private mutating func skipSpace() {
        while index < bytes.count {
            switch bytes[index] {
            case 0x20, 0x09, 0x0D: index += 1
            case 0x0A:
                index += 1
                line += 1
                lineStart = index
            default: return
            }
        }
    }

    private mutating func parseValue(depth: Int) throws(JSONSyntaxError) -> JSONValue {
        let start = location
        guard let c = peek else { throw error("unexpected end of file: expected a value") }
        switch c {
        case UInt8(ascii: "{"):
            return JSONValue(.object(try parseObject(depth: depth + 1)), at: start)
        case UInt8(ascii: "["):
            return JSONValue(.array(try parseArray(depth: depth + 1)), at: start)
        case UInt8(ascii: "\""):
            return JSONValue(.string(try parseString()), at: start)
        case UInt8(ascii: "t"):
            try expectWord("true")
            return JSONValue(.bool(true), at: start)
        case UInt8(ascii: "f"):
            try expectWord("false")
            return JSONValue(.bool(false), at: start)
        case UInt8(ascii: "n"):
            try expectWord("null")
            return JSONValue(.null, at: start)
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"):
            return JSONValue(.number(try parseNumber()), at: start)
        case UInt8(ascii: "/"):
            throw error("JSON has no comments")
        default:
            throw error("unexpected character \(describe(c)): expected a value")
        }
    }

    private func describe(_ c: UInt8) -> String {
        if c >= 0x20 && c < 0x7F { return "'\(Character(Unicode.Scalar(c)))'" }
        return "byte 0x" + String(c, radix: 16)
    }

    private mutating func expectWord(_ word: String) throws(JSONSyntaxError) {
        for expected in word.utf8 {
            guard peek == expected else { throw error("invalid literal: expected '\(word)'") }
            index += 1
        }
    }

    private mutating func parseObject(depth: Int) throws(JSONSyntaxError) -> [JSONMember] {
        guard depth <= Self.maxDepth else { throw error("nesting is deeper than \(Self.maxDepth) levels") }
        index += 1
        var members: [JSONMember] = []
        var seen = Set<String>()
        skipSpace()
        if peek == UInt8(ascii: "}") {
            index += 1
            return members
        }
        while true {
            skipSpace()
            guard peek != nil else { throw error("unexpected end of file: the object is not closed") }
            guard peek != UInt8(ascii: "}") else { throw error("a comma before '}': JSON does not allow a trailing comma") }
            guard peek == UInt8(ascii: "\"") else { throw error("expected a key in double quotes") }
            let keyLocation = location
            let key = try parseString()
            guard seen.insert(key).inserted else {
                throw JSONSyntaxError(message: "duplicate key \"\(key)\"", location: keyLocation)
            }
            skipSpace()
            guard peek == UInt8(ascii: ":") else { throw error("expected ':' after the key \"\(key)\"") }
            index += 1
            skipSpace()
            members.append(JSONMember(key: key, value: try parseValue(depth: depth)))
            skipSpace()
            switch peek {
            case UInt8(ascii: ","): index += 1
            case UInt8(ascii: "}"):
                index += 1
                return members
            case nil: throw error("unexpected end of file: expected ',' or '}'")
            default: throw error("expected ',' or '}' after the value of \"\(key)\"")
            }
        }
    }

    private mutating func parseArray(depth: Int) throws(JSONSyntaxError) -> [JSONValue] {
        guard depth <= Self.maxDepth else { throw error("nesting is deeper than \(Self.maxDepth) levels") }
        index += 1
        var items: [JSONValue] = []
        skipSpace()
        if peek == UInt8(ascii: "]") {
            index += 1
            return items
        }
        while true {
            skipSpace()
            guard peek != UInt8(ascii: "]") else { throw error("a comma before ']': JSON does not allow a trailing comma") }
            items.append(try parseValue(depth: depth))
            skipSpace()
            switch peek {
            case UInt8(ascii: ","): index += 1
            case UInt8(ascii: "]"):
                index += 1
                return items
            case nil: throw error("unexpected end of file: expected ',' or ']'")
            default: throw error("expected ',' or ']' after an array element")
            }
        }
    }

    private mutating func parseString() throws(JSONSyntaxError) -> String {
        index += 1
        var scalars = String.UnicodeScalarView()
        var runStart = index
        func flush(_ parser: JSONParser, _ scalars: inout String.UnicodeScalarView, upTo end: Int) throws(JSONSyntaxError) {
            guard end > runStart else { return }
            guard let text = String(validating: parser.bytes[runStart..<end], as: UTF8.self) else {
                throw parser.invalidUTF8(in: runStart..<end)
            }
            scalars.append(contentsOf: text.unicodeScalars)
        }
        while true {
            guard let c = peek else { throw error("unterminated string") }
            switch c {
            case UInt8(ascii: "\""):
                try flush(self, &scalars, upTo: index)
                index += 1
                return String(scalars)
            case UInt8(ascii: "\\"):
                try flush(self, &scalars, upTo: index)
                index += 1
                scalars.append(try parseEscape())
                runStart = index
            case 0x00..<0x20:
                throw error("control character in a string (write \\n or \\t)")
            default:
                index += 1
            }
        }
    }

    /// The error for the first byte in `range` (inside one string, so on the current line) that is not UTF-8.
    private func invalidUTF8(in range: Range<Int>) -> JSONSyntaxError {
        var parser = Unicode.UTF8.ForwardParser()
        var iterator = bytes[range].makeIterator()
        var offset = range.lowerBound
        while case .valid(let scalar) = parser.parseScalar(from: &iterator) {
            offset += scalar.count
        }
        let byte = offset < range.upperBound ? bytes[offset] : 0
        return JSONSyntaxError(message: "the file is not valid UTF-8 (byte 0x\(String(byte, radix: 16)) in a string); save it as UTF-8",
                               location: SourceLocation(line: line, column: offset - lineStart + 1))
    }

    private mutating func parseEscape() throws(JSONSyntaxError) -> Unicode.Scalar {
        guard let c = peek else { throw error("unterminated escape") }
        index += 1
        switch c {
        case UInt8(ascii: "\""): return "\""
        case UInt8(ascii: "\\"): return "\\"
        case UInt8(ascii: "/"): return "/"
        case UInt8(ascii: "b"): return "\u{08}"
        case UInt8(ascii: "f"): return "\u{0C}"
        case UInt8(ascii: "n"): return "\n"
        case UInt8(ascii: "r"): return "\r"
        case UInt8(ascii: "t"): return "\t"
        case UInt8(ascii: "u"):
            let high = try parseHex4()
            if (0xD800..<0xDC00).contains(high) {
                guard peek == UInt8(ascii: "\\"), index + 1 < bytes.count, bytes[index + 1] == UInt8(ascii: "u") else {
                    throw error("unpaired surrogate in \\u escape")
                }
                index += 2
                let low = try parseHex4()
                guard (0xDC00..<0xE000).contains(low) else { throw error("invalid low surrogate in \\u escape") }
                let value = 0x10000 + ((high - 0xD800) << 10) + (low - 0xDC00)
                return Unicode.Scalar(value) ?? "\u{FFFD}"
            }
            guard let scalar = Unicode.Scalar(high) else { throw error("invalid \\u escape") }
            return scalar
        default:
            throw error("invalid escape '\\\(Character(Unicode.Scalar(c)))'")
        }
    }

    private mutating func parseHex4() throws(JSONSyntaxError) -> UInt32 {
        var value: UInt32 = 0
        for _ in 0..<4 {
            guard let c = peek, let digit = hexDigit(c) else { throw error("expected 4 hex digits after \\u") }
            value = value * 16 + digit
            index += 1
        }
        return value
    }

    private func hexDigit(_ c: UInt8) -> UInt32? {
        switch c {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): return UInt32(c - UInt8(ascii: "0"))
        case UInt8(ascii: "a")...UInt8(ascii: "f"): return UInt32(c - UInt8(ascii: "a") + 10)
        case UInt8(ascii: "A")...UInt8(ascii: "F"): return UInt32(c - UInt8(ascii: "A") + 10)
        default: return nil
        }
    }

    private mutating func parseNumber() throws(JSONSyntaxError) -> Double {
        let start = index
        if peek == UInt8(ascii: "-") { index += 1 }
        guard let first = peek, isDigit(first) else { throw error("invalid number: expected a digit") }
        if first == UInt8(ascii: "0") {
            index += 1
            if let c = peek, isDigit(c) { throw error("invalid number: leading zero") }
        } else {
            while let c = peek, isDigit(c) { index += 1 }
        }
        if peek == UInt8(ascii: ".") {
            index += 1
            guard let c = peek, isDigit(c) else { throw error("invalid number: expected a digit after '.'") }
            while let c = peek, isDigit(c) { index += 1 }
        }
        if peek == UInt8(ascii: "e") || peek == UInt8(ascii: "E") {
            index += 1
            if peek == UInt8(ascii: "+") || peek == UInt8(ascii: "-") { index += 1 }
            guard let c = peek, isDigit(c) else { throw error("invalid number: expected a digit in the exponent") }
            while let c = peek, isDigit(c) { index += 1 }
        }
        let text = String(decoding: bytes[start..<index], as: UTF8.self)
        guard let value = Double(text), value.isFinite else {
            throw JSONSyntaxError(message: "number \(Abbreviation.literal(text)) is out of range", location: SourceLocation(
                line: line, column: start - lineStart + 1))
        }
        return value
    }

    private func isDigit(_ c: UInt8) -> Bool { c >= UInt8(ascii: "0") && c <= UInt8(ascii: "9") }
}

/// A JSON syntax error with its location.
public struct JSONSyntaxError: Error, Equatable, CustomStringConvertible {
    public var message: String
    public var location: SourceLocation

    public var description: String { "\(location): \(message)" }
}
