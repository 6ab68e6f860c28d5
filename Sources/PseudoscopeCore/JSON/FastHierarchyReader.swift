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
        parser.skipWhitespace()
        guard parser.index < parser.bytes.count, parser.bytes[parser.index] == UInt8(ascii: "{") else { throw Declined() }
        parser.index += 1
        var members: [(key: String, value: JSONValue)] = []
        var hierarchy: Hierarchy?
        parser.skipWhitespace()
        if peek() == UInt8(ascii: "}") { throw Declined() }
        while true {
            let key = try parser.parseKey()
            parser.skipWhitespace()
            if key == "hierarchy" {
                if hierarchy != nil || peek() != UInt8(ascii: "{") { throw Declined() }
                hierarchy = try readElements()
            } else {
                members.append((key, try parser.parseValue()))
            }
            parser.skipWhitespace()
            guard let b = peek() else { throw Declined() }
            parser.index += 1
            if b == UInt8(ascii: ",") { continue }
            if b == UInt8(ascii: "}") { break }
            throw Declined()
        }
        parser.skipWhitespace()
        guard parser.index == parser.bytes.count, let h = hierarchy else { throw Declined() }
        return (.object(JSONObject(members)), h)
    }

    func peek() -> UInt8? { parser.index < parser.bytes.count ? parser.bytes[parser.index] : nil }

    /// The next non-space byte must be `c` (a byte, not a `Character`: converting one cost a few percent of reading).
    mutating func expect(_ c: UInt8) throws {
        parser.skipWhitespace()
        guard peek() == c else { throw Declined() }
        parser.index += 1
    }

    /// Reads the element tree iteratively. Each element's slot is taken when its object opens, so its children
    /// follow it in pre-order whatever the order of its keys.
    mutating func readElements() throws -> Hierarchy {
        var elements: [Element] = []
        var sawType: [Bool] = []
        var sawChildren: [Bool] = []
        // About one element per 150 bytes in real archives: reserving up front avoids repeated regrowth.
        let estimate = min(parser.bytes.count / 150, limits.maxElements)
        elements.reserveCapacity(estimate)
        sawType.reserveCapacity(estimate)
        sawChildren.reserveCapacity(estimate)
        // Open elements; `inChildren` is true while reading the element's children array.
        var stack: [(index: Int, inChildren: Bool)] = []

        func open(_ parent: Int?) throws {
            var e = Element(type: "")
            e.parent = parent
            e.depth = parent.map { elements[$0].depth + 1 } ?? 0
            if e.depth > limits.maxDepth { throw Declined() }
            // Over the element limit: refused here, with the general path's message and place, instead of
            // declining (the general path would parse the whole file first: the cost of the file, not the limit).
            if elements.count >= limits.maxElements {
                var steps = ["children[\(parent.map { elements[$0].children.count } ?? 0)]"]
                var k = parent
                while let c = k, let p = elements[c].parent {
                    steps.append("children[\(elements[p].children.firstIndex(of: c) ?? 0)]")
                    k = p
                }
                let place = parent == nil ? "hierarchy" : (["hierarchy"] + steps.reversed()).joined(separator: ".")
                throw OverLimit(error: ArchiveError(file: file, place: place,
                    message: "more than \(limits.maxElements) elements (raise the limit with \(LoadLimits.Variable.elements.rawValue))"))
            }
            if let p = parent { elements[p].children.append(elements.count) }
            elements.append(e)
            sawType.append(false)
            sawChildren.append(false)
            stack.append((elements.count - 1, false))
        }

        try expect(UInt8(ascii: "{"))
        try open(nil)
        var first = true  // at the first key of an object just opened
        while let top = stack.last {
            parser.skipWhitespace()
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
            parser.skipWhitespace()
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
                parser.skipWhitespace()
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
    static let elementKeys: [StaticString] = ["type", "identifier", "label", "value", "placeholderValue", "title", "markedText",
        "isEnabled", "isSelected", "hasFocus", "isHittable", "frame", "intrinsicContentSize", "children", "x", "y", "width", "height",
        "isVisible", "childrenUnknown"]
    static let elementKeyStrings = elementKeys.map { $0.description }

    /// The index of the known key spelled by `bytes[start..<end]`, if it is one. The length and a letter or two
    /// pick the only candidate (this runs for every attribute of every element), which one comparison confirms.
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
        return name.utf8CodeUnitCount == n && memcmp(p, name.utf8Start, n) == 0 ? k.rawValue : nil
    }

    /// A key and its colon. Known keys are matched on bytes; a key with escapes goes through the general string
    /// reader and is matched by name.
    mutating func readKey() throws -> Key {
        parser.skipWhitespace()
        guard peek() == UInt8(ascii: "\"") else { throw Declined() }
        let start = parser.index + 1
        let found: (key: Int, end: Int)? = parser.bytes.withUnsafeBufferPointer { buf in
            var end = start
            while end < buf.count, buf[end] != UInt8(ascii: "\""), buf[end] != UInt8(ascii: "\\") { end += 1 }
            guard end < buf.count, buf[end] == UInt8(ascii: "\""), let k = FastHierarchyReader.knownKey(buf, start, end) else { return nil }
            return (k, end)
        }
        if let f = found {
            parser.index = f.end + 1
            parser.skipWhitespace()
            guard peek() == UInt8(ascii: ":") else { throw Declined() }
            parser.index += 1
            return Key(rawValue: f.key) ?? .unknown
        }
        let spelled = try parser.parseKey()
        return FastHierarchyReader.elementKeyStrings.firstIndex(of: spelled).flatMap { Key(rawValue: $0) } ?? .unknown
    }

    mutating func string() throws -> String {
        guard peek() == UInt8(ascii: "\"") else { throw Declined() }
        return decoder.cut(try parser.parseString())
    }

    mutating func bool() throws -> Bool {
        switch peek() {
        case UInt8(ascii: "t"): try parser.expectWord("true"); return true
        case UInt8(ascii: "f"): try parser.expectWord("false"); return false
        default: throw Declined()
        }
    }

    mutating func rect() throws -> Rect {
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
            parser.skipWhitespace()
            if peek() == UInt8(ascii: "}") { parser.index += 1; return }
            if !firstMember { try expect(UInt8(ascii: ",")) }
            firstMember = false
            let key = try readKey()
            parser.skipWhitespace()
            guard let b = peek(), b == UInt8(ascii: "-") || (b >= 0x30 && b <= 0x39) else { throw Declined() }
            let d = try parser.parseNumber()
            guard d.isFinite, abs(d) <= ArchiveDecoder.maxCoordinate, key == .x || key == .y || d >= 0, take(key, d) else { throw Declined() }
        }
    }
}
