import PseudoscopeCore

/// The CI formats' issues, made from the verdicts every other report renders: a layout finding, a run not checked
/// or not read (green means checked), an audit finding, a product not audited in full.
enum CIIssues {
    /// One run's: its findings, or why it was not checked or read.
    static func of(_ o: RunOutcome, findings: [Finding]) -> [CIIssue] {
        let file = o.summary?.failureFile.flatMap { $0.isEmpty ? nil : $0 } ?? o.path
        let line = o.summary?.failureFile == nil ? nil : o.summary?.failureLine
        let test = o.summary.map { "\($0.test) · \($0.mode.rawValue): " } ?? ""
        switch o.verdict.status {
        case .notChecked(let why):
            return [issue(.notChecked, .blocking, test + "not checked: " + why, file, line, key: o.path)]
        case .unreadable(let why):
            return [issue(.unreadable, .blocking, "could not be read: " + why, o.path, nil, key: o.path)]
        case .acceptedWithoutHierarchy, .checked: break
        }
        var out: [CIIssue] = []
        if let cut = o.verdict.incomplete {
            out.append(issue(.notChecked, .blocking, test + "the hierarchy stops in the middle: " + cut, file, line, key: o.path + "#incomplete"))
        }
        for f in findings {
            let subject = ElementName.of(type: f.elementType, identifier: f.identifier, text: f.text, frame: f.frame ?? .zero)
            out.append(
                CIIssue(
                    rule: f.rule.info, severity: f.severity, known: f.severity == .blocking && !f.blocks,
                    message: test + subject + ": " + f.message, file: file, line: line, element: f.elementPath, fingerprint: f.fingerprint))
        }
        return out
    }

    /// An audit's: each finding at its file, each product not audited in full or not read.
    static func of(_ v: AuditVerdict) -> [CIIssue] {
        var out: [CIIssue] = []
        for p in v.products {
            if let why = p.unreadable { out.append(issue(.unreadable, .blocking, "could not be read: " + why, p.path, nil, key: p.path)) }
            for n in p.notAudited { out.append(issue(.notChecked, .blocking, "not audited: " + n, p.path, nil, key: p.path + "|" + n)) }
            for f in p.findings {
                // `Payload/A.app/en.lproj/Localizable.strings:12`: the file inside the product, and its line.
                var place = f.file
                var line: Int?
                if let colon = place.lastIndex(of: ":"), let n = Int(place[place.index(after: colon)...]) {
                    line = n
                    place = String(place[..<colon])
                }
                let file = place.isEmpty ? f.product : f.product + "/" + place
                out.append(
                    CIIssue(
                        rule: f.rule.info, severity: f.severity, known: false, message: f.message, file: file, line: line, element: nil,
                        fingerprint: Fingerprint.hash("\(f.rule.rawValue)|\(file)|\(f.message)")))
            }
        }
        return out
    }

    static func issue(_ rule: RuleInfo, _ severity: Severity, _ message: String, _ file: String, _ line: Int?, key: String) -> CIIssue {
        CIIssue(
            rule: rule, severity: severity, known: false, message: message, file: file, line: line, element: nil,
            fingerprint: Fingerprint.hash(rule.id + "|" + key))
    }
}
