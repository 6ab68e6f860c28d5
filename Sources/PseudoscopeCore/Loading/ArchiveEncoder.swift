/// Writes an archive as format v1 JSON (for `pseudoscope import`). Reading the output back gives the same archive.
public enum ArchiveEncoder {
    public static func encode(_ a: Archive) -> String {
        var w = JSONWriter()
        w.beginObject()
        w.number("formatVersion", Double(Archive.supportedFormatVersion))
        w.string("test", a.test)
        w.string("screen", a.screen)
        w.string("mode", a.mode.rawValue)
        if let l = a.locale { w.string("locale", l) }
        if !a.languages.isEmpty {
            w.beginArray("languages")
            for l in a.languages { w.string(nil, l) }
            w.endArray()
        }
        w.beginObject("environment")
        w.string("xcode", a.environment.xcode)
        w.string("simulator", a.environment.simulator)
        w.string("os", a.environment.os)
        if let s = a.environment.scale { w.number("scale", s) }
        for (key, value) in [
            ("workspace", a.environment.workspace), ("project", a.environment.project),
            ("scheme", a.environment.scheme), ("testTarget", a.environment.testTarget),
        ] {
            if let v = value { w.string(key, v) }
        }
        w.endObject()
        if let r = a.recordedAt { w.string("recordedAt", r) }
        w.beginObject("failure")
        w.string("identifier", a.failure.identifier)
        w.string("label", a.failure.label)
        w.rect("frame", a.failure.frame)
        w.bool("isHittable", a.failure.isHittable)
        // A result bundle's failure is a message: whether the element was hittable was never recorded, and an
        // archive made from it must not state it as a fact.
        if !a.failure.hittableRecorded { w.bool("hittableRecorded", false) }
        w.string("message", a.failure.message)
        if let f = a.failure.file { w.string("file", f) }
        if let l = a.failure.line { w.number("line", Double(l)) }
        if let t = a.failure.elementType { w.string("elementType", t) }
        w.endObject()
        if !a.testData.members.isEmpty { value(&w, "testData", .object(a.testData)) }
        // Only attachments that are files beside the archive are written: a bundle payload is not a path.
        let files = a.attachments.compactMap { r -> (AttachmentRecord, String)? in
            if case .file(let f) = r.location { return (r, f) }
            return nil
        }
        if a.screenshot != nil || a.xcresult != nil || !files.isEmpty {
            w.beginObject("attachments")
            if let s = a.screenshot { w.string("screenshot", s) }
            if let x = a.xcresult { w.string("xcresult", x) }
            if !files.isEmpty {
                w.beginArray("files")
                for (r, f) in files {
                    w.beginObject()
                    w.string("file", f)
                    w.string("name", r.name)
                    if let k = r.kind { w.string("type", k.rawValue) }
                    if let t = r.declaredType { w.string("declaredType", t) }
                    if let n = r.size { w.number("size", Double(n)) }
                    if let act = r.activity { w.string("activity", act) }
                    if let t = r.timestamp { w.string("timestamp", t) }
                    if r.isFailureScreenshot { w.bool("failureScreenshot", true) }
                    w.endObject()
                }
                w.endArray()
            }
            w.endObject()
        }
        if let r = a.run { w.runOrigin("run", r) }
        if let note = a.hierarchyNote { w.string("noHierarchy", note) }
        if let facts = a.imported {
            w.beginObject("import")
            w.string("format", facts.format)
            w.string("structure", facts.structure.rawValue)
            if !facts.notes.isEmpty {
                w.beginArray("notes")
                for n in facts.notes { w.string(nil, n) }
                w.endArray()
            }
            if let i = facts.incomplete { w.string("incomplete", i) }
            if !facts.labelsRecorded { w.bool("labelsRecorded", false) }
            if facts.valuesMayBePlaceholders { w.bool("valuesMayBePlaceholders", true) }
            if facts.hittableRecorded { w.bool("hittableRecorded", true) }
            if facts.modeWasGiven { w.bool("modeWasGiven", true) }
            w.endObject()
        }
        if !a.primaryActions.isEmpty {
            w.beginArray("primaryActions")
            for p in a.primaryActions { w.string(nil, p) }
            w.endArray()
        }
        hierarchy(&w, a.hierarchy)
        w.endObject()
        return w.text
    }

    /// Elements without recursion: open each element, and close as many as the next element's depth requires.
    static func hierarchy(_ w: inout JSONWriter, _ h: Hierarchy) {
        guard h.count > 0 else { return }
        var open: [Int] = []  // depths of elements whose objects are open
        for i in h.indices {
            let e = h[i]
            while let d = open.last, d >= e.depth {
                w.endArray()
                w.endObject()
                open.removeLast()
            }
            if i == 0 { w.beginObject("hierarchy") } else { w.beginObject(nil) }
            w.string("type", e.type)
            if !e.identifier.isEmpty { w.string("identifier", e.identifier) }
            if !e.label.isEmpty { w.string("label", e.label) }
            if !e.value.isEmpty { w.string("value", e.value) }
            if !e.placeholderValue.isEmpty { w.string("placeholderValue", e.placeholderValue) }
            if !e.title.isEmpty { w.string("title", e.title) }
            w.rect("frame", e.frame)
            if !e.isEnabled { w.bool("isEnabled", false) }
            if e.isSelected { w.bool("isSelected", true) }
            if e.hasFocus { w.bool("hasFocus", true) }
            if !e.isHittable { w.bool("isHittable", false) }
            if let s = e.intrinsicContentSize {
                w.beginObject("intrinsicContentSize")
                w.number("width", s.width)
                w.number("height", s.height)
                w.endObject()
            }
            if let m = e.markedText { w.string("markedText", m) }
            if let v = e.isVisible { w.bool("isVisible", v) }
            if e.childrenUnknown { w.bool("childrenUnknown", true) }
            w.beginArray("children")
            open.append(e.depth)
        }
        while !open.isEmpty {
            w.endArray()
            w.endObject()
            open.removeLast()
        }
    }

    static func value(_ w: inout JSONWriter, _ key: String?, _ v: JSONValue) {
        switch v {
        case .null: w.null(key)
        case .bool(let b): w.bool(key, b)
        case .number(let d, let literal): w.number(key, d, literal: literal)
        case .string(let s): w.string(key, s)
        case .array(let a):
            w.beginArray(key)
            for x in a { value(&w, nil, x) }
            w.endArray()
        case .object(let o):
            w.beginObject(key)
            for m in o.members { value(&w, m.key, m.value) }
            w.endObject()
        }
    }
}

extension JSONWriter {
    /// A bundle run's origin (`run` in archives and in `check --json`), as docs/archive-format.md gives it.
    public mutating func runOrigin(_ key: String, _ r: RunOrigin) {
        beginObject(key)
        string("bundle", r.bundle)
        number("number", Double(r.number))
        number("of", Double(r.runCount))
        if let c = r.configuration { string("configuration", c) }
        if let rep = r.repetition { string("repetition", rep) }
        if let arg = r.argument { string("argument", arg) }
        string("modeSource", r.modeSource.key)
        if let name = r.modeSource.name { string("modeSourceName", name) }
        endObject()
    }
}
