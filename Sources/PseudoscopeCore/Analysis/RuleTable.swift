/// Every rule of `check` and `audit` described once: its id, a title, what it means, and where docs/checks.md
/// explains it. SARIF's `tool.driver.rules`, GitHub's annotation titles, GitLab's check names and docs/checks.md's
/// table of rules all read it (`RuleTableTests` keeps the docs' table and anchors equal to it).
public struct RuleInfo: Equatable, Sendable {
    public var id: String
    public var title: String
    public var meaning: String
    /// `docs/checks.md#rule-text-truncated`: the anchor each rule's section carries.
    public var help: String { "docs/checks.md#rule-\(id)" }
    /// Which command's rule it is.
    public var command: String
}

extension Rule {
    public var info: RuleInfo {
        let (title, meaning): (String, String)
        switch self {
        case .textTruncated: (title, meaning) = ("Text truncated", "the text needs more room than its frame gives: it is cut")
        case .truncationHeadroom:
            (title, meaning) = ("Truncation ahead", "the text fits today but not at the expanded run's +40%: it will be cut")
        case .outsideWindow: (title, meaning) = ("Outside the window", "the element lies partly or wholly outside the window")
        case .outsideParent: (title, meaning) = ("Outside its parent", "the element sticks out of the container that holds it")
        case .primaryActionUnreachable:
            (title, meaning) = ("Primary action unreachable", "a primary action is missing, not hittable, covered or outside the window")
        case .hardcodedText: (title, meaning) = ("Hard-coded text", "visible text that bypassed the localization layer")
        case .concatenatedString: (title, meaning) = ("Concatenated string", "one text built from several localized strings")
        case .rtlNotMirrored: (title, meaning) = ("Not mirrored in RTL", "navigation, a horizontal list or a directional icon that did not flip")
        case .missingAccessibleLabel: (title, meaning) = ("No accessible label", "an interactive control VoiceOver has no name for")
        case .validationDuringComposition:
            (title, meaning) = ("Validated during IME composition", "a field validated or submitted while marked text is being composed")
        case .overlappingText: (title, meaning) = ("Overlapping text", "texts drawn over each other")
        case .smallHitRegion: (title, meaning) = ("Small hit region", "a control smaller than 44×44 pt to tap")
        case .untranslated: (title, meaning) = ("Untranslated", "the development language's text shown in a locale run")
        case .missingTranslation: (title, meaning) = ("Missing translation", "a key the run's language has no value for")
        case .wrongLanguage: (title, meaning) = ("Wrong language", "another language's text shown in a locale run")
        case .pseudoInControlRun: (title, meaning) = ("Pseudo marks in the control run", "pseudo-localization leaked into a run that must show none")
        }
        return RuleInfo(id: rawValue, title: title, meaning: meaning, command: "check")
    }
}

extension AuditRule {
    public var info: RuleInfo {
        let (title, meaning): (String, String)
        switch self {
        case .pseudoLocale: (title, meaning) = ("Pseudo locale shipped", "an .lproj of a pseudo or made-up locale is in the product")
        case .pseudoStrings: (title, meaning) = ("Pseudo strings shipped", "a string table's values carry pseudo-localization marks")
        case .pseudoSwitch: (title, meaning) = ("Pseudo switch shipped", "the executable names the pseudo switch or the transform")
        case .testCode: (title, meaning) = ("Test code shipped", "XCTest, a test plug-in, a test server or debug dylibs are in the product")
        case .notProduct: (title, meaning) = ("Not part of the product", "sources, backups or build settings inside the bundle")
        case .localizationCoverage: (title, meaning) = ("Localization coverage", "keys a locale lacks, or values left in the development language")
        case .undeclaredLocale: (title, meaning) = ("Undeclared locale", "a locale declared without tables, or tables of an undeclared locale")
        case .debugInDistribution: (title, meaning) = ("DEBUG in distribution", "a configuration a scheme archives compiles DEBUG in")
        case .pseudoInProject:
            (title, meaning) = ("Pseudo in the project", "a setting, archived scheme or resource carries the pseudo switch or files")
        }
        return RuleInfo(id: rawValue, title: title, meaning: meaning, command: "audit")
    }
}

extension RuleInfo {
    /// What the CI formats report a run or product under when it was not judged in full, or not read: green means
    /// checked, and a CI page says so too.
    public static let notChecked = RuleInfo(
        id: "not-checked", title: "Not checked", meaning: "a run or product was read but could not be judged in full", command: "check, audit")
    public static let unreadable = RuleInfo(
        id: "unreadable", title: "Could not be read", meaning: "an input could not be read", command: "check, audit")

    /// Every rule, `check`'s then `audit`'s, then the two every report names for what it could not judge.
    public static let all: [RuleInfo] = Rule.allCases.map(\.info) + AuditRule.allCases.map(\.info) + [notChecked, unreadable]

    /// The table docs/checks.md shows, from this one.
    public static var markdownTable: String {
        "| rule | command | title | what it means |\n|---|---|---|---|\n"
            + all.map { "| [`\($0.id)`](#rule-\($0.id)) | \($0.command) | \($0.title) | \($0.meaning) |\n" }.joined()
    }
}
