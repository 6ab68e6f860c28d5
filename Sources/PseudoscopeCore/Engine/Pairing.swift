/// How the rtl pair rule met a run: not an rtl run (or one without a hierarchy), compared with an LTR run of the
/// same screen, or no such run given or found beside it. Every command and view says it in the same words.
public enum Pairing: Equatable, Sendable {
    case notApplicable
    /// An rtl run whose run set is not paired yet (the list, while it loads).
    case pending
    case pairedWith(String)
    case noPartner

    /// The one sentence for it, for every report and view; nil when there is nothing to say.
    public var note: String? {
        switch self {
        case .notApplicable, .pending: return nil
        case .pairedWith(let path): return "pair rule: compared with the LTR run \(path)"
        case .noPartner:
            return "pair rule not run: no LTR run of this screen (same device, OS and folder) given or found beside it (give it too, or compare A B)"
        }
    }

    /// The same, short, for a header: `paired with ….json` / `pair rule not run: no LTR run`.
    public func shortNote(path shorten: (String) -> String) -> String? {
        switch self {
        case .notApplicable, .pending: return nil
        case .pairedWith(let path): return "paired with \(shorten(path))"
        case .noPartner: return "pair rule not run: no LTR run"
        }
    }

    /// The LTR run's path, when there was one.
    public var partner: String? {
        if case .pairedWith(let p) = self { return p }
        return nil
    }
}

extension Engine {
    /// Whether two runs may be each other's pair partners: the same device and OS where both say, and the same
    /// place (`place(of:)`). Every path that pairs runs asks this one question.
    public static func mayPair(_ a: (device: String, os: String, place: String), _ b: (device: String, os: String, place: String)) -> Bool {
        sameDevice((a.device, a.os), (b.device, b.os)) && a.place == b.place
    }

    /// The folder a run sits in, with the gate's mode folders taken out: `TestResults/rtl/X.xcresult#1` and
    /// `TestResults/normal/X.xcresult#1` are one place, `iPad/settings-rtl` and `iPhoneSE/settings-normal` two.
    public static func place(of path: String) -> String {
        // Absolute, so a path as given and one found beside it compare alike.
        var p = Substring(FileAccess.absolute(path))
        if let hash = p.lastIndex(of: "#"), p[p.index(after: hash)...].allSatisfy(\.isNumber), p[..<hash].hasSuffix(".xcresult") { p = p[..<hash] }
        p = Substring(RunPath.folder(String(p)))
        let modes = Set(Mode.allCases.map(\.rawValue))
        return p.split(separator: "/", omittingEmptySubsequences: false).dropLast().filter { !modes.contains($0.lowercased()) }.joined(separator: "/")
    }
}
