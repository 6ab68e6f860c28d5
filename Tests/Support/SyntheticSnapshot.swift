import Foundation

/// Writes binary property lists object by object, references and all, so that tests can build what no real
/// element snapshot holds: references out of range, cycles, deep chains, hostile strings.
public struct BinaryPlistWriter {
    public indirect enum Object {
        case null
        case bool(Bool)
        case int(Int64)
        case real(Double)
        case string(String)
        case uid(Int)
        /// Members by object index.
        case array([Int])
        case dictionary([(key: Int, value: Int)])
    }

    public var objects: [Object] = []

    public init() {}

    @discardableResult
    public mutating func add(_ o: Object) -> Int {
        objects.append(o)
        return objects.count - 1
    }

    public func encode(top: Int) -> [UInt8] {
        let refSize = objects.count < 256 ? 1 : objects.count < 65_536 ? 2 : 4
        var out = Array("bplist00".utf8)
        var offsets: [Int] = []
        func be(_ v: UInt64, _ size: Int) -> [UInt8] { (0..<size).reversed().map { UInt8(truncatingIfNeeded: v >> (8 * UInt64($0))) } }
        func marker(_ high: UInt8, _ count: Int) {
            if count < 15 {
                out.append(high << 4 | UInt8(count))
            } else {
                out.append(high << 4 | 0x0F)
                out.append(0x13)
                out += be(UInt64(count), 8)
            }
        }
        for o in objects {
            offsets.append(out.count)
            switch o {
            case .null: out.append(0x00)
            case .bool(let b): out.append(b ? 0x09 : 0x08)
            case .int(let n): out.append(0x13); out += be(UInt64(bitPattern: n), 8)
            case .real(let d): out.append(0x23); out += be(d.bitPattern, 8)
            case .string(let s):
                if s.utf8.allSatisfy({ $0 < 0x80 }) {
                    marker(0x5, s.utf8.count)
                    out += Array(s.utf8)
                } else {
                    let units = Array(s.utf16)
                    marker(0x6, units.count)
                    for u in units { out += be(UInt64(u), 2) }
                }
            case .uid(let u): out.append(0x83); out += be(UInt64(u), 4)
            case .array(let refs):
                marker(0xA, refs.count)
                for r in refs { out += be(UInt64(r), refSize) }
            case .dictionary(let pairs):
                marker(0xD, pairs.count)
                for p in pairs { out += be(UInt64(p.key), refSize) }
                for p in pairs { out += be(UInt64(p.value), refSize) }
            }
        }
        let tableOffset = out.count
        for o in offsets { out += be(UInt64(o), 8) }
        out += [0, 0, 0, 0, 0, 0, 8, UInt8(refSize)]
        out += be(UInt64(objects.count), 8) + be(UInt64(top), 8) + be(UInt64(tableOffset), 8)
        return out
    }
}

/// An element snapshot as Xcode archives one (`NSKeyedArchiver`: `$objects`, `$top.root`, `XCElementSnapshot`
/// dictionaries with `elementType`, `identifier`, `label`, `frame` as `NS.rectval`, `children` as an NSArray).
public struct SyntheticSnapshot {
    public struct Node {
        public var elementType: Int
        public var identifier = ""
        public var label = ""
        public var value: String?
        public var frame: String
        public var enabled = true
        public var children: [Node] = []
        public init(_ elementType: Int, frame: String, identifier: String = "", label: String = "", children: [Node] = []) {
            self.elementType = elementType
            self.frame = frame
            self.identifier = identifier
            self.label = label
            self.children = children
        }
    }

    /// The archive's `$objects`, each a plist object; UIDs index into it.
    public var archived: [BinaryPlistWriter.Object] = [.string("$null")]
    var snapshotClass = 0
    var valueClass = 0
    var arrayClass = 0
    var stringCache: [String: Int] = [:]

    public init() {
        snapshotClass = classObject("XCElementSnapshot")
        valueClass = classObject("NSValue")
        arrayClass = classObject("NSArray")
    }

    @discardableResult
    public mutating func archive(_ o: BinaryPlistWriter.Object) -> Int {
        archived.append(o)
        return archived.count - 1
    }

    mutating func classObject(_ name: String) -> Int {
        // Class dictionaries hold their keys inline: written as plist objects at encoding time.
        archive(.dictionary([(-1, -1)]))  // placeholder, named below
        classNames[archived.count - 1] = name
        return archived.count - 1
    }
    var classNames: [Int: String] = [:]

    mutating func string(_ s: String) -> Int {
        if let k = stringCache[s] { return k }
        let k = archive(.string(s))
        stringCache[s] = k
        return k
    }

    /// Archives `node` and its subtree (depth first, without recursion); returns the root's `$objects` index.
    public mutating func add(_ root: Node) -> Int {
        // Each node's fields point at `$objects` entries; children are archived first so that the array exists.
        var order: [(Node, Int?)] = [(root, nil)]  // pre-order with parent slot
        var k = 0
        while k < order.count {
            let (n, _) = order[k]
            for c in n.children { order.append((c, k)) }
            k += 1
        }
        var slots = [Int](repeating: 0, count: order.count)
        for i in order.indices { slots[i] = archive(.null) }  // reserved
        var childrenOf = [[Int]](repeating: [], count: order.count)
        for (i, (_, parent)) in order.enumerated() { if let p = parent { childrenOf[p].append(slots[i]) } }
        for (i, (n, _)) in order.enumerated() {
            let frame = archive(.dictionary([]))
            fields[frame] = [("NS.rectval", .ref(string(n.frame))), ("NS.special", .inline(.int(3))), ("$class", .ref(valueClass))]
            let kids = archive(.dictionary([]))
            fields[kids] = [("NS.objects", .refs(childrenOf[i])), ("$class", .ref(arrayClass))]
            childrenArray[slots[i]] = kids
            var f: [(String, Field)] = [
                ("elementType", .ref(archive(.int(Int64(n.elementType))))),
                ("identifier", .ref(string(n.identifier))),
                ("label", .ref(string(n.label))),
                ("frame", .ref(frame)),
                ("enabled", .inline(.bool(n.enabled))),
                ("children", .ref(kids)),
                ("$class", .ref(snapshotClass)),
            ]
            if let v = n.value { f.append(("value", .ref(string(v)))) }
            fields[slots[i]] = f
        }
        nodeSlots = slots
        return slots[0]
    }

    /// The `$objects` index of each node of the last tree added, in pre-order.
    public private(set) var nodeSlots: [Int] = []

    /// Each node's children array, by the node's `$objects` index.
    var childrenArray: [Int: Int] = [:]

    /// Makes `child` (an archived node) a child of `parent` as well: a node shared by two parents, or, with an
    /// ancestor as the child, a cycle.
    public mutating func link(_ parent: Int, to child: Int) {
        guard let kids = childrenArray[parent], var f = fields[kids], case .refs(let list) = f[0].1 else { return }
        f[0] = ("NS.objects", .refs(list + [child]))
        fields[kids] = f
    }

    /// Points a node's field at a `$objects` index of your choosing (one out of range, say).
    public mutating func setField(_ node: Int, _ name: String, _ value: Field) {
        guard var f = fields[node] else { return }
        if let k = f.firstIndex(where: { $0.0 == name }) { f[k].1 = value } else { f.append((name, value)) }
        fields[node] = f
    }

    public enum Field {
        case ref(Int)
        case refs([Int])
        case inline(BinaryPlistWriter.Object)
    }
    /// The dictionaries' members by `$objects` index (written as plist dictionaries at encoding time).
    public var fields: [Int: [(String, Field)]] = [:]

    /// The keyed archive as a binary property list, with `root` as `$top.root`.
    public func encode(root: Int) -> [UInt8] {
        var w = BinaryPlistWriter()
        // Plist objects: first one per `$objects` entry (patched below), then keys and inline values.
        for _ in archived { w.add(.null) }
        var keyCache: [String: Int] = [:]
        func key(_ s: String) -> Int {
            if let k = keyCache[s] { return k }
            let k = w.add(.string(s))
            keyCache[s] = k
            return k
        }
        for (i, o) in archived.enumerated() {
            if let name = classNames[i] {
                let names = w.add(.array([key(name), key("NSObject")]))
                w.objects[i] = .dictionary([(key("$classname"), key(name)), (key("$classes"), names)])
            } else if let f = fields[i] {
                var pairs: [(key: Int, value: Int)] = []
                for (k, v) in f {
                    switch v {
                    case .ref(let r): pairs.append((key(k), w.add(.uid(r))))
                    case .refs(let rs): pairs.append((key(k), w.add(.array(rs.map { w.add(.uid($0)) }))))
                    case .inline(let o): pairs.append((key(k), w.add(o)))
                    }
                }
                w.objects[i] = .dictionary(pairs)
            } else {
                w.objects[i] = o
            }
        }
        let objectsArray = w.add(.array(Array(archived.indices)))
        let top = w.add(.dictionary([(key("root"), w.add(.uid(root)))]))
        let document = w.add(
            .dictionary([
                (key("$version"), w.add(.int(100_000))), (key("$archiver"), key("NSKeyedArchiver")),
                (key("$top"), top), (key("$objects"), objectsArray),
            ]))
        return w.encode(top: document)
    }
}

extension SyntheticSnapshot {
    /// A two-element snapshot whose button's `label` (or `frame`) is a ring of `hops` NSMutableString objects, each
    /// one's `NS.string` the next: a value that refers back to itself (held by ModernXcodeTests, seeded by
    /// FuzzSeedTests).
    public static func selfReferring(_ field: String, hops: Int) -> [UInt8] {
        var s = SyntheticSnapshot()
        let root = s.add(.init(2, frame: "{{0, 0}, {390, 844}}", label: "Shop", children: [.init(9, frame: "{{0, 0}, {10, 10}}", label: "Buy")]))
        let ring = (0..<hops).map { _ in s.archive(.dictionary([])) }
        for (k, o) in ring.enumerated() { s.fields[o] = [("NS.string", .ref(ring[(k + 1) % hops]))] }
        if field == "label" {
            s.setField(s.nodeSlots[1], "label", .ref(ring[0]))
        } else {
            let frame = s.archive(.dictionary([]))
            s.fields[frame] = [("NS.rectval", .ref(ring[0]))]
            s.setField(s.nodeSlots[1], "frame", .ref(frame))
        }
        return s.encode(root: root)
    }
}
