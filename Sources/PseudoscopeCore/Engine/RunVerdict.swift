/// One run as the engine judged it (`Engine.judge`): what every single-run command and the inspector present.
public struct RunVerdict: Sendable {
    public var archive: Archive
    /// Its own findings and, for an rtl run, the pair rule's; triaged (known, new).
    public var findings: [Finding]
    /// How the pair rule met the run.
    public var pairing: Pairing = .notApplicable
    /// Which localized string each element shows, for the details pane and search.
    public var strings = ElementStrings()

    public init(archive: Archive, findings: [Finding], pairing: Pairing = .notApplicable) {
        self.archive = archive
        self.findings = findings
        self.pairing = pairing
    }

    public var counts: FindingCounts { FindingCounts(findings) }
}
