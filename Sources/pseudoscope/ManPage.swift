import PseudoscopeCore
import PseudoscopeDrawing
import PseudoscopeScreens

/// `pseudoscope(1)`, generated from the same command and key tables as `--help` and the README, so the three
/// cannot drift apart (`pseudoscope help --man`; `Scripts/release` installs it).
enum ManPage {
    static func render(date: String) -> String {
        var out = ".TH PSEUDOSCOPE 1 \"\(date)\" \"pseudoscope \(toolVersion)\" \"User Commands\"\n"
        out += ".SH NAME\npseudoscope \\- inspect archived pseudo-localization UI-test failures in a terminal\n"
        out += ".SH SYNOPSIS\n"
        for c in Commands.all {
            out += ".B pseudoscope\n" + (c.name == "open" ? "[open]" : roff(c.name)) + " " + roff(c.operands) + "\n"
            out += c.options.map { "[" + roff($0.usage) + "]" + ($0.repeatable ? "..." : "") }.joined(separator: " ") + "\n.br\n"
        }
        out +=
            ".SH DESCRIPTION\n"
            + paragraph(
                """
                Pseudoscope opens the archives a pseudo-localization layout gate writes when a UI test fails (normal, \
                expanded and rtl runs), XCUITest debugDescription and Appium page-source (XML or JSON) dumps, and Xcode result \
                bundles (.xcresult), on any machine and over SSH. It draws a scaled text wireframe of the screen, lets \
                you step through the accessibility hierarchy with the keyboard, finds the gate's faults itself, and \
                compares an expanded or rtl run with its LTR run. The same engine runs without a terminal for CI.
                """)
        out += paragraph(
            """
            ARCHIVE is a .json archive, a folder holding archive.json, - for standard input, a dump (read by \
            content), or one failed run of a result bundle (BUNDLE.xcresult#N). A FOLDER is searched for archives, \
            dumps (by content) and result bundles.
            """)
        out += ".SH COMMANDS\n"
        for c in Commands.all {
            out += ".SS \(roff("pseudoscope " + (c.name == "open" ? "[open]" : c.name) + " " + c.operands))\n"
            out += paragraph(c.description)
            for o in c.options {
                out += ".TP\n.B \(roff(o.listing))\n\(roff(o.help))\n"
            }
            if let e = c.exitStatus { out += ".PP\nExit status: \(roff(e)).\n" }
        }
        out += ".SH KEYS\n"
        for doc in KeyTables.all {
            out += ".SS \(roff(doc.screen))\n"
            for row in doc.rows {
                out += ".TP\n.B \(roff(row.keys.joined(separator: " ")))\n\(roff(row.help))\n"
            }
            for n in doc.notes { out += paragraph(n) }
        }
        out += ".SH ENVIRONMENT\n"
        for (name, what) in [
            ("NO_COLOR", "set to anything non-empty: no colour"),
            ("TERM", "the terminal; unset or dumb gives plain output without colour"),
            ("LANG, LC_ALL, LC_CTYPE", "a locale that is not UTF-8 gives ASCII glyphs and punctuation"),
            (LoadLimits.Variable.fileMiB.rawValue, "the largest file read, in MiB (default 256)"),
            (LoadLimits.Variable.depth.rawValue, "the deepest element nesting (default 512)"),
            (LoadLimits.Variable.elements.rawValue, "the most elements (default 1000000)"),
            (
                "TMPDIR",
                "where the session log pseudoscope-PID.log goes (kept only when something was written), and where check keeps a night's findings while it judges them (a file removed as soon as it is made)"
            ),
            ("ESCDELAY", "milliseconds curses waits after Esc (default 25)"),
        ] {
            out += ".TP\n.B \(roff(name))\n\(roff(what))\n"
        }
        out += ".SH EXIT STATUS\n"
        for (code, what) in [
            ("0", "success; check: nothing blocks"), ("1", "check: a blocking finding; compare: the runs differ"),
            ("2", "invalid input or an I/O error, one line on stderr naming the file and the place"),
            ("3", "check: nothing blocks, but something given was read and not checked (no hierarchy, a failed build, a hierarchy cut short)"),
            ("64", "usage error"),
            ("130, 143, 129", "the inspector was interrupted, terminated or hung up; the terminal is restored"),
        ] {
            out += ".TP\n.B \(roff(code))\n\(roff(what))\n"
        }
        out += ".SH NOTES\n" + paragraph("If the inspector is killed with kill -9, which no program can catch, type reset to restore the terminal.")
        out += ".SH SEE ALSO\nREADME.md, docs/checks.md, docs/archive-format.md, docs/xcresult.md in the source or the release tarball.\n"
        return out
    }

    static func paragraph(_ text: String) -> String { ".PP\n" + roff(text) + "\n" }

    /// Text safe in roff: backslashes doubled, hyphens as `\-`, and no line starting with a control character.
    static func roff(_ s: String) -> String {
        let out = TerminalText.sanitize(s).replacingOccurrences(of: "\\", with: "\\e").replacingOccurrences(of: "-", with: "\\-")
        return out.split(separator: "\n", omittingEmptySubsequences: false).map { line in
            line.hasPrefix(".") || line.hasPrefix("'") ? "\\&" + line : String(line)
        }.joined(separator: "\n")
    }
}
