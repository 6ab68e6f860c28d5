/// The fast reader's tokens: an element's keys (matched as words of their bytes, one matcher), strings (plain runs
/// copied, escapes through the general parser), numbers, rectangles and sizes.
extension FastHierarchyReader {
    /// The index of the known key spelled by `bytes[start..<end]`, if it is one. The length and a letter or two
    /// pick the only candidate (this runs for every attribute of every element), which one comparison confirms.
    @inline(__always)
    static func knownKey(_ bytes: UnsafeBufferPointer<UInt8>, _ start: Int, _ end: Int) -> Int? {
        let n = end - start
        guard n > 0 else { return nil }
        let p = bytes.baseAddress! + start
        let k: Key
        switch n {
        case 1: k = p[0] == UInt8(ascii: "x") ? .x : p[0] == UInt8(ascii: "y") ? .y : .unknown
        case 4: k = .type
        case 5:
            switch p[0] {
            case UInt8(ascii: "l"): k = .label
            case UInt8(ascii: "v"): k = .value
            case UInt8(ascii: "t"): k = .title
            case UInt8(ascii: "f"): k = .frame
            case UInt8(ascii: "w"): k = .width
            default: k = .unknown
            }
        case 6: k = .height
        case 8: k = p[0] == UInt8(ascii: "c") ? .children : p[0] == UInt8(ascii: "h") ? .hasFocus : .unknown
        case 9: k = p[2] == UInt8(ascii: "E") ? .isEnabled : p[2] == UInt8(ascii: "V") ? .isVisible : .unknown
        case 10:
            switch (p[0], p[2]) {
            case (UInt8(ascii: "i"), UInt8(ascii: "e")): k = .identifier
            case (UInt8(ascii: "i"), UInt8(ascii: "S")): k = .isSelected
            case (UInt8(ascii: "i"), UInt8(ascii: "H")): k = .isHittable
            case (UInt8(ascii: "m"), _): k = .markedText
            default: k = .unknown
            }
        case 15: k = .childrenUnknown
        case 16: k = .placeholderValue
        case 20: k = .intrinsicContentSize
        default: k = .unknown
        }
        guard k != .unknown else { return nil }
        let name = elementKeys[k.rawValue]
        guard name.utf8CodeUnitCount == n else { return nil }
        // Compared in place: keys are short, and a call to memcmp cost more than the comparison.
        let q = name.utf8Start
        for j in 0..<n where p[j] != q[j] { return nil }
        return k.rawValue
    }

    /// A key and its colon. Known keys are matched on bytes; a key with escapes goes through the general string
    /// reader and is matched by name.
    @inline(__always)
    mutating func readKey() throws -> Key {
        skipWhitespace()
        guard peek() == UInt8(ascii: "\"") else { throw Declined() }
        let start = parser.index + 1
        // Keys of up to fifteen bytes (every frequent one) are told from two words read at once: where the closing
        // quote is and the bytes before it (`wordKey`). A key spelled with an escape never matches one.
        if start + 16 <= b.count, let base = b.baseAddress {
            let raw = UnsafeRawPointer(base)
            let w0 = raw.loadUnaligned(fromByteOffset: start, as: UInt64.self)
            let w1 = raw.loadUnaligned(fromByteOffset: start + 8, as: UInt64.self)
            if let n = FastHierarchyReader.firstQuote(w0) ?? FastHierarchyReader.firstQuote(w1).map({ 8 + $0 }),
                let k = FastHierarchyReader.wordKey(n, w0, w1)
            {
                parser.index = start + n + 1
                skipWhitespace()
                guard peek() == UInt8(ascii: ":") else { throw Declined() }
                parser.index += 1
                return k
            }
        }
        var end = start
        while end < b.count, b[end] != UInt8(ascii: "\""), b[end] != UInt8(ascii: "\\") { end += 1 }
        if end < b.count, b[end] == UInt8(ascii: "\""), let k = FastHierarchyReader.knownKey(b, start, end) {
            parser.index = end + 1
            skipWhitespace()
            guard peek() == UInt8(ascii: ":") else { throw Declined() }
            parser.index += 1
            return Key(rawValue: k) ?? .unknown
        }
        let spelled = try parser.parseKey()
        return FastHierarchyReader.elementKeyStrings.firstIndex(of: spelled).flatMap { Key(rawValue: $0) } ?? .unknown
    }

    /// The position of the first quote byte in a word read from the file (bytes in file order, little-endian),
    /// if any: the usual zero-byte test on the word XOR quotes, whose lowest flagged byte is exact.
    @inline(__always)
    static func firstQuote(_ w: UInt64) -> Int? {
        let found = WordBytes.equal(w, 0x22)
        return found == 0 ? nil : found.trailingZeroBitCount / 8
    }

    /// The known key of `n` bytes (up to 15) whose bytes begin the words `w0` and `w1` (little-endian), if it is
    /// one. The constants are the keys' bytes (`KnownKeyTests` checks each against its name).
    @inline(__always)
    static func wordKey(_ n: Int, _ w0: UInt64, _ w1: UInt64) -> Key? {
        if n <= 8 {
            let word = n == 8 ? w0 : w0 & ((1 << UInt64(8 * n)) &- 1)
            switch (n, word) {
            case (1, 0x78): return .x
            case (1, 0x79): return .y
            case (4, 0x6570_7974): return .type
            case (5, 0x6C_6562_616C): return .label
            case (5, 0x65_756C_6176): return .value
            case (5, 0x65_6C74_6974): return .title
            case (5, 0x65_6D61_7266): return .frame
            case (5, 0x68_7464_6977): return .width
            case (6, 0x7468_6769_6568): return .height
            case (8, 0x6E65_7264_6C69_6863): return .children
            case (8, 0x7375_636F_4673_6168): return .hasFocus
            default: return nil
            }
        }
        let rest = w1 & ((1 << UInt64(8 * (n - 8))) &- 1)
        switch (n, w0, rest) {
        case (10, 0x6966_6974_6E65_6469, 0x7265): return .identifier
        case (9, 0x656C_6261_6E45_7369, 0x64): return .isEnabled
        case (9, 0x6C62_6973_6956_7369, 0x65): return .isVisible
        case (10, 0x7463_656C_6553_7369, 0x6465): return .isSelected
        case (10, 0x6261_7474_6948_7369, 0x656C): return .isHittable
        case (10, 0x6554_6465_6B72_616D, 0x7478): return .markedText
        case (15, 0x6E65_7264_6C69_6863, 0x6E_776F_6E6B_6E55): return .childrenUnknown
        default: return nil
        }
    }

    mutating func string() throws -> String {
        let start = parser.index
        guard start < b.count, b[start] == UInt8(ascii: "\"") else { throw Declined() }
        // Most strings hold no escape: made straight from the buffer. Escapes and errors go to the general
        // reader, from the opening quote.
        var i = start + 1
        i = FastHierarchyReader.plainRunEnd(b, from: i)
        while i < b.count {
            let c = b[i]
            if c == UInt8(ascii: "\"") || c == UInt8(ascii: "\\") || c < 0x20 { break }
            i += 1
        }
        if i < b.count, b[i] == UInt8(ascii: "\"") {
            parser.index = i + 1
            return decoder.cut(String(decoding: UnsafeBufferPointer(rebasing: b[(start + 1)..<i]), as: UTF8.self))
        }
        return decoder.cut(try parser.parseString())
    }

    /// Skips whole 8-byte words holding no quote, no backslash and no control byte (the usual word-at-a-time
    /// tests: a word minus 0x01 in each byte, masked with its complement, shows a zero byte): labels of a
    /// thousand characters are read eight bytes a step. Stops at the first word that may hold one; the byte loop
    /// after it finds where.
    static func plainRunEnd(_ b: UnsafeBufferPointer<UInt8>, from start: Int) -> Int {
        guard let base = b.baseAddress else { return start }
        let raw = UnsafeRawPointer(base)
        var i = start
        while i + 8 <= b.count {
            if specialBytes(raw.loadUnaligned(fromByteOffset: i, as: UInt64.self)) != 0 { break }
            i += 8
        }
        return i
    }

    /// The high bit of each byte of `w` that may be a quote, a backslash or a control byte (exact for the first
    /// such byte): the word tests the reader and the JSON writer scan strings with.
    @inline(__always)
    static func specialBytes(_ w: UInt64) -> UInt64 {
        WordBytes.equal(w, 0x22) | WordBytes.equal(w, 0x5C) | WordBytes.control(w)
    }

    /// A number: the common case on the buffer (`JSONParser.simpleNumber`), anything else by the general parser.
    @inline(__always)
    mutating func number() throws -> Double {
        if let (value, end) = JSONParser.simpleNumber(b, at: parser.index) {
            parser.index = end
            return value
        }
        return try parser.parseNumber()
    }

    @inline(__always)
    mutating func bool() throws -> Bool {
        let i = parser.index
        if i + 4 <= b.count, b[i] == UInt8(ascii: "t"), b[i + 1] == UInt8(ascii: "r"), b[i + 2] == UInt8(ascii: "u"), b[i + 3] == UInt8(ascii: "e") {
            parser.index = i + 4
            return true
        }
        if i + 5 <= b.count, b[i] == UInt8(ascii: "f"), b[i + 1] == UInt8(ascii: "a"), b[i + 2] == UInt8(ascii: "l"), b[i + 3] == UInt8(ascii: "s"),
            b[i + 4] == UInt8(ascii: "e")
        {
            parser.index = i + 5
            return false
        }
        throw Declined()
    }

    mutating func rect() throws -> Rect {
        if let r = orderedRect() { return r }
        var x = Double.nan, y = Double.nan, w = Double.nan, h = Double.nan
        try numbers { key, value in
            switch key {
            case .x: x = value
            case .y: y = value
            case .width: w = value
            case .height: h = value
            default: return false
            }
            return true
        }
        guard !x.isNaN, !y.isNaN, !w.isNaN, !h.isNaN else { throw Declined() }
        return Rect(x: x, y: y, width: w, height: h)
    }

    mutating func size() throws -> Size {
        var w = Double.nan, h = Double.nan
        try numbers { key, value in
            switch key {
            case .width: w = value
            case .height: h = value
            default: return false
            }
            return true
        }
        guard !w.isNaN, !h.isNaN else { throw Declined() }
        return Size(width: w, height: h)
    }

    /// Reads an object of numbers, handing each to `take` (which answers false for a key it does not know),
    /// with the limits the general path enforces: finite, within ±10,000,000, sizes not negative.
    mutating func numbers(_ take: (Key, Double) -> Bool) throws {
        try expect(UInt8(ascii: "{"))
        var firstMember = true
        while true {
            skipWhitespace()
            if peek() == UInt8(ascii: "}") { parser.index += 1; return }
            if !firstMember { try expect(UInt8(ascii: ",")) }
            firstMember = false
            let key = try readKey()
            skipWhitespace()
            guard let b = peek(), b == UInt8(ascii: "-") || (b >= 0x30 && b <= 0x39) else { throw Declined() }
            let d = try number()
            guard d.isFinite, abs(d) <= ArchiveDecoder.maxCoordinate, key == .x || key == .y || d >= 0, take(key, d) else { throw Declined() }
        }
    }
}
