/// One run as the engine judged it (`Engine.judge`): what every single-run command and the inspector present.
public struct RunVerdict: Sendable {
    public var archive: Archive
    /// Its own findings and, for an rtl run, the pair rule's; triaged (known, new).
    public var findings: [Finding]
    /// What the findings (as the engine's filter shows them) and the run's state decide (`Verdict`).
    public var verdict: Verdict
    /// How the pair rule met the run.
    public var pairing: Pairing { verdict.pairing }
    /// Which localized string each element shows, for the details pane and search.
    public var strings = ElementStrings()

    public init(archive: Archive, findings: [Finding], verdict: Verdict) {
        self.archive = archive
        self.findings = findings
        self.verdict = verdict
    }

    public var counts: FindingCounts { verdict.counts }
}
