import PseudoscopeCore
import PseudoscopeDrawing
import PseudoscopeScreens

/// Help texts, the README's generated tables and the man page's sections, all from `Commands` and the key tables.
enum Help {
    static var general: String {
        var out = "pseudoscope \(toolVersion): inspect archived pseudo-localization UI-test failures in a terminal\n\nUsage:\n"
        for c in Commands.all where c.name != "help" {
            out += "  " + "pseudoscope \(c.name == "open" ? "" : c.name + " ")\(c.operands)".padded(to: 40) + c.summary + "\n"
        }
        out += """

            ARCHIVE is a .json archive, a folder holding archive.json, - for standard input, a dump (read by
            content; give its mode with --mode normal|expanded|rtl and its name with --test NAME), or one failed
            run of a result bundle (BUNDLE.xcresult#N). A FOLDER is searched for archives, dumps (by content) and result bundles.
            Every command takes --help. Global: --version.
            Exit status: 0 success, 1 blocking findings (check) or differences (compare), 2 invalid input or I/O error,
            3 nothing blocks but something given was not checked (check), 64 usage error.
            Environment: NO_COLOR, PSEUDOSCOPE_MAX_FILE_MIB, PSEUDOSCOPE_MAX_DEPTH, PSEUDOSCOPE_MAX_ELEMENTS, TMPDIR.

            """
        return out
    }

    static func forCommand(_ c: CommandSpec) -> String {
        var out = "Usage: \(c.usage)\n\n"
        out += DisplayWidth.wrap(c.description, to: 100).joined(separator: "\n") + "\n"
        if !c.options.isEmpty {
            out += "\nOptions:\n"
            for o in c.options {
                let lines = DisplayWidth.wrap(o.help, to: 76)
                out += "  " + o.listing.padded(to: 22) + lines[0] + "\n"
                for l in lines.dropFirst() { out += String(repeating: " ", count: 24) + l + "\n" }
            }
        }
        if let e = c.exitStatus { out += "\nExit status: \(e).\n" }
        if c.name == "open" { out += "\nKeys: press ? in the inspector, or see `pseudoscope help --markdown`.\n" }
        return out
    }

    // MARK: - Markdown for README.md

    /// The README's generated sections, each between `<!-- generated: NAME -->` and `<!-- end generated -->`.
    static var markdownSections: [(name: String, text: String)] {
        [("commands", commandsMarkdown)] + KeyTables.all.map { ("keys-" + slug($0.screen), keysMarkdown($0)) }
    }

    static func slug(_ s: String) -> String { s.lowercased().replacingOccurrences(of: " ", with: "-") }

    static var commandsMarkdown: String {
        var out = "| command | what it does |\n|---|---|\n"
        for c in Commands.all where c.name != "help" {
            out += "| `\(c.usage.replacingOccurrences(of: "|", with: "\\|"))` | \(c.summary) |\n"
        }
        return out
    }

    static func keysMarkdown(_ doc: KeyDocumentation) -> String {
        var out = "| keys | \(doc.screen.lowercased()) |\n|---|---|\n"
        for row in doc.rows {
            out += "| " + row.keys.map { "`\($0 == "|" ? "\\|" : $0)`" }.joined(separator: " ") + " | \(row.help) |\n"
        }
        for n in doc.notes { out += "\n" + n + "\n" }
        return out
    }

    static var markdown: String {
        markdownSections.map { "<!-- generated: \($0.name) -->\n\($0.text)<!-- end generated -->\n" }.joined(separator: "\n")
    }
}
