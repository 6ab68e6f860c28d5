/// Turns a parsed JSON document into an `Archive`, naming the JSON path of anything that does not fit format v1.
public struct ArchiveDecoder {
    private let file: String
    private let limits: LoadLimits

    public init(file: String, limits: LoadLimits = .default) {
        self.file = file
        self.limits = limits
    }

    public func decode(_ json: JSONValue, source: ArchiveSource) throws -> Archive {
        try decode(json, source: source, hierarchy: nil)
    }

    /// Decodes the top level; `hierarchy`, when given, was already decoded by the fast path.
    func decode(_ json: JSONValue, source: ArchiveSource, hierarchy decoded: Hierarchy?) throws -> Archive {
        let top = try object(json, "top level")
        let version = try number(top, "formatVersion", "", required: true)!
        guard version == version.rounded(), version >= 1 else {
            throw fail("formatVersion", "expected a positive whole number, found \(formatPoints(version))")
        }
        if version > Double(Archive.supportedFormatVersion) {
            throw fail(
                "formatVersion",
                "format version \(formatPoints(version)) is newer than this Pseudoscope supports (version \(Archive.supportedFormatVersion)); update Pseudoscope"
            )
        }
        let test = try string(top, "test", "", required: true)!
        let modeText = try string(top, "mode", "", required: true)!
        guard let mode = Mode(rawValue: modeText) else {
            throw fail("mode", "unknown mode \"\(modeText.prefix(40))\"; expected one of: \(Mode.allCases.map(\.rawValue).joined(separator: ", "))")
        }
        let envObject = try object(try require(top, "environment", ""), "environment")
        var environment = Environment(
            xcode: try string(envObject, "xcode", "environment", required: true)!,
            simulator: try string(envObject, "simulator", "environment", required: true)!,
            os: try string(envObject, "os", "environment", required: true)!,
            scale: try number(envObject, "scale", "environment", required: false)
        )
        environment.workspace = try string(envObject, "workspace", "environment")
        environment.project = try string(envObject, "project", "environment")
        environment.scheme = try string(envObject, "scheme", "environment")
        environment.testTarget = try string(envObject, "testTarget", "environment")
        let failureObject = try object(try require(top, "failure", ""), "failure")
        var failure = Failure(
            identifier: try string(failureObject, "identifier", "failure", required: true)!,
            label: try string(failureObject, "label", "failure") ?? "",
            frame: try rect(try require(failureObject, "frame", "failure"), "failure.frame"),
            isHittable: try bool(failureObject, "isHittable", "failure", required: true)!,
            message: try string(failureObject, "message", "failure", required: true)!,
            file: try string(failureObject, "file", "failure"),
            line: try number(failureObject, "line", "failure", required: false).map { clampToInt($0) },
            elementType: try string(failureObject, "elementType", "failure")
        )
        failure.hittableRecorded = try bool(failureObject, "hittableRecorded", "failure") ?? true
        let hierarchy = try decoded ?? decodeHierarchy(try require(top, "hierarchy", ""))
        var archive = Archive(
            test: test, screen: try string(top, "screen", ""), mode: mode, environment: environment,
            failure: failure, hierarchy: hierarchy, source: source)
        archive.locale = try string(top, "locale", "")
        if let langs = top["languages"], langs != .null {
            guard case .array(let items) = langs else { throw typeError("languages", "an array of strings", langs) }
            archive.languages = try items.enumerated().map { i, v in
                guard case .string(let s) = v else { throw typeError("languages[\(i)]", "a string", v) }
                return s
            }
        }
        archive.recordedAt = try string(top, "recordedAt", "")
        if let data = top["testData"], data != .null {
            archive.testData = try object(data, "testData")
        }
        if let att = top["attachments"], att != .null {
            let a = try object(att, "attachments")
            archive.screenshot = try string(a, "screenshot", "attachments")
            archive.xcresult = try string(a, "xcresult", "attachments")
            archive.attachments = try decodeFiles(a["files"])
        }
        if let r = top["run"], r != .null {
            let o = try object(r, "run")
            let number = try number(o, "number", "run", required: true)!
            let count = try self.number(o, "of", "run", required: false) ?? number
            var origin = RunOrigin(bundle: try string(o, "bundle", "run", required: true)!, number: clampToInt(number), runCount: clampToInt(count))
            origin.configuration = try string(o, "configuration", "run")
            origin.repetition = try string(o, "repetition", "run")
            origin.argument = try string(o, "argument", "run")
            if let key = try string(o, "modeSource", "run") {
                guard let source = RunOrigin.ModeSource(key: key, name: try string(o, "modeSourceName", "run")) else {
                    throw fail("run.modeSource", "unknown mode source \"\(key.prefix(40))\"; expected archive, given, configuration, path or assumed")
                }
                origin.modeSource = source
            }
            archive.run = origin
        }
        archive.hierarchyNote = try string(top, "noHierarchy", "")
        if let imp = top["import"], imp != .null {
            let o = try object(imp, "import")
            var facts = ImportFacts(format: try string(o, "format", "import", required: true)!)
            if let s = try string(o, "structure", "import") {
                guard let structure = ImportFacts.Structure(rawValue: s) else {
                    throw fail(
                        "import.structure",
                        "unknown structure \"\(s.prefix(40))\"; expected one of: \(ImportFacts.Structure.allCases.map(\.rawValue).joined(separator: ", "))"
                    )
                }
                facts.structure = structure
            }
            if let n = o["notes"], n != .null {
                guard case .array(let items) = n else { throw typeError("import.notes", "an array of strings", n) }
                facts.notes = try items.enumerated().map { i, v in
                    guard case .string(let s) = v else { throw typeError("import.notes[\(i)]", "a string", v) }
                    return cut(s)
                }
            }
            facts.incomplete = try string(o, "incomplete", "import")
            facts.labelsRecorded = try bool(o, "labelsRecorded", "import") ?? true
            facts.valuesMayBePlaceholders = try bool(o, "valuesMayBePlaceholders", "import") ?? false
            facts.hittableRecorded = try bool(o, "hittableRecorded", "import") ?? false
            facts.modeWasGiven = try bool(o, "modeWasGiven", "import") ?? false
            archive.imported = facts
        }
        if let pa = top["primaryActions"], pa != .null {
            guard case .array(let items) = pa else { throw typeError("primaryActions", "an array of strings", pa) }
            archive.primaryActions = try items.enumerated().map { i, v in
                guard case .string(let s) = v else { throw typeError("primaryActions[\(i)]", "a string", v) }
                return s
            }
        }
        return archive
    }

    /// `attachments.files`: each a file beside the archive, with what the run recorded about it.
    private func decodeFiles(_ value: JSONValue?) throws -> [AttachmentRecord] {
        guard let v = value, v != .null else { return [] }
        guard case .array(let items) = v else { throw typeError("attachments.files", "an array of objects", v) }
        return try items.enumerated().map { k, item in
            let place = "attachments.files[\(k)]"
            let o = try object(item, place)
            let file = try string(o, "file", place, required: true)!
            var r = AttachmentRecord(name: try string(o, "name", place) ?? file, location: .file(file))
            if let t = try string(o, "type", place) {
                guard let kind = ContentType(name: t) else {
                    throw fail(
                        join(place, "type"),
                        "unknown type \"\(t.prefix(40))\"; expected one of: \(ContentType.allCases.map(\.rawValue).joined(separator: ", "))")
                }
                r.kind = kind
            }
            r.declaredType = try string(o, "declaredType", place)
            if let n = try number(o, "size", place, required: false) {
                guard n >= 0 else { throw fail(join(place, "size"), "must not be negative") }
                r.size = clampToInt(n)
            }
            r.activity = try string(o, "activity", place)
            r.timestamp = try string(o, "timestamp", place)
            r.isFailureScreenshot = try bool(o, "failureScreenshot", place) ?? false
            return r
        }
    }

    // MARK: - Hierarchy

    /// Decodes the element tree without recursion: the nesting is bounded by `limits.maxDepth`, not by the stack.
    private func decodeHierarchy(_ rootValue: JSONValue) throws -> Hierarchy {
        var elements: [Element] = []
        // Each pending node carries its JSON path lazily: the parent element and its position among siblings.
        struct Pending { var value: JSONValue; var parent: Int?; var position: Int; var depth: Int }
        var jsonPathOf: [(parent: Int?, position: Int)] = []
        var stack = [Pending(value: rootValue, parent: nil, position: 0, depth: 0)]
        func path(parent: Int?, position: Int) -> String {
            var parts: [String] = []
            var p = parent, pos = position
            while let q = p {
                parts.append("children[\(pos)]")
                (p, pos) = jsonPathOf[q]
            }
            return (["hierarchy"] + parts.reversed()).joined(separator: ".")
        }
        while let node = stack.popLast() {
            // The JSON path is built only for an error: building it for every element would make deep trees quadratic.
            func here() -> String { path(parent: node.parent, position: node.position) }
            if node.depth > limits.maxDepth {
                throw fail(
                    here(), "elements nested deeper than \(limits.maxDepth) levels (raise the limit with \(LoadLimits.Variable.depth.rawValue))")
            }
            if elements.count >= limits.maxElements {
                throw fail(here(), "more than \(limits.maxElements) elements (raise the limit with \(LoadLimits.Variable.elements.rawValue))")
            }
            var e: Element
            var kids: [JSONValue] = []
            do {
                (e, kids) = try decodeElement(node.value)
            } catch let error as ArchiveError {
                // Places inside the element were given relative to it: anchor them at the element's path.
                let anchored = error.place.isEmpty ? here() : here() + "." + error.place
                throw ArchiveError(file: file, place: anchored, message: error.message)
            }
            e.parent = node.parent
            e.depth = node.depth
            let index = elements.count
            if let p = node.parent { elements[p].children.append(index) }
            elements.append(e)
            jsonPathOf.append((node.parent, node.position))
            for (k, kid) in kids.enumerated().reversed() {
                stack.append(Pending(value: kid, parent: index, position: k, depth: node.depth + 1))
            }
        }
        return Hierarchy(preorder: elements)
    }

    /// One element's own fields and its children's JSON, with error places relative to the element.
    private func decodeElement(_ value: JSONValue) throws -> (Element, [JSONValue]) {
        let o = try object(value, "")
        var e = Element(type: try string(o, "type", "", required: true)!)
        e.identifier = try string(o, "identifier", "") ?? ""
        e.label = try string(o, "label", "") ?? ""
        e.value = try string(o, "value", "") ?? ""
        e.placeholderValue = try string(o, "placeholderValue", "") ?? ""
        e.title = try string(o, "title", "") ?? ""
        if let f = o["frame"], f != .null { e.frame = try rect(f, "frame") }
        e.isEnabled = try bool(o, "isEnabled", "") ?? true
        e.isSelected = try bool(o, "isSelected", "") ?? false
        e.hasFocus = try bool(o, "hasFocus", "") ?? false
        e.isHittable = try bool(o, "isHittable", "") ?? true
        if let s = o["intrinsicContentSize"], s != .null { e.intrinsicContentSize = try size(s, "intrinsicContentSize") }
        if let m = try string(o, "markedText", ""), !m.isEmpty { e.markedText = m }
        e.isVisible = try bool(o, "isVisible", "")
        e.childrenUnknown = try bool(o, "childrenUnknown", "") ?? false
        guard let c = o["children"], c != .null else { return (e, []) }
        guard case .array(let kids) = c else { throw typeError("children", "an array of elements", c) }
        return (e, kids)
    }

    // MARK: - Typed accessors that name the path

    private func join(_ path: String, _ key: String) -> String { path.isEmpty ? key : "\(path).\(key)" }

    private func fail(_ place: String, _ message: String) -> ArchiveError {
        ArchiveError(file: file, place: place, message: message)
    }

    private func typeError(_ place: String, _ expected: String, _ found: JSONValue) -> ArchiveError {
        fail(place, "expected \(expected), found \(found.kindDescription)")
    }

    private func require(_ o: JSONObject, _ key: String, _ path: String) throws -> JSONValue {
        guard let v = o[key], v != .null else { throw fail(join(path, key), "missing required key \"\(key)\"") }
        return v
    }

    private func object(_ v: JSONValue, _ place: String) throws -> JSONObject {
        guard case .object(let o) = v else { throw typeError(place, "an object", v) }
        return o
    }

    private func string(_ o: JSONObject, _ key: String, _ path: String, required: Bool = false) throws -> String? {
        guard let v = o[key], v != .null else {
            if required { throw fail(join(path, key), "missing required key \"\(key)\"") }
            return nil
        }
        guard case .string(let s) = v else { throw typeError(join(path, key), "a string", v) }
        return cut(s)
    }

    func cut(_ s: String) -> String { limits.cut(s) }

    private func bool(_ o: JSONObject, _ key: String, _ path: String, required: Bool = false) throws -> Bool? {
        guard let v = o[key], v != .null else {
            if required { throw fail(join(path, key), "missing required key \"\(key)\"") }
            return nil
        }
        guard case .bool(let b) = v else { throw typeError(join(path, key), "true or false", v) }
        return b
    }

    private func number(_ o: JSONObject, _ key: String, _ path: String, required: Bool) throws -> Double? {
        guard let v = o[key], v != .null else {
            if required { throw fail(join(path, key), "missing required key \"\(key)\"") }
            return nil
        }
        guard case .number(let d, _) = v else { throw typeError(join(path, key), "a number", v) }
        guard d.isFinite else { throw fail(join(path, key), "number out of range") }
        return d
    }

    /// Coordinates beyond this many points are not a screen: refusing them keeps every later Int conversion safe.
    public static let maxCoordinate: Double = 1e7

    private func coordinate(_ o: JSONObject, _ key: String, _ path: String, nonNegative: Bool) throws -> Double {
        let d = try number(o, key, path, required: true)!
        if abs(d) > ArchiveDecoder.maxCoordinate {
            throw fail(join(path, key), "\(key) \(d) is out of range (at most ±\(Int(ArchiveDecoder.maxCoordinate)) points)")
        }
        if nonNegative, d < 0 { throw fail(join(path, key), "\(key) must not be negative, found \(formatPoints(d))") }
        return d
    }

    private func rect(_ v: JSONValue, _ place: String) throws -> Rect {
        let o = try object(v, place)
        return Rect(
            x: try coordinate(o, "x", place, nonNegative: false), y: try coordinate(o, "y", place, nonNegative: false),
            width: try coordinate(o, "width", place, nonNegative: true),
            height: try coordinate(o, "height", place, nonNegative: true))
    }

    private func size(_ v: JSONValue, _ place: String) throws -> Size {
        let o = try object(v, place)
        return Size(width: try coordinate(o, "width", place, nonNegative: true), height: try coordinate(o, "height", place, nonNegative: true))
    }
}

/// Converts without trapping: NaN becomes 0, anything beyond Int's range is clamped.
public func clampToInt(_ d: Double) -> Int {
    guard d.isFinite else { return d.isNaN ? 0 : (d > 0 ? Int.max : Int.min) }
    if d >= 9.2e18 { return Int.max }
    if d <= -9.2e18 { return Int.min }
    return Int(d)
}
