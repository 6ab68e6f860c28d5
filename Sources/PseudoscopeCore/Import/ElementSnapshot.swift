/// The element snapshot Xcode attaches to a failed UI test (`kXCTAttachmentLegacySnapshot`, type
/// `com.apple.dt.xctest.element-snapshot`): an `NSKeyedArchiver` binary property list of the whole element tree,
/// each node an `XCElementSnapshot` with `elementType` (an `XCUIElement.ElementType` raw value), `identifier`,
/// `label`, `value`, `title`, `placeholderValue`, the exact `frame`, `enabled`, `selected`, `hasFocus`,
/// `hasKeyboardFocus`, `traits`, `isMainWindow`, `additionalAttributes` (5004: the UIKit class) and `children`.
/// It is the most exact hierarchy a bundle holds: frames at full precision, no text to misread.
///
/// The archiver's object graph is walked with an explicit stack, every reference checked, each node read once:
/// a node met again (a cycle, or a node shared by two parents) is refused, and the work is bounded by the
/// element and depth limits.
public struct ElementSnapshot: Sendable, Equatable {
    public struct Node: Sendable, Equatable {
        public var elementType: Int?
        public var type: String
        public var identifier = ""
        public var label = ""
        public var value = ""
        public var title = ""
        public var placeholderValue = ""
        public var frame: Rect?
        public var isEnabled: Bool?
        public var isSelected: Bool?
        public var hasFocus: Bool?
        public var hasKeyboardFocus: Bool?
        public var isMainWindow: Bool?
        public var traits: Int64?
        /// `UIButton`, `UINavigationBar`: the class behind the element, when the snapshot records it.
        public var className: String?
        public var parent: Int?
        public var children: [Int] = []
        public var depth = 0
    }

    /// Pre-order.
    public var nodes: [Node]

    /// The `additionalAttributes` key under which a snapshot gives the element's class (observed: `UIApplication`,
    /// `UIWindow`, `UITransitionView`).
    static let classNameAttribute: Int64 = 5004

    public static func read(_ bytes: [UInt8], file: String, limits: LoadLimits) throws -> ElementSnapshot {
        let plist: BinaryPropertyList
        do {
            plist = try BinaryPropertyList(bytes)
        } catch let f as BinaryPropertyList.Failure {
            throw ArchiveError(file: file, message: "is not an element snapshot: \(f.message)")
        }
        func fail(_ place: String, _ message: String) -> ArchiveError { ArchiveError(file: file, place: place, message: message) }
        func attempt<T>(_ place: @autoclosure () -> String, _ body: () throws -> T) throws -> T {
            do { return try body() } catch let f as BinaryPropertyList.Failure { throw fail(place(), f.message) }
        }
        guard let top = try attempt("the top object", { try plist.dictionary(plist.top) }),
            let objectsIndex = top["$objects"], case .array(let objects) = try attempt("$objects", { try plist.object(objectsIndex) }),
            let topIndex = top["$top"], let topDict = try attempt("$top", { try plist.dictionary(topIndex) })
        else {
            throw ArchiveError(file: file, message: "is not an element snapshot: not a keyed archive ($objects and $top missing)")
        }
        /// A member's value: followed through the archiver's reference when it is one; nil for `$null`.
        func resolve(_ index: Int) throws -> Int? {
            guard case .uid(let u) = try plist.object(index) else { return index }
            guard u < objects.count else { throw BinaryPropertyList.Failure(message: "a reference to $objects[\(u)] of \(objects.count)") }
            return u == 0 ? nil : objects[u]
        }
        guard let rootRef = topDict["root"] ?? topDict.values.first, let root = try attempt("$top.root", { try resolve(rootRef) }) else {
            throw ArchiveError(file: file, message: "is not an element snapshot: it archives no root object")
        }
        func scalar(_ index: Int?) throws -> BinaryPropertyList.Value? {
            guard let i = index, let r = try resolve(i) else { return nil }
            return try plist.object(r)
        }
        /// A member's text. An `NSMutableString` holds it in `NS.string` inside an object of its own, which may hold
        /// another: followed in a loop with the objects seen, so a string that names itself (a crafted archive) is
        /// refused, not followed until the stack overflows.
        func text(_ index: Int?) throws -> String {
            var next = index
            var seen = Set<Int>()
            while let i = next {
                switch try scalar(i) {
                case .string(let s)?: return s == "$null" ? "" : limits.cut(s)
                case .int(let n)?: return String(n)
                case .real(let d)?: return d.isFinite && d == d.rounded() && abs(d) < 1e15 ? String(Int64(d)) : String(d)
                case .bool(let b)?: return b ? "1" : "0"
                case .dictionary?:
                    guard let r = try resolve(i), let d = try plist.dictionary(r), let s = d["NS.string"] else { return "" }
                    guard seen.insert(r).inserted else {
                        throw BinaryPropertyList.Failure(message: "a string whose NS.string refers back to itself ($objects entry \(r))")
                    }
                    next = s
                default: return ""
                }
            }
            return ""
        }
        func bool(_ index: Int?) throws -> Bool? {
            switch try scalar(index) {
            case .bool(let b)?: return b
            case .int(let n)?: return n != 0
            default: return nil
            }
        }
        func integer(_ index: Int?) throws -> Int64? {
            if case .int(let n)? = try scalar(index) { return n }
            return nil
        }
        func rect(_ index: Int?) throws -> Rect? {
            guard let i = index, let r = try resolve(i), let d = try plist.dictionary(r), let value = d["NS.rectval"] else { return nil }
            let s = try text(value)
            return DebugDescriptionParser.parseFrame(Substring(s)).map(\.0)
        }
        /// An array member's elements (`NSArray`: `NS.objects`), resolved.
        func members(_ index: Int?) throws -> [Int] {
            guard let i = index, let r = try resolve(i) else { return [] }
            switch try plist.object(r) {
            case .array(let refs): return try refs.compactMap(resolve)
            case .dictionary:
                guard let d = try plist.dictionary(r), let o = d["NS.objects"], case .array(let refs) = try plist.object(o) else { return [] }
                return try refs.compactMap(resolve)
            default: return []
            }
        }
        /// Each attribute table's class name, by its object: a table shared by every node is read once, not once a
        /// node (N keys shared by N nodes took N² steps).
        var classNames: [Int: String?] = [:]
        func className(_ index: Int?) throws -> String? {
            guard let i = index, let r = try resolve(i) else { return nil }
            if let known = classNames[r] { return known }
            let name = try readClassName(r)
            classNames[r] = name
            return name
        }
        func readClassName(_ r: Int) throws -> String? {
            guard case .dictionary(let keys, let values) = try plist.object(r) else { return nil }
            var pairs = Array(zip(keys, values))
            // An NSDictionary archived by keyed archiver: NS.keys and NS.objects arrays.
            if let d = try plist.dictionary(r), let ks = d["NS.keys"], let vs = d["NS.objects"],
                case .array(let kr) = try plist.object(ks), case .array(let vr) = try plist.object(vs)
            {
                pairs = Array(zip(kr, vr))
            }
            for (k, v) in pairs {
                guard let kr = try resolve(k), case .int(classNameAttribute) = try plist.object(kr) else { continue }
                let name = try text(v)
                return name.isEmpty ? nil : name
            }
            return nil
        }

        var nodes: [Node] = []
        var seen = Set<Int>()
        var stack: [(object: Int, parent: Int?, depth: Int)] = [(root, nil, 0)]
        while let (object, parent, depth) = stack.popLast() {
            let place = "element \(nodes.count + 1) ($objects entry \(object))"
            guard seen.insert(object).inserted else {
                throw fail(place, "an element the snapshot already holds appears again (a cycle in its object graph)")
            }
            guard nodes.count < limits.maxElements else {
                throw fail(place, "more than \(limits.maxElements) elements (raise the limit with \(LoadLimits.Variable.elements.rawValue))")
            }
            guard depth <= limits.maxDepth else {
                throw fail(
                    place, "elements nested deeper than \(limits.maxDepth) levels (raise the limit with \(LoadLimits.Variable.depth.rawValue))")
            }
            let fields = try attempt(place, { try plist.dictionary(object) })
            guard let f = fields else { throw fail(place, "is not an archived element (not a dictionary)") }
            var node = try attempt(place) { () throws -> Node in
                let raw = try integer(f["elementType"])
                var n = Node(elementType: raw.map(Int.init), type: raw.flatMap { ElementTypeNames.name(Int($0)) } ?? "Other")
                n.identifier = try text(f["identifier"])
                n.label = try text(f["label"])
                n.value = try text(f["value"])
                n.title = try text(f["title"])
                n.placeholderValue = try text(f["placeholderValue"])
                n.frame = try rect(f["frame"])
                n.isEnabled = try bool(f["enabled"])
                n.isSelected = try bool(f["selected"])
                n.hasFocus = try bool(f["hasFocus"])
                n.hasKeyboardFocus = try bool(f["hasKeyboardFocus"])
                n.isMainWindow = try bool(f["isMainWindow"])
                n.traits = try integer(f["traits"])
                n.className = try className(f["additionalAttributes"])
                return n
            }
            node.parent = parent
            node.depth = depth
            let index = nodes.count
            if let p = parent { nodes[p].children.append(index) }
            nodes.append(node)
            let kids = try attempt(place, { try members(f["children"]) })
            for k in kids.reversed() { stack.append((k, index, depth + 1)) }
        }
        return ElementSnapshot(nodes: nodes)
    }

    /// The snapshot as the hierarchy's elements.
    public var elements: [Element] {
        nodes.map { n in
            var e = Element(type: n.type)
            e.identifier = n.identifier
            e.label = n.label
            e.value = n.value
            e.title = n.title
            e.placeholderValue = n.placeholderValue
            e.frame = n.frame.map { ElementSnapshot.bounded($0) } ?? .zero
            e.isEnabled = n.isEnabled ?? true
            e.isSelected = n.isSelected ?? false
            e.hasFocus = (n.hasFocus ?? false) || (n.hasKeyboardFocus ?? false)
            e.parent = n.parent
            e.children = n.children
            e.depth = n.depth
            return e
        }
    }

    /// The snapshot as a dump: what a command makes of a snapshot file, and what a bundle's run is read from.
    public var dump: ImportedDump {
        ImportedDump(format: .elementSnapshot, elements: elements)
    }

    /// Whether `bytes` may be an element snapshot: a keyed archive naming `XCElementSnapshot` (looked for in the
    /// class names, which an archive keeps as plain strings).
    public static func mayBe(_ bytes: [UInt8]) -> Bool {
        bytes.starts(with: Array("bplist00".utf8)) && bytes.bytesContain("ElementSnapshot")
    }

    static func bounded(_ r: Rect) -> Rect {
        func c(_ d: Double) -> Double { d.isFinite ? max(-ArchiveDecoder.maxCoordinate, min(ArchiveDecoder.maxCoordinate, d)) : 0 }
        return Rect(x: c(r.x), y: c(r.y), width: max(0, c(r.width)), height: max(0, c(r.height)))
    }
}

extension ElementSnapshot {
    /// The snapshot as readable JSON (what `import -o` writes beside the snapshot): each element with every
    /// attribute the snapshot records and its children, indented. Written without recursion.
    public func json() -> [UInt8] {
        var w = JSONWriter()
        var open: [Int] = []  // depths of the elements whose children array is open
        for n in nodes {
            while let d = open.last, d >= n.depth {
                w.endArray()
                w.endObject()
                open.removeLast()
            }
            w.beginObject()
            w.string("type", n.type)
            if let t = n.elementType { w.number("elementType", Double(t)) }
            for (key, value) in [
                ("identifier", n.identifier), ("label", n.label), ("value", n.value), ("title", n.title), ("placeholderValue", n.placeholderValue),
            ] where !value.isEmpty {
                w.string(key, value)
            }
            w.rect("frame", n.frame)
            for (key, value) in [
                ("enabled", n.isEnabled), ("selected", n.isSelected), ("hasFocus", n.hasFocus), ("hasKeyboardFocus", n.hasKeyboardFocus),
                ("isMainWindow", n.isMainWindow),
            ] {
                if let v = value { w.bool(key, v) }
            }
            if let t = n.traits { w.number("traits", Double(t)) }
            if let c = n.className { w.string("className", c) }
            w.beginArray("children")
            open.append(n.depth)
        }
        while !open.isEmpty {
            w.endArray()
            w.endObject()
            open.removeLast()
        }
        return JSONIndent.indent(w.bytes) + [0x0A]
    }
}
