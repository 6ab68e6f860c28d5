extension FailureQuery {
    /// The failure message read as a query; nil when it names no query failure at all (a test's own assertion
    /// such as `XCTAssertEqual failed`, a snapshot error): there is nothing to answer.
    public static func parse(_ raw: String) -> FailureQuery? {
        let q = read(raw)
        return q.isRead || q.outcome != .failed && !isAssertion(unescapeJSON(raw)) ? q : nil
    }

    /// The message read: the query it names, or the reason it names none (`unread`).
    public static func read(_ raw: String) -> FailureQuery {
        let whole = unescapeJSON(raw)
        // A test's own assertion on the first line may carry XCUITest's failure on a later one: that is the query.
        let assertion = isAssertion(whole)
        var m = whole
        if assertion, let newline = whole.firstIndex(of: "\n"), let start = earliest(queryMarkers, in: whole[newline...]) {
            m = String(whole[start.range.lowerBound...])
        }
        let before = m.range(of: "from input {(").map { String(m[..<$0.lowerBound]) } ?? m
        // The action is said where the message begins: the rest may be a log pasted after it.
        let firstLine = String(before.prefix { $0 != "\n" })
        let (action, kind) = assertion && m == whole ? assertionAction(m) : self.action(of: firstLine)
        var q = FailureQuery(
            action: action, actionKind: kind, outcome: outcome(of: m), steps: steps(in: before), searched: searched(in: m), message: raw)
        if before.contains("given input App element") || q.searched.count == 1 && q.searched[0].hasPrefix("Application, ") {
            q.input = "Application"
        }
        // `"Save" Button`: the type is the target's; the key is said apart only when the chain does not name it.
        if let named = quotedTarget(before) {
            q.keyType = named.type
            if !q.steps.contains(where: { $0.identifier == named.text || $0.label == named.text }) { q.key = named.text }
        }
        // `Failed to swipe up CollectionView`, `Failed to tap Button (First Match)`: the type the action names.
        if q.keyType == nil, let t = actedOnType(before) { q.keyType = t }
        // XCUITest's input to the last step, all of one type (`Button, …` ×4): what it searched were those.
        if q.type == nil, q.searched.count >= 2, let t = q.searched.first?.prefix(while: { $0.isLetter }), ElementTypeNames.isKnown(String(t)),
            q.searched.allSatisfy({ $0.hasPrefix(t + ",") || $0 == t })
        {
            q.keyType = String(t)
        }
        if q.steps.isEmpty, q.key == nil { q.described = describedElement(before) }
        q.condition = condition(before)
        if q.keyType == nil, q.described == nil, let t = objectType(before) { q.keyType = t }
        q.locator = locator(m)
        q.bundleID = bundleID(m)
        q.subject = subject(m)
        q.unread = unreadReason(q, assertion: assertion && m == whole)
        return q
    }

    /// Why a message is not a query: nil when it names an element by a chain, a key, a description or a locator.
    static func unreadReason(_ q: FailureQuery, assertion: Bool) -> String? {
        if !q.steps.isEmpty || q.key != nil || q.described != nil || q.locator != nil || q.keyType != nil { return nil }
        if assertion { return "the test's own assertion names no element XCUITest looked for" }
        if let b = q.bundleID { return "the app \(b) could not be launched or reached: no element was looked for" }
        if q.subject == "Window" { return "XCUITest could not read the app's main window: no element was looked for" }
        if q.subject == "Application" { return "XCUITest lost or could not reach the app: no element was looked for" }
        return "the message names no element: no query to answer"
    }

    /// The words that begin XCUITest's and WebDriverAgent's query failures.
    static let queryMarkers = [
        "Failed to get matching snapshot", "Failed to synthesize event", "No matches found for", "Multiple matching elements found",
        "Failed to tap", "Failed to double tap", "Failed to type", "Failed to scroll", "Failed to swipe", "Timed out waiting for",
        "Failed to compute hit point", "Unable to find hit point", "Failed to determine hittability",
    ]

    /// The first query failure in a text that holds other things (a dump pasted with its log): from the words
    /// that begin it to the end of its line, or of XCUITest's `from input {( … )}` list when one follows; nil when
    /// the text holds none that reads as a query.
    public static func message(in text: String) -> String? {
        guard let start = earliest(queryMarkers, in: Substring(text)) else { return nil }
        let rest = text[start.range.lowerBound...]
        let lineEnd = rest.firstIndex(of: "\n") ?? rest.endIndex
        var end = lineEnd
        if rest[..<lineEnd].contains("from input {("), let close = rest.range(of: ")}") { end = close.upperBound }
        let found = String(rest[..<end])
        guard let q = parse(found), q.isRead || q.outcome != .failed else { return nil }
        return found
    }

    /// WebDriverAgent's messages arrive JSON-escaped in logs (`\u0027wdName \u003d\u003d \"x\"\u0027`).
    static func unescapeJSON(_ s: String) -> String {
        guard s.contains("\\u00") || s.contains("\\\"") else { return s }
        var out = s
        for (code, c) in [("\\u0027", "'"), ("\\u003d", "="), ("\\u003c", "<"), ("\\u003e", ">"), ("\\u0026", "&"), ("\\\"", "\"")] {
            out = out.replacingOccurrences(of: code, with: c)
        }
        return out
    }

    /// A test's own assertion (`XCTAssertTrue failed - …`): the test's words, not a query XCUITest ran.
    static func isAssertion(_ m: String) -> Bool {
        let t = m.drop { $0 == " " || $0 == "\n" }
        return t.hasPrefix("XCTAssert") || t.hasPrefix("XCTFail") || t.hasPrefix("XCTUnwrap") || t.hasPrefix("failed - ")
    }

    /// `XCTAssertTrue`/`False`/`Nil`/`NotNil` check that something is there (or not); other assertions compare values.
    static func assertionAction(_ m: String) -> (String, ActionKind) {
        let t = m.drop { $0 == " " || $0 == "\n" }
        for word in ["XCTAssertTrue", "XCTAssertFalse", "XCTAssertNotNil", "XCTAssertNil", "XCTAssert ", "failed - "] where t.hasPrefix(word) {
            return ("assert", .existsAssert)
        }
        return ("assert", .other)
    }

    static func outcome(of m: String) -> Outcome {
        let rules: [([String], Outcome)] = [
            (["No matches found", "could not be located", "unable to find an element", "Failed to find matching element"], .noMatches),
            (["Multiple matching elements found", "multiple matching elements", "Multiple matches found"], .multipleMatches),
            (["is not hittable", "not hittable"], .notHittable),
            (["Failed to compute hit point", "Unable to find hit point", "Failed to determine hittability", "hit point for"], .noHitPoint),
            (["Timed out", "Exceeded timeout", "timed out"], .timedOut),
        ]
        for (words, outcome) in rules where words.contains(where: { m.contains($0) }) { return outcome }
        return .failed
    }

    /// What the test did, in words and as a kind: the most specific phrase the message holds decides.
    static func action(of m: String) -> (String, ActionKind) {
        let rules: [(String, String, ActionKind)] = [
            ("Failure requesting automation session", "launch", .other), ("Failed to get launch progress", "launch", .other),
            ("Failed to double tap", "double tap", .tap), ("Failed to tap", "tap", .tap), ("Failed to press", "press", .tap),
            ("Failed to long press", "long press", .tap), ("Failed to type into", "type into", .type), ("Failed to type text", "type into", .type),
            ("keyboard focus", "type into", .type), ("key event", "type into", .type), ("KeyEvent", "type into", .type),
            ("Failed to scroll to visible", "scroll to visible", .tap), ("Failed to perform scroll", "scroll", .scroll),
            ("scrollable visible parent", "scroll", .scroll), ("Unable to find hit point", "tap", .tap), ("Failed to compute hit point", "tap", .tap),
            ("Asynchronous wait failed", "wait for", .wait), ("Expect predicate", "wait for", .wait), ("Timed out waiting for", "wait for", .wait),
            ("Failed to determine hittability", "check hittable", .other), ("Failed to get matching snapshot", "find", .other),
        ]
        // Xcode 7-9 print no action: a query fails when the test acts on the element (a tap, mostly; `exists` never
        // fails there).
        let plain = m.replacingOccurrences(of: "UI Testing Failure - ", with: "").drop { $0 == " " }
        if plain.hasPrefix("No matches found for"), m.contains("UI Testing Failure - ") || plain.hasPrefix("No matches found for Find: ") {
            return ("act on", .tap)
        }
        if let r = m.range(of: "Failed to swipe ") {
            let direction = m[r.upperBound...].prefix { $0.isLetter }
            return (["up", "down", "left", "right"].contains(String(direction)) ? "swipe \(direction)" : "swipe", .swipe)
        }
        for (words, action, kind) in rules where m.contains(words) { return (action, kind) }
        return ("find", .other)
    }
}
