extension JSONWriter {
    /// A finding in the documented `--json` shape, shared by `check` and `compare` (docs/checks.md).
    public mutating func finding(_ f: borrowing Finding) {
        withUnsafePointer(to: f) { finding(at: $0) }
    }

    /// The same, for a finding in place in a list: passed by value, each finding was copied (all its strings
    /// retained) on the way in, as the writer may not be shown to leave the list alone.
    public mutating func finding(at p: UnsafePointer<Finding>) {
        beginObject()
        string("rule", p.pointee.rule.rawValue)
        string("severity", p.pointee.severity.rawValue)
        string("elementPath", p.pointee.elementPath)
        string("elementType", p.pointee.elementType)
        string("identifier", p.pointee.identifier)
        string("label", p.pointee.label)
        string("text", p.pointee.text)
        rect("frame", p.pointee.frame)
        string("message", p.pointee.message)
        beginObject("evidence")
        p.pointee.evidence.withUnsafeBufferPointer { evidence in
            for k in evidence.indices { number(evidence[k].name, evidence[k].value) }
        }
        endObject()
        string("otherArchive", p.pointee.otherArchive)
        string("fingerprint", p.pointee.fingerprint)
        if !p.pointee.hints.isEmpty { stringList("hints", p.pointee.hints) }
        if let k = p.pointee.known {
            beginObject("known")
            string("reason", k.entry.reason)
            string("owner", k.entry.owner)
            string("expires", k.entry.expires.description)
            bool("expired", k.expired)
            endObject()
        }
        if let n = p.pointee.novelty { string("status", n.rawValue) }
        bool("blocks", Finding.blocks(p.pointee.severity, p.pointee.known))
        endObject()
    }
}
