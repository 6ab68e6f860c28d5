extension JSONWriter {
    /// A finding in the documented `--json` shape, shared by `check` and `compare` (docs/checks.md).
    public mutating func finding(_ f: Finding) {
        beginObject()
        string("rule", f.rule.rawValue)
        string("severity", f.severity.rawValue)
        string("elementPath", f.elementPath)
        string("elementType", f.elementType)
        string("identifier", f.identifier)
        string("label", f.label)
        string("text", f.text)
        rect("frame", f.frame)
        string("message", f.message)
        beginObject("evidence")
        for e in f.evidence { number(e.name, e.value) }
        endObject()
        string("otherArchive", f.otherArchive)
        string("fingerprint", f.fingerprint)
        if !f.hints.isEmpty { stringList("hints", f.hints) }
        if let stack = f.stack {
            beginObject("stack")
            number("count", Double(stack.count))
            stringList("elements", stack.paths)
            endObject()
        }
        if let k = f.known {
            beginObject("known")
            string("reason", k.entry.reason)
            string("owner", k.entry.owner)
            string("expires", k.entry.expires.description)
            bool("expired", k.expired)
            endObject()
        }
        if let n = f.novelty { string("status", n.rawValue) }
        bool("blocks", f.blocks)
        endObject()
    }
}
