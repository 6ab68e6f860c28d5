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
}
