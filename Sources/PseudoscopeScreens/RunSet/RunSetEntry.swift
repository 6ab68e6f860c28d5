import PseudoscopeCore
import PseudoscopeDrawing

/// One input of a run set: judged, unreadable, read and not checked (a bundle whose build failed), or still
/// loading (none of them).
public struct RunSetEntry: Equatable, Sendable {
    public var path: String
    public var summary: ArchiveSummary?
    public var error: String?
    /// Why an input read as no run at all was not checked (a bundle whose build failed, in which no test ran).
    public var notChecked: String?

    public init(path: String, result: Result<ArchiveSummary, ArchiveError>) {
        self.path = path
        switch result {
        case .success(let s): summary = s
        case .failure(let e): error = e.description
        }
    }

    /// An input still loading.
    public init(loading path: String) {
        self.path = path
    }

    /// An input that holds no run to judge, and why (`check` lists it as not checked and exits 3).
    public init(path: String, notChecked why: String) {
        self.path = path
        notChecked = why
    }

    /// The engine's verdict on it; a loading input's is an empty one.
    public var verdict: Verdict {
        if let s = summary { return s.verdict }
        if let e = error { return Verdict(status: .unreadable(e)) }
        if let why = notChecked { return Verdict(status: .notChecked(why)) }
        return Verdict(status: .checked)
    }

    /// The findings as the verdict counts them; empty while loading or when unreadable.
    public var counts: FindingCounts { verdict.counts }

    /// Read, with nothing checked (no hierarchy, or no run): its counts are not a clean "0 0".
    public var isUnchecked: Bool { verdict.isNotChecked }

    /// A count column as the list shows it: empty while loading or unreadable, `-` where nothing was checked.
    public func countColumn(_ n: Int) -> String { isUnchecked ? "-" : summary == nil ? "" : "\(n)" }

    /// What the list says in place of a test for an input that is not a run: its error, or why it was not checked.
    public var problem: String? { error ?? notChecked.map { "not checked: " + $0 } }

    /// The list's header line after the archive count: blocked, unreadable and (when any) not checked.
    public static func headerCounts(_ entries: [RunSetEntry], tests: TestTally? = nil) -> String {
        let blocked = entries.filter { $0.verdict.blocks }.count
        let errors = entries.filter { $0.error != nil }.count
        let unchecked = entries.filter(\.isUnchecked).count
        // The bundles' whole picture, as discovery read it (bundles that passed included): what check says.
        return "\(blocked) blocked · \(errors) unreadable" + (unchecked > 0 ? " · \(unchecked) not checked" : "")
            + (tests.map { " · " + $0.phrase } ?? "")
    }
}
