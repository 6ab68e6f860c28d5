extension JSONWriter {
    /// A finding in the documented `--json` shape, shared by `check` and `compare` (docs/checks.md).
    public mutating func finding(_ f: borrowing Finding) {
        withUnsafePointer(to: f) { finding(at: $0) }
    }

    /// The same, for a finding in place in a list: passed by value, each finding was copied (all its strings
    /// retained) on the way in, as the writer may not be shown to leave the list alone.
    public mutating func finding(at p: UnsafePointer<Finding>) {
        beginObject()
        string(fixed: "rule", p.pointee.rule.rawValue)
        string(fixed: "severity", p.pointee.severity.rawValue)
        string(fixed: "elementPath", p.pointee.elementPath)
        string(fixed: "elementType", p.pointee.elementType)
        string(fixed: "identifier", p.pointee.identifier)
        string(fixed: "label", p.pointee.label)
        string(fixed: "text", p.pointee.text)
        rect(fixed: "frame", p.pointee.frame)
        string(fixed: "message", p.pointee.message)
        beginObject(fixed: "evidence")
        p.pointee.evidence.withUnsafeBufferPointer { evidence in
            for k in evidence.indices { number(evidence[k].name, evidence[k].value) }
        }
        endObject()
        string(fixed: "otherArchive", p.pointee.otherArchive)
        string(fixed: "fingerprint", p.pointee.fingerprint)
        if !p.pointee.hints.isEmpty { stringList("hints", p.pointee.hints) }
        if let k = p.pointee.known {
            beginObject(fixed: "known")
            string(fixed: "reason", k.entry.reason)
            string(fixed: "owner", k.entry.owner)
            string(fixed: "expires", k.entry.expires.description)
            bool(fixed: "expired", k.expired)
            endObject()
        }
        if let n = p.pointee.novelty { string(fixed: "status", n.rawValue) }
        bool(fixed: "blocks", Finding.blocks(p.pointee.severity, p.pointee.known))
        endObject()
    }
}
