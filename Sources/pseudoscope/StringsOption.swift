import Foundation
import PseudoscopeCore
import PseudoscopeDrawing
import PseudoscopeScreens

/// `--strings PATH` and `--development-language LANG` (docs/strings.md): the app's string tables, loaded once
/// per command, their warnings on stderr.
enum StringsOption {
    static let options: [OptionSpec] = [
        OptionSpec(
            "--strings", "PATH",
            "the app's string tables: a folder of *.lproj (.strings, .stringsdict) or a .xcstrings catalog; locale runs are checked against them"),
        OptionSpec("--development-language", "LANG", "the language the app is written in (default: the catalog's sourceLanguage, else en)"),
    ]

    /// `en`, `es-419`, `pt-BR`, `zh-Hans`, `zh_Hant_TW`: letters, then up to three subtags.
    static func isLanguageCode(_ s: String) -> Bool {
        let parts = s.split(separator: "-", omittingEmptySubsequences: false).flatMap { $0.split(separator: "_", omittingEmptySubsequences: false) }
        guard let first = parts.first, (2...3).contains(first.count), first.allSatisfy({ $0.isASCII && $0.isLetter }), parts.count <= 4 else {
            return false
        }
        return parts.dropFirst().allSatisfy { (2...8).contains($0.count) && $0.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber) } }
    }
}

/// `--strings` and `--development-language` as given.
struct StringsSettings {
    var path: String?
    var developmentLanguage: String?

    init(_ p: ParsedArguments) {
        path = p.value("--strings")
        developmentLanguage = p.value("--development-language")
    }

    /// The tables, loaded, their warnings on standard error; an empty context without `--strings`.
    func context() throws -> CheckContext {
        if let d = developmentLanguage, !StringsOption.isLanguageCode(d) {
            throw UsageError(message: "--development-language '\(TerminalText.sanitize(d))' is not a language code (en, pt-BR, zh-Hans)")
        }
        guard let path else {
            if developmentLanguage != nil {
                throw UsageError(message: "--development-language applies to the tables of --strings; give --strings PATH too")
            }
            return CheckContext()
        }
        let catalog = try StringCatalog.load(
            path, developmentLanguage: developmentLanguage, limits: try LoadLimits.from(environment: processEnvironment))
        for w in catalog.warnings {
            printError("pseudoscope: warning: \(TerminalText.sanitize(w.file)):\(w.line): \(TerminalText.sanitize(w.message))")
        }
        return CheckContext(strings: catalog)
    }
}
