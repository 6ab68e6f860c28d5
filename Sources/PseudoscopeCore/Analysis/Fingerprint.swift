extension Finding {
    /// A finding's fingerprint, stable across runs: the rule, the screen and the element's identity, hashed to
    /// 16 hex digits (FNV-1a, 64 bits: the same on every machine and in every version). `check --json`, JUnit,
    /// the inspector's details and baselines use it (docs/triage.md).
    public func fingerprint(onScreen screen: String) -> String {
        Fingerprint.of(rule, screen: screen, identifier: identifier, elementPath: elementPath)
    }
}

extension Fingerprint {
    /// A finding's fingerprint from the fields it is made of (`Finding.fingerprint(onScreen:)`), for callers that
    /// hold them without the whole finding. The element's identity is what it is, independent of where it is
    /// drawn: its identifier, else its type and place in the tree (`path=Application/Window/Other/Button[1]`);
    /// frames never enter, so a moved or resized element keeps its fingerprint. Hashed piece by piece: the same
    /// bytes as the key `rule␟screen␟id=…` (or `…␟path=…`) written out, without building it.
    /// A stack finding's: the rule, the screen and the stack's frames (`stack=…`), so that a stack keeps its
    /// fingerprint while its member count changes.
    static func ofStack(_ rule: Rule, screen: String, frames: String) -> String {
        var h = Hasher()
        h.add(rule.rawValue); h.add(0x1F); h.add(screen); h.add(0x1F)
        h.add("stack="); h.add(frames)
        return h.hex
    }

    static func of(_ rule: Rule, screen: String, identifier: String, elementPath: String) -> String {
        var h = Hasher()
        h.add(rule.rawValue); h.add(0x1F); h.add(screen); h.add(0x1F)
        if identifier.isEmpty { h.add("path="); h.add(elementPath) } else { h.add("id="); h.add(identifier) }
        return h.hex
    }
}

public enum Fingerprint {
    public static func hash(_ key: String) -> String {
        var h = Hasher()
        h.add(key)
        return h.hex
    }

    /// FNV-1a over bytes given in pieces.
    struct Hasher {
        private var h: UInt64 = 0xcbf2_9ce4_8422_2325

        mutating func add(_ b: UInt8) {
            h ^= UInt64(b)
            h = h &* 0x0000_0100_0000_01B3
        }

        mutating func add(_ s: String) {
            var text = s
            text.withUTF8 { for b in $0 { add(b) } }
        }

        /// Sixteen lowercase hex digits, leading zeros kept.
        var hex: String { Fingerprint.hex(h) }
    }

    /// A fingerprint's value written as it is everywhere: sixteen lowercase hex digits, leading zeros kept.
    static func hex(_ v: UInt64) -> String {
        let digits: StaticString = "0123456789abcdef"
        return String(unsafeUninitializedCapacity: 16) { out in
            for k in 0..<16 { out[k] = digits.utf8Start[Int(v >> UInt64(60 - 4 * k) & 0xF)] }
            return 16
        }
    }

    /// The value of a fingerprint as `hex` writes it; nil for any other text (which then round-trips as itself).
    static func value(_ text: String) -> UInt64? {
        // By the buffer when the bytes lie together (a native string): the view's iterator cost ten times more.
        if let v = text.utf8.withContiguousStorageIfAvailable({ value(utf8: $0) }) { return v }
        return value(utf8: Array(text.utf8))
    }

    private static func value<Bytes: Collection<UInt8>>(utf8 bytes: Bytes) -> UInt64? {
        guard bytes.count == 16 else { return nil }
        var v: UInt64 = 0, n = 0
        for b in bytes {
            let d: UInt8
            switch b {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): d = b - UInt8(ascii: "0")
            case UInt8(ascii: "a")...UInt8(ascii: "f"): d = b - UInt8(ascii: "a") + 10
            default: return nil
            }
            n += 1
            guard n <= 16 else { return nil }
            v = v << 4 | UInt64(d)
        }
        return n == 16 ? v : nil
    }

    /// Sixteen lowercase hex digits.
    public static func isValid(_ s: String) -> Bool {
        s.utf8.count == 16 && s.utf8.allSatisfy { ($0 >= 0x30 && $0 <= 0x39) || ($0 >= 0x61 && $0 <= 0x66) }
    }
}
