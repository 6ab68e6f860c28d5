extension JSONWriter {
    /// A finding in the documented `--json` shape, shared by `check` and `compare` (docs/checks.md).
    public mutating func finding(_ f: borrowing Finding) {
        withUnsafePointer(to: f) { finding(at: $0) }
    }

    /// The same, for a finding in place in a list: passed by value, each finding was copied (all its strings
    /// retained) on the way in, as the writer may not be shown to leave the list alone.
    public mutating func finding(at p: UnsafePointer<Finding>) {
        // The shape is fixed, so keys and punctuation are written as runs of literal text between the values: one
        // separator for the finding in its list, not a comma check, key and container bookkeeping per field (a
        // large screen writes a hundred thousand findings of twenty fields). The same bytes as writing each field
        // with `string(fixed:)` and the rest, which the tests compare (`testFindingJSONIsTheFieldByFieldShape`).
        separator()
        raw("{\"rule\":")
        appendEscaped(p.pointee.rule.rawValue)
        raw(",\"severity\":")
        appendEscaped(p.pointee.severity.rawValue)
        raw(",\"elementPath\":")
        appendEscaped(p.pointee.elementPath)
        raw(",\"elementType\":")
        appendEscaped(p.pointee.elementType)
        raw(",\"identifier\":")
        appendEscaped(p.pointee.identifier)
        raw(",\"label\":")
        appendEscaped(p.pointee.label)
        raw(",\"text\":")
        appendEscaped(p.pointee.text)
        if let r = p.pointee.frame {
            raw(",\"frame\":{\"x\":")
            numberValue(r.x)
            raw(",\"y\":")
            numberValue(r.y)
            raw(",\"width\":")
            numberValue(r.width)
            raw(",\"height\":")
            numberValue(r.height)
            raw("}")
        } else {
            raw(",\"frame\":null")
        }
        raw(",\"message\":")
        appendEscaped(p.pointee.message)
        raw(",\"evidence\":{")
        p.pointee.evidence.withUnsafeBufferPointer { evidence in
            for k in evidence.indices {
                if k > 0 { raw(",") }
                appendEscaped(evidence[k].name)
                raw(":")
                numberValue(evidence[k].value)
            }
        }
        raw("},\"otherArchive\":")
        if let other = p.pointee.otherArchive { appendEscaped(other) } else { raw("null") }
        raw(",\"fingerprint\":")
        appendEscaped(p.pointee.fingerprint)
        if !p.pointee.hints.isEmpty {
            raw(",\"hints\":")
            stringListValue(p.pointee.hints)
        }
        if let stack = p.pointee.stack {
            raw(",\"stack\":{\"count\":")
            numberValue(Double(stack.count))
            raw(",\"elements\":")
            stringListValue(stack.paths)
            raw("}")
        }
        if let k = p.pointee.known {
            raw(",\"known\":{\"reason\":")
            appendEscaped(k.entry.reason)
            raw(",\"owner\":")
            appendEscaped(k.entry.owner)
            raw(",\"expires\":")
            appendEscaped(k.entry.expires.description)
            raw(k.expired ? ",\"expired\":true}" : ",\"expired\":false}")
        }
        if let n = p.pointee.novelty {
            raw(",\"status\":")
            appendEscaped(n.rawValue)
        }
        raw(Finding.blocks(p.pointee.severity, p.pointee.known) ? ",\"blocks\":true}" : ",\"blocks\":false}")
    }

    /// The same shape written field by field with the writer's general calls: what `finding(at:)` must equal.
    mutating func findingFieldByField(_ f: Finding) {
        beginObject()
        string(fixed: "rule", f.rule.rawValue)
        string(fixed: "severity", f.severity.rawValue)
        string(fixed: "elementPath", f.elementPath)
        string(fixed: "elementType", f.elementType)
        string(fixed: "identifier", f.identifier)
        string(fixed: "label", f.label)
        string(fixed: "text", f.text)
        rect(fixed: "frame", f.frame)
        string(fixed: "message", f.message)
        beginObject(fixed: "evidence")
        for e in f.evidence { number(e.name, e.value) }
        endObject()
        string(fixed: "otherArchive", f.otherArchive)
        string(fixed: "fingerprint", f.fingerprint)
        if !f.hints.isEmpty { stringList("hints", f.hints) }
        if let stack = f.stack {
            beginObject(fixed: "stack")
            number("count", Double(stack.count))
            stringList("elements", stack.paths)
            endObject()
        }
        if let k = f.known {
            beginObject(fixed: "known")
            string(fixed: "reason", k.entry.reason)
            string(fixed: "owner", k.entry.owner)
            string(fixed: "expires", k.entry.expires.description)
            bool(fixed: "expired", k.expired)
            endObject()
        }
        if let n = f.novelty { string(fixed: "status", n.rawValue) }
        bool(fixed: "blocks", f.blocks)
        endObject()
    }
}
