import Foundation

/// Golden text shared by the test targets: compares text with a recorded file, and says how they differ.
/// `PSEUDOSCOPE_RECORD=1` re-records a file that differs and still reports a failure, so that a recording run can
/// never pass silently: review the diff, then run again without it.
public enum GoldenText {
    /// Nil when `actual` is the file's text; otherwise the failure to report: a line diff (`⏎` marks line ends, so
    /// trailing blanks show), a missing file, or a re-recording.
    public static func mismatch(_ actual: String, file url: URL) -> String? {
        let name = url.lastPathComponent
        let expected = try? String(contentsOf: url, encoding: .utf8)
        if expected == actual { return nil }
        if ProcessInfo.processInfo.environment["PSEUDOSCOPE_RECORD"] == "1" {
            try? FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try? actual.write(to: url, atomically: true, encoding: .utf8)
            return "re-recorded \(name): review the diff, then run the tests again without PSEUDOSCOPE_RECORD"
        }
        guard let expected else { return "missing golden file \(name); record it with PSEUDOSCOPE_RECORD=1 swift test" }
        let e = expected.components(separatedBy: "\n"), a = actual.components(separatedBy: "\n")
        var diff = "golden \(name) differs (⏎ marks line ends; re-record with PSEUDOSCOPE_RECORD=1):\n"
        for k in 0..<max(e.count, a.count) {
            let el = k < e.count ? e[k] : nil, al = k < a.count ? a[k] : nil
            if el == al { continue }
            if let el { diff += "- \(k + 1): \(el)⏎\n" }
            if let al { diff += "+ \(k + 1): \(al)⏎\n" }
        }
        return diff
    }
}
