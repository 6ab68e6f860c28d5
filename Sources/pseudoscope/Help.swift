import PseudoscopeCore

/// Help texts for the tool and each command.
enum Help {
    static let general = """
    pseudoscope \(version): inspect archived pseudo-localization UI-test failures in a terminal

    Usage:
      pseudoscope ARCHIVE              open the interactive inspector (renders when stdout is not a terminal)
      pseudoscope FOLDER|ARCHIVE...    the archive list of a run set (a plain list when not a terminal)
      pseudoscope compare A B          two runs side by side with their differences (exit 0 same, 1 different)
      pseudoscope render ARCHIVE       draw the screen as a scaled text wireframe
      pseudoscope tree ARCHIVE         print the accessibility hierarchy, one element a line
      pseudoscope info ARCHIVE         print the run, the failure, test data and attachments
      pseudoscope check ARCHIVE|FOLDER...  find the layout gate's faults (exit 1 when something blocks)
      pseudoscope import DUMP          turn an XCUITest debugDescription or Appium page-source dump into an archive

    ARCHIVE is a .json archive, a folder holding archive.json, - for standard input, or a dump (read by content;
    give its mode with --mode normal|expanded|rtl and its name with --test NAME).
    Options for every command: --help. Global: --version.
    Exit status: 0 success, 1 blocking findings (check), 2 invalid input or I/O error, 64 usage error.
    Environment: NO_COLOR, PSEUDOSCOPE_MAX_FILE_MIB, PSEUDOSCOPE_MAX_DEPTH, PSEUDOSCOPE_MAX_ELEMENTS.

    """

    static func forCommand(_ name: String) -> String? {
        switch name {
        case "render": return """
            Usage: pseudoscope render ARCHIVE [--width N] [--height N] [--ascii] [--findings] [--mirror] [--color auto|always|never]

            Draws the screen as a text wireframe: the window outline, a box per element with its text, elements with
            findings highlighted (blocking ┏━┓ or !, review ┌┄┐ or ?), the failing element marked ✗ (X in ASCII).
              --width N        columns (default: the terminal's width, else 80)
              --height N       rows at most (default: as many as the screen's aspect ratio needs)
              --ascii          plain ASCII glyphs (also whenever the locale is not UTF-8)
              --findings       number the elements with findings and list the findings under the drawing
              --mirror         draw an LTR archive where right-to-left layout would put each element
              --color WHEN     auto (default: on a terminal, unless NO_COLOR is set), always or never

            """
        case "tree": return """
            Usage: pseudoscope tree ARCHIVE [--ascii]

            Prints the hierarchy indented, one element a line: type, identifier, text, frame {x, y, w×h} and the flags
            that are not defaults. The failing element is marked ✗ (X), elements with findings ‼ (!) or ?.

            """
        case "info": return """
            Usage: pseudoscope info ARCHIVE

            Prints what the gate archived: mode and versions, the failing element, the hierarchy's size, the test data,
            and the attachments with whether each file exists (paths that leave the archive's folder are refused).

            """
        case "check": return """
            Usage: pseudoscope check ARCHIVE|FOLDER... [--json] [--junit FILE] [--min-severity blocking|review] [--rule ID]...

            Checks every archive (folders are searched) and prints findings grouped by archive, blocking first.
              --json               machine-readable output (docs/checks.md)
              --junit FILE         also write JUnit XML: a test case per archive, a failure per blocking finding
              --min-severity S     blocking: only blocking findings; review (default): all
              --rule ID            only this rule (repeatable): \(Rule.allCases.map(\.rawValue).joined(separator: ", "))
              --group              summarise by rule and by screen (how many archives share each fault)
              --ascii, --color WHEN   as for render
            Exit status: 0 nothing blocks, 1 something blocks, 2 an input could not be read (the rest are still checked).

            """
        case "import": return """
            Usage: pseudoscope import DUMP [--mode normal|expanded|rtl] [--test NAME] [-o FILE] [--force]

            Reads XCUITest debugDescription text or Appium page-source XML (recognized by content) and writes a
            format v1 archive to stdout, or to FILE (refused if it exists, unless --force; written atomically).
            A dump records no mode, test or failure: --mode (default normal) and --test (default imported/<name>)
            supply them. An incomplete dump is imported as far as it goes, with a warning naming the line.

            """
        case "compare": return """
            Usage: pseudoscope compare A B [--json] [--width N] [--height N] [--ascii] [--color auto|always|never]

            Matches the elements of two runs (identifier, then type + text + place in the tree) and lists what is only
            in A or B, moved, resized, changed text or hittability; for an rtl run B against an LTR run A, what was not
            mirrored (the rtl-not-mirrored pair rule). Interactive on a terminal (] and [ jump between differences).
            Exit status: 0 same, 1 different, 2 trouble.

            """
        case "open": return """
            Usage: pseudoscope [open] ARCHIVE [--ascii] [--color auto|always|never]

            Opens the interactive inspector when stdout is a terminal; otherwise prints what `render --findings` prints.
            Press ? inside for the keys.

            """
        default: return nil
        }
    }
}
