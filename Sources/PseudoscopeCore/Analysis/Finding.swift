/// How bad a finding is: `blocking` fails the gate, `review` is recorded for a person to look at.
public enum Severity: String, Comparable, CaseIterable, Sendable {
    case blocking, review

    public static func < (a: Severity, b: Severity) -> Bool { a.rank < b.rank }
    /// Blocking sorts first.
    var rank: Int { self == .blocking ? 0 : 1 }
}

/// The layout rules Pseudoscope checks. Raw values are the stable ids used in output and `--rule`.
public enum Rule: String, CaseIterable, Sendable {
    case textTruncated = "text-truncated"
    case truncationHeadroom = "truncation-headroom"
    case outsideWindow = "outside-window"
    case outsideParent = "outside-parent"
    case primaryActionUnreachable = "primary-action-unreachable"
    case hardcodedText = "hardcoded-text"
    case concatenatedString = "concatenated-string"
    case rtlNotMirrored = "rtl-not-mirrored"
    case missingAccessibleLabel = "missing-accessible-label"
    case validationDuringComposition = "validation-during-composition"
    case overlappingText = "overlapping-text"
    case smallHitRegion = "small-hit-region"
    case untranslated
    case missingTranslation = "missing-translation"
    case wrongLanguage = "wrong-language"
    case pseudoInControlRun = "pseudo-in-control-run"

    /// The rule's place in `allCases`: the order findings of one element are listed in, and the spool's number.
    var index: Int { Rule.allCases.firstIndex(of: self)! }
}

/// One fault found in an archive: which rule, how bad, which element, and the evidence in numbers.
public struct Finding: Equatable, Sendable {
    public var rule: Rule
    public var severity: Severity
    /// The element's index in the hierarchy; nil when the element is missing from it.
    public var element: Int?
    /// `Application/Window/Other/Button[1]`, or the identifier that was looked for when missing.
    public var elementPath: String
    public var elementType: String
    public var identifier: String
    /// The element's accessibility label (what VoiceOver reads).
    public var label: String
    /// The text the element shows: its label, else title, value or placeholder.
    public var text: String
    public var frame: Rect?
    /// One line that says what is wrong, with the numbers.
    public var message: String
    /// The numbers behind the message, by name, in a fixed order (for `--json`).
    public var evidence: [(name: String, value: Double)]
    /// For pair rules: the other archive's path.
    public var otherArchive: String?
    /// Stable across runs (rule, screen, element identity; docs/triage.md), set by the checks.
    public var fingerprint = ""
    /// Why this finding may be a false alarm, from the screen (`FalseAlarmHints`); severity is not changed by them.
    public var hints: [String] = []
    /// Set when the finding stands for a stack of elements that fail alike (the same rule, the same frame, the
    /// same overlapping frame): every member, the first being `element`; one finding says what thousands would.
    public var stack: FindingStack? {
        @inline(__always) get { stackBox?.stack }
        set { stackBox = newValue.map(StackBox.init) }
    }
    private var stackBox: StackBox?
    /// Set when a baseline knows this finding (`check --baseline`).
    public var known: KnownIssue? {
        @inline(__always) get { knownBox?.issue }
        set { knownBox = newValue.map(KnownBox.init) }
    }
    /// Kept out of line: a baseline entry is as large as the rest of a finding and most findings have none, while
    /// a large screen's findings are moved and sorted by the hundred thousand.
    private var knownBox: KnownBox?
    /// Set when compared with a previous run (`check --since`).
    public var novelty: Novelty?

    public init(
        rule: Rule, severity: Severity, element: Int?, elementPath: String, elementType: String, identifier: String,
        label: String, text: String? = nil, frame: Rect?, message: String, evidence: [(name: String, value: Double)] = [],
        otherArchive: String? = nil, fingerprint: String = "", hints: [String] = [], known: KnownIssue? = nil,
        novelty: Novelty? = nil, stack: FindingStack? = nil
    ) {
        self.text = text ?? label
        self.fingerprint = fingerprint
        self.hints = hints
        self.knownBox = known.map(KnownBox.init)
        self.novelty = novelty
        self.stackBox = stack.map(StackBox.init)
        self.rule = rule
        self.severity = severity
        self.element = element
        self.elementPath = elementPath
        self.elementType = elementType
        self.identifier = identifier
        self.label = label
        self.frame = frame
        self.message = message
        self.evidence = evidence
        self.otherArchive = otherArchive
    }

    /// Every field: a test that compares findings must see a lost hint, a swapped label or a dropped stack.
    public static func == (a: Finding, b: Finding) -> Bool {
        a.rule == b.rule && a.severity == b.severity && a.element == b.element && a.elementPath == b.elementPath
            && a.elementType == b.elementType && a.identifier == b.identifier && a.label == b.label && a.text == b.text
            && a.frame == b.frame && a.message == b.message && a.otherArchive == b.otherArchive
            && a.evidence.map(\.name) == b.evidence.map(\.name) && a.evidence.map(\.value) == b.evidence.map(\.value)
            && a.fingerprint == b.fingerprint && a.hints == b.hints && a.stack == b.stack && a.known == b.known
            && a.novelty == b.novelty
    }

    /// The element as every message names it (`ElementName`): `Button 'checkout.confirm'`, `StaticText "Dark Mode"`,
    /// `Button at {16, 890, 361×50}`.
    public var elementReference: String {
        ElementName.of(type: elementType, identifier: identifier, text: text, frame: frame)
    }
}

/// The named thresholds of the rules (documented in docs/checks.md).
public enum CheckThresholds {
    /// Intrinsic content may exceed the frame by this much before text counts as truncated (rounding).
    public static let truncationTolerance: Double = 1
    /// An estimated text (no intrinsic size recorded) counts as truncated when it needs this much more than its
    /// frame under the most lenient style its frame allows, and at least `estimatedTruncationExcess` points:
    /// SwiftUI's and UIKit's labels that hug their text measure within 1% of their frames, a style or font the
    /// frame does not reveal within about 7% (docs/checks.md, "Estimated truncation").
    public static let estimatedTruncationReview: Double = 1.15
    public static let estimatedTruncationExcess: Double = 3
    /// Blocking only when even the smallest size an app sets text in (`TextStyle.smallestSize`) leaves it this
    /// much too wide: no font choice explains the shortfall.
    public static let estimatedTruncationBlocking: Double = 1.5
    /// `truncation-headroom` on an estimate asks only of labels whose frame is this much wider than their text:
    /// a label that hugs its text grows with it.
    public static let estimatedHeadroomSlack: Double = 1.08
    /// How much longer the expanded run makes every string (about 40%): `truncation-headroom` asks whether a
    /// normal run's text would still fit at this factor.
    public static let expansionFactor: Double = 1.4
    /// Frames may stick out of their parent or the window by this much (anti-aliasing, hairlines, glyphs that
    /// overhang their box by a point or two).
    public static let containmentTolerance: Double = 2
    /// Siblings may overlap by this much in both directions before it counts as overlap.
    public static let overlapTolerance: Double = 2
    /// Apple's Human Interface Guidelines: hit targets of at least 44×44 pt.
    public static let minimumHitSize: Double = 44
    /// Hit regions may fall short of the minimum by this much (43.5-pt table rows, rounding).
    public static let hitSizeTolerance: Double = 1
    /// UIKit's fixed-size controls, which an app cannot enlarge: `UISwitch` is 51×31 pt, a search field 36 pt high.
    public static let standardSwitchSize = Size(width: 51, height: 31)
    public static let standardSearchFieldHeight: Double = 36
}

/// A finding's baseline entry, out of line (`Finding.known`). Immutable: a changed entry is a new box.
/// The members of a stack finding: their elements, their paths once named, and the frames that make it a stack
/// (what its fingerprint is made of: not the member count, which may change from run to run).
public struct FindingStack: Equatable, Sendable {
    public var members: [Int]
    public var paths: [String] = []
    /// `{8, 0, 377×44}|{8, 0, 377×44}`: the members' frame and the frame they overlap.
    public var frames: String

    public init(members: [Int], frames: String) {
        self.members = members
        self.frames = frames
    }

    public var count: Int { members.count }
}

private final class StackBox: Sendable {
    let stack: FindingStack
    init(_ stack: FindingStack) { self.stack = stack }
}

private final class KnownBox: Sendable {
    let issue: KnownIssue
    init(_ issue: KnownIssue) { self.issue = issue }
}
