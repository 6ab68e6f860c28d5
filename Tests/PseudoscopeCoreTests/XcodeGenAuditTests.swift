import Foundation
import PseudoscopeTestSupport
import XCTest

@testable import PseudoscopeCore

/// XcodeGen's `project.yml` audited as the project it generates: the same leak written in a spec and in an
/// `.xcodeproj` gives the same finding; what the reader does not model is said; hostile YAML is bounded.
final class XcodeGenAuditTests: XCTestCase {
    func audit(_ path: URL) -> AuditedProduct? { Auditor.audit([path.path]).products.first }

    /// A pseudo table and an unfinished locale in the app's sources, shared by both descriptions.
    static let tables: [(String, String)] = [
        ("Shop/Resources/en.lproj/Localizable.strings", "\"buy\" = \"Buy now\";\n\"cart\" = \"Your cart\";\n\"pay\" = \"Pay securely\";\n"),
        ("Shop/Resources/fr.lproj/Localizable.strings", "\"buy\" = \"Ɓŭẏ ƞǿẇ\";\n\"cart\" = \"Ẏǿŭř ƈȧřŧ\";\n\"pay\" = \"Ƥȧẏ şḗƈŭřḗŀẏ\";\n"),
    ]

    /// Staging is a `debug` configuration (XcodeGen gives it DEBUG=1) that a scheme archives.
    static let manifest = """
        name: Shop
        options:
          developmentLanguage: en
        configs:
          Debug: debug
          Staging: debug
          Release: release
        settings:
          base:
            MARKETING_VERSION: 1.0
        targets:
          Shop:
            type: application
            platform: iOS
            sources:
              - path: Shop
            settings:
              configs:
                Release:
                  PRODUCT_BUNDLE_IDENTIFIER: com.example.shop
        schemes:
          Shop Staging:
            build:
              targets:
                Shop: all
            run:
              config: Staging
            archive:
              config: Staging

        """

    func testTheSameLeaksInASpecAndInAProjectGiveTheSameFindings() throws {
        let dir = try folder()
        try SyntheticProject.write(Self.tables + [("Shop/App.swift", "@main struct App {}\n"), ("project.yml", Self.manifest)], under: dir)
        // The project `xcodegen generate` would write for it.
        let debug: [String: [String]] = [
            "GCC_PREPROCESSOR_DEFINITIONS": ["$(inherited)", "DEBUG=1"], "SWIFT_ACTIVE_COMPILATION_CONDITIONS": ["DEBUG"],
        ]
        let project = SyntheticProject(
            configurations: [.init("Debug", debug), .init("Release"), .init("Staging", debug)],
            targets: [.init("Shop", [.init("Debug"), .init("Release"), .init("Staging")], resources: Self.tables.map(\.0))],
            knownRegions: ["en", "fr"])
        try SyntheticProject.write(
            [
                ("Shop.xcodeproj/project.pbxproj", project.pbxproj()),
                (
                    "Shop.xcodeproj/xcshareddata/xcschemes/Shop Staging.xcscheme",
                    SyntheticProject.scheme([("LaunchAction", .init("Staging")), ("ArchiveAction", .init("Staging"))])
                ),
            ], under: dir)
        let spec = try XCTUnwrap(audit(dir.appendingPathComponent("project.yml")))
        let generated = try XCTUnwrap(audit(dir.appendingPathComponent("Shop.xcodeproj")))
        func said(_ p: AuditedProduct) -> [String] {
            p.findings.map { "\($0.severity.rawValue) \($0.rule.rawValue) \($0.message.prefix(62))" }
        }
        XCTAssertEqual(said(spec), said(generated))
        XCTAssertEqual(
            said(spec),
            [
                "blocking debug-in-distribution Staging compiles DEBUG in (archived by scheme 'Shop Staging'):",
                "blocking pseudo-strings target Shop: 3 of 3 values carry pseudo-localization marks: a ",
            ])
        XCTAssertEqual(spec.notAudited, [])
        XCTAssertEqual(spec.summary, "1 target (1 app), 1 scheme, archived: Release, Staging")
        // Where XcodeGen put DEBUG: its preset for a `debug` configuration, named with the line that made it one.
        let debugFinding = try XCTUnwrap(spec.findings.first)
        XCTAssertTrue(
            debugFinding.details.contains { $0.contains("XcodeGen's debug preset for Staging (") && $0.contains("project.yml:6)") },
            "\(debugFinding.details)")
        XCTAssertTrue(spec.findings[1].file.hasSuffix("Shop/Resources/fr.lproj/Localizable.strings"), spec.findings[1].file)
    }

    /// Element X's spec and its generated project: test media kept out of archives by DEVELOPMENT_ASSET_PATHS pass in
    /// both, and without it both give the same review finding.
    func testElementXsSpecAndProjectAgree() throws {
        for assets in [true, false] {
            let dir = try folder()
            let (xcodeproj, manifest) = try ModeledProjects.elementX(in: dir, developmentAssets: assets)
            let spec = try XCTUnwrap(audit(dir.appendingPathComponent(manifest)))
            let generated = try XCTUnwrap(audit(dir.appendingPathComponent(xcodeproj)))
            XCTAssertEqual(spec.notAudited, [])
            XCTAssertEqual(spec.findings.map(\.rule), assets ? [] : [.pseudoInProject])
            XCTAssertEqual(spec.findings.map(\.message), generated.findings.map(\.message))
            XCTAssertEqual(spec.findings.map(\.details), generated.findings.map(\.details))
        }
    }

    /// Includes, templates, `configFiles` and a target scheme's arguments, each where XcodeGen puts it.
    func testIncludesTemplatesConfigFilesAndTargetSchemes() throws {
        let dir = try folder()
        try SyntheticProject.write(
            [
                ("project.yml", "name: App\ninclude:\n  - path: Targets/app.yml\nconfigFiles:\n  Release: Configs/Release.xcconfig\n"),
                (
                    "Targets/app.yml",
                    "targetTemplates:\n  Base:\n    type: application\n    platform: iOS\ntargets:\n  App:\n    templates: [Base]\n    sources: [../App]\n"
                        + "    scheme:\n      commandLineArguments:\n        \"-AppleTextDirection YES\": true\n      language: IDELaunchSchemeLanguageDoubleLocalizedStrings\n"
                ),
                ("Configs/Release.xcconfig", "// Release\nOTHER_SWIFT_FLAGS = $(inherited) -D DEBUG\n"),
                ("App/en.lproj/Localizable.strings", "\"a\" = \"A\";\n"),
            ], under: dir)
        let p = try XCTUnwrap(audit(dir.appendingPathComponent("project.yml")))
        XCTAssertEqual(p.notAudited, [])
        XCTAssertEqual(p.findings.map(\.rule), [.debugInDistribution, .pseudoInProject], "\(p.findings)")
        XCTAssertTrue(p.findings[0].file.hasSuffix("Configs/Release.xcconfig:2"), p.findings[0].file)
        // The target scheme's Profile action launches with the argument: for review, never blocking.
        XCTAssertEqual(p.findings[1].severity, .review)
        XCTAssertEqual(p.findings[1].details, ["argument -AppleTextDirection YES"])
        XCTAssertTrue(p.findings[1].file.hasSuffix("Targets/app.yml:10"), p.findings[1].file)
        XCTAssertTrue(p.summary.hasSuffix("pseudo-localization in Run/Test only (allowed): App (Run), App (Test)"), p.summary)
    }

    /// What the reader does not model is named (exit 3); an include that leaves the project is not read; Tuist's
    /// Swift manifest stays unread.
    func testWhatIsNotReadIsSaid() throws {
        let dir = try folder()
        try SyntheticProject.write(
            [
                ("outside.yml", "settings:\n  OTHER_SWIFT_FLAGS: -D DEBUG\n"),
                ("p/project.yml", "name: P\ninclude: [../outside.yml, missing.yml]\nprojectReferences:\n  Lib:\n    path: ../Lib/Lib.xcodeproj\n"),
                ("t/Project.swift", "import ProjectDescription\n"),
            ], under: dir)
        let v = Auditor.audit([dir.appendingPathComponent("p/project.yml").path])
        XCTAssertEqual(v.outcome, .notAudited)
        let unread = v.products.first?.notAudited ?? []
        XCTAssertEqual(unread.count, 3, "\(unread)")
        XCTAssertTrue(unread[0].hasSuffix("outside.yml: included from outside the project's folder; not read"), unread[0])
        XCTAssertTrue(unread[1].hasSuffix("missing.yml: included by \(dir.path)/p/project.yml:2, but there is no such file"), unread[1])
        XCTAssertTrue(
            unread[2].hasSuffix("project.yml: builds with the project ../Lib/Lib.xcodeproj, whose settings reach what it ships; audit that one too"),
            unread[2])
        let tuist = Auditor.audit([dir.appendingPathComponent("t").path])
        XCTAssertEqual(tuist.outcome, .notAudited)
    }

    /// Aliases count as what they repeat: a "billion laughs" is refused by name; deep nesting too.
    func testHostileYAMLIsBounded() throws {
        let dir = try folder()
        var laughs = "a: &a [x, x, x, x, x, x, x, x, x, x]\n"
        for k in 1..<12 {
            laughs +=
                "\(Character(Unicode.Scalar(97 + k)!)): &\(Character(Unicode.Scalar(97 + k)!)) ["
                + Array(repeating: "*\(Character(Unicode.Scalar(96 + k)!))", count: 10).joined(separator: ", ") + "]\n"
        }
        try SyntheticProject.write(
            [("bomb/project.yml", laughs), ("deep/project.yml", String(repeating: "[", count: 5000) + String(repeating: "]", count: 5000))],
            under: dir)
        let bomb = Auditor.audit([dir.appendingPathComponent("bomb/project.yml").path])
        XCTAssertEqual(bomb.outcome, .unreadable)
        XCTAssertTrue(bomb.products.first?.unreadable?.contains("aliases counted as what they repeat") == true, bomb.products.first?.unreadable ?? "")
        let deep = Auditor.audit([dir.appendingPathComponent("deep/project.yml").path])
        XCTAssertTrue(
            deep.products.first?.unreadable?.contains("nesting deeper than the limit of 512 levels") == true, deep.products.first?.unreadable ?? "")
        let notYAML = try folder().appendingPathComponent("project.yml")
        try Data("a: [unclosed\n".utf8).write(to: notYAML)
        XCTAssertTrue(Auditor.audit([notYAML.path]).products.first?.unreadable?.contains("is not YAML") == true)
    }
}
