import CXML
import Foundation

/// Reads Appium / WebDriverAgent page-source XML (old and new WDA attribute sets, the Mac2 driver) with
/// libxml2's SAX2 parser, read as Foundation's XMLParser reads it (`CXML`; libxml2 is opened on first use).
/// Every attribute is optional and may come in any order.
enum PageSourceParser {
    /// The XML the parser reads from a page source's text, the lines before it, and the line (1-based, of the XML)
    /// where a tag was cut off, if one was.
    static func prepared(_ text: String) -> (xml: [UInt8], lineOffset: Int, cutAt: Int?) {
        // Start at the XML itself: a log or a declaration may stand before it.
        var xml = Substring(text)
        if let start = ["<?xml", "<AppiumAUT", "<XCUIElementType"].compactMap({ text.range(of: $0)?.lowerBound }).min() {
            xml = text[start...]
        }
        let lineOffset = text[..<xml.startIndex].reduce(0) { $1 == "\n" ? $0 + 1 : $0 }
        // Drop the declaration and wrap the rest, so a fragment with several top-level elements still parses.
        if xml.hasPrefix("<?xml"), let close = xml.range(of: "?>") { xml = xml[close.upperBound...] }
        let (cleaned, cutAt) = repairFragment(Substring(withoutDocumentType(xml)))
        return (Array(("<pseudoscope-fragment>" + cleaned + "</pseudoscope-fragment>").utf8), lineOffset, cutAt)
    }

    static func parse(_ text: String, file: String, limits: LoadLimits) throws -> ImportedDump {
        let (wrapped, lineOffset, cutAt) = prepared(text)
        let delegate = Delegate(limits: limits, file: file)
        let outcome = try delegate.parse(wrapped, file: file)
        // XMLParser's answer: every chunk taken and no error or warning reported.
        let ok = outcome.result == 0 && outcome.errors == 0
        if let e = delegate.failure { throw e }
        var incompleteNote: String?
        if let cut = cutAt {
            incompleteNote = "the page source breaks off at line \(cut + lineOffset) in the middle of a tag"
        } else if !ok || delegate.builder.openDepth > 0 {
            let line = outcome.line + lineOffset
            if delegate.builder.elements.isEmpty {
                throw ArchiveError(file: file, place: "line \(line)", message: "page source XML ends or breaks before its first element")
            }
            incompleteNote = "the page source breaks off at line \(line) (\(ok ? "elements left unclosed" : "malformed or cut XML"))"
        }
        // The elements still open where the source breaks off may have children nobody saw.
        if incompleteNote != nil { delegate.builder.markOpenElementsCut() }
        let (elements, addedRoot) = delegate.builder.finish()
        var dump = ImportedDump(format: .pageSource, elements: elements)
        dump.incompleteNote = incompleteNote
        if addedRoot {
            dump.notes.append("an Application root was added above the page source's top-level elements, which need not be siblings")
            dump.structure = .fragment
        }
        if let note = incompleteNote { dump.notes.append(note) }
        if delegate.hiddenCount > 0 {
            dump.notes.append(
                "\(delegate.hiddenCount) element\(delegate.hiddenCount == 1 ? " is" : "s are") marked visible=\"false\": no finding about \(delegate.hiddenCount == 1 ? "its" : "their") place or size"
            )
        }
        // WebDriverAgent reports an empty field's placeholder as its value unless it writes placeholderValue itself.
        dump.valuesMayBePlaceholders = !delegate.sawPlaceholderAttribute
        dump.hittableRecorded = delegate.sawHittableAttribute
        return dump
    }

    /// A document type declaration (`<!DOCTYPE AppiumAUT [ … ]>`) before the first element, blanked: inside the
    /// wrapper it would stop the parse, and what it declares (entities) is never used. Its newlines stay, so line
    /// numbers stay true.
    static func withoutDocumentType(_ xml: Substring) -> String {
        let start = xml.drop { $0.isWhitespace }
        guard start.hasPrefix("<!DOCTYPE") else { return String(xml) }
        var depth = 0
        var end: Substring.Index?
        for i in start.indices {
            let c = start[i]
            if c == "[" {
                depth += 1
            } else if c == "]" {
                depth = max(0, depth - 1)
            } else if c == ">", depth == 0 {
                end = start.index(after: i); break
            }
        }
        guard let close = end else { return String(xml) }
        let blank = String(start[..<close].map { $0.isNewline ? $0 : " " })
        return String(xml[..<start.startIndex]) + blank + String(xml[close...])
    }

    /// A fragment cut from the middle of a page source closes elements it never opened, and may end inside a
    /// tag. Closing tags of unseen parents are blanked (same length, so line numbers stay true) so that the
    /// parser reads the rest; a tag cut off at the end is dropped whole, so no element is made of half a tag.
    /// Returns the repaired text and the line (1-based) where a tag was cut, if one was.
    static func repairFragment(_ xml: Substring) -> (String, Int?) {
        var bytes = escapingStrayAmpersands(Array(xml.utf8))
        var depth = 0
        var i = 0
        while i < bytes.count {
            guard bytes[i] == UInt8(ascii: "<"), i + 1 < bytes.count else { i += 1; continue }
            let start = i
            let closing = bytes[i + 1] == UInt8(ascii: "/")
            let special = bytes[i + 1] == UInt8(ascii: "?") || bytes[i + 1] == UInt8(ascii: "!")
            // Find the tag's end, skipping quoted attribute values.
            var j = i + 1
            var quote: UInt8 = 0
            while j < bytes.count {
                let b = bytes[j]
                if quote != 0 { if b == quote { quote = 0 } } else if b == 0x22 || b == 0x27 { quote = b } else if b == UInt8(ascii: ">") { break }
                j += 1
            }
            guard j < bytes.count else {
                let line = bytes[..<start].reduce(1) { $1 == 0x0A ? $0 + 1 : $0 }
                return (String(decoding: bytes[..<start], as: UTF8.self), line)
            }
            // Declarations and comments open nothing; a self-closing tag opens nothing either.
            if closing {
                if depth == 0 {
                    for k in start...j where bytes[k] != 0x0A { bytes[k] = 0x20 }
                } else {
                    depth -= 1
                }
            } else if !special && bytes[j - 1] != UInt8(ascii: "/") {
                depth += 1
            }
            i = j + 1
        }
        return (String(decoding: bytes, as: UTF8.self), nil)
    }

    /// A hand-edited or HTML-copied source may hold a bare `&` (`label="Tom & Jerry"`) or an HTML entity
    /// (`&nbsp;`), which XML does not define: the parser dropped the `&` silently, or stopped there and the rest
    /// of the screen was lost. XML's own entities and character references stay; the common HTML entities become
    /// character references; any other `&` is escaped, so the text reads as written. No newline is added, so line
    /// numbers stay true.
    static func escapingStrayAmpersands(_ bytes: [UInt8]) -> [UInt8] {
        guard bytes.contains(UInt8(ascii: "&")) else { return bytes }
        func isNameByte(_ b: UInt8) -> Bool { (0x30...0x39).contains(b) || (0x41...0x5A).contains(b) || (0x61...0x7A).contains(b) || b == 0x23 }
        var out: [UInt8] = []
        out.reserveCapacity(bytes.count + 64)
        var i = 0
        while i < bytes.count {
            guard bytes[i] == UInt8(ascii: "&") else { out.append(bytes[i]); i += 1; continue }
            var j = i + 1
            while j < bytes.count, j - i <= 32, isNameByte(bytes[j]) { j += 1 }
            if j < bytes.count, bytes[j] == UInt8(ascii: ";"), j > i + 1 {
                let name = String(decoding: bytes[(i + 1)..<j], as: UTF8.self)
                if ["amp", "lt", "gt", "quot", "apos"].contains(name) || isCharacterReference(name) {
                    out += bytes[i...j]
                    i = j + 1
                    continue
                }
                if let code = htmlEntities[name] {
                    out += Array("&#\(code);".utf8)
                    i = j + 1
                    continue
                }
            }
            out += Array("&amp;".utf8)
            i += 1
        }
        return out
    }

    /// `#160` or `#xA0`, naming a character XML 1.0 allows. A reference to a control character (`&#x1B;`, as a
    /// writer may escape a label's ESC) is not one: the parser stopped there, so it is kept as the text it is.
    static func isCharacterReference(_ name: String) -> Bool {
        guard name.hasPrefix("#") else { return false }
        let hex = name.hasPrefix("#x") || name.hasPrefix("#X")
        guard let v = UInt32(name.dropFirst(hex ? 2 : 1), radix: hex ? 16 : 10) else { return false }
        return v == 0x9 || v == 0xA || v == 0xD || (0x20...0xD7FF).contains(v) || (0xE000...0xFFFD).contains(v) || (0x10000...0x10FFFF).contains(v)
    }

    /// The HTML entities met in text copied from web pages and wikis, by code point.
    static let htmlEntities: [String: Int] = [
        "nbsp": 0xA0, "copy": 0xA9, "reg": 0xAE, "trade": 0x2122, "hellip": 0x2026, "mdash": 0x2014, "ndash": 0x2013,
        "lsquo": 0x2018, "rsquo": 0x2019, "ldquo": 0x201C, "rdquo": 0x201D, "bull": 0x2022, "middot": 0xB7,
        "laquo": 0xAB, "raquo": 0xBB, "euro": 0x20AC, "pound": 0xA3, "yen": 0xA5, "deg": 0xB0, "times": 0xD7,
        "larr": 0x2190, "rarr": 0x2192, "uarr": 0x2191, "darr": 0x2193, "check": 0x2713, "zwj": 0x200D, "lrm": 0x200E,
        "rlm": 0x200F,
    ]

    /// What the parse has seen, fed by libxml2's callbacks.
    final class Delegate {
        var builder: HierarchyBuilder
        var failure: ArchiveError?
        var hiddenCount = 0
        var sawPlaceholderAttribute = false
        var sawHittableAttribute = false

        init(limits: LoadLimits, file: String) {
            builder = HierarchyBuilder(limits: limits, file: file)
        }

        func parse(_ bytes: [UInt8], file: String) throws -> XMLEvents.Outcome {
            try XMLEvents.read(bytes, file: file, start: { self.started($0, $1, line: $2) }, end: { self.ended($0) })
        }

        /// An element starts; false stops the parse (the hierarchy is over a limit).
        func started(_ name: String, _ a: [String: String], line: Int) -> Bool {
            guard failure == nil, name.hasPrefix("XCUIElementType") else { return true }
            let e = PageSourceParser.element(type: String(name.dropFirst("XCUIElementType".count)), a)
            if a["visible"] == "false" { hiddenCount += 1 }
            if a["placeholderValue"] != nil { sawPlaceholderAttribute = true }
            if a["hittable"] != nil { sawHittableAttribute = true }
            do {
                try builder.push(e, line: line)
            } catch let err as ArchiveError {
                failure = err
                return false
            } catch {}
            return true
        }

        func ended(_ name: String) {
            if name.hasPrefix("XCUIElementType") { builder.pop() }
        }
    }
}

/// The elements of an XML document as libxml2's SAX2 parser reports them (`CXML`): each start with its
/// attributes and line, each end, and how the parse ended, as Foundation's XMLParser would report them.
enum XMLEvents {
    struct Outcome: Equatable {
        /// 0 when every chunk was taken (XMLParser's `parse()` answering true).
        var result: Int
        /// Errors and warnings libxml2 reported (XMLParser's `parserError`).
        var errors: Int
        /// The parser's line when it stopped (XMLParser's `lineNumber` after the parse).
        var line: Int
    }

    private final class Callbacks {
        let start: (String, [String: String], Int) -> Bool
        let end: (String) -> Void
        init(start: @escaping (String, [String: String], Int) -> Bool, end: @escaping (String) -> Void) {
            self.start = start
            self.end = end
        }
    }

    /// `prefix:local`, or `local` without a prefix (XMLParser's names when namespaces are not processed).
    static func qualified(_ prefix: UnsafePointer<CChar>?, _ local: UnsafePointer<CChar>) -> String {
        guard let prefix, prefix.pointee != 0 else { return String(cString: local) }
        return String(cString: prefix) + ":" + String(cString: local)
    }

    /// Reads `bytes`; `start` answers false to stop the parse. Throws when libxml2 cannot be opened.
    static func read(
        _ bytes: [UInt8], file: String, start: @escaping (String, [String: String], Int) -> Bool,
        end: @escaping (String) -> Void
    ) throws -> Outcome {
        let callbacks = Callbacks(start: start, end: end)
        var outcome = ps_xml_outcome()
        let rc = withExtendedLifetime(callbacks) { () -> Int32 in
            var handler = ps_xml_handler(
                context: Unmanaged.passUnretained(callbacks).toOpaque(),
                start: { context, prefix, local, count, prefixes, locals, values, lengths, line in
                    guard let context, let local else { return 0 }
                    let callbacks = Unmanaged<Callbacks>.fromOpaque(context).takeUnretainedValue()
                    var attributes: [String: String] = [:]
                    for k in 0..<Int(count) {
                        guard let key = locals?[k] else { continue }
                        let value =
                            values?[k].map { p in
                                String(decoding: UnsafeRawBufferPointer(start: p, count: Int(lengths?[k] ?? 0)), as: UTF8.self)
                            } ?? ""
                        attributes[XMLEvents.qualified(prefixes?[k], key)] = value
                    }
                    return callbacks.start(XMLEvents.qualified(prefix, local), attributes, Int(line)) ? 0 : 1
                },
                end: { context, prefix, local in
                    guard let context, let local else { return }
                    Unmanaged<Callbacks>.fromOpaque(context).takeUnretainedValue().end(XMLEvents.qualified(prefix, local))
                })
            return bytes.withUnsafeBufferPointer { ps_xml_parse($0.baseAddress, $0.count, &handler, &outcome) }
        }
        if rc != 0 {
            let why = withUnsafeBytes(of: outcome.message) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
            throw ArchiveError(file: file, message: "page source XML cannot be read here: \(why)")
        }
        return Outcome(result: Int(outcome.result), errors: Int(outcome.errors), line: Int(outcome.line))
    }
}

extension PageSourceParser {
    /// One element from WebDriverAgent's attributes as the XML source names them (`name`, `label`, `x`, `enabled`,
    /// `visible`…, each optional), shared by the XML and the JSON source (`SourceJSONParser`). `type` is the tag
    /// without its `XCUIElementType` prefix.
    static func element(type tagType: String, _ a: [String: String]) -> Element {
        var type = tagType
        // The Mac2 driver numbers the type; the tag already names it, but trust the number when the tag is generic.
        if let n = a["elementType"].flatMap(Int.init), type.isEmpty || type == "Any", let named = ElementTypeNames.name(n) { type = named }
        var e = Element(type: type.isEmpty ? "Other" : type)
        let name = a["name"] ?? ""
        let label = a["label"] ?? ""
        // WDA's `name` is the identifier or, lacking one, the label; Mac2 has `identifier` itself.
        e.identifier = a["identifier"] ?? (name != label ? name : (label.isEmpty ? name : ""))
        e.label = label
        e.value = a["value"] ?? ""
        e.title = a["title"] ?? ""
        e.placeholderValue = a["placeholderValue"] ?? ""
        func number(_ k: String) -> Double {
            guard let d = a[k].flatMap(Double.init), d.isFinite else { return 0 }
            return max(-ArchiveDecoder.maxCoordinate, min(ArchiveDecoder.maxCoordinate, d))
        }
        e.frame = Rect(x: number("x"), y: number("y"), width: max(0, number("width")), height: max(0, number("height")))
        e.isEnabled = a["enabled"].map { $0 != "false" } ?? true
        e.isSelected = a["selected"] == "true" || (a["traits"]?.contains("Selected") ?? false)
        e.hasFocus = a["focused"] == "true"
        // `hittable` is opt-in in WDA; without it, an invisible element is taken as not hittable.
        if let h = a["hittable"] { e.isHittable = h != "false" } else if a["visible"] == "false" { e.isHittable = false }
        if let v = a["visible"] { e.isVisible = v != "false" }
        return e
    }
}
