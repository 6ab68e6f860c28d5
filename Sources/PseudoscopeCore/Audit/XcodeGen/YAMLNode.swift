import CYAML

/// A YAML document as a tree (XcodeGen's `project.yml`), read with libyaml's event parser. Bounded as every reader
/// is: nesting by the depth limit, and nodes by the element limit, an alias counting as every node it repeats,
/// so a document that names an anchor many times over (a "billion laughs") is refused, not expanded.
indirect enum YAMLNode: Equatable {
    /// A scalar's text, whether it was written plain (unquoted), and its line.
    case scalar(String, plain: Bool, line: Int)
    case sequence([YAMLNode], line: Int)
    /// Keys in document order; a key is a scalar's text.
    case mapping([(key: String, value: YAMLNode)], line: Int)

    static func == (a: YAMLNode, b: YAMLNode) -> Bool {
        switch (a, b) {
        case (.scalar(let x, let p, let l), .scalar(let y, let q, let m)): return x == y && p == q && l == m
        case (.sequence(let x, let l), .sequence(let y, let m)): return x == y && l == m
        case (.mapping(let x, let l), .mapping(let y, let m)):
            return l == m && x.count == y.count && zip(x, y).allSatisfy { $0.key == $1.key && $0.value == $1.value }
        default: return false
        }
    }

    var line: Int {
        switch self {
        case .scalar(_, _, let l), .sequence(_, let l), .mapping(_, let l): return l
        }
    }

    /// A mapping's value for `key` (the last one written, as YAML readers keep it).
    subscript(key: String) -> YAMLNode? {
        guard case .mapping(let members, _) = self else { return nil }
        return members.last { $0.key == key }?.value
    }

    var string: String? { if case .scalar(let s, _, _) = self { s } else { nil } }
    var members: [(key: String, value: YAMLNode)] { if case .mapping(let m, _) = self { m } else { [] } }
    /// A sequence's items; a single item written without a list is one.
    var items: [YAMLNode] {
        switch self {
        case .sequence(let s, _): return s
        case .scalar, .mapping: return [self]
        }
    }

    /// A YAML 1.1 boolean as XcodeGen reads one (`true`, `YES`, `on`), for a plain scalar.
    var bool: Bool? {
        guard case .scalar(let s, _, _) = self else { return nil }
        switch s.lowercased() {
        case "true", "yes", "on", "y": return true
        case "false", "no", "off", "n": return false
        default: return nil
        }
    }

    /// Reads the first document of `bytes`; `file` names it in errors.
    static func read(_ bytes: [UInt8], file: String, limits: LoadLimits) throws -> YAMLNode {
        var builder = Builder(limits: limits)
        var outcome = ps_yaml_outcome()
        let handled: Int32 = withUnsafeMutablePointer(to: &builder) { b in
            var handler = ps_yaml_handler(
                context: UnsafeMutableRawPointer(b),
                event: { context, kind, value, length, anchor, plain, line in
                    let b = context!.assumingMemoryBound(to: Builder.self)
                    let text = value.map { String(decoding: UnsafeRawBufferPointer(start: $0, count: length), as: UTF8.self) }
                    return b.pointee.take(Int(kind), text, anchor.map { String(cString: $0) }, plain != 0, Int(line)) ? 0 : 1
                })
            return ps_yaml_parse(bytes, bytes.count, &handler, &outcome)
        }
        let why = withUnsafeBytes(of: outcome.message) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
        if handled == -2 { throw ArchiveError(file: file, message: "cannot be read here: \(why)") }
        if let failure = builder.failure { throw ArchiveError(file: file, place: "line \(failure.line)", message: failure.message) }
        if handled != 0 {
            throw ArchiveError(
                file: file, place: "line \(outcome.line), column \(outcome.column)", message: "is not YAML: \(why)")
        }
        return builder.root ?? .mapping([], line: 1)
    }

    /// Builds the tree event by event, within the limits. Each open collection grows in place on a stack of frames
    /// and becomes a node when it ends.
    struct Builder {
        struct Frame {
            var mapping: Bool
            var items: [YAMLNode] = []
            var members: [(key: String, value: YAMLNode)] = []
            var line: Int
            var anchor: String?
            /// A mapping's key waiting for its value.
            var key: String?
            /// Nodes counted before it began.
            var before: Int
        }

        let limits: LoadLimits
        var stack: [Frame] = []
        var anchors: [String: (node: YAMLNode, size: Int)] = [:]
        /// Nodes so far, an alias counted as the nodes it repeats.
        var size = 0
        var root: YAMLNode?
        var failure: (message: String, line: Int)?
        var documents = 0

        init(limits: LoadLimits) { self.limits = limits }

        /// One event; false stops the parser (a limit reached, or the first document read).
        mutating func take(_ kind: Int, _ value: String?, _ anchor: String?, _ plain: Bool, _ line: Int) -> Bool {
            switch kind {
            case Int(PS_YAML_DOCUMENT_START):
                documents += 1
                return documents == 1
            case Int(PS_YAML_SCALAR):
                size += 1
                return add(.scalar(value ?? "", plain: plain, line: line), anchor: anchor, nodes: 1, line: line)
            case Int(PS_YAML_ALIAS):
                guard let a = anchor, let named = anchors[a] else { return fail("an alias *\(anchor ?? "") names no anchor before it", line) }
                size += named.size
                return add(named.node, anchor: nil, nodes: named.size, line: line)
            case Int(PS_YAML_SEQUENCE_START), Int(PS_YAML_MAPPING_START):
                guard stack.count < limits.maxDepth else {
                    return fail(
                        "nesting deeper than the limit of \(limits.maxDepth) levels (raise it with \(LoadLimits.Variable.depth.rawValue))", line)
                }
                stack.append(Frame(mapping: kind == Int(PS_YAML_MAPPING_START), line: line, anchor: anchor, before: size))
                return true
            case Int(PS_YAML_SEQUENCE_END), Int(PS_YAML_MAPPING_END):
                guard let top = stack.popLast() else { return true }
                if top.key != nil { return fail("a mapping ends after a key with no value", line) }
                size += 1
                let node: YAMLNode = top.mapping ? .mapping(top.members, line: top.line) : .sequence(top.items, line: top.line)
                return add(node, anchor: top.anchor, nodes: size - top.before, line: line)
            default: return true
            }
        }

        mutating func fail(_ message: String, _ line: Int) -> Bool {
            failure = (message, line)
            return false
        }

        /// Puts `node` (of `nodes` nodes, already counted) into the open collection (as a key, a value or an item),
        /// or makes it the root.
        mutating func add(_ node: YAMLNode, anchor: String?, nodes: Int, line: Int) -> Bool {
            guard size <= limits.maxElements else {
                return fail(
                    "more than \(limits.maxElements) nodes, aliases counted as what they repeat (raise \(LoadLimits.Variable.elements.rawValue) if it is genuine)",
                    line)
            }
            if let anchor { anchors[anchor] = (node, nodes) }
            guard !stack.isEmpty else {
                if root == nil { root = node }
                return true
            }
            let k = stack.count - 1
            if !stack[k].mapping {
                stack[k].items.append(node)
            } else if let key = stack[k].key {
                // `<<: *defaults` merges another mapping's members in (YAML 1.1 merge keys, as XcodeGen reads them).
                if key == "<<" {
                    var present = Set(stack[k].members.map(\.key))
                    for merged in node.items {
                        for m in merged.members where present.insert(m.key).inserted { stack[k].members.append(m) }
                    }
                } else {
                    stack[k].members.append((key, node))
                }
                stack[k].key = nil
            } else {
                guard case .scalar(let key, _, _) = node else { return fail("a mapping key that is not a plain value", line) }
                stack[k].key = key
            }
            return true
        }
    }
}
