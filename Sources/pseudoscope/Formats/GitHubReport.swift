import Foundation
import PseudoscopeCore

/// `--format github`: workflow commands GitHub Actions turns into annotations on the pull request (blocking:
/// `::error`, review: `::warning`, a known issue: `::notice`), at the failing test's file and line where recorded.
/// GitHub shows 10 annotations of each kind per step and drops the rest without a word: past 10 of a kind they
/// are counted, and one notice says how many were left out and where the whole report is. The step summary
/// (`$GITHUB_STEP_SUMMARY`) gets the Markdown report appended, cut with a line saying so before it would pass
/// GitHub's 1 MiB (a larger summary is dropped whole).
struct GitHubAnnotations {
    static let perKind = 10
    static let summaryLimit = 1 << 20
    var shown: [String: Int] = [:]
    var left: [String: Int] = [:]

    /// The annotation line of an issue, or nil when its kind has had its 10.
    mutating func line(_ i: CIIssue) -> String? {
        let kind = i.known ? "notice" : i.severity == .blocking ? "error" : "warning"
        guard shown[kind, default: 0] < GitHubAnnotations.perKind else {
            left[kind, default: 0] += 1
            return nil
        }
        shown[kind, default: 0] += 1
        var properties = ["file=" + GitHubAnnotations.property(i.file)]
        if let l = i.line, l >= 1 { properties.append("line=\(l)") }
        properties.append("title=" + GitHubAnnotations.property("\(i.rule.title) (\(i.rule.id))"))
        return "::\(kind) \(properties.joined(separator: ","))::" + GitHubAnnotations.data(i.message) + "\n"
    }

    /// The notice for what was left out, when anything was.
    func closing(fullReport: String) -> String? {
        let n = left.values.reduce(0, +)
        guard n > 0 else { return nil }
        let kinds = ["error", "warning", "notice"].compactMap { k in left[k].map { "\($0) \(k)\($0 == 1 ? "" : "s")" } }
        return "::notice title=Pseudoscope::"
            + GitHubAnnotations.data(
                "\(n) more finding\(n == 1 ? " is" : "s are") not shown as annotations (\(kinds.joined(separator: ", "))): GitHub shows \(GitHubAnnotations.perKind) of each kind per step. \(fullReport)"
            ) + "\n"
    }

    /// Where the whole report is, for the notice: the step summary when there is one, else the command given.
    static func wholeReport(_ environment: [String: String], else command: String) -> String {
        environment["GITHUB_STEP_SUMMARY"].map { _ in "The step summary holds the whole report." } ?? command
    }

    /// A message as workflow commands take it: `%`, CR and LF escaped, controls made visible.
    static func data(_ s: String) -> String {
        TerminalText.sanitize(s).replacingOccurrences(of: "%", with: "%25").replacingOccurrences(of: "\r", with: "%0D")
            .replacingOccurrences(of: "\n", with: "%0A")
    }

    /// A property value: also `:` and `,`, which end one.
    static func property(_ s: String) -> String {
        data(s).replacingOccurrences(of: ":", with: "%3A").replacingOccurrences(of: ",", with: "%2C")
    }

    /// Appends `markdown` to the step summary file, cut so that the file stays within GitHub's 1 MiB; says what
    /// was left out. Nothing when the variable is not set.
    static func appendSummary(_ markdown: [UInt8], environment: [String: String]) throws {
        guard let path = environment["GITHUB_STEP_SUMMARY"], !path.isEmpty else { return }
        let have = FileAccess.regularFileSize(path) ?? 0
        let note = Array(
            "\n> Cut here: the rest of the report (%d bytes) would pass GitHub's 1 MiB step summary, which GitHub would drop whole; run the command with --format markdown for all of it.\n"
                .utf8)
        var bytes = markdown
        let room = summaryLimit - have - note.count - 32
        if bytes.count > room {
            let keep = max(0, room)
            var cut = bytes.prefix(keep).lastIndex(of: 0x0A).map { $0 + 1 } ?? 0
            // Never in the middle of a character.
            while cut > 0, cut < bytes.count, bytes[cut] & 0xC0 == 0x80 { cut -= 1 }
            let left = bytes.count - cut
            bytes = Array(bytes[..<cut]) + Array(String(decoding: note, as: UTF8.self).replacingOccurrences(of: "%d", with: "\(left)").utf8)
        }
        guard
            let handle = FileHandle(forWritingAtPath: path)
                ?? (FileManager.default.createFile(atPath: path, contents: nil) ? FileHandle(forWritingAtPath: path) : nil)
        else { throw ArchiveError(file: path, message: "the step summary cannot be written") }
        defer { try? handle.close() }
        try handle.seekToEnd()
        try handle.write(contentsOf: Data(bytes))
    }
}
