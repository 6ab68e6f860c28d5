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
        for (name, value) in f.evidence { number(name, value) }
        endObject()
        string("otherArchive", f.otherArchive)
        endObject()
    }
}
