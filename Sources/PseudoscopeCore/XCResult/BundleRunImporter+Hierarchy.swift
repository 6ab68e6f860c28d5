import Foundation

/// Where a bundle's run gets its hierarchy: the best source it holds, chosen once (`hierarchy`).
extension BundleRunImporter {
    /// The hierarchy a run holds, from the best source: Xcode's element snapshot (exact frames) taken with the
    /// "App UI hierarchy" text nearest the failure, else that text, else a debugDescription tree in a text
    /// attachment or in a failure message. Nil elements, and the reason, when the run holds none; the time the
    /// hierarchy was captured, when the source says.
    func hierarchy(_ attachments: [AttachmentRecord], failureMessages: [String], failureTime: String?) -> HierarchySource {
        let failureSeconds = BundleRunImporter.seconds(failureTime)
        func distance(_ a: AttachmentRecord, to t: Double) -> Double {
            let s = BundleRunImporter.seconds(a.timestamp)
            return s.isFinite && t.isFinite ? abs(s - t) : .infinity
        }
        /// Nearest `t` first; without times, in the order attached.
        func nearest(_ list: [AttachmentRecord], to t: Double) -> [AttachmentRecord] {
            list.enumerated().sorted { (distance($0.element, to: t), $0.offset) < (distance($1.element, to: t), $1.offset) }.map(\.element)
        }
        // Text by content (a hierarchy attached as `public.data` still counts); unreadable payloads are skipped.
        let texts = attachments.filter {
            $0.problem == nil && ($0.kind == .text || $0.kind == .json || $0.kind == nil && ($0.declaredType ?? "").contains("text"))
        }
        let appHierarchies = nearest(texts.filter { BundleRunImporter.isAppUIHierarchy($0.name) }, to: failureSeconds)
        var text: (attachment: AttachmentRecord, dump: ImportedDump)?
        // What was refused on the way, and why (over a limit, malformed): said if nothing else holds a hierarchy,
        // rather than "the bundle holds no hierarchy".
        var refused: [String] = []
        func attempt<T>(_ name: String, _ read: () throws -> T) -> T? {
            do { return try read() } catch {
                let why = (error as? ArchiveError)?.located ?? "\(error)"
                refused.append("'\(name)': \(why)")
                return nil
            }
        }
        for a in appHierarchies.prefix(16) {
            guard let bytes = attempt(a.name, { try content(a, limit: limits.maxFileBytes) }),
                let dump = attempt(a.name, { try DumpImporter.read(String(decoding: bytes, as: UTF8.self), file: a.name, limits: limits) }),
                !dump.elements.isEmpty
            else { continue }
            text = (a, dump)
            break
        }
        // The snapshot taken with that text (the same moment), else, without one, the one nearest the failure.
        let snapshots = attachments.filter { $0.problem == nil && BundleRunImporter.isElementSnapshot($0) }
        let anchor = text.map { BundleRunImporter.seconds($0.attachment.timestamp) } ?? failureSeconds
        var snapshot: (attachment: AttachmentRecord, dump: ImportedDump)?
        for a in nearest(snapshots, to: anchor).prefix(32) {
            guard let bytes = attempt(a.name, { try content(a, limit: limits.maxFileBytes) }),
                let read = attempt(a.name, { try ElementSnapshot.read(bytes, file: a.name, limits: limits) })
            else { continue }
            // A synthesized event's snapshot holds the application alone: not the screen.
            guard read.nodes.count > 1 else { continue }
            // Taken at another moment than the text and showing another screen: the text is what the failure left.
            // (A payload shared by two attachments keeps the time of one of them: equal trees are the same moment.)
            if let t = text, t.dump.elements.count != read.nodes.count, distance(a, to: anchor) > BundleRunImporter.sameMoment { break }
            snapshot = (a, read.dump)
            break
        }
        if let s = snapshot {
            var notes = [
                "the hierarchy comes from the element snapshot '\(s.attachment.name)' (exact frames)"
                    + (text.map { " taken with the attachment '\($0.attachment.name)'" } ?? "")
            ]
            if let t = text, t.dump.elements.count != s.dump.elements.count {
                notes.append(
                    "the App UI hierarchy text beside it holds \(t.dump.elements.count) element\(t.dump.elements.count == 1 ? "" : "s"), the snapshot \(s.dump.elements.count)"
                )
            }
            return HierarchySource(
                elements: s.dump.elements, facts: facts(s.dump, notes: notes), capturedAt: s.attachment.timestamp ?? text?.attachment.timestamp,
                attachment: s.attachment)
        }
        if let t = text {
            return HierarchySource(
                elements: t.dump.elements, facts: facts(t.dump, notes: ["the hierarchy comes from the attachment '\(t.attachment.name)'"]),
                capturedAt: t.attachment.timestamp, attachment: t.attachment)
        }
        var candidates: [(String, String, AttachmentRecord?)] = []
        for a in texts.filter({ !BundleRunImporter.isAppUIHierarchy($0.name) }).prefix(16) {
            if let bytes = try? content(a, limit: limits.maxFileBytes) { candidates.append((a.name, String(decoding: bytes, as: UTF8.self), a)) }
        }
        candidates += failureMessages.map { ("the failure message", $0, nil) }
        for (name, text, attachment) in candidates where text.utf8Contains("Element subtree") || text.utf8Contains("<XCUIElementType") {
            guard let dump = attempt(name, { try DumpImporter.read(text, file: name, limits: limits) }), !dump.elements.isEmpty else { continue }
            return HierarchySource(
                elements: dump.elements,
                facts: facts(dump, notes: ["the hierarchy comes from \(attachment == nil ? name : "the attachment '\(name)'")"]),
                capturedAt: attachment?.timestamp ?? failureTime, attachment: attachment)
        }
        if let first = refused.first {
            return HierarchySource(
                why: "no hierarchy could be read for this run: \(first)"
                    + (refused.count > 1 ? " (and \(refused.count - 1) more attachment\(refused.count == 2 ? "" : "s") refused)" : ""))
        }
        return HierarchySource(
            why:
                "the bundle holds no hierarchy for this run (no pseudoscope-archive attachment, element snapshot, App UI hierarchy or element subtree)"
        )
    }

    /// Two attachments made within this many seconds of each other record the same moment (Xcode writes the
    /// text and the snapshot of a failure at the same instant).
    static let sameMoment = 2.0

    /// `App UI hierarchy for com.example.App`, and the clone-prefixed `App UI hierarchy for com_1_<UUID>.App`.
    static func isAppUIHierarchy(_ name: String) -> Bool { name.lowercased().contains("ui hierarchy") }

    static func isElementSnapshot(_ a: AttachmentRecord) -> Bool {
        a.declaredType == "com.apple.dt.xctest.element-snapshot"
            || a.name == "kXCTAttachmentLegacySnapshot" && (a.kind == .propertyList || a.kind == nil)
    }

    func facts(_ dump: ImportedDump, notes: [String]) -> ImportFacts {
        var facts = ImportFacts(format: dump.format.rawValue)
        facts.structure = dump.incompleteNote != nil && dump.structure == .complete ? .fragment : dump.structure
        facts.notes = notes + dump.notes
        facts.incomplete = dump.incompleteNote
        facts.labelsRecorded = dump.labelsRecorded
        facts.valuesMayBePlaceholders = dump.valuesMayBePlaceholders
        facts.hittableRecorded = dump.hittableRecorded
        facts.modeWasGiven = options.mode != nil
        return facts
    }
}

/// The hierarchy a bundle's run was read from: its elements and what is known of them, or why there are none.
struct HierarchySource {
    var elements: [Element]?
    var facts: ImportFacts?
    var why: String?
    /// When the hierarchy was captured (the attachment's time).
    var capturedAt: String?
    /// The attachment it was read from (nil for a failure message).
    var attachment: AttachmentRecord?

    init(elements: [Element], facts: ImportFacts, capturedAt: String?, attachment: AttachmentRecord?) {
        self.elements = elements
        self.facts = facts
        self.capturedAt = capturedAt
        self.attachment = attachment
    }

    init(why: String) {
        self.why = why
    }
}
