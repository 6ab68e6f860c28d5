import Foundation
import XCTest

/// Archives full of terminal-driving strings: nothing may reach the output raw, in any command or on screen.
final class HostileInputTests: XCTestCase {
    /// ESC sequences (CSI clear, OSC 52 clipboard write, OSC 8 hyperlink, title), BEL, BS, CR, DEL, C1 CSI,
    /// bidi overrides and isolates, zero-width characters, in JSON escapes so the archive itself is valid.
    static let nasty =
        #"\u001b[2J\u001b]52;c;cHduZWQ=\u0007\u001b]8;;http://x\u001b\\link\u001b]0;title\u0007\b\r\u007f\u009b31m\u202epayload\u2066\u200b\u061c"#
    static let rawBytes: [[UInt8]] = [
        [0x1B], [0x07], [0x08], [0x0D], [0x7F], [0xC2, 0x9B], [0xE2, 0x80, 0xAE], [0xE2, 0x81, 0xA6], [0xE2, 0x80, 0x8B], [0xD8, 0x9C],
    ]

    static func archive(_ n: String) -> String {
        """
        {"formatVersion":1,"test":"Evil/test\(n)","screen":"S\(n)","mode":"expanded","locale":"x\(n)","languages":["\(n)"],
         "environment":{"xcode":"16\(n)","simulator":"iPhone\(n)","os":"iOS\(n)"},
         "failure":{"identifier":"evil","label":"L\(n)","frame":{"x":0,"y":900,"width":100,"height":50},"isHittable":false,"message":"M\(n)","file":"F\(n)"},
         "hierarchy":{"type":"Application","label":"A\(n)","frame":{"x":0,"y":0,"width":390,"height":844},"children":[
           {"type":"Window","frame":{"x":0,"y":0,"width":390,"height":844},"children":[
             {"type":"Button\(n)","identifier":"evil","label":"B\(n)","value":"V\(n)","frame":{"x":0,"y":900,"width":100,"height":50},"isHittable":false},
             {"type":"StaticText","identifier":"id\(n)","label":"T\(n)","frame":{"x":0,"y":100,"width":100,"height":20},"intrinsicContentSize":{"width":300,"height":20}},
             {"type":"TextField","identifier":"f","label":"","placeholderValue":"P\(n)","markedText":"m\(n)","frame":{"x":0,"y":200,"width":300,"height":44}}]}]},
         "testData":{"k\(n)":"v\(n)","list":["\(n)"]},
         "attachments":{"screenshot":"s\(n).png","xcresult":"../x\(n)"},
         "primaryActions":["evil","ghost\(n)"]}
        """
    }

    func assertClean(_ bytes: [UInt8], _ what: String, file: StaticString = #filePath, line: UInt = #line) {
        for raw in Self.rawBytes {
            let found = bytes.indices.contains { k in k + raw.count <= bytes.count && Array(bytes[k..<(k + raw.count)]) == raw }
            XCTAssertFalse(found, "\(what) contains the raw bytes \(raw.map { String($0, radix: 16) })", file: file, line: line)
        }
    }

    func testEveryCommandShowsHostileStringsAsVisibleEscapes() throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("ps-hostile-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        let a = dir.appendingPathComponent("a.json"), b = dir.appendingPathComponent("b.json")
        try Self.archive(Self.nasty).write(to: a, atomically: true, encoding: .utf8)
        try Self.archive(Self.nasty).replacingOccurrences(of: "\"mode\":\"expanded\"", with: "\"mode\":\"rtl\"").write(
            to: b, atomically: true, encoding: .utf8)
        // A file whose name itself holds an escape sequence, and which is not valid.
        let evilName = dir.appendingPathComponent("bad\u{1B}[31m\u{202E}.json")
        try "{\"formatVersion\": 1, \"test\": \"\u{1B}]0;x\u{07}\"".write(to: evilName, atomically: true, encoding: .utf8)

        let runs: [[String]] = [
            ["render", a.path, "--findings"], ["render", a.path, "--color", "always"], ["tree", a.path], ["info", a.path],
            ["check", a.path, b.path], ["check", "--json", a.path], ["check", "--group", dir.path], ["compare", a.path, b.path],
            ["compare", "--json", a.path, b.path], [a.path], [dir.path], ["render", evilName.path], ["check", evilName.path],
            ["import", a.path], ["render", "--bogus\u{1B}[2J"],
        ]
        for args in runs {
            let r = try Harness.run(args)
            var out = r.stdoutBytes
            if args.contains("--color") {
                // Our own SGR colour sequences are the only escapes allowed: remove them, then nothing may remain.
                out = Array(
                    String(decoding: out, as: UTF8.self).replacingOccurrences(of: #"\u{1B}\[[0-9;]*m"#, with: "", options: .regularExpression).utf8)
            }
            assertClean(out, "stdout of \(args.first!)")
            assertClean(Array(r.stderr.utf8), "stderr of \(args.first!)")
            XCTAssertFalse(r.stdout.isEmpty && r.stderr.isEmpty, "\(args) printed something")
        }
        let tree = try Harness.run(["tree", a.path])
        XCTAssertTrue(tree.stdout.contains(#"\e[2J\e]52;c;cHduZWQ=\a"#), "escapes are shown visibly")
        XCTAssertTrue(tree.stdout.contains(#"\u{202E}payload"#))
        let info = try Harness.run(["info", a.path])
        XCTAssertTrue(info.stdout.contains("(refused: leaves the archive's folder)"), info.stdout)
    }

    func testTheInteractiveScreenStaysIntact() throws {
        try XCTSkipUnless(TmuxSession.isAvailable, "tmux is not installed")
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("ps-hostile-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        let a = dir.appendingPathComponent("a.json")
        try Self.archive(Self.nasty).write(to: a, atomically: true, encoding: .utf8)
        let t = try TmuxSession([a.path])
        var screen = try t.waitFor(text: "? help")
        for key in ["g", "j", "j", "j", "i", "*", "G"] {
            try t.send(key)
            screen = try t.capture()
        }
        let lines = screen.split(separator: "\n", omittingEmptySubsequences: false)
        // The header (its test name cut from its start, the mode and the counts) is still the first line.
        XCTAssertTrue(
            lines.first.map { $0.contains(" · EXPANDED") && $0.contains("‼ 3 blocking") } ?? false,
            "the header is still on the first line:\n\(screen)")
        XCTAssertTrue(lines.count >= 30 && lines[29].contains("? help"), "the status line is still on the last line:\n\(screen)")
        XCTAssertFalse(screen.unicodeScalars.contains { $0.value == 0x202E || $0.value == 0x1B }, "no raw override or escape on screen")
        XCTAssertTrue(screen.contains(#"\u{202E}payload"#), "the override is shown as a visible escape:\n\(screen)")
        let title = try t.tmux(["display-message", "-p", "-t", t.name, "#{pane_title}"])
        XCTAssertFalse(title.contains("title"), "the pane title was not changed by the archive")
        try t.send("q")
        XCTAssertEqual(try t.waitForExit(), 0)
    }
}
