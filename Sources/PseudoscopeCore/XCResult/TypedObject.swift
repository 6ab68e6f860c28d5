/// One value of the typed object encoding of `.xcresult` Data/ objects: a scalar (always text) or an object.
public enum XCValue: Sendable {
    case scalar(String)
    case object(XCObject)
}

/// A parsed typed-object file: its bytes, and for each object where its type name and its members lie in them.
/// Flat, not a tree of values: a tree made a string for every scalar and a box for every value, and freeing it
/// again cost as much as parsing (together 40 of the 116 M instructions of listing an Xcode 26 bundle, most of
/// whose members are never read). A scalar becomes a string when it is asked for.
final class TypedDocument: Sendable {
    struct Object {
        /// The type name's bytes; `typeCount` -1 for an object without a type.
        var typeStart: Int
        var typeCount: Int
        /// The object's members: `members[firstMember ..< firstMember + memberCount]`.
        var firstMember: Int
        var memberCount: Int
    }

    struct Member {
        /// The key's bytes; `keyCount` -1 for an array's element (no key).
        var keyStart: Int
        var keyCount: Int
        /// A scalar's bytes (`valueCount` >= 0), or the index of an object (`valueCount` -1).
        var value: Int
        var valueCount: Int
    }

    let bytes: [UInt8]
    let objects: [Object]
    let members: [Member]

    init(bytes: [UInt8], objects: [Object], members: [Member]) {
        self.bytes = bytes
        self.objects = objects
        self.members = members
    }

    /// The bytes' text; every text was validated as UTF-8 when the document was parsed.
    func text(_ start: Int, _ count: Int) -> String {
        String(decoding: bytes[start..<(start + count)], as: UTF8.self)
    }

    /// Whether the member's key is `key`, compared on the bytes.
    func member(_ m: Member, isKeyed key: String) -> Bool {
        m.keyCount == key.utf8.count && bytes[m.keyStart..<(m.keyStart + m.keyCount)].elementsEqual(key.utf8)
    }
}

/// An object of the typed encoding: its type name and its members. A member has a key, or none when it is an
/// element of an array (`Array` objects hold their elements as unkeyed members).
///
/// Every field of every result bundle is optional (formats 3.20 to 3.60 add and drop them), so the accessors
/// answer nil or empty rather than failing.
public struct XCObject: Sendable {
    let document: TypedDocument
    let index: Int

    var node: TypedDocument.Object { document.objects[index] }

    public var type: String? {
        let o = node
        return o.typeCount < 0 ? nil : document.text(o.typeStart, o.typeCount)
    }

    /// The first member named `key`.
    func member(_ key: String) -> TypedDocument.Member? {
        let o = node
        var k = o.firstMember
        while k < o.firstMember + o.memberCount {
            let m = document.members[k]
            if document.member(m, isKeyed: key) { return m }
            k += 1
        }
        return nil
    }

    func value(_ m: TypedDocument.Member) -> XCValue {
        m.valueCount < 0 ? .object(XCObject(document: document, index: m.value)) : .scalar(document.text(m.value, m.valueCount))
    }

    public subscript(key: String) -> XCValue? {
        member(key).map(value)
    }

    /// A scalar member, or the `_v` of a boxed scalar object (`String`, `Int`, `Double`, `Bool`, `Date`).
    public func string(_ key: String) -> String? {
        guard let m = member(key) else { return nil }
        if m.valueCount >= 0 { return document.text(m.value, m.valueCount) }
        return XCObject(document: document, index: m.value).scalarValue
    }

    public func int(_ key: String) -> Int? { string(key).flatMap { Int($0) } }

    public func object(_ key: String) -> XCObject? {
        guard let m = member(key), m.valueCount < 0 else { return nil }
        return XCObject(document: document, index: m.value)
    }

    /// The elements of an array member (an `Array` object's unkeyed objects).
    public func array(_ key: String) -> [XCObject] {
        object(key)?.elements ?? []
    }

    public var elements: [XCObject] {
        let o = node
        var out: [XCObject] = []
        for k in o.firstMember..<(o.firstMember + o.memberCount) {
            let m = document.members[k]
            if m.keyCount < 0, m.valueCount < 0 { out.append(XCObject(document: document, index: m.value)) }
        }
        return out
    }

    public var scalarValue: String? {
        guard let m = member("_v"), m.valueCount >= 0 else { return nil }
        return document.text(m.value, m.valueCount)
    }

    /// A `Reference` member's id.
    public func reference(_ key: String) -> String? { object(key)?.string("id") }
}

/// Parses the typed object encoding (docs/xcresult.md):
///
///     object := '[' ( 'T' typeDecl | 'S' length ':' name )? member* ']'
///     typeDecl := '[' 'K2:_n' 'V' length ':' name ( 'K2:_s' typeDecl )? ']'
///     member := 'K' length ':' key ( 'V' length ':' bytes | object ) | object
///
/// Lengths count bytes. Without recursion (an explicit stack bounded by `maxDepth`), every length checked against
/// what is left, every text validated as UTF-8: the bytes come from strangers' bundles.
public struct TypedObjectParser {
    public struct Failure: Error, Sendable {
        public var offset: Int
        public var message: String
    }

    let bytes: [UInt8]
    var i = 0
    let maxDepth: Int

    public static func parse(_ bytes: [UInt8], maxDepth: Int = 4096) throws -> XCObject {
        var p = TypedObjectParser(bytes: bytes, maxDepth: maxDepth)
        return try p.parseDocument()
    }

    init(bytes: [UInt8], maxDepth: Int) {
        self.bytes = bytes
        self.maxDepth = maxDepth
    }

    func fail(_ message: String, at offset: Int? = nil) -> Failure { Failure(offset: offset ?? i, message: message) }

    mutating func expect(_ c: UInt8, _ what: String) throws {
        guard i < bytes.count, bytes[i] == c else {
            throw fail(i < bytes.count ? "expected \(what), found byte 0x\(String(bytes[i], radix: 16))" : "unexpected end, expected \(what)")
        }
        i += 1
    }

    /// `<digits>:` — a length, at most what is left of the input.
    mutating func length() throws -> Int {
        let start = i
        var n = 0
        while i < bytes.count, bytes[i] >= 0x30, bytes[i] <= 0x39 {
            n = n * 10 + Int(bytes[i] - 0x30)
            i += 1
            if i - start > 10 { throw fail("length too long", at: start) }
        }
        guard i > start else { throw fail("expected a length", at: start) }
        try expect(UInt8(ascii: ":"), "':' after a length")
        guard n <= bytes.count - i else { throw fail("length \(n) runs past the end (\(bytes.count - i) bytes left)", at: start) }
        return n
    }

    /// `<length>:<bytes>` as text, validated as UTF-8: where its bytes start, and how many.
    mutating func text() throws -> (start: Int, count: Int) {
        let start = i
        let n = try length()
        let from = i
        i += n
        // Nearly every text is ASCII: checked a byte at a time without making a string.
        let ascii = bytes[from..<(from + n)].allSatisfy { $0 < 0x80 }
        guard ascii || String(validUTF8: bytes[from..<(from + n)]) != nil else { throw fail("text is not valid UTF-8", at: start) }
        return (from, n)
    }

    /// Whether the text at `t` is `word` (ASCII).
    func text(_ t: (start: Int, count: Int), is word: StaticString) -> Bool {
        guard t.count == word.utf8CodeUnitCount else { return false }
        let w = word.utf8Start
        for k in 0..<t.count where bytes[t.start + k] != w[k] { return false }
        return true
    }

    /// A type declaration after `T`: the name, and the supertype's declaration (skipped: only the name is used).
    mutating func typeDeclaration(depth: Int = 0) throws -> (start: Int, count: Int) {
        guard depth < 32 else { throw fail("type declarations nested too deep") }
        try expect(UInt8(ascii: "["), "'[' opening a type declaration")
        try expect(UInt8(ascii: "K"), "'K' of the type name key")
        guard text(try text(), is: "_n") else { throw fail("a type declaration starts with its name (_n)") }
        try expect(UInt8(ascii: "V"), "'V' of the type name")
        let name = try text()
        if i < bytes.count, bytes[i] == UInt8(ascii: "K") {
            i += 1
            guard text(try text(), is: "_s") else { throw fail("expected a supertype (_s) or ']' in a type declaration") }
            _ = try typeDeclaration(depth: depth + 1)
        }
        try expect(UInt8(ascii: "]"), "']' closing a type declaration")
        return name
    }

    /// An object being read: its type, the key it has in its parent, and where its members start in `pending`.
    struct Open {
        var type: (start: Int, count: Int)
        var key: (start: Int, count: Int)
        var firstPending: Int
    }

    static let none = (start: 0, count: -1)

    /// Reads `[` and the type after it, if any.
    mutating func openObject(key: (start: Int, count: Int), pending: Int) throws -> Open {
        try expect(UInt8(ascii: "["), "'[' opening an object")
        var type = TypedObjectParser.none
        if i < bytes.count, bytes[i] == UInt8(ascii: "T") {
            i += 1
            type = try typeDeclaration()
        } else if i < bytes.count, bytes[i] == UInt8(ascii: "S") {
            i += 1
            type = try text()
        }
        return Open(type: type, key: key, firstPending: pending)
    }

    /// The document, flat: an object's members are gathered in `pending` while it is open (its children's above
    /// them), and moved together to `members` when it closes, so that each object's members lie side by side.
    mutating func parseDocument() throws -> XCObject {
        var objects: [TypedDocument.Object] = []
        var members: [TypedDocument.Member] = []
        var pending: [TypedDocument.Member] = []
        var stack = [try openObject(key: TypedObjectParser.none, pending: 0)]
        while let top = stack.last {
            guard i < bytes.count else {
                throw fail(
                    "unexpected end inside an object of type \(top.type.count < 0 ? "?" : String(decoding: bytes[top.type.start..<(top.type.start + top.type.count)], as: UTF8.self))"
                )
            }
            switch bytes[i] {
            case UInt8(ascii: "]"):
                i += 1
                stack.removeLast()
                objects.append(
                    TypedDocument.Object(
                        typeStart: top.type.start, typeCount: top.type.count, firstMember: members.count,
                        memberCount: pending.count - top.firstPending))
                members.append(contentsOf: pending[top.firstPending...])
                pending.removeSubrange(top.firstPending...)
                guard !stack.isEmpty else {
                    guard i == bytes.count else { throw fail("\(bytes.count - i) bytes after the end of the object") }
                    let document = TypedDocument(bytes: bytes, objects: objects, members: members)
                    return XCObject(document: document, index: objects.count - 1)
                }
                pending.append(TypedDocument.Member(keyStart: top.key.start, keyCount: top.key.count, value: objects.count - 1, valueCount: -1))
            case UInt8(ascii: "K"):
                i += 1
                let key = try text()
                guard i < bytes.count else {
                    throw fail("unexpected end after key \(String(decoding: bytes[key.start..<(key.start + key.count)], as: UTF8.self))")
                }
                if bytes[i] == UInt8(ascii: "V") {
                    i += 1
                    let v = try text()
                    pending.append(TypedDocument.Member(keyStart: key.start, keyCount: key.count, value: v.start, valueCount: v.count))
                } else {
                    guard stack.count < maxDepth else { throw fail("objects nested deeper than \(maxDepth) levels") }
                    stack.append(try openObject(key: key, pending: pending.count))
                }
            case UInt8(ascii: "["):
                guard stack.count < maxDepth else { throw fail("objects nested deeper than \(maxDepth) levels") }
                stack.append(try openObject(key: TypedObjectParser.none, pending: pending.count))
            default:
                throw fail("expected a key (K), an element ([) or ']', found byte 0x\(String(bytes[i], radix: 16))")
            }
        }
        throw fail("no object")
    }
}
