import Foundation
import PseudoscopeTestSupport
import XCTest

@testable import PseudoscopeCore

/// The app's string tables (`--strings`) and the locale-run rules that read them (docs/strings.md).
final class StringsTests: XCTestCase {
    // MARK: - Reading tables

    func parse(_ text: String, file: String = "es.lproj/Localizable.strings") throws -> (entries: [LocalizedString], warnings: [StringsFile.Warning])
    {
        try StringsFile.parse(Array(text.utf8), file: file, table: "Localizable", language: "es")
    }

    func error(_ bytes: [UInt8], file: String = "es.lproj/Localizable.strings") -> String? {
        do {
            _ = try StringsFile.parse(bytes, file: file, table: "Localizable", language: "es")
            return nil
        } catch let e as ArchiveError {
            return e.description
        } catch {
            return "\(error)"
        }
    }

    func testAStringsTableReadsEntriesCommentsAndEscapes() throws {
        let t = try parse(
            """
            /* The title */
            "settings.title" = "Ajustes";
            // a line comment
            "quote" = "Dijo \\"hola\\"\\nadiós\\t\\U00E9";
            bare_key = "sin comillas";
            "only.key";
            "emoji" = "\\UD83D\\UDE00";
            """)
        XCTAssertEqual(t.entries.map(\.key), ["settings.title", "quote", "bare_key", "only.key", "emoji"])
        XCTAssertEqual(t.entries.map { $0.texts[0] }, ["Ajustes", "Dijo \"hola\"\nadiós\té", "sin comillas", "only.key", "😀"])
        XCTAssertEqual(t.entries[1].place, "es.lproj/Localizable.strings:4")
        XCTAssertTrue(t.warnings.isEmpty)
    }

    func testUTF16TablesReadWithAndWithoutAByteOrderMark() throws {
        let text = "\"settings.push\" = \"Notificaciones push\";\n\"a\" = \"ñandú\";\n"
        let le: [UInt8] = [0xFF, 0xFE] + Array(text.data(using: .utf16LittleEndian)!)
        let be: [UInt8] = Array(text.data(using: .utf16BigEndian)!)  // no BOM: told by the zero bytes
        for bytes in [le, be] {
            let t = try StringsFile.parse(bytes, file: "es.lproj/Localizable.strings", table: "Localizable", language: "es")
            XCTAssertEqual(t.entries.map { $0.texts[0] }, ["Notificaciones push", "ñandú"])
        }
        // An odd number of bytes after a UTF-16 byte order mark is not UTF-16.
        XCTAssertEqual(
            error([0xFF, 0xFE, 0x22, 0x00, 0x61]),
            "es.lproj/Localizable.strings: is not valid UTF-16 (it starts like UTF-16, but its bytes do not decode)")
        // A lone low surrogate does not decode either.
        XCTAssertNotNil(error([0xFF, 0xFE, 0x22, 0x00, 0x00, 0xDC, 0x22, 0x00, 0x3B, 0x00])?.range(of: "not valid UTF-16"))
        XCTAssertEqual(
            error(Array("\"a\" = \"b\";\n\"c\" = \"".utf8) + [0xC3, 0x28] + Array("\";\n".utf8)),
            "es.lproj/Localizable.strings: line 2: is not valid UTF-8 (nor UTF-16)")
    }

    func testMalformedTablesNameTheFileLineAndKey() {
        XCTAssertEqual(
            error(Array("\"a\" = \"b\";\n\"settings.title\" = \"Ajustes;\n".utf8)),
            "es.lproj/Localizable.strings: line 2: a string is never closed (the value of \"settings.title\")")
        XCTAssertEqual(
            error(Array("\"k\" = \"\\U12\";".utf8)),
            "es.lproj/Localizable.strings: line 1: bad escape \\U in the value of \"k\": four hex digits expected")
        XCTAssertEqual(
            error(Array("\"a\" = \"b\"\n\"c\" = \"d\";".utf8)),
            "es.lproj/Localizable.strings: line 1: expected ; after the entry \"a\"")
        XCTAssertEqual(error(Array("/* open\n\n".utf8)), "es.lproj/Localizable.strings: line 1: a /* comment is never closed")
    }

    /// Foundation takes an unknown escape as the character (`\H` is `H`, a backslash before a line break keeps
    /// it): Home Assistant's 2019 tables have both, and Xcode built them.
    func testAnUnknownEscapeIsTheCharacterItselfAsFoundationReadsIt() throws {
        let t = try parse("\"a\" = \"inform\\r\\Home x\\qy\";\n\"b\" = \"Fehler:\\\nnext\";\n\"c\" = \"\\a\";\n")
        XCTAssertEqual(t.entries.map(\.texts), [["inform\rHome xqy"], ["Fehler:\nnext"], ["\u{07}"]])
        XCTAssertEqual(
            t.entries.map(\.place), ["es.lproj/Localizable.strings:1", "es.lproj/Localizable.strings:2", "es.lproj/Localizable.strings:4"])
    }

    func testADuplicateKeyIsAWarningAndTheLaterValueWins() throws {
        let t = try parse("\"settings.title\" = \"Ajustes\";\n\"other\" = \"x\";\n\"settings.title\" = \"Configuración\";\n")
        XCTAssertEqual(t.entries.count, 2)
        XCTAssertEqual(t.entries[0].texts, ["Configuración"])
        XCTAssertEqual(t.warnings.map(\.line), [3])
        XCTAssertEqual(t.warnings.first?.message, "key \"settings.title\" is defined again (first at line 1): the value of line 3 wins")
    }

    // MARK: - Placeholders

    func testFormatPlaceholdersMatchAsWildcards() throws {
        let catalog = try catalogOf([
            "en": [
                "signed.in": "Signed in as %@", "items": "%d of %lld items", "pos": "Item %1$@ of %2$@",
                "price": "Total: %.2f €", "pct": "%d%% done", "plural": "%#@count@ left", "bare": "%@",
            ]
        ])
        func keys(_ text: String) -> [String] { catalog.matches(text).map(\.key).sorted() }
        XCTAssertEqual(keys("Signed in as Ana Pérez"), ["signed.in"])
        XCTAssertEqual(keys("3 of 12 items"), ["items"])
        XCTAssertEqual(keys("Item 2 of 9"), ["pos"])
        XCTAssertEqual(keys("Total: 9.99 €"), ["price"])
        XCTAssertEqual(keys("75% done"), ["pct"])
        XCTAssertEqual(keys("4 left"), ["plural"])
        // A placeholder stands for at least one character, and the literals must all be there, in order.
        XCTAssertEqual(keys("Signed in as "), [])
        XCTAssertEqual(keys("Signed out as Ana"), [])
        XCTAssertEqual(keys("3 items"), [])
        XCTAssertEqual(keys("75 done"), [])
        // A value that is only a placeholder identifies nothing: it would match every text.
        XCTAssertEqual(keys("Anything at all"), [])
    }

    /// Found by fuzzing: values made of `%%` runs, placeholders and NUL bytes crashed the matcher (a Foundation
    /// range on a substring gave an index of another string). Such tables must read and every lookup answer.
    func testPercentRunsAndNulBytesInValuesMatchWithoutCrashing() throws {
        let nul = String(repeating: "\u{0}", count: 40)
        let table = "\"a\" = \"%%%%%i%%%%%%%@\";\n\"b\" = \"%%%%%%%%%%i%%%%%%%%\(nul)%@\";\n\"c\" = \"%%%%%%%\";\n"
        let read = try XCTUnwrap(StringCatalog.read(Array(table.utf8), file: "es.lproj/Localizable.strings", developmentLanguage: nil))
        var catalog = StringCatalog(developmentLanguage: "en")
        catalog.add(read.entries, describing: read.description)
        XCTAssertEqual(catalog.matches("%%5%%%x").map(\.key), ["a"], "%% is a literal percent sign, %i and %@ wildcards")
        XCTAssertEqual(catalog.matches("%%%%%i%%%%\(nul)y").map(\.key).sorted(), ["a", "b"], "b's literals, and a's with wildcards around them")
        XCTAssertEqual(catalog.matches("%%%%%%%").map(\.key).sorted(), ["a", "c"], "c as written (no placeholders), a with wildcards")
        for text in ["", "%", "\u{0}", nul, "%%%%", "%%%%%%"] {
            XCTAssertTrue(catalog.matches(text).isEmpty, "\(text.debugDescription) is no table's text")
        }
    }

    // MARK: - Catalogs and folders

    /// Tables in a temporary folder: language → key → value, written as `<lang>.lproj/Localizable.strings`.
    func catalogOf(_ tables: [String: [String: String]], development: String? = nil) throws -> StringCatalog {
        let dir = try temporaryFolder()
        for (language, entries) in tables {
            let folder = dir.appendingPathComponent("\(language).lproj")
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            let text = entries.keys.sorted().map { "\"\($0)\" = \"\(entries[$0]!)\";" }.joined(separator: "\n")
            try text.write(to: folder.appendingPathComponent("Localizable.strings"), atomically: true, encoding: .utf8)
        }
        return try StringCatalog.load(dir.path, developmentLanguage: development)
    }

    func temporaryFolder() throws -> URL {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("ps-strings-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        addTeardownBlock { try? FileManager.default.removeItem(at: dir) }
        return dir
    }

    func testAFolderOfLprojTablesLoadsByLanguageWithBaseAsTheDevelopmentLanguage() throws {
        let catalog = try catalogOf(["Base": ["title": "Settings"], "es": ["title": "Ajustes"], "pt-BR": ["title": "Ajustes BR"]], development: "en")
        XCTAssertEqual(catalog.languages, ["en", "es", "pt-BR"])
        XCTAssertEqual(catalog.value(key: "title", table: "Localizable", language: "es-ES")?.texts, ["Ajustes"], "es is es-ES's table")
        XCTAssertNil(catalog.value(key: "title", table: "Localizable", language: "pt-PT"), "pt-BR is not pt-PT's table")
        XCTAssertEqual(catalog.tables.count, 3)
    }

    static let catalogJSON = """
        {"sourceLanguage": "en", "version": "1.0", "strings": {
          "Sign in": {"localizations": {"es": {"stringUnit": {"state": "translated", "value": "Iniciar sesión"}},
                                        "fr": {"stringUnit": {"state": "needs_review", "value": "Se connecter"}}}},
          "cart.count": {"comment": "items in the cart", "localizations": {
             "en": {"variations": {"plural": {"one": {"stringUnit": {"state": "translated", "value": "%lld item"}},
                                              "other": {"stringUnit": {"state": "translated", "value": "%lld items"}}}}},
             "es": {"variations": {"plural": {"one": {"stringUnit": {"state": "translated", "value": "%lld artículo"}},
                                              "other": {"stringUnit": {"state": "translated", "value": "%lld artículos"}}}}}}},
          "Acme Pay": {"shouldTranslate": false},
          "Help": {"extractionState": "manual", "localizations": {"es": {"stringUnit": {"state": "new", "value": "Ayuda"}}}}
        }}
        """

    func loadCatalog(_ json: String) throws -> StringCatalog {
        let dir = try temporaryFolder()
        let file = dir.appendingPathComponent("Localizable.xcstrings")
        try json.write(to: file, atomically: true, encoding: .utf8)
        return try StringCatalog.load(file.path, developmentLanguage: nil)
    }

    func testAStringCatalogReadsStatesVariationsAndItsSourceLanguage() throws {
        let catalog = try loadCatalog(Self.catalogJSON)
        XCTAssertEqual(catalog.developmentLanguage, "en")
        // A key without a source-language unit shows itself in the source language.
        XCTAssertEqual(catalog.value(key: "Sign in", table: "Localizable", language: "en")?.texts, ["Sign in"])
        XCTAssertEqual(catalog.value(key: "Sign in", table: "Localizable", language: "fr")?.state, "needs_review")
        XCTAssertFalse(catalog.value(key: "Sign in", table: "Localizable", language: "fr")!.isTranslated)
        XCTAssertTrue(catalog.value(key: "Sign in", table: "Localizable", language: "es")!.isTranslated)
        XCTAssertEqual(catalog.value(key: "cart.count", table: "Localizable", language: "es")?.texts.sorted(), ["%lld artículo", "%lld artículos"])
        XCTAssertEqual(catalog.matches("3 artículos").map(\.key), ["cart.count"])
        XCTAssertEqual(catalog.value(key: "Acme Pay", table: "Localizable", language: "en")?.translatable, false)
    }

    func testACatalogWithAnUnknownFieldIsRefusedNamingTheKey() throws {
        let bad = Self.catalogJSON.replacingOccurrences(of: "\"state\": \"new\"", with: "\"state\": \"new\", \"reviewer\": \"ana\"")
        XCTAssertThrowsError(try loadCatalog(bad)) { e in
            XCTAssertTrue(
                "\(e)".hasSuffix("Localizable.xcstrings: strings.Help.localizations.es.stringUnit.reviewer: unknown field in a String Catalog"),
                "\(e)")
        }
        XCTAssertThrowsError(try loadCatalog("{\"sourceLanguage\": \"en\", \"strings\": [1]}")) { e in
            XCTAssertTrue("\(e)".hasSuffix("Localizable.xcstrings: strings: missing or not an object"), "\(e)")
        }
        XCTAssertThrowsError(try loadCatalog("{\"sourceLanguage\": \"en\", \"strings\": {}, \"extra\": 1}")) { e in
            XCTAssertTrue("\(e)".hasSuffix("Localizable.xcstrings: extra: unknown field in a String Catalog"), "\(e)")
        }
    }

    func testAFolderWithoutTablesOrAMissingPathIsRefused() throws {
        let dir = try temporaryFolder()
        XCTAssertThrowsError(try StringCatalog.load(dir.path, developmentLanguage: nil)) { e in
            XCTAssertTrue("\(e)".contains("holds no string tables"), "\(e)")
        }
        XCTAssertThrowsError(try StringCatalog.load(dir.appendingPathComponent("nope").path, developmentLanguage: nil)) { e in
            XCTAssertTrue("\(e)".hasSuffix("nope: no such file or folder"), "\(e)")
        }
    }

    // MARK: - The locale-run rules

    /// A Spanish run of a small screen: each label a text the rules judge.
    func localeRun(_ labels: [(id: String, label: String)], language: String = "es", mode: String = "normal", testData: String = "") throws -> Archive
    {
        let content = labels.enumerated().map { k, l in
            Fixtures.el("StaticText", [20, 100 + Double(k) * 40, 300, 30], id: l.id, label: l.label)
        }
        var top = "\"locale\":\"\(language)_ES\",\"languages\":[\"\(language)\"]"
        if !testData.isEmpty { top += ",\"testData\":\(testData)" }
        return try Fixtures.archive(mode: mode, content: content, top: top)
    }

    static let tables: [String: [String: String]] = [
        "en": [
            "title": "Settings", "push": "Push Notifications", "about": "ABOUT", "version": "Version", "size": "Text Size",
            "signed": "Signed in as %@",
        ],
        "es": [
            "title": "Ajustes", "push": "Notificaciones push", "version": "Version", "size": "Tamaño del texto", "signed": "Sesión iniciada como %@",
        ],
        "fr": ["title": "Réglages", "push": "Notifications push", "about": "À PROPOS", "version": "Version", "size": "Taille du texte"],
    ]

    func findings(_ archive: Archive, _ catalog: StringCatalog) -> [(Rule, String)] {
        LayoutChecker(archive, context: CheckContext(strings: catalog)).findings().map { ($0.rule, $0.identifier) }
    }

    func testUntranslatedIsTheDevelopmentValueWhereTheRunsLanguageHasAnother() throws {
        let catalog = try catalogOf(Self.tables)
        let run = try localeRun([("a", "Ajustes"), ("b", "Push Notifications"), ("c", "Version")])
        let found = findings(run, catalog)
        XCTAssertEqual(found.map(\.0), [.untranslated])
        XCTAssertEqual(found.map(\.1), ["b"])
        let message = LayoutChecker(run, context: CheckContext(strings: catalog)).findings()[0].message
        XCTAssertEqual(message, "\"Push Notifications\" is the en value of 'push' (Localizable); es has \"Notificaciones push\"")
        // "Version" is the same in en and es: the Spanish value, not untranslated.
    }

    func testMissingTranslationIsAKeyWithoutAValueInTheRunsLanguage() throws {
        let catalog = try catalogOf(Self.tables)
        XCTAssertEqual(findings(try localeRun([("a", "ABOUT")]), catalog).map(\.0), [.missingTranslation])
        // In French the key has a value, and it is shown: nothing to say.
        XCTAssertTrue(findings(try localeRun([("a", "À PROPOS")], language: "fr"), catalog).isEmpty)
    }

    func testMissingTranslationIncludesACatalogStateOtherThanTranslated() throws {
        let catalog = try loadCatalog(Self.catalogJSON)
        XCTAssertEqual(findings(try localeRun([("a", "Se connecter")], language: "fr"), catalog).map(\.0), [.missingTranslation])
        XCTAssertTrue(findings(try localeRun([("a", "Iniciar sesión")]), catalog).isEmpty)
        // Shown untranslated where es has a translated unit.
        XCTAssertEqual(findings(try localeRun([("a", "Sign in")]), catalog).map(\.0), [.untranslated])
        // shouldTranslate: false (a brand name) is right in every language.
        XCTAssertTrue(findings(try localeRun([("a", "Acme Pay")]), catalog).isEmpty)
    }

    func testWrongLanguageIsAnotherLanguagesValue() throws {
        let catalog = try catalogOf(Self.tables)
        let found = LayoutChecker(
            try localeRun([("a", "Tamaño del texto"), ("b", "Taille du texte")], language: "fr"), context: CheckContext(strings: catalog)
        ).findings()
        XCTAssertEqual(found.map(\.rule), [.wrongLanguage])
        XCTAssertEqual(found.first?.identifier, "a")
        XCTAssertTrue(found.first?.message.hasSuffix("in a fr run; fr has \"Taille du texte\"") ?? false, found.first?.message ?? "")
    }

    func testHardcodedTextInALocaleRunIsInNoTable() throws {
        let catalog = try catalogOf(Self.tables)
        let run = try localeRun(
            [("a", "Weekly Summary Email"), ("b", "4.12.0"), ("c", "Test User"), ("d", "Sesión iniciada como Test User"), ("e", "Ana says hi")],
            testData: "{\"user\":{\"name\":\"Test User\"},\"greeting\":\"Ana says hi\"}")
        let found = LayoutChecker(run, context: CheckContext(strings: catalog)).findings()
        // Numbers, the test data, and a format filled with test data are not hard-coded.
        XCTAssertEqual(found.map(\.rule), [.hardcodedText])
        XCTAssertEqual(found.map(\.identifier), ["a"])
        XCTAssertEqual(found.first?.severity, .review)
    }

    func testTheRulesNeedALanguageAndARealLanguageRun() throws {
        let catalog = try catalogOf(Self.tables)
        // No language recorded: not a locale run.
        let bare = try Fixtures.archive(content: [Fixtures.el("StaticText", [20, 100, 300, 30], id: "a", label: "Weekly Summary Email")])
        XCTAssertTrue(findings(bare, catalog).isEmpty)
        // Without tables (and no record of the run's strings) the rules stay quiet.
        XCTAssertTrue(LayoutChecker(try localeRun([("a", "Weekly Summary Email")])).findings().isEmpty)
        // An expanded run is pseudo-localized: its own hard-coded rule applies, not these.
        let expanded = try localeRun([("a", "［Ajustes···］")], mode: "expanded")
        XCTAssertFalse(findings(expanded, catalog).contains { [.untranslated, .missingTranslation, .wrongLanguage].contains($0.0) })
    }

    func testACellsLabelAndItsSwitchAreJudgedOnceOnTheControl() throws {
        let catalog = try catalogOf(Self.tables)
        let cell = Fixtures.el(
            "Cell", [0, 100, 390, 44], id: "cell",
            children: [
                Fixtures.el("StaticText", [20, 110, 200, 22], id: "push.label", label: "Push Notifications"),
                Fixtures.el("Switch", [320, 106, 51, 31], id: "push.toggle", label: "Push Notifications"),
            ])
        let run = try Fixtures.archive(content: [cell], top: "\"locale\":\"es_ES\",\"languages\":[\"es\"]")
        XCTAssertEqual(findings(run, catalog).map(\.1), ["push.toggle"])
    }

    // MARK: - What an element shows

    func testEachElementIsMappedToItsKeyWithTheExpectedValues() throws {
        let catalog = try catalogOf(Self.tables)
        let run = try localeRun([("a", "Push Notifications"), ("b", "Unknown")])
        let strings = ElementStrings(run, catalog: catalog)
        let a = run.hierarchy.indices.first { run.hierarchy[$0].identifier == "a" }!
        let b = run.hierarchy.indices.first { run.hierarchy[$0].identifier == "b" }!
        XCTAssertEqual(strings.byElement[a]?.map(\.key), ["push"])
        XCTAssertEqual(
            strings.lines(a),
            [
                "key         'push' (Localizable), shown as en",
                "es          \"Notificaciones push\"",
                "en          \"Push Notifications\" (development language)",
            ])
        XCTAssertNil(strings.byElement[b])
        XCTAssertEqual(strings.searchTexts[a], ["push"])
    }
}
