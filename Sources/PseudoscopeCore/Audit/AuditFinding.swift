/// The release leak check's rules (`pseudoscope audit`). Raw values are the stable ids of every output.
public enum AuditRule: String, CaseIterable, Sendable {
    /// An `.lproj` of a pseudo or made-up locale in the product (`en-XA`, `qps-ploc`).
    case pseudoLocale = "pseudo-locale"
    /// A string table whose values carry pseudo-localization marks.
    case pseudoStrings = "pseudo-strings"
    /// The executable or a framework names the pseudo switch or the transform.
    case pseudoSwitch = "pseudo-switch"
    /// XCTest, Testing, a `.xctest` plug-in, preview or debug dylibs in the product.
    case testCode = "test-code"
    /// Sources, backups and build settings inside the bundle.
    case notProduct = "not-product"
    /// Keys of the development language a locale lacks, or values left as the development language's.
    case localizationCoverage = "localization-coverage"
    /// A locale the Info.plist declares without tables, or tables of a locale it does not declare.
    case undeclaredLocale = "undeclared-locale"
    /// A configuration a scheme archives compiles `DEBUG` in.
    case debugInDistribution = "debug-in-distribution"
    /// A build setting, an archived scheme or an app target's resources carry the pseudo switch or pseudo files.
    case pseudoInProject = "pseudo-in-project"
}

/// One thing a release would ship that it should not, or that a person should look at.
public struct AuditFinding: Equatable, Sendable {
    public var rule: AuditRule
    public var severity: Severity
    /// The product or project as it was given (`SkiResortFinder.ipa`).
    public var product: String
    /// The file inside it the finding is about (`Payload/Ski Resort Finder.app/SkiResortDatabase.swift.backup`), with
    /// `:line` where a line is known; empty for the product as a whole.
    public var file: String
    /// What was found and why it matters, one sentence.
    public var message: String
    /// The evidence: keys, values, the matched text and where.
    public var details: [String]

    public init(rule: AuditRule, severity: Severity, product: String, file: String, message: String, details: [String] = []) {
        self.rule = rule
        self.severity = severity
        self.product = product
        self.file = file
        self.message = message
        self.details = details
    }
}

/// The audit of one thing given: what it is, its findings, and what of it could not be judged.
public struct AuditedProduct: Equatable, Sendable {
    public enum Kind: String, Sendable {
        case app = "app", ipa = "ipa", xcarchive = "xcarchive", project = "project", zip = "zip"
        /// A folder given to search, named only for what of it was not searched.
        case folder = "folder"
    }

    public var path: String
    public var kind: Kind
    /// `Ski Resort Finder.app: iOS arm64, Xcode 2641, 8 localizations`: what was audited, in a line.
    public var summary: String
    public var findings: [AuditFinding]
    /// Parts that could not be read or judged (an encrypted binary, a file over the limit, a link out): the audit
    /// of this product is not complete, and says so.
    public var notAudited: [String]
    /// Why nothing of it could be read (a damaged zip, a folder that is no product); nil when it was read.
    public var unreadable: String?

    public init(path: String, kind: Kind, summary: String, findings: [AuditFinding] = [], notAudited: [String] = [], unreadable: String? = nil) {
        self.path = path
        self.kind = kind
        self.summary = summary
        self.findings = findings
        self.notAudited = notAudited
        self.unreadable = unreadable
    }
}

/// A whole audit's answer, decided once: every report and the exit status render it.
public struct AuditVerdict: Equatable, Sendable {
    public var products: [AuditedProduct]

    public init(products: [AuditedProduct]) {
        self.products = products.map { p in
            var p = p
            p.findings.sort { ($0.severity.rank, $0.rule.rawValue, $0.file) < ($1.severity.rank, $1.rule.rawValue, $1.file) }
            return p
        }
    }

    public var blocking: Int { products.reduce(0) { $0 + $1.findings.filter { $0.severity == .blocking }.count } }
    public var review: Int { products.reduce(0) { $0 + $1.findings.filter { $0.severity == .review }.count } }
    public var unreadable: Int { products.filter { $0.unreadable != nil }.count }
    /// Products read in part only.
    public var incomplete: Int { products.filter { $0.unreadable == nil && !$0.notAudited.isEmpty }.count }

    public enum Outcome: Equatable, Sendable { case green, blocked, notAudited, unreadable }

    /// `check`'s order: unreadable input first (2), then blocking (1), then something not audited (3), else green.
    public var outcome: Outcome {
        if unreadable > 0 { return .unreadable }
        if blocking > 0 { return .blocked }
        if incomplete > 0 { return .notAudited }
        return .green
    }
}

/// What judges one product and collects its findings (an app's rules, its string tables, a project's): one way to
/// add a finding, each named with the product as given.
protocol AuditJudge {
    var product: String { get }
    var findings: [AuditFinding] { get set }
}

extension AuditJudge {
    mutating func add(_ rule: AuditRule, _ severity: Severity, _ file: String, _ message: String, _ details: [String] = []) {
        findings.append(AuditFinding(rule: rule, severity: severity, product: product, file: file, message: message, details: details))
    }
}
