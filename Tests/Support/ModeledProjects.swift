import Foundation

/// Xcode projects modeled on the real ones `../shared/notes/real-products.md` records (project files are build
/// recipes, not kept there): the same configurations, schemes, xcconfig layers and resources, written at test time.
/// Each writes a project folder under `folder` and returns the path to audit, relative to `folder`.
public enum ModeledProjects {
    typealias Configuration = SyntheticProject.Configuration
    typealias Action = SyntheticProject.Action

    static func files(_ project: SyntheticProject, at xcodeproj: String, schemes: [(String, [(String, Action)])]) -> [(String, String)] {
        [("\(xcodeproj)/project.pbxproj", project.pbxproj())]
            + schemes.map { ("\(xcodeproj)/xcshareddata/xcschemes/\($0.0).xcscheme", SyntheticProject.scheme($0.1)) }
    }

    /// Pocket Casts (2024): Prototype (an in-house distribution) and Staging are archived with DEBUG on, in the
    /// project's xcconfigs, the project's settings and an extension's; Release is clean; the app target's CocoaPods
    /// xcconfigs were never committed.
    public static func pocketCasts(in folder: URL) throws -> String {
        let names = ["Debug", "Release", "Prototype", "Staging"]
        let project = names.map { name -> Configuration in
            var settings: [String: [String]] = ["SWIFT_VERSION": ["5.0"]]
            if name != "Release" { settings["GCC_PREPROCESSOR_DEFINITIONS"] = ["DEBUG=1", "$(inherited)"] }
            return Configuration(name, settings, base: "config/PocketCasts.\(name.lowercased()).xcconfig")
        }
        let app = names.map {
            Configuration(
                $0, ["PRODUCT_NAME": ["$(TARGET_NAME)"]], base: "Pods/Target Support Files/Pods-podcasts/Pods-podcasts.\($0.lowercased()).xcconfig")
        }
        let extensionConfigurations = names.map { name in
            Configuration(
                name, name == "Release" ? ["SWIFT_ACTIVE_COMPILATION_CONDITIONS": [""]] : ["SWIFT_ACTIVE_COMPILATION_CONDITIONS": ["DEBUG"]])
        }
        let tests = names.map { Configuration($0, ["SWIFT_ACTIVE_COMPILATION_CONDITIONS": ["DEBUG"]]) }
        let p = SyntheticProject(
            configurations: project,
            targets: [
                .init("podcasts", app, resources: ["podcasts/de.lproj/Localizable.strings", "podcasts/en.lproj/Localizable.strings"]),
                .init("NotificationExtension", type: "com.apple.product-type.app-extension", extensionConfigurations),
                .init("PocketCastsTests", type: "com.apple.product-type.bundle.unit-test", tests),
            ], knownRegions: ["en", "Base", "de"])
        let xcconfigs: [(String, String)] = [
            ("config/PocketCasts.debug.xcconfig", "// Debug\nOTHER_SWIFT_FLAGS = -D DEBUG\n"),
            ("config/PocketCasts.release.xcconfig", "// Release\nOTHER_SWIFT_FLAGS = $(inherited)\n"),
            (
                "config/PocketCasts.prototype.xcconfig",
                (1...13).map { "// prototype line \($0)\n" }.joined()
                    + "OTHER_SWIFT_FLAGS = -D DEBUG\nPROVISIONING_PROFILE_SPECIFIER = match InHouse au.com.shiftyjelly.podcasts\n"
            ),
            ("config/PocketCasts.staging.xcconfig", "// Staging\n//\n//\n//\nOTHER_SWIFT_FLAGS = -D STAGING -D DEBUG\n"),
        ]
        let strings: [(String, String)] = [
            ("podcasts/en.lproj/Localizable.strings", "\"play\" = \"Play\";\n\"pause\" = \"Pause\";\n\"up_next\" = \"Up Next\";\n"),
            ("podcasts/de.lproj/Localizable.strings", "\"play\" = \"Abspielen\";\n\"pause\" = \"Pausieren\";\n\"up_next\" = \"Als Nächstes\";\n"),
        ]
        let schemes: [(String, [(String, Action)])] = [
            ("podcasts", [("LaunchAction", Action("Debug")), ("ProfileAction", Action("Release")), ("ArchiveAction", Action("Release"))]),
            ("Pocket Casts Prototype Build", [("LaunchAction", Action("Prototype")), ("ArchiveAction", Action("Prototype"))]),
            ("Pocket Casts Staging", [("LaunchAction", Action("Staging")), ("ArchiveAction", Action("Staging"))]),
        ]
        try SyntheticProject.write(
            files(p, at: "pocketcasts/podcasts.xcodeproj", schemes: schemes) + prefixed("pocketcasts", xcconfigs + strings), under: folder)
        return "pocketcasts/podcasts.xcodeproj"
    }

    static func prefixed(_ prefix: String, _ files: [(String, String)]) -> [(String, String)] { files.map { ("\(prefix)/\($0.0)", $0.1) } }

    static func simpleApp(_ name: String, resources: [String] = [], knownRegions: [String] = ["en", "Base"], release: [String: [String]] = [:])
        -> SyntheticProject
    {
        SyntheticProject(
            configurations: [Configuration("Debug", ["SWIFT_ACTIVE_COMPILATION_CONDITIONS": ["DEBUG"]]), Configuration("Release", release)],
            targets: [.init(name, [Configuration("Debug"), Configuration("Release")], resources: resources)], knownRegions: knownRegions)
    }

    /// A SwiftUI sample whose Run action launches in Xcode's double-length pseudolanguage (allowed: the gate working).
    public static func pseudolanguageSample(in folder: URL) throws -> String {
        let schemes: [(String, [(String, Action)])] = [
            (
                "Pseudolanguage_Sample",
                [
                    ("TestAction", Action("Debug")),
                    ("LaunchAction", Action("Debug", attributes: ["language": "IDELaunchSchemeLanguageDoubleLocalizedStrings"])),
                    ("ProfileAction", Action("Release", attributes: ["shouldUseLaunchSchemeArgsEnv": "YES"])), ("ArchiveAction", Action("Release")),
                ]
            )
        ]
        try SyntheticProject.write(
            files(simpleApp("Pseudolanguage_Sample"), at: "pseudolanguage-sample/Pseudolanguage_Sample.xcodeproj", schemes: schemes), under: folder)
        return "pseudolanguage-sample/Pseudolanguage_Sample.xcodeproj"
    }

    /// Open Food Facts (2017): the Run action shows non-localized strings in the double-length pseudolanguage, and
    /// Profile uses the Run action's arguments, among them `runArguments` (none in the real one).
    public static func openFoodFacts(in folder: URL, runArguments: [String] = [], runEnvironment: [String: String] = [:]) throws -> String {
        let launch = Action(
            "Debug", attributes: ["language": "IDELaunchSchemeLanguageDoubleLocalizedStrings", "showNonLocalizedStrings": "YES"],
            arguments: runArguments, environment: runEnvironment)
        let schemes: [(String, [(String, Action)])] = [
            (
                "OpenFoodFacts",
                [
                    ("LaunchAction", launch), ("ProfileAction", Action("Release", attributes: ["shouldUseLaunchSchemeArgsEnv": "YES"])),
                    ("ArchiveAction", Action("Release")),
                ]
            )
        ]
        let strings: [(String, String)] = [
            (
                "OpenFoodFacts/en.lproj/Localizable.strings",
                "\"scan\" = \"Scan\";\n\"search\" = \"Search\";\n\"translate\" = \"Translate Open Food Facts\";\n"
            ),
            ("OpenFoodFacts/Base.lproj/Main.strings", "\"title\" = \"Open Food Facts\";\n"),
        ]
        let p = simpleApp("OpenFoodFacts", resources: strings.map(\.0))
        try SyntheticProject.write(
            files(p, at: "openfoodfacts/OpenFoodFacts.xcodeproj", schemes: schemes) + prefixed("openfoodfacts", strings), under: folder)
        return "openfoodfacts/OpenFoodFacts.xcodeproj"
    }

    /// bitchat (2026): `Debug.xcconfig` includes `Release.xcconfig` and an optional, absent `Local.xcconfig`; the
    /// share extension ships a String Catalog. `anchored` bases the configurations on their xcconfigs as Xcode 16
    /// writes it for a synchronized folder; `releaseLine` is added to `Release.xcconfig`.
    public static func bitchat(in folder: URL, anchored: Bool = false, releaseLine: String = "") throws -> String {
        func configuration(_ name: String) -> Configuration {
            anchored ? Configuration(name, anchored: ("Configs", "\(name).xcconfig")) : Configuration(name, base: "Configs/\(name).xcconfig")
        }
        let p = SyntheticProject(
            configurations: [configuration("Debug"), configuration("Release")],
            targets: [
                .init("bitchat", [Configuration("Debug"), Configuration("Release")]),
                .init(
                    "bitchatShareExtension", type: "com.apple.product-type.app-extension", [Configuration("Debug"), Configuration("Release")],
                    resources: ["bitchatShareExtension/Localization/Localizable.xcstrings"]),
            ], knownRegions: ["Base", "en", "de", "fr"])
        let catalog = """
            {"sourceLanguage":"en","version":"1.0","strings":{
            "share.title":{"localizations":{"en":{"stringUnit":{"state":"translated","value":"Share to bitchat"}},
            "de":{"stringUnit":{"state":"translated","value":"In bitchat teilen"}},"fr":{"stringUnit":{"state":"translated","value":"Partager dans bitchat"}}}},
            "share.sent":{"localizations":{"en":{"stringUnit":{"state":"translated","value":"Sent"}},
            "de":{"stringUnit":{"state":"translated","value":"Gesendet"}},"fr":{"stringUnit":{"state":"translated","value":"Envoyé"}}}}}}
            """
        let own: [(String, String)] = [
            ("Configs/Debug.xcconfig", "#include \"Release.xcconfig\"\n#include? \"Local.xcconfig\"\nSWIFT_ACTIVE_COMPILATION_CONDITIONS = DEBUG\n"),
            ("Configs/Release.xcconfig", "MARKETING_VERSION = 1.5.1\n" + releaseLine + (releaseLine.isEmpty ? "" : "\n")),
            ("bitchatShareExtension/Localization/Localizable.xcstrings", catalog),
        ]
        let schemes: [(String, [(String, Action)])] = [("bitchat", [("LaunchAction", Action("Debug")), ("ArchiveAction", Action("Release"))])]
        try SyntheticProject.write(files(p, at: "bitchat/bitchat.xcodeproj", schemes: schemes) + prefixed("bitchat", own), under: folder)
        return "bitchat/bitchat.xcodeproj"
    }

    /// Element X (2026): an XcodeGen project (`project.yml`, a target's `target.yml`) and the project it generates,
    /// whose app target copies test media kept out of archives by `DEVELOPMENT_ASSET_PATHS` (unless
    /// `developmentAssets` is false), and en, en-US and de tables.
    public static func elementX(in folder: URL, developmentAssets: Bool = true) throws -> (xcodeproj: String, manifest: String) {
        let media = ["test_image.png", "test_pdf.pdf", "landscape_test_image.jpg", "test_audio.mp3", "test_video.mp4", "test_animated_image.gif"]
            .map { "DevelopmentAssets/Media/\($0)" }
        let strings = ["en", "en-US", "de"].map { "ElementX/Resources/Localizations/\($0).lproj/Localizable.strings" }
        let release: [String: [String]] = developmentAssets ? ["DEVELOPMENT_ASSET_PATHS": ["DevelopmentAssets/Media"]] : [:]
        let p = SyntheticProject(
            configurations: [Configuration("Debug", ["SWIFT_ACTIVE_COMPILATION_CONDITIONS": ["DEBUG"]]), Configuration("Release")],
            targets: [.init("ElementX", [Configuration("Debug", release), Configuration("Release", release)], resources: media + strings)],
            knownRegions: ["en", "en-US", "de", "Base"])
        let tables: [(String, String)] = [
            (
                strings[0],
                "\"common_cancel\" = \"Cancel\";\n\"common_color\" = \"Colour\";\n\"common_favourite\" = \"Favourite\";\n\"common_done\" = \"Done\";\n\"common_settings\" = \"Settings\";\n\"common_ok\" = \"OK\";\n"
            ),
            // en-US overrides the spelling and repeats the rest, as Element's translators left it.
            (
                strings[1],
                "\"common_cancel\" = \"Cancel\";\n\"common_color\" = \"Color\";\n\"common_favourite\" = \"Favorite\";\n\"common_done\" = \"Done\";\n\"common_settings\" = \"Settings\";\n\"common_ok\" = \"OK\";\n"
            ),
            (
                strings[2],
                "\"common_cancel\" = \"Abbrechen\";\n\"common_color\" = \"Farbe\";\n\"common_favourite\" = \"Favorit\";\n\"common_done\" = \"Fertig\";\n\"common_settings\" = \"Einstellungen\";\n\"common_ok\" = \"OK\";\n"
            ),
        ]
        let manifest = """
            name: ElementX
            include:
              - path: app.yml
            options:
              bundleIdPrefix: io.element
            settings:
              base:
                MARKETING_VERSION: 26.07.0
              configs:
                Debug:
                  SWIFT_ACTIVE_COMPILATION_CONDITIONS: DEBUG
            targets:
              ElementX:
                type: application
                platform: iOS
                sources:
                  - path: ElementX/Sources
                  - path: ElementX/Resources
                  - path: DevelopmentAssets/Media
                settings:
                  base:
            \(developmentAssets ? "        DEVELOPMENT_ASSET_PATHS: DevelopmentAssets/Media" : "        PRODUCT_NAME: ElementX")
            schemes:
              ElementX:
                build:
                  targets:
                    ElementX: all
                run:
                  config: Debug
                archive:
                  config: Release

            """
        let app = "options:\n  deploymentTarget:\n    iOS: \"17.0\"\n"
        let schemes: [(String, [(String, Action)])] = [("ElementX", [("LaunchAction", Action("Debug")), ("ArchiveAction", Action("Release"))])]
        var written = files(p, at: "element-x/ElementX.xcodeproj", schemes: schemes) + prefixed("element-x", tables)
        written += [("element-x/project.yml", manifest), ("element-x/app.yml", app)]
        written += media.map { ("element-x/\($0)", "media") } + [("element-x/ElementX/Sources/App.swift", "@main struct App {}\n")]
        try SyntheticProject.write(written, under: folder)
        return ("element-x/ElementX.xcodeproj", "element-x/project.yml")
    }
}
