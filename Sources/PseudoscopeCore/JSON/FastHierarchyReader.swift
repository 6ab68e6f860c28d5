import Foundation

/// The fast path for reading an archive: the element tree is decoded straight from the bytes into `Element`s,
/// without building a `JSONValue` for each element first (that tree was half the time of loading a large
/// archive, and freeing it a good part of the rest).
///
/// It only handles input it is sure of. Anything unusual — a type mismatch, a limit, a duplicated `children`
/// key, a syntax error — makes it decline, and the loader reads the file again with the general path, whose
/// error messages are the reference. A differential test and a fuzz target check that both paths agree.
struct FastHierarchyReader {
    struct Declined: Error {}
    /// The one refusal the fast path makes itself (the element limit): the error the general path would give.
    struct OverLimit: Error { let error: ArchiveError }

    var parser: JSONParser
    /// The parser's bytes, for the duration of `read()`: the hot loops below index this buffer directly (every
    /// access checked against its count by hand) instead of going through the array, and keep `parser.index` as
    /// the one position, so that anything unusual can be handed to the general parser where it stands.
    private(set) var b = UnsafeBufferPointer<UInt8>(start: nil, count: 0)
    let limits: LoadLimits
    let decoder: ArchiveDecoder
    let file: String

    init(bytes: [UInt8], limits: LoadLimits, file: String) {
        self.file = file
        parser = JSONParser(bytes: bytes, maxDepth: limits.maxDepth * 2 + 8)
        self.limits = limits
        decoder = ArchiveDecoder(file: file, limits: limits)
    }

    /// The top-level object without its `hierarchy` member, and the hierarchy decoded directly.
    mutating func read() throws -> (top: JSONValue, hierarchy: Hierarchy) {
        let bytes = parser.bytes  // the same storage, held for the buffer's lifetime
        return try bytes.withUnsafeBufferPointer { buffer in
            b = buffer
            defer { b = UnsafeBufferPointer(start: nil, count: 0) }
            return try readTop()
        }
    }

    private mutating func readTop() throws -> (top: JSONValue, hierarchy: Hierarchy) {
        skipWhitespace()
        guard peek() == UInt8(ascii: "{") else { throw Declined() }
        parser.index += 1
        var members: [(key: String, value: JSONValue)] = []
        var hierarchy: Hierarchy?
        skipWhitespace()
        if peek() == UInt8(ascii: "}") { throw Declined() }
        while true {
            let key = try parser.parseKey()
            skipWhitespace()
            if key == "hierarchy" {
                if hierarchy != nil || peek() != UInt8(ascii: "{") { throw Declined() }
                hierarchy = try readElements()
            } else {
                members.append((key, try parser.parseValue()))
            }
            skipWhitespace()
            guard let b = peek() else { throw Declined() }
            parser.index += 1
            if b == UInt8(ascii: ",") { continue }
            if b == UInt8(ascii: "}") { break }
            throw Declined()
        }
        skipWhitespace()
        guard parser.index == b.count, let h = hierarchy else { throw Declined() }
        return (.object(JSONObject(members)), h)
    }

    @inline(__always)
    func peek() -> UInt8? { parser.index < b.count ? b[parser.index] : nil }

    @inline(__always)
    mutating func skipWhitespace() { FastHierarchyReader.skipWhitespace(b, &parser.index) }

    /// JSON's white space from `i` on, on the buffer alone (the frame's one-pass reading has no reader to move).
    @inline(__always)
    static func skipWhitespace(_ b: UnsafeBufferPointer<UInt8>, _ i: inout Int) {
        while i < b.count, b[i] == 0x20 || b[i] == 0x0A || b[i] == 0x0D || b[i] == 0x09 { i += 1 }
    }

    /// The next non-space byte must be `c` (a byte, not a `Character`: converting one cost a few percent of reading).
    @inline(__always)
    mutating func expect(_ c: UInt8) throws {
        skipWhitespace()
        guard peek() == c else { throw Declined() }
        parser.index += 1
    }

    /// Reads the element tree iteratively. Each element's slot is taken when its object opens, so its children
    /// follow it in pre-order whatever the order of its keys.
    mutating func readElements() throws -> Hierarchy {
        var elements: [Element] = []
        var sawType: [Bool] = []
        var sawChildren: [Bool] = []
        // Reserved up front for one element per 100 bytes (real archives take 110 to 200 and more): an array that
        // outgrows its room is copied into one twice as large, touching fresh pages for all of it (a regrowth was
        // a third of the page faults of a plain `render` of 10k elements), while room never written costs no page.
        let estimate = min(b.count / 100, limits.maxElements)
        elements.reserveCapacity(estimate)
        sawType.reserveCapacity(estimate)
        sawChildren.reserveCapacity(estimate)
        // Open elements; `inChildren` is true while reading the element's children array, and `kids` is where its
        // children start in `pendingKids`.
        var stack: [(index: Int, inChildren: Bool, kids: Int)] = []
        // The children of the open elements, each element's after its parent's: given to the element, in an array
        // of their number, when it closes (appended to as they came, a parent's array grew by doubling, a new
        // array and a freed one each time: a tenth of reading a findings-heavy night).
        var pendingKids: [Int] = []

        func open(_ parent: Int?) throws {
            // The parent's depth read in place (a closure over `elements[p]` copied the whole parent).
            var depth = 0
            if let p = parent { depth = elements[p].depth + 1 }
            if depth > limits.maxDepth { throw Declined() }
            // Over the element limit: refused here, with the general path's message and place, instead of
            // declining (the general path would parse the whole file first: the cost of the file, not the limit).
            if elements.count >= limits.maxElements {
                // The open elements are the path to the parent: each child's place among its parent's children
                // is where it lies in `pendingKids` after its parent's first.
                var steps = ["children[\(stack.last.map { pendingKids.count - $0.kids } ?? 0)]"]
                for level in stack.indices.dropFirst().reversed() { steps.append("children[\(stack[level].kids - 1 - stack[level - 1].kids)]") }
                let place = parent == nil ? "hierarchy" : (["hierarchy"] + steps.reversed()).joined(separator: ".")
                throw OverLimit(
                    error: ArchiveError(
                        file: file, place: place,
                        message: "more than \(limits.maxElements) elements (raise the limit with \(LoadLimits.Variable.elements.rawValue))"))
            }
            if parent != nil { pendingKids.append(elements.count) }
            // Made where it is kept: a new element kept in a variable first was copied into the list and freed.
            var e = Element(type: "")
            e.parent = parent
            e.depth = depth
            elements.append(consume e)
            sawType.append(false)
            sawChildren.append(false)
            stack.append((elements.count - 1, false, pendingKids.count))
        }

        try expect(UInt8(ascii: "{"))
        try open(nil)
        var first = true  // at the first key of an object just opened
        while let top = stack.last {
            skipWhitespace()
            if top.inChildren {
                // After a child element: another one, or the end of the array.
                guard let b = peek() else { throw Declined() }
                parser.index += 1
                if b == UInt8(ascii: ",") {
                    try expect(UInt8(ascii: "{"))
                    try open(top.index)
                    first = true
                    continue
                }
                guard b == UInt8(ascii: "]") else { throw Declined() }
                stack[stack.count - 1].inChildren = false
                first = false
                continue
            }
            // Inside an element's object: a key, or its end.
            guard let b = peek() else { throw Declined() }
            if b == UInt8(ascii: "}") {
                parser.index += 1
                guard sawType[top.index] else { throw Declined() }
                if pendingKids.count > top.kids {
                    elements[top.index].children = Array(pendingKids[top.kids...])
                    pendingKids.removeSubrange(top.kids...)
                }
                stack.removeLast()
                first = false
                continue
            }
            if !first {
                guard b == UInt8(ascii: ",") else { throw Declined() }
                parser.index += 1
            }
            first = false
            let key = try readKey()
            skipWhitespace()
            let i = top.index
            if peek() == UInt8(ascii: "n") {
                // null means absent, as in the general path, where the last of duplicated keys wins: reset.
                try parser.expectWord("null")
                switch key {
                case .type: elements[i].type = ""; sawType[i] = false
                case .identifier: elements[i].identifier = ""
                case .label: elements[i].label = ""
                case .value: elements[i].value = ""
                case .placeholderValue: elements[i].placeholderValue = ""
                case .title: elements[i].title = ""
                case .markedText: elements[i].markedText = nil
                case .isEnabled: elements[i].isEnabled = true
                case .isSelected: elements[i].isSelected = false
                case .hasFocus: elements[i].hasFocus = false
                case .isHittable: elements[i].isHittable = true
                case .frame: elements[i].frame = .zero
                case .intrinsicContentSize: elements[i].intrinsicContentSize = nil
                case .isVisible: elements[i].isVisible = nil
                case .childrenUnknown: elements[i].childrenUnknown = false
                case .children: if sawChildren[i] { throw Declined() }
                default: break
                }
                continue
            }
            switch key {
            case .type: elements[i].type = try string(); sawType[i] = true
            case .identifier: elements[i].identifier = try string()
            case .label: elements[i].label = try string()
            case .value: elements[i].value = try string()
            case .placeholderValue: elements[i].placeholderValue = try string()
            case .title: elements[i].title = try string()
            case .markedText: let m = try string(); elements[i].markedText = m.isEmpty ? nil : m
            case .isEnabled: elements[i].isEnabled = try bool()
            case .isSelected: elements[i].isSelected = try bool()
            case .hasFocus: elements[i].hasFocus = try bool()
            case .isHittable: elements[i].isHittable = try bool()
            case .frame: elements[i].frame = try rect()
            case .intrinsicContentSize: elements[i].intrinsicContentSize = try size()
            case .isVisible: elements[i].isVisible = try bool()
            case .childrenUnknown: elements[i].childrenUnknown = try bool()
            case .children:
                if sawChildren[i] { throw Declined() }
                sawChildren[i] = true
                try expect(UInt8(ascii: "["))
                skipWhitespace()
                if peek() == UInt8(ascii: "]") { parser.index += 1; continue }
                stack[stack.count - 1].inChildren = true
                try expect(UInt8(ascii: "{"))
                try open(i)
                first = true
            default:
                // An unknown key: read its value and forget it, as the general path ignores it.
                var v = try parser.parseValue()
                JSONValue.release(&v)
            }
        }
        return Hierarchy(preorder: elements)
    }

    /// The keys an element (or its frame) can have, by their index in `elementKeys`: the reader switches on
    /// this rather than comparing strings for every attribute.
    enum Key: Int {
        case type, identifier, label, value, placeholderValue, title, markedText, isEnabled, isSelected, hasFocus, isHittable,
            frame, intrinsicContentSize, children, x, y, width, height, isVisible, childrenUnknown
        /// A key the reader does not know (its value is read and forgotten).
        case unknown = -1
    }

    /// The keys an element (or its frame) can have, matched on bytes so that reading a key allocates nothing.
    static let elementKeys: [StaticString] = [
        "type", "identifier", "label", "value", "placeholderValue", "title", "markedText",
        "isEnabled", "isSelected", "hasFocus", "isHittable", "frame", "intrinsicContentSize", "children", "x", "y", "width", "height",
        "isVisible", "childrenUnknown",
    ]
    static let elementKeyStrings = elementKeys.map { $0.description }

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
