import PseudoscopeCore
import PseudoscopeDrawing

/// `audit`'s reports: each renders the one `AuditVerdict` (docs/checks.md, "Release leak audit").
enum AuditText {
    static func write(_ v: AuditVerdict, color: Bool) -> String {
        func paint(_ s: String, _ code: String) -> String { color ? "\u{1B}[\(code)m\(s)\u{1B}[0m" : s }
        let clean = TerminalText.sanitize
        var out = ""
        for p in v.products {
            out += paint(clean(p.path), "1") + " (\(p.kind.rawValue))" + (p.summary.isEmpty ? "" : ": " + clean(p.summary)) + "\n"
            if let why = p.unreadable { out += "  " + paint("unreadable", "31") + ": " + clean(why) + "\n"; continue }
            if p.findings.isEmpty { out += "  no findings\n" }
            for f in p.findings {
                let severity = f.severity == .blocking ? paint("blocking", "31;1") : paint("review  ", "33")
                out +=
                    "  \(severity)  \(f.rule.rawValue.padding(toLength: 22, withPad: " ", startingAt: 0)) \(clean(f.file.isEmpty ? "(the product)" : f.file))\n"
                out += "            " + clean(f.message) + "\n"
                for d in f.details { out += "              " + clean(d) + "\n" }
            }
            for n in p.notAudited { out += "  " + paint("not audited", "35") + ": " + clean(n) + "\n" }
        }
        out += summary(v) + "\n"
        return out
    }

    /// The last line: the counts every report carries.
    static func summary(_ v: AuditVerdict) -> String {
        let n = v.products.count
        var s = "audit: \(n) product\(n == 1 ? "" : "s"), \(v.blocking) blocking, \(v.review) review"
        if v.incomplete > 0 { s += ", \(v.incomplete) not audited in full" }
        if v.unreadable > 0 { s += ", \(v.unreadable) unreadable" }
        return s
    }
}

enum AuditJSON {
    static func write(_ v: AuditVerdict) -> [UInt8] {
        var w = JSONWriter()
        w.beginObject()
        w.number("formatVersion", 1)
        w.beginObject("totals")
        w.number("products", Double(v.products.count))
        w.number("blocking", Double(v.blocking))
        w.number("review", Double(v.review))
        w.number("incomplete", Double(v.incomplete))
        w.number("unreadable", Double(v.unreadable))
        w.endObject()
        w.beginArray("products")
        for p in v.products {
            w.beginObject()
            w.string("path", p.path)
            w.string("kind", p.kind.rawValue)
            w.string("summary", p.summary)
            w.string("unreadable", p.unreadable)
            w.beginArray("notAudited")
            for n in p.notAudited { w.string(nil, n) }
            w.endArray()
            w.beginArray("findings")
            for f in p.findings {
                w.beginObject()
                w.string("rule", f.rule.rawValue)
                w.string("severity", f.severity.rawValue)
                w.string("file", f.file)
                w.string("message", f.message)
                w.beginArray("details")
                for d in f.details { w.string(nil, d) }
                w.endArray()
                w.endObject()
            }
            w.endArray()
            w.endObject()
        }
        w.endArray()
        w.endObject()
        w.newline()
        var out: [UInt8] = []
        w.flush { out += $0 }
        return out
    }
}

/// One test case per product: a failure holding every blocking finding, an error for what could not be audited.
enum AuditJUnit {
    static func write(_ v: AuditVerdict) -> String {
        let e = JUnitReport.escape
        let failures = v.products.filter { $0.findings.contains { $0.severity == .blocking } }.count
        let errors = v.unreadable + v.incomplete
        var x = JUnitXML.head(suite: "audit", tests: v.products.count, failures: failures, errors: errors)
        for p in v.products {
            x += JUnitXML.openCase(classname: p.kind.rawValue, name: p.path, file: p.path)
            if let why = p.unreadable { x += JUnitXML.error(message: why, escapedBody: e(p.path + ": " + why)) }
            if !p.notAudited.isEmpty {
                x += JUnitXML.error(
                    type: "not-audited", message: "not audited in full: " + p.notAudited[0],
                    escapedBody: p.notAudited.map(e).joined(separator: JUnitReport.newline))
            }
            let blocking = p.findings.filter { $0.severity == .blocking }
            if let first = blocking.first {
                let more = blocking.count > 1 ? " (and \(blocking.count - 1) more blocking finding\(blocking.count == 2 ? "" : "s"))" : ""
                x += "      <failure type=\"\(first.rule.rawValue)\" message=\"\(e(first.file + ": " + first.message + more))\">"
                x += blocking.map { f in e(([f.rule.rawValue + " " + f.file, f.message] + f.details).joined(separator: "\n")) }.joined(
                    separator: JUnitReport.newline + JUnitReport.newline)
                x += "</failure>\n"
            }
            let review = p.findings.filter { $0.severity == .review }
            if !review.isEmpty {
                x +=
                    "      <system-out>"
                    + review.map { e("review \($0.rule.rawValue) \($0.file.isEmpty ? "(the product)" : $0.file): \($0.message)") }.joined(
                        separator: JUnitReport.newline) + "</system-out>\n"
            }
            x += JUnitXML.closeCase
        }
        return x + JUnitXML.tail
    }
}

enum AuditMarkdown {
    static func write(_ v: AuditVerdict) -> String {
        var out = "# Release leak audit\n\n" + AuditText.summary(v) + "\n"
        for p in v.products {
            out += "\n## \(Handover.md(p.path)) (\(p.kind.rawValue))\n\n"
            if !p.summary.isEmpty { out += Handover.md(p.summary) + "\n\n" }
            if let why = p.unreadable { out += "**Unreadable:** \(Handover.md(why))\n"; continue }
            if p.findings.isEmpty {
                out += "No findings.\n"
            } else {
                out += "| severity | rule | file | finding |\n|---|---|---|---|\n"
                for f in p.findings {
                    let detail = f.details.isEmpty ? "" : "<br>" + f.details.map(Handover.md).joined(separator: "<br>")
                    out += "| \(f.severity.rawValue) | \(f.rule.rawValue) | \(Handover.code(f.file)) | \(Handover.md(f.message))\(detail) |\n"
                }
            }
            if !p.notAudited.isEmpty { out += "\n**Not audited:**\n\n" + p.notAudited.map { "- " + Handover.md($0) + "\n" }.joined() }
        }
        return out
    }
}
