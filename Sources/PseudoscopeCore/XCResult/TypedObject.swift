/// One value of the typed object encoding of `.xcresult` Data/ objects: a scalar (always text) or an object.
public indirect enum XCValue: Sendable {
    case scalar(String)
    case object(XCObject)
}

/// An object of the typed encoding: its type name and its members. A member has a key, or none when it is an
/// element of an array (`Array` objects hold their elements as unkeyed members).
///
/// Every field of every result bundle is optional (formats 3.20 to 3.60 add and drop them), so the accessors
/// answer nil or empty rather than failing.
public struct XCObject: Sendable {
    public let type: String?
    public let members: [(key: String?, value: XCValue)]

    public subscript(key: String) -> XCValue? {
        members.first { $0.key == key }?.value
    }

    /// A scalar member, or the `_v` of a boxed scalar object (`String`, `Int`, `Double`, `Bool`, `Date`).
    public func string(_ key: String) -> String? {
        switch self[key] {
        case .scalar(let s)?: return s
        case .object(let o)?: return o.scalarValue
        case nil: return nil
        }
    }

    public func int(_ key: String) -> Int? { string(key).flatMap { Int($0) } }

    public func object(_ key: String) -> XCObject? {
        if case .object(let o)? = self[key] { return o }
        return nil
    }

    /// The elements of an array member (an `Array` object's unkeyed objects).
    public func array(_ key: String) -> [XCObject] {
        object(key)?.elements ?? []
    }

    public var elements: [XCObject] {
        members.compactMap { m in
            guard m.key == nil, case .object(let o) = m.value else { return nil }
            return o
        }
    }

    public var scalarValue: String? {
        if case .scalar(let s)? = self["_v"] { return s }
        return nil
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

    /// `<length>:<bytes>` as text, validated as UTF-8.
    mutating func text() throws -> String {
        let start = i
        let n = try length()
        let slice = bytes[i..<(i + n)]
        i += n
        guard let s = String(validUTF8: slice) else { throw fail("text is not valid UTF-8", at: start) }
        return s
    }

    /// A type declaration after `T`: the name, and the supertype's declaration (skipped: only the name is used).
    mutating func typeDeclaration(depth: Int = 0) throws -> String {
        guard depth < 32 else { throw fail("type declarations nested too deep") }
        try expect(UInt8(ascii: "["), "'[' opening a type declaration")
        try expect(UInt8(ascii: "K"), "'K' of the type name key")
        guard try text() == "_n" else { throw fail("a type declaration starts with its name (_n)") }
        try expect(UInt8(ascii: "V"), "'V' of the type name")
        let name = try text()
        if i < bytes.count, bytes[i] == UInt8(ascii: "K") {
            i += 1
            guard try text() == "_s" else { throw fail("expected a supertype (_s) or ']' in a type declaration") }
            _ = try typeDeclaration(depth: depth + 1)
        }
        try expect(UInt8(ascii: "]"), "']' closing a type declaration")
        return name
    }

    final class Open {
        let type: String?
        let key: String?
        var members: [(key: String?, value: XCValue)] = []
        init(type: String?, key: String?) { self.type = type; self.key = key }
    }

    /// Reads `[` and the type after it, if any.
    mutating func openObject(key: String?) throws -> Open {
        try expect(UInt8(ascii: "["), "'[' opening an object")
        var type: String?
        if i < bytes.count, bytes[i] == UInt8(ascii: "T") {
            i += 1
            type = try typeDeclaration()
        } else if i < bytes.count, bytes[i] == UInt8(ascii: "S") {
            i += 1
            type = try text()
        }
        return Open(type: type, key: key)
    }

    mutating func parseDocument() throws -> XCObject {
        var stack = [try openObject(key: nil)]
        while let top = stack.last {
            guard i < bytes.count else { throw fail("unexpected end inside an object of type \(top.type ?? "?")") }
            switch bytes[i] {
            case UInt8(ascii: "]"):
                i += 1
                stack.removeLast()
                let done = XCObject(type: top.type, members: top.members)
                guard let parent = stack.last else {
                    guard i == bytes.count else { throw fail("\(bytes.count - i) bytes after the end of the object") }
                    return done
                }
                parent.members.append((top.key, .object(done)))
            case UInt8(ascii: "K"):
                i += 1
                let key = try text()
                guard i < bytes.count else { throw fail("unexpected end after key \(key)") }
                if bytes[i] == UInt8(ascii: "V") {
                    i += 1
                    top.members.append((key, .scalar(try text())))
                } else {
                    guard stack.count < maxDepth else { throw fail("objects nested deeper than \(maxDepth) levels") }
                    stack.append(try openObject(key: key))
                }
            case UInt8(ascii: "["):
                guard stack.count < maxDepth else { throw fail("objects nested deeper than \(maxDepth) levels") }
                stack.append(try openObject(key: nil))
            default:
                throw fail("expected a key (K), an element ([) or ']', found byte 0x\(String(bytes[i], radix: 16))")
            }
        }
        throw fail("no object")
    }
}
