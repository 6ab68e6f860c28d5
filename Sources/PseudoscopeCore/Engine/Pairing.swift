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
        case .noPartner: return "pair rule not run: no LTR run of this screen given or found beside it (give it too, or compare A B)"
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
