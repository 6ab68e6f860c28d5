extension Finding {
    /// What the element is, independent of where it is drawn: its identifier, else its type and place in the
    /// tree (`path=Application/Window/Other/Button[1]`). Frames never enter: a moved or resized element keeps
    /// its identity.
    public var elementIdentity: String {
        identifier.isEmpty ? "path=" + elementPath : "id=" + identifier
    }

    /// A finding's fingerprint, stable across runs: the rule, the screen and the element's identity, hashed to
    /// 16 hex digits (FNV-1a, 64 bits: the same on every machine and in every version). `check --json`, JUnit,
    /// the inspector's details and baselines use it (docs/triage.md).
    public func fingerprint(onScreen screen: String) -> String {
        Fingerprint.hash("\(rule.rawValue)\u{1F}\(screen)\u{1F}\(elementIdentity)")
    }
}

public enum Fingerprint {
    static func hash(_ key: String) -> String {
        var h: UInt64 = 0xcbf2_9ce4_8422_2325
        for b in key.utf8 {
            h ^= UInt64(b)
            h = h &* 0x0000_0100_0000_01B3
        }
        let hex = String(h, radix: 16)
        return String(repeating: "0", count: 16 - hex.count) + hex
    }

    /// Sixteen lowercase hex digits.
    public static func isValid(_ s: String) -> Bool {
        s.utf8.count == 16 && s.utf8.allSatisfy { ($0 >= 0x30 && $0 <= 0x39) || ($0 >= 0x61 && $0 <= 0x66) }
    }
}
