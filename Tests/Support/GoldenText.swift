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
        // JSON is written on one line: two 30 KB lines say nothing. Its diff is over the pretty-printed forms (keys
        // sorted), line by line; the comparison above stays byte for byte.
        var shownExpected = expected, shownActual = actual, how = ""
        // (Not when they read the same: then the bytes differ in order or spacing only, and the raw lines show it.)
        if url.pathExtension == "json", let pe = pretty(expected), let pa = pretty(actual), pe != pa {
            (shownExpected, shownActual, how) = (pe, pa, " (as pretty-printed JSON)")
        }
        let e = shownExpected.components(separatedBy: "\n"), a = shownActual.components(separatedBy: "\n")
        var diff = "golden \(name) differs\(how) (⏎ marks line ends; re-record with PSEUDOSCOPE_RECORD=1):\n"
        for k in 0..<max(e.count, a.count) {
            let el = k < e.count ? e[k] : nil, al = k < a.count ? a[k] : nil
            if el == al { continue }
            if let el { diff += "- \(k + 1): \(el)⏎\n" }
            if let al { diff += "+ \(k + 1): \(al)⏎\n" }
        }
        return diff
    }

    /// `text` as indented JSON with sorted keys; nil when it is not JSON.
    static func pretty(_ text: String) -> String? {
        guard let object = try? JSONSerialization.jsonObject(with: Data(text.utf8), options: [.fragmentsAllowed]),
            let data = try? JSONSerialization.data(withJSONObject: object, options: [.prettyPrinted, .sortedKeys, .fragmentsAllowed])
        else { return nil }
        return String(decoding: data, as: UTF8.self)
    }
}
