import PseudoscopeCore

/// `--format gitlab`: GitLab's Code Quality report, the JSON array its merge request widget reads: one entry a
/// issue with its `description`, `check_name`, `fingerprint` (unique in the report), `severity` (blocking:
/// critical; a known blocking issue: minor; review: info) and `location` (`path`, `lines.begin`).
struct GitLabReport {
    var w = JSONWriter()
    var used: Set<String> = []

    mutating func begin() { w.beginArray() }

    mutating func add(_ i: CIIssue) {
        // The same finding in two runs of one screen is two entries: GitLab keeps one entry a fingerprint.
        var fingerprint = i.fingerprint
        var n = 1
        while !used.insert(fingerprint).inserted {
            n += 1
            fingerprint = Fingerprint.hash(i.fingerprint + "|\(i.file)|\(n)")
        }
        w.beginObject()
        w.string("type", "issue")
        w.string("check_name", i.rule.id)
        w.string("description", i.rule.title + ": " + i.message)
        w.beginArray("categories")
        w.string(nil, i.rule.command == "audit" ? "Security" : "Style")
        w.endArray()
        w.string("severity", i.known ? "minor" : i.severity == .blocking ? "critical" : "info")
        w.string("fingerprint", fingerprint)
        w.beginObject("location")
        w.string("path", i.file.isEmpty ? "." : i.file)
        w.beginObject("lines")
        w.number("begin", Double(max(1, i.line ?? 1)))
        w.endObject()
        w.endObject()
        w.endObject()
    }

    mutating func end() -> [UInt8] {
        w.endArray()
        w.newline()
        return w.bytes
    }
}
