import Foundation

/// Makes an archive of one failed run of a result bundle (docs/xcresult.md): the failure from its failure
/// summaries, the machine from the run destination, locale from the test plan configuration, every attachment,
/// and the hierarchy from the best source the run holds.
public struct BundleRunImporter: Sendable {
    public let index: BundleIndex
    public let limits: LoadLimits
    public let options: DumpOptions

    /// The name of the attachment a UI test gives its own v1 archive (docs/xcresult.md).
    public static let archiveAttachmentName = "pseudoscope-archive"

    public init(index: BundleIndex, limits: LoadLimits, options: DumpOptions) {
        self.index = index
        self.limits = limits
        self.options = options
    }

    var bundle: XCResultBundle { index.bundle }

    public func archive(_ run: BundleRun, givenPath: String) throws -> Archive {
        let summary = try run.summaryID.map { try bundle.object($0) }
        let failures = summary?.array("failureSummaries") ?? []
        var attachments = collectAttachments(summary)
        markFailureScreenshot(&attachments, failures: failures)

        // The failure: the first failure summary (with the others' messages after it), or the session issue.
        var message = failures.compactMap { $0.string("message")?.trimmingCharacters(in: .whitespacesAndNewlines) }.joined(separator: "\n")
        var file = failures.first?.string("fileName")
        var line = failures.first?.int("lineNumber")
        if let issue = run.sessionIssue {
            message = issue.message
            file = issue.file
            line = issue.line
        }
        if message.isEmpty { message = "(the bundle records no failure message)" }
        var failure = Failure(identifier: "", label: "", frame: .zero, isHittable: true, message: message, file: file, line: line)
        if let named = BundleRunImporter.failingElement(in: message) {
            failure = Failure(identifier: named.identifier, label: named.label, frame: named.frame, isHittable: false, message: message,
                              file: file, line: line, elementType: named.type.isEmpty ? nil : named.type)
        }

        let source = ArchiveSource(path: givenPath, folder: nil)
        let detected = BundleRunImporter.mode(configuration: run.configuration, path: bundle.path)
        let mode = options.mode ?? detected.mode
        let environment = Environment(
            xcode: index.xcode ?? "unknown",
            simulator: run.device ?? "unknown device",
            os: [run.platform, run.osVersion].compactMap { $0 }.joined(separator: " ").isEmpty ? "unknown OS"
                : [run.platform, run.osVersion].compactMap { $0 }.joined(separator: " "),
            scale: attachments.first { $0.isFailureScreenshot }.flatMap { _ in failureScreenshotScale(summary) })

        // The hierarchy, in order: the test's own archive, an "App UI hierarchy", a debugDescription tree.
        var archive: Archive
        var note: String?
        var ownHierarchy = false
        if let own = try ownArchive(attachments, source: source) {
            archive = own
            ownHierarchy = true
        } else {
            let (elements, facts, why) = hierarchy(attachments, failureMessages: failures.compactMap { $0.string("message") })
            let h = elements.map { Hierarchy(preorder: $0) } ?? Hierarchy(preorder: [Element(type: "Application")])
            archive = Archive(test: run.testIdentifier, screen: nil, mode: mode, environment: environment, failure: failure, hierarchy: h, source: source)
            archive.imported = facts
            note = why
        }
        archive.source = source
        archive.attachments = attachments
        archive.hierarchyNote = note
        archive.xcresult = bundle.path
        archive.screenshot = attachments.first { $0.isFailureScreenshot }?.name
        archive.shownStrings = shownStrings(attachments)
        if archive.languages.isEmpty, let lang = run.language ?? BundleRunImporter.languageCode(run.configuration) {
            archive.languages = [lang]
            if archive.locale == nil { archive.locale = run.region.map { "\(lang)_\($0)" } ?? lang }
        }
        var origin = RunOrigin(bundle: bundle.path, number: run.number, runCount: index.runs.count)
        origin.modeSource = ownHierarchy ? .archive : options.mode != nil ? .given : detected.source
        origin.configuration = run.configuration
        if let rep = summary?.object("repetitionPolicySummary"), let it = rep.int("iteration"), let total = rep.int("totalIterations") {
            let retry = (rep.string("repetitionMode") ?? "").lowercased().contains("retry")
            origin.repetition = "\(retry ? "retry" : "repetition") \(it) of \(total)"
        } else if run.occurrences > 1 {
            origin.repetition = "run \(run.occurrence) of \(run.occurrences)"
        }
        archive.run = origin
        // When the failure happened: what the failure screenshot's time is compared with.
        if archive.recordedAt == nil { archive.recordedAt = failures.first?.string("timestamp") }
        return archive
    }

    // MARK: - Mode and language

    /// The mode from the configuration's name, else a path component (`TestResults/expanded/…`), else normal.
    /// The path is made absolute first, so `cd TestResults/rtl && pseudoscope LayoutTests.xcresult` finds it.
    static func mode(configuration: String?, path: String) -> (mode: Mode, source: RunOrigin.ModeSource) {
        if let c = configuration, let m = Mode(rawValue: c.lowercased()) { return (m, .configuration(c)) }
        let full = FileAccess.realPath(path) ?? path
        for component in full.split(separator: "/").reversed() {
            if let m = Mode(rawValue: component.lowercased()) { return (m, .path(String(component))) }
        }
        return (.normal, .assumed)
    }

    /// A configuration named like a language (`de`, `pt-BR`, `zh-Hans`) is one.
    static func languageCode(_ configuration: String?) -> String? {
        guard let c = configuration else { return nil }
        let parts = c.split(whereSeparator: { $0 == "-" || $0 == "_" })
        guard let first = parts.first, (2...3).contains(first.count), first.allSatisfy({ $0.isLetter && $0.isLowercase && $0.isASCII }),
              parts.count <= 3, parts.dropFirst().allSatisfy({ (2...4).contains($0.count) && $0.allSatisfy { $0.isLetter || $0.isNumber } }) else { return nil }
        return c
    }

    // MARK: - The failing element named in the message

    /// `… Button, {{25.0, 500.0}, {330.0, 41.0}}, identifier: 'enrollButton', label: 'Enroll' …` (an element
    /// line inside the message), or `"checkout.confirm" Button`.
    public static func failingElement(in message: String) -> (identifier: String, label: String, frame: Rect, type: String)? {
        // An element line: a capitalized type followed by a frame.
        var search = message[...]
        while let r = search.range(of: ", {{") {
            let before = search[..<r.lowerBound]
            let typeStart = before.lastIndex { !($0.isLetter || $0.isNumber) }.map { before.index(after: $0) } ?? before.startIndex
            // The element line ends where the message goes on (`, error: …`): at the first key no element has.
            let line = BundleRunImporter.elementLinePart(String(message[typeStart...].prefix(600)))
            if let parsed = DebugDescriptionParser.parseElementLine(line, number: 0), !parsed.element.frame.isEmpty {
                let e = parsed.element
                return (e.identifier, e.label, e.frame, e.type)
            }
            search = search[r.upperBound...]
        }
        // A query description: `"checkout.confirm" Button`.
        var rest = message[...]
        while let open = rest.firstIndex(of: "\"") {
            let after = rest[rest.index(after: open)...]
            guard let close = after.firstIndex(of: "\"") else { break }
            let name = String(after[..<close])
            let tail = after[after.index(after: close)...].drop { $0 == " " }
            let type = tail.prefix { $0.isLetter }
            if !name.isEmpty, !name.contains("\n"), let first = type.first, first.isUppercase, ElementTypeNames.names.contains(String(type)) {
                return (name, name, .zero, String(type))
            }
            rest = after[after.index(after: close)...]
        }
        return predicateTarget(in: message)
    }

    /// What a query looked for when nothing matched, from its predicate: `No matches found for Elements matching
    /// predicate '"transport_3" IN identifiers'` (a subscript or `matching(identifier:)`), or `identifier ==
    /// "x"` / `label == 'Guardar'` (`matching(NSPredicate)`, a locale run looking for a translated label); the
    /// type from `matching type Button` when the message names one ("" when it does not).
    static func predicateTarget(in message: String) -> (identifier: String, label: String, frame: Rect, type: String)? {
        var type = ""
        if let r = message.range(of: "matching type ") {
            let word = String(message[r.upperBound...].prefix { $0.isLetter })
            if ElementTypeNames.names.contains(word) { type = word }
        }
        if let r = message.range(of: "\" IN identifiers"), let open = message[..<r.lowerBound].lastIndex(of: "\"") {
            let name = String(message[message.index(after: open)..<r.lowerBound])
            if !name.isEmpty, !name.contains("\n") { return (name, "", .zero, type) }
        }
        for key in ["identifier", "label"] {
            var search = message[...]
            while let r = search.range(of: key) {
                search = search[r.upperBound...]
                var t = search.drop { $0 == " " }
                guard t.hasPrefix("==") else { continue }
                t = t.dropFirst(2)
                if t.hasPrefix("["), let close = t.firstIndex(of: "]") { t = t[t.index(after: close)...] }  // ==[c]
                t = t.drop { $0 == " " }
                guard let quote = t.first, quote == "\"" || quote == "'", let end = t.dropFirst().firstIndex(of: quote) else { continue }
                let name = String(t[t.index(after: t.startIndex)..<end])
                guard !name.isEmpty, !name.contains("\n") else { continue }
                return key == "identifier" ? (name, "", .zero, type) : ("", name, .zero, type)
            }
        }
        return nil
    }

    /// `Button, {{…}}, identifier: 'a', label: 'b', error: …` up to `, error:`: the first `, word:` whose word is
    /// not an element attribute ends the element line.
    static func elementLinePart(_ s: String) -> String {
        var search = s.startIndex
        while let comma = s[search...].range(of: ", ") {
            let next = s[comma.upperBound...]
            let word = next.prefix { $0.isLetter }
            if !word.isEmpty, next.dropFirst(word.count).hasPrefix(":"), !DebugDescriptionParser.knownKeys.contains(String(word)) {
                return String(s[..<comma.lowerBound])
            }
            search = comma.upperBound
        }
        return s
    }

    // MARK: - Attachments

    /// Every attachment of the run, in the order they were attached: the failure summaries' and the activities'
    /// (depth first), each payload once.
    func collectAttachments(_ summary: XCObject?) -> [AttachmentRecord] {
        guard let s = summary else { return [] }
        var out: [AttachmentRecord] = []
        var seen = Set<String>()
        func add(_ a: XCObject, activity: String?) {
            guard let id = a.reference("payloadRef"), seen.insert(id).inserted else { return }
            var r = AttachmentRecord(name: a.string("name") ?? a.string("filename") ?? "attachment", location: .bundle(path: bundle.path, id: id))
            r.declaredType = a.string("uniformTypeIdentifier")
            r.size = a.int("payloadSize")
            r.timestamp = a.string("timestamp")
            r.activity = activity
            // The type by the first bytes only: listing never decompresses a whole attachment.
            do {
                r.kind = ContentType.detect(try bundle.head(id))
            } catch let e as ArchiveError {
                r.problem = e.message
            } catch {
                r.problem = "\(error)"
            }
            out.append(r)
        }
        for f in s.array("failureSummaries") {
            for a in f.array("attachments") { add(a, activity: BundleRunImporter.failureActivity) }
        }
        var stack: [XCObject] = s.array("activitySummaries").reversed()
        var depth = 0
        while let act = stack.popLast(), depth < 100_000 {
            depth += 1
            for a in act.array("attachments") { add(a, activity: act.string("title")) }
            stack += act.array("subactivities").reversed()
        }
        return out
    }

    /// The activity name of attachments a failure summary holds (the automatic screenshot of the failure).
    static let failureActivity = "the failure"

    /// The screenshot closest to the failure: one attached to a failure summary, else one taken in an assertion
    /// failure activity, else the one nearest the failure's time, else the last.
    func markFailureScreenshot(_ attachments: inout [AttachmentRecord], failures: [XCObject]) {
        let images = attachments.indices.filter { attachments[$0].isImage }
        guard !images.isEmpty else { return }
        var pick = images.first { attachments[$0].activity == BundleRunImporter.failureActivity }
        pick = pick ?? images.last { (attachments[$0].activity ?? "").hasPrefix("Assertion Failure") }
        if pick == nil, let when = failures.first?.string("timestamp") {
            pick = images.min { abs(BundleRunImporter.seconds(attachments[$0].timestamp) - BundleRunImporter.seconds(when)) < abs(BundleRunImporter.seconds(attachments[$1].timestamp) - BundleRunImporter.seconds(when)) }
        }
        attachments[pick ?? images.last!].isFailureScreenshot = true
    }

    /// The `Scale` an automatic screenshot records (`userInfo`), when there is one.
    func failureScreenshotScale(_ summary: XCObject?) -> Double? {
        for f in summary?.array("failureSummaries") ?? [] {
            for a in f.array("attachments") {
                for pair in a.object("userInfo")?.array("storage") ?? [] where pair.string("key") == "Scale" {
                    if let v = pair.string("value").flatMap(Double.init), v.isFinite, v > 0, v <= 16 { return v }
                }
            }
        }
        return nil
    }

    static func seconds(_ timestamp: String?) -> Double {
        guard let t = timestamp else { return .infinity }
        let f = ISO8601DateFormatter()
        f.formatOptions = [.withInternetDateTime, .withFractionalSeconds]
        return f.date(from: t)?.timeIntervalSince1970 ?? .infinity
    }

    /// The decompressed content of an attachment, bounded.
    func content(_ a: AttachmentRecord, limit: Int? = nil) throws -> [UInt8] {
        guard case .bundle(_, let id) = a.location else { return [] }
        return try bundle.bytes(id, limit: limit)
    }

    /// The strings the run showed, from its last localization record (Xcode writes one per "Capture
    /// Localization Screenshots" step; the last is nearest the failure). One that does not read is left out: it
    /// only adds the key of each text.
    func shownStrings(_ attachments: [AttachmentRecord]) -> [ShownString] {
        guard let a = attachments.last(where: { $0.name == ShownString.attachmentName && $0.problem == nil }),
              let bytes = try? content(a, limit: limits.maxFileBytes) else { return [] }
        return (try? ShownString.parse(bytes, file: a.name)) ?? []
    }

    // MARK: - The hierarchy

    /// The test's own v1 archive, attached as `pseudoscope-archive`.
    func ownArchive(_ attachments: [AttachmentRecord], source: ArchiveSource) throws -> Archive? {
        guard let a = attachments.first(where: { $0.name == BundleRunImporter.archiveAttachmentName || $0.name.hasPrefix(BundleRunImporter.archiveAttachmentName + ".") }) else { return nil }
        let bytes = try content(a)
        do {
            return try ArchiveLoader(limits: limits).decode(bytes, source: source)
        } catch let e as ArchiveError {
            throw ArchiveError(file: "\(bundle.path) attachment '\(a.name)'", place: e.place, message: e.message)
        }
    }

    /// An "App UI hierarchy" text attachment (Xcode 15 and later), else a debugDescription tree in a text
    /// attachment or in a failure message. Nil elements, and the reason, when the run holds none.
    func hierarchy(_ attachments: [AttachmentRecord], failureMessages: [String]) -> ([Element]?, ImportFacts?, String?) {
        // Text by content (a hierarchy attached as `public.data` still counts); unreadable payloads are skipped.
        let texts = attachments.filter { $0.problem == nil && ($0.kind == .text || $0.kind == .json || $0.kind == nil && ($0.declaredType ?? "").contains("text")) }
        let ordered = texts.filter { $0.name.lowercased().contains("ui hierarchy") } + texts.filter { !$0.name.lowercased().contains("ui hierarchy") }
        var candidates: [(String, String)] = []
        for a in ordered.prefix(16) {
            if let bytes = try? content(a, limit: limits.maxFileBytes) { candidates.append((a.name, String(decoding: bytes, as: UTF8.self))) }
        }
        candidates += failureMessages.map { ("the failure message", $0) }
        for (name, text) in candidates where text.utf8Contains("Element subtree") || text.utf8Contains("<XCUIElementType") || name.lowercased().contains("ui hierarchy") {
            guard let dump = try? DumpImporter.read(text, file: name, limits: limits), !dump.elements.isEmpty else { continue }
            var facts = ImportFacts(format: dump.format.rawValue)
            facts.structure = dump.incompleteNote != nil && dump.structure == .complete ? .fragment : dump.structure
            facts.notes = ["the hierarchy comes from \(name == "the failure message" ? name : "the attachment '\(name)'")"] + dump.notes
            facts.incomplete = dump.incompleteNote
            facts.labelsRecorded = dump.labelsRecorded
            facts.valuesMayBePlaceholders = dump.valuesMayBePlaceholders
            facts.modeWasGiven = options.mode != nil
            return (dump.elements, facts, nil)
        }
        return (nil, nil, "the bundle holds no hierarchy for this run (no pseudoscope-archive attachment, App UI hierarchy or element subtree)")
    }
}
