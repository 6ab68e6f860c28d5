import Foundation
import PseudoscopeCore

/// `--format sarif`: SARIF 2.1.0 as code scanning reads it (docs/checks.md, "Report formats"). One run; the tool
/// and every rule in `tool.driver.rules`; a result per issue with its rule, level (blocking: error, review:
/// warning, a known issue: note and suppressed), the failing test's file and line where the bundle recorded them
/// (else the archive or product), the element's path as a logical location, and the fingerprint baselines use.
/// Validated against the official schema in the tests.
struct SARIFReport {
    var w = JSONWriter()
    let rules = RuleInfo.all

    /// The head, up to the results array.
    mutating func begin(command: String) {
        w.beginObject()
        w.string("$schema", "https://json.schemastore.org/sarif-2.1.0.json")
        w.string("version", "2.1.0")
        w.beginArray("runs")
        w.beginObject()
        w.beginObject("tool")
        w.beginObject("driver")
        w.string("name", "Pseudoscope")
        w.string("semanticVersion", toolVersion)
        w.beginArray("rules")
        for r in rules {
            w.beginObject()
            w.string("id", r.id)
            // SARIF's rule name is one word: `TextTruncated`.
            w.string("name", r.title.split(separator: " ").map { $0.prefix(1).uppercased() + $0.dropFirst() }.joined())
            w.beginObject("shortDescription")
            w.string("text", r.title)
            w.endObject()
            w.beginObject("fullDescription")
            w.string("text", r.meaning)
            w.endObject()
            w.beginObject("help")
            w.string("text", "See \(r.help)")
            w.endObject()
            w.beginObject("properties")
            w.string("command", r.command)
            w.endObject()
            w.endObject()
        }
        w.endArray()
        w.endObject()
        w.endObject()
        w.beginArray("invocations")
        w.beginObject()
        w.stringList("arguments", [command])
        w.bool("executionSuccessful", true)
        w.endObject()
        w.endArray()
        w.beginArray("results")
    }

    mutating func add(_ i: CIIssue) {
        w.beginObject()
        w.string("ruleId", i.rule.id)
        if let k = rules.firstIndex(where: { $0.id == i.rule.id }) { w.number("ruleIndex", Double(k)) }
        w.string("level", i.known ? "note" : i.severity == .blocking ? "error" : "warning")
        w.beginObject("message")
        w.string("text", i.message)
        w.endObject()
        w.beginArray("locations")
        w.beginObject()
        w.beginObject("physicalLocation")
        w.beginObject("artifactLocation")
        w.string("uri", SARIFReport.uri(i.file))
        w.endObject()
        if let line = i.line, line >= 1 {
            w.beginObject("region")
            w.number("startLine", Double(line))
            w.endObject()
        }
        w.endObject()
        if let element = i.element {
            w.beginArray("logicalLocations")
            w.beginObject()
            w.string("fullyQualifiedName", element)
            w.string("kind", "element")
            w.endObject()
            w.endArray()
        }
        w.endObject()
        w.endArray()
        if !i.attachments.isEmpty {
            w.beginArray("attachments")
            for a in i.attachments {
                w.beginObject()
                w.beginObject("description")
                w.string("text", a.hasSuffix(".png") ? "the screen at the failure" : "the wireframe with the findings")
                w.endObject()
                w.beginObject("artifactLocation")
                w.string("uri", SARIFReport.uri(a))
                w.endObject()
                w.endObject()
            }
            w.endArray()
        }
        w.beginObject("partialFingerprints")
        w.string("pseudoscope/v1", i.fingerprint)
        w.endObject()
        if i.known {
            w.beginArray("suppressions")
            w.beginObject()
            w.string("kind", "external")
            w.string("justification", "a known issue in the baseline")
            w.endObject()
            w.endArray()
        }
        w.endObject()
    }

    mutating func end() -> [UInt8] {
        w.endArray()
        w.endObject()
        w.endArray()
        w.endObject()
        w.newline()
        return w.bytes
    }

    /// A path as a URI reference: relative stays relative, every byte outside the unreserved set and `/` escaped;
    /// never empty (SARIF needs an artifact location).
    static func uri(_ path: String) -> String {
        guard !path.isEmpty else { return "." }
        var allowed = CharacterSet.alphanumerics
        allowed.insert(charactersIn: "-._~/")
        let escaped = path.addingPercentEncoding(withAllowedCharacters: allowed) ?? "."
        return path.hasPrefix("/") ? "file://" + escaped : escaped
    }
}
