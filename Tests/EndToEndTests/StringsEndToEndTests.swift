import Foundation
import XCTest

/// Locale runs against the app's string tables (`--strings`), through the real program (docs/strings.md).
final class StringsEndToEndTests: XCTestCase {
    static let tables = Harness.repositoryRoot.appendingPathComponent("SampleStrings").path

    func testCheckFindsTheWrongStringsOfTheSampleLocaleRuns() throws {
        let r = try Harness.run(["check", "--strings", Self.tables, Harness.sample("locale-settings-es"), Harness.sample("locale-settings-fr")])
        XCTAssertEqual(r.status, 0, "wrong strings are review findings: \(r.stdout)")
        XCTAssertEqual(r.stderr, "")
        for expected in [
            "untranslated  Switch 'settings.push.toggle': \"Push Notifications\" is the en value of 'settings.push' (Localizable); es has \"Notificaciones push\"",
            "hardcoded-text  Switch 'settings.digest.toggle': \"Weekly Summary Email\" is in no string table in any language",
            "wrong-language  StaticText 'settings.textSize.label': \"Tamaño del texto\" is the es value of 'settings.textSize' (Localizable) in a fr run",
            "missing-translation  StaticText 'settings.section.about': \"ABOUT\" is the en value of 'settings.section.about' (Localizable), which has no fr translation",
        ] {
            XCTAssertTrue(r.stdout.contains(expected), "missing: \(expected)\n\(r.stdout)")
        }
        // The same archives without the tables: nothing about strings.
        let plain = try Harness.run(["check", Harness.sample("locale-settings-es")])
        XCTAssertFalse(plain.stdout.contains("untranslated"), plain.stdout)
        // --rule picks them like any other rule.
        let only = try Harness.run(["check", "--json", "--rule", "wrong-language", "--strings", Self.tables, Harness.sample("locale-settings-fr")])
        XCTAssertEqual(only.stdout.components(separatedBy: "\"rule\"").count - 1, 1, only.stdout)
    }

    func testInfoNamesTheTablesAndRenderAndTreeTakeThem() throws {
        let info = try Harness.run(["info", "--strings", Self.tables, Harness.sample("locale-settings-es")])
        XCTAssertEqual(info.status, 0, info.stderr)
        XCTAssertTrue(
            info.stdout.contains(
                "Strings     en.lproj/Localizable.strings (11 strings), en.lproj/Localizable.stringsdict (1 string), es.lproj/Localizable.strings (11 strings)"
            ), info.stdout)
        XCTAssertTrue(info.stdout.contains("development language en"), info.stdout)
        XCTAssertTrue(info.stdout.contains("Findings    0 blocking, 3 review"), info.stdout)
        let render = try Harness.run(["render", "--findings", "--width", "100", "--strings", Self.tables, Harness.sample("locale-settings-fr")])
        XCTAssertTrue(render.stdout.contains("wrong-language"), render.stdout)
        let tree = try Harness.run(["tree", "--strings", Self.tables, Harness.sample("locale-settings-fr")])
        XCTAssertTrue(tree.stdout.contains("StaticText 'settings.textSize.label' \"Tamaño del texto\""), tree.stdout)
    }

    func testBadTablesGiveOneLineNamingFileLineAndKey() throws {
        let dir = try Harness.temporaryFolder(self)
        let es = dir.appendingPathComponent("es.lproj")
        try FileManager.default.createDirectory(at: es, withIntermediateDirectories: true)
        let file = es.appendingPathComponent("Localizable.strings")
        try "\"settings.title\" = \"Ajustes\";\n\"settings.push\" = \"Notificaciones push;\n".write(to: file, atomically: true, encoding: .utf8)
        let r = try Harness.run(["check", "--strings", dir.path, Harness.sample("locale-settings-es")])
        XCTAssertEqual(r.status, 2)
        XCTAssertEqual(r.stderr, "pseudoscope: \(file.path): line 2: a string is never closed (the value of \"settings.push\")\n")
        XCTAssertEqual(r.stdout, "")

        // A duplicate key is a warning saying which value wins; the check goes on.
        try "\"settings.title\" = \"Ajustes\";\n\"settings.title\" = \"Configuración\";\n".write(to: file, atomically: true, encoding: .utf8)
        let dup = try Harness.run(["check", "--strings", dir.path, Harness.sample("locale-settings-es")])
        XCTAssertEqual(
            dup.stderr, "pseudoscope: warning: \(file.path):2: key \"settings.title\" is defined again (first at line 1): the value of line 2 wins\n")
        XCTAssertEqual(dup.status, 0)

        // A table with terminal escapes in its values reaches the terminal sanitized.
        try "\"settings.push\" = \"\\U001B]0;owned\\U0007Notificaciones\";\n".write(to: file, atomically: true, encoding: .utf8)
        let en = dir.appendingPathComponent("en.lproj")
        try FileManager.default.createDirectory(at: en, withIntermediateDirectories: true)
        try "\"settings.push\" = \"Push Notifications\";\n".write(
            to: en.appendingPathComponent("Localizable.strings"), atomically: true, encoding: .utf8)
        let hostile = try Harness.run(["check", "--strings", dir.path, Harness.sample("locale-settings-es")])
        XCTAssertFalse(hostile.stdout.contains("\u{1B}"), hostile.stdout)
        XCTAssertTrue(hostile.stdout.contains("untranslated"), hostile.stdout)

        // A .stringsdict that is no property list: our one line, and nothing from Foundation's parser.
        try "{ settings.unread = x ".write(to: es.appendingPathComponent("Localizable.stringsdict"), atomically: true, encoding: .utf8)
        let dict = try Harness.run(["check", "--strings", dir.path, Harness.sample("locale-settings-es")])
        XCTAssertEqual(dict.status, 2)
        XCTAssertEqual(
            dict.stderr,
            "pseudoscope: \(es.appendingPathComponent("Localizable.stringsdict").path): is not a property list of keys (a .stringsdict): not an XML or binary property list\n"
        )

        let usage = try Harness.run(["check", "--development-language", "english!", "--strings", dir.path, Harness.sample("locale-settings-es")])
        XCTAssertEqual(usage.status, 64)
        XCTAssertTrue(usage.stderr.contains("--development-language 'english!' is not a language code"), usage.stderr)
    }

    func testTheInspectorShowsTheKeyAndFindsItWithSearch() throws {
        guard TmuxSession.isAvailable else { throw XCTSkip("tmux is not installed") }
        let t = try TmuxSession(["--strings", Self.tables, Harness.sample("locale-settings-es")], width: 140, height: 45)
        try t.waitFor(text: "? help")
        try t.send("/")
        try t.type("signedIn")
        try t.waitFor(text: "1 match")
        try t.send("Enter")
        let screen = try t.waitFor(text: "key         'settings.signedIn' (Localizable), shown as es")
        XCTAssertTrue(screen.contains("es          \"Sesión iniciada como %@\""), screen)
        XCTAssertTrue(screen.contains("en          \"Signed in as %@\" (development language)"), screen)
        try t.send("q")
        XCTAssertEqual(try t.waitForExit(), 0)
    }
}
