/// A UI-test failure read as the query that failed: what the test tried to do, the element it asked for (the query
/// chain XCUITest prints: `Descendants matching type Button`, `Elements matching predicate '"id" IN identifiers'`,
/// `(First Match)`, `Element at index 2`…), how it failed (nothing matched, several did, not hittable, timed out),
/// and XCUITest's own list of what it searched (`from input {( … )}`). Messages of Xcode 7 to 26 and of Appium and
/// WebDriverAgent are read; a message that names no element is kept as text and said to be unread with the reason
/// (`unread`), never guessed at.
public struct FailureQuery: Equatable, Sendable {
    /// What the test did when it failed, in words: `tap`, `type into`, `swipe up`, `wait for`, … or `find`.
    public var action: String
    /// The same, as a kind a report can count (`tap`, `type`, `swipe`, `scroll`, `wait`, `exists-assert`, `other`).
    public enum ActionKind: String, Sendable { case tap, type, swipe, scroll, wait, existsAssert = "exists-assert", other }
    public var actionKind: ActionKind
    public enum Outcome: String, Sendable {
        case noMatches = "no matches"
        case multipleMatches = "several matches"
        case notHittable = "not hittable"
        case timedOut = "timed out"
        case noHitPoint = "no hit point"
        case failed
    }
    public var outcome: Outcome
    /// One link of the chain, in order from the application down.
    public struct Step: Equatable, Sendable {
        public enum Kind: String, Sendable { case descendants, children, predicate, firstMatch = "first match", index }
        public var kind: Kind
        /// `Button`, for `Descendants matching type Button`; nil for any type.
        public var type: String?
        public var identifier: String?
        public var label: String?
        public var index: Int?
        /// What a predicate asks, clause by clause; nil for a step that is no predicate.
        public var predicate: Predicate?
        /// The step as XCUITest printed it.
        public var text: String

        init(_ kind: Kind, type: String? = nil, identifier: String? = nil, label: String? = nil, index: Int? = nil, text: String) {
            self.kind = kind
            self.type = type
            self.identifier = identifier
            self.label = label
            self.index = index
            self.text = text
        }
    }
    /// The chain as the message prints it; empty when it prints none.
    public var steps: [Step]
    /// What the chain started from, when the message says: `Application` (`given input App element pid: N`).
    public var input: String?
    /// The quoted key of `Failed to tap "Save" Button` (an identifier or a label, as XCUITest's subscript matches
    /// either) and the type after it, when the chain does not name them.
    public var key: String?
    public var keyType: String?
    /// The element the message describes in debugDescription's words (`Button, {{…}}, identifier: 'x', label: 'y'`).
    public var described: Described?
    public struct Described: Equatable, Sendable {
        public var type: String
        public var identifier: String?
        public var label: String?
        public var value: String?
        public var placeholder: String?
        /// `{{x, y}, {w, h}}`, when the message gives one (a frame of infinities or of no size is none).
        public var frame: Rect?
    }
    /// A condition the message puts on the element beside its name (`exists == true`, a block predicate).
    public var condition: String?
    /// Appium's locator (`accessibility id` = `Login`), when the message is WebDriver's.
    public var locator: (using: String, value: String)?
    /// The application a launch or connection failure names (`com.example.App`).
    public var bundleID: String?
    /// The element a failure with no query names (`Application`, `Window`: the main window could not be read).
    public var subject: String?
    /// The lines of `from input {( … )}`: what XCUITest searched, in its words.
    public var searched: [String]
    /// The whole message as it was given.
    public var message: String
    /// Why the message is not read as a query (`an assertion's own words name no query`); nil when it is.
    public var unread: String?

    public static func == (a: FailureQuery, b: FailureQuery) -> Bool {
        a.action == b.action && a.actionKind == b.actionKind && a.outcome == b.outcome && a.steps == b.steps && a.input == b.input
            && a.key == b.key && a.keyType == b.keyType && a.described == b.described && a.condition == b.condition
            && a.locator?.using == b.locator?.using && a.locator?.value == b.locator?.value && a.bundleID == b.bundleID
            && a.subject == b.subject && a.searched == b.searched && a.message == b.message && a.unread == b.unread
    }

    /// Whether the message was read as a query: it names an element by a chain, a key, a description or a locator.
    public var isRead: Bool { unread == nil }

    /// The element asked for: the last type, identifier and label the chain names, else the key's or the
    /// described element's.
    /// The key's type comes first: a chain printed up to a container (`"Save" Button: … Descendants matching type
    /// NavigationBar`) failed on the way to the Button.
    public var type: String? { keyType ?? steps.last { $0.type != nil }?.type ?? described?.type }
    public var identifier: String? {
        steps.last { $0.identifier != nil }?.identifier ?? described?.identifier ?? (locator?.using == "accessibility id" ? locator?.value : nil)
    }
    public var label: String? { steps.last { $0.label != nil }?.label ?? described?.label }
    /// The containers the chain goes through before its target (`NavigationBar` in
    /// `Descendants matching type NavigationBar` -> `Descendants matching type Button`).
    public var containers: [String] {
        let target = type
        var out: [String] = []
        for s in steps where s.kind == .descendants || s.kind == .children {
            if let t = s.type, t != target, !out.contains(t) { out.append(t) }
        }
        return out
    }

    /// `Button 'checkout.confirm'`, `Button "Next"`, `any element 'camera'`: the target as a person reads it.
    /// An identifier or label of a message is shown by its first 200 characters: one of 60 KB would be a line of its
    /// own in every report.
    public var target: String {
        func short(_ s: String) -> String { s.count <= 200 ? s : String(s.prefix(200)) + "…" }
        var out = type ?? subject ?? "any element"
        if let id = identifier { out += " '\(short(id))'" }
        if let l = label { out += " \"\(short(l))\"" }
        if let k = key, identifier != k, label != k { out += " \"\(short(k))\"" }
        if let p = steps.last(where: { $0.predicate?.isOpaque == true || $0.predicate?.reducesToNames == false })?.predicate {
            out += " matching \(short(p.text))"
        }
        if let i = steps.last(where: { $0.kind == .index })?.index { out += " (index \(i))" }
        if let c = condition { out += " (\(short(c)))" }
        return out
    }
}
