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

    /// What a run records, whichever storage held it: its failures, attachments and repetition.
    struct RunRecord {
        struct FailureRecord {
            var message: String
            var file: String?
            var line: Int?
            var timestamp: String?
        }
        var failures: [FailureRecord] = []
        var attachments: [AttachmentRecord] = []
        var repetition: String?
        var scale: Double?
    }

    /// A run of the typed objects: its test summary's failures and activities.
    func typedRecord(_ run: BundleRun) throws -> RunRecord {
        let summary = try run.summaryID.map { try bundle.object($0) }
        var record = RunRecord()
        record.failures = (summary?.array("failureSummaries") ?? []).map {
            RunRecord.FailureRecord(
                message: $0.string("message")?.trimmingWhiteSpaceScalars() ?? "", file: $0.string("fileName"),
                line: $0.int("lineNumber"), timestamp: $0.string("timestamp"))
        }
        record.attachments = collectAttachments(summary)
        if let rep = summary?.object("repetitionPolicySummary"), let it = rep.int("iteration"), let total = rep.int("totalIterations") {
            // One phrase for retries and repetitions alike: the how-many-th try of the test it is.
            record.repetition = "attempt \(it) of \(total)"
        }
        record.scale = failureScreenshotScale(summary)
        return record
    }

    /// A run of the results database: its issues and the attachments of its activities and issues.
    func databaseRecord(_ run: BundleRun, row: Int64) throws -> RunRecord {
        guard let db = index.database else {
            throw ArchiveError(file: bundle.path, message: "database.sqlite3, which listed this run, is not open")
        }
        let (issues, attachments) = try db.read { try ($0.issues(ofRun: row), $0.attachments(ofRun: row)) }
        var record = RunRecord()
        record.failures = issues.map {
            RunRecord.FailureRecord(message: $0.message, file: $0.file, line: $0.line, timestamp: ResultsDatabase.isoTime($0.timestamp))
        }
        var seen = Set<String>()
        for a in attachments {
            guard let id = a.payloadID, seen.insert(id).inserted else { continue }
            var r = AttachmentRecord(name: a.name, location: .bundle(path: bundle.path, id: id))
            r.declaredType = a.declaredType
            r.timestamp = ResultsDatabase.isoTime(a.timestamp)
            r.activity = a.ofIssue ? BundleRunImporter.failureActivity : a.activity
            sniff(&r, id: id)
            record.attachments.append(r)
        }
        record.repetition = run.repetition
        return record
    }

    public func archive(_ run: BundleRun, givenPath: String) throws -> Archive {
        let record = try run.databaseRun.map { try databaseRecord(run, row: $0) } ?? typedRecord(run)
        let failures = record.failures
        var attachments = record.attachments
        markFailureScreenshot(&attachments, failureTime: failures.first?.timestamp)

        // The failure: the first failure summary (with the others' messages after it), or the session issue.
        var message = failures.map(\.message).filter { !$0.isEmpty }.joined(separator: "\n")
        var file = failures.first?.file
        var line = failures.first?.line
        if let issue = run.sessionIssue {
            message = issue.message
            file = issue.file
            line = issue.line
        }
        if message.isEmpty { message = "(the bundle records no failure message)" }
        var failure = Failure(identifier: "", label: "", frame: .zero, isHittable: true, message: message, file: file, line: line)
        if let named = BundleRunImporter.failingElement(in: message) {
            failure = Failure(
                identifier: named.identifier, label: named.label, frame: named.frame, isHittable: false, message: message,
                file: file, line: line, elementType: named.type.isEmpty ? nil : named.type)
        }
        // A bundle's failure is a message: it records no hittable flag.
        failure.hittableRecorded = false

        var source = ArchiveSource(path: givenPath, folder: nil)
        source.absolutePath = FileAccess.absolute(givenPath)
        let detected = BundleRunImporter.mode(configuration: run.configuration, path: bundle.path)
        let mode = options.mode ?? detected.mode
        var environment = Environment(
            xcode: index.xcode ?? "unknown",
            simulator: run.device ?? "unknown device",
            os: [run.platform, run.osVersion].compactMap { $0 }.joined(separator: " ").isEmpty
                ? "unknown OS"
                : [run.platform, run.osVersion].compactMap { $0 }.joined(separator: " "),
            scale: attachments.first { $0.isFailureScreenshot }.flatMap { _ in record.scale })
        // The target the bundle names for the test: what a rerun's `-only-testing:` starts with.
        environment.testTarget = run.targetName

        // The hierarchy, in order: the test's own archive, an "App UI hierarchy", a debugDescription tree.
        var archive: Archive
        var note: String?
        var ownHierarchy = false
        var capturedAt: String?
        var hierarchyID: String?
        if let own = try ownArchive(attachments, source: source) {
            archive = own
            if archive.environment.testTarget == nil { archive.environment.testTarget = run.targetName }
            ownHierarchy = true
        } else {
            let found = hierarchy(attachments, failureMessages: failures.map(\.message), failureTime: failures.first?.timestamp)
            let h = found.elements.map { Hierarchy(preorder: $0) } ?? Hierarchy(preorder: [Element(type: "Application")])
            // A failure that records no element may still name one in its words ("back button minX (8.0) is not
            // in the trailing half"): the one element named so, and `info` says how it was found.
            if !failure.namesAnElement, found.elements != nil, let named = FailingElement.namedInProse(failure.message, in: h) {
                let e = h[named.index]
                var f = Failure(
                    identifier: e.identifier, label: e.displayText, frame: e.frame, isHittable: e.isHittable, message: failure.message,
                    file: failure.file, line: failure.line, elementType: e.type)
                f.namedInMessageAs = named.words
                f.hittableRecorded = false
                failure = f
            }
            archive = Archive(
                test: run.testIdentifier, screen: nil, mode: mode, environment: environment, failure: failure, hierarchy: h, source: source)
            archive.imported = found.facts
            note = found.why
            capturedAt = found.capturedAt
            if case .bundle(_, let id)? = found.attachment?.location { hierarchyID = id }
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
        origin.argument = run.argument
        origin.bundleNotes = index.notes
        origin.passedLater = run.passedLater
        origin.bundleTests = index.tally
        if let repetition = record.repetition {
            origin.repetition = repetition
        } else if run.occurrences > 1 {
            origin.repetition = "attempt \(run.occurrence) of \(run.occurrences)"
        }
        archive.run = origin
        archive.hierarchyCapturedAt = capturedAt
        archive.hierarchyAttachmentID = hierarchyID
        // When the failure happened: what the failure screenshot's time is compared with.
        if archive.recordedAt == nil { archive.recordedAt = failures.first?.timestamp }
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
            parts.count <= 3, parts.dropFirst().allSatisfy({ (2...4).contains($0.count) && $0.allSatisfy { $0.isLetter || $0.isNumber } })
        else { return nil }
        return c
    }

    // MARK: - The failing element named in the message

    /// `… Button, {{25.0, 500.0}, {330.0, 41.0}}, identifier: 'enrollButton', label: 'Enroll' …` (an element
    /// line inside the message), or `"checkout.confirm" Button`.
    public static func failingElement(in message: String) -> (identifier: String, label: String, frame: Rect, type: String)? {
        // An element line: a capitalized type followed by a frame.
        var search = message[...]
        while let r = search.utf8Range(of: ", {{") {
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
        if let r = message.utf8Range(of: "matching type ") {
            let word = String(message[r.upperBound...].prefix { $0.isLetter })
            if ElementTypeNames.names.contains(word) { type = word }
        }
        if let r = message.utf8Range(of: "\" IN identifiers"), let open = message[..<r.lowerBound].lastIndex(of: "\"") {
            let name = String(message[message.index(after: open)..<r.lowerBound])
            if !name.isEmpty, !name.contains("\n") { return (name, "", .zero, type) }
        }
        for key in ["identifier", "label"] {
            var search = message[...]
            while let r = search.utf8Range(of: key) {
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
        while let comma = s[search...].utf8Range(of: ", ") {
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
            sniff(&r, id: id)
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

    /// The type by the first bytes only: listing never decompresses a whole attachment.
    func sniff(_ r: inout AttachmentRecord, id: String) {
        do {
            r.kind = ContentType.detect(try bundle.head(id))
        } catch let e as ArchiveError {
            r.problem = e.message
        } catch {
            r.problem = "\(error)"
        }
    }

    /// The activity name of attachments a failure summary holds (the automatic screenshot of the failure).
    static let failureActivity = "the failure"

    /// The screenshot closest to the failure: one attached to a failure summary, else one taken in an assertion
    /// failure activity, else the one nearest the failure's time, else the last.
    func markFailureScreenshot(_ attachments: inout [AttachmentRecord], failureTime: String?) {
        let images = attachments.indices.filter { attachments[$0].isImage }
        guard !images.isEmpty else { return }
        var pick = images.first { attachments[$0].activity == BundleRunImporter.failureActivity }
        pick = pick ?? images.last { (attachments[$0].activity ?? "").hasPrefix("Assertion Failure") }
        if pick == nil, let when = failureTime {
            let t = BundleRunImporter.seconds(when)
            pick = images.min {
                abs(BundleRunImporter.seconds(attachments[$0].timestamp) - t) < abs(BundleRunImporter.seconds(attachments[$1].timestamp) - t)
            }
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

    /// Seconds since 1970 of a bundle's time (`2025-10-05T22:55:46.048+0200`, or the database's in UTC); infinity
    /// when there is none, so that a comparison of times puts it last.
    static func seconds(_ timestamp: String?) -> Double {
        timestamp.flatMap(Archive.date)?.timeIntervalSince1970 ?? .infinity
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
            let bytes = try? content(a, limit: limits.maxFileBytes)
        else { return [] }
        return (try? ShownString.parse(bytes, file: a.name)) ?? []
    }

    // MARK: - The hierarchy

    /// The test's own v1 archive, attached as `pseudoscope-archive`.
    func ownArchive(_ attachments: [AttachmentRecord], source: ArchiveSource) throws -> Archive? {
        guard
            let a = attachments.first(where: {
                $0.name == BundleRunImporter.archiveAttachmentName || $0.name.hasPrefix(BundleRunImporter.archiveAttachmentName + ".")
            })
        else { return nil }
        let bytes = try content(a)
        do {
            return try ArchiveLoader(limits: limits).decode(bytes, source: source)
        } catch let e as ArchiveError {
            throw ArchiveError(file: "\(bundle.path) attachment '\(a.name)'", place: e.place, message: e.message)
        }
    }
}
