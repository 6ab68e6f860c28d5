/// A property list's values: the one reader of every property list the tool reads (a bundle's `Info.plist`, string
/// tables, `.stringsdict`, the localization attachment). XML (UTF-8, or UTF-16 by its byte order mark) and binary
/// (`bplist00`) lists are read; anything else, or anything malformed, is refused. Foundation's reader is not used:
/// a binary list's objects may be shared, and Foundation builds every sharing out in full (a 742-byte list made it
/// allocate 5.7 GiB); here every value built is counted against a budget, however it is shared, and the list is
/// refused past it (`read(_:limits:)`).
enum PlistNode: Equatable {
    case dictionary([String: PlistNode])
    case array([PlistNode])
    case string(String)
    case integer(Int64)
    case real(Double)
    case bool(Bool)
    case date(String)
    case data

    /// Why bytes hold no property list this reader takes, in words for a one-line error.
    struct Failure: Error, Equatable {
        var message: String
    }

    /// What reading may build: values, and bytes of text, counted as they are built (a shared object once for
    /// each place it is shared into). A list that needs more is refused, not built.
    struct Budget {
        var values: Int
        var textBytes: Int

        /// The element limit, or a hundred thousand when it is set lower (a real list holds tens of values: a low
        /// element limit for a test is no reason to refuse an `Info.plist`).
        init(_ limits: LoadLimits) {
            values = max(limits.maxElements, 100_000)
            textBytes = limits.maxFileBytes
            limit = values
        }
        let limit: Int

        mutating func take(_ node: PlistNode) throws {
            values -= 1
            if case .string(let s) = node { textBytes -= s.utf8.count }
            if values < 0 || textBytes < 0 {
                throw Failure(
                    message:
                        "it would build more than \(limit) values, or text past the file limit (its objects are shared over and over: a property-list bomb; raise \(LoadLimits.Variable.elements.rawValue) or \(LoadLimits.Variable.fileMiB.rawValue) if it is genuine)"
                )
            }
        }
    }

    /// The member at `key` of a dictionary.
    subscript(key: String) -> PlistNode? {
        if case .dictionary(let d) = self { return d[key] } else { return nil }
    }

    /// A number as Foundation gives one (`NSNumber.intValue`): an integer, a real (cut toward zero) or a
    /// boolean (1 or 0); nil for anything else.
    var intValue: Int? {
        switch self {
        case .integer(let n): return Int(exactly: n)
        case .real(let d): return d.isFinite && abs(d) < 9e18 ? Int(d) : nil
        case .bool(let b): return b ? 1 : 0
        default: return nil
        }
    }

    var stringValue: String? {
        if case .string(let s) = self { return s } else { return nil }
    }

    /// The property list in `bytes`, or nil when they hold none or more than the limits allow.
    static func parse(_ bytes: [UInt8], limits: LoadLimits = .default) -> PlistNode? { try? read(bytes, limits: limits) }

    /// The property list in `bytes`; every value built is counted against `limits` (`Budget`).
    static func read(_ bytes: [UInt8], limits: LoadLimits = .default) throws -> PlistNode {
        // No old-style text list: that is a `.strings` file's syntax, read by its own reader.
        guard PropertyList.isXMLOrBinary(bytes) else { throw Failure(message: "not an XML or binary property list") }
        var budget = Budget(limits)
        if bytes.starts(with: Array("bplist00".utf8)) { return try binary(bytes, budget: &budget) }
        var body: [UInt8]
        if bytes.starts(with: [0xFF, 0xFE]) || bytes.starts(with: [0xFE, 0xFF]) {
            // UTF-16 by its byte order mark: read as the same text in UTF-8.
            guard bytes.count % 2 == 0 else { throw Failure(message: "UTF-16 text of an odd number of bytes") }
            let big = bytes[0] == 0xFE
            var units: [UInt16] = []
            units.reserveCapacity(bytes.count / 2 - 1)
            for k in stride(from: 2, to: bytes.count, by: 2) {
                units.append(big ? UInt16(bytes[k]) << 8 | UInt16(bytes[k + 1]) : UInt16(bytes[k + 1]) << 8 | UInt16(bytes[k]))
            }
            guard let text = String(validating: units, as: UTF16.self) else { throw Failure(message: "not valid UTF-16") }
            body = Array(text.utf8)
        } else {
            body = bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? Array(bytes.dropFirst(3)) : bytes
        }
        var reader = XMLPlistReader(body)
        guard let node = reader.document() else { throw Failure(message: "not a well-formed XML property list") }
        try count(node, into: &budget)
        return node
    }

    /// Counts an XML list's values (it shares nothing: its size is its file's), without recursion.
    static func count(_ root: PlistNode, into budget: inout Budget) throws {
        var stack = [root]
        while let n = stack.popLast() {
            try budget.take(n)
            switch n {
            case .dictionary(let d): stack += d.values
            case .array(let a): stack += a
            default: break
            }
        }
    }

    /// A binary list's values, walked with a bound on depth (its objects may refer to each other in a circle) and
    /// every value counted as it is built (they may be shared).
    static func binary(_ bytes: [UInt8], budget: inout Budget) throws -> PlistNode {
        let list: BinaryPropertyList
        do { list = try BinaryPropertyList(bytes) } catch let f as BinaryPropertyList.Failure { throw Failure(message: f.message) }
        func node(_ index: Int, depth: Int) throws -> PlistNode {
            guard depth < XMLPlistReader.maxDepth else { throw Failure(message: "nested deeper than \(XMLPlistReader.maxDepth) levels") }
            let value: BinaryPropertyList.Value
            do { value = try list.object(index) } catch let f as BinaryPropertyList.Failure { throw Failure(message: f.message) }
            let built: PlistNode
            switch value {
            case .bool(let b): built = .bool(b)
            case .int(let n): built = .integer(n)
            case .real(let d): built = .real(d)
            case .date(let d): built = .date(String(d))
            case .data: built = .data
            case .string(let s): built = .string(s)
            case .array(let members):
                try budget.take(.array([]))
                return .array(try members.map { try node($0, depth: depth + 1) })
            case .dictionary(let keys, let values):
                try budget.take(.dictionary([:]))
                var out: [String: PlistNode] = [:]
                for (k, v) in zip(keys, values) {
                    guard let name = list.string(k) else { throw Failure(message: "a dictionary key that is not a string (object \(k))") }
                    out[name] = try node(v, depth: depth + 1)
                }
                return .dictionary(out)
            case .null, .uid: throw Failure(message: "a value a property list cannot hold (object \(index))")
            }
            try budget.take(built)
            return built
        }
        return try node(list.top, depth: 0)
    }

    /// The strings of a dictionary, by key; members that are not strings are left out.
    var strings: [String: String] {
        guard case .dictionary(let d) = self else { return [:] }
        return d.compactMapValues(\.stringValue)
    }
}
