import Foundation
import PseudoscopeTestSupport
import XCTest

@testable import PseudoscopeCore

/// Where a bundle's reading no longer goes through Foundation (`Info.plist`, platform and test names, failure
/// messages), our code must give what Foundation gives: Foundation is the oracle here.
final class FoundationAgreementTests: XCTestCase {
    /// What `XCResultBundle` reads of an `Info.plist`, the way it read it through Foundation.
    func foundationReading(_ bytes: [UInt8]) -> (major: Int?, minor: Int?, root: String?)? {
        guard PropertyList.isXMLOrBinary(bytes),
            let plist = (try? PropertyListSerialization.propertyList(from: Data(bytes), options: [], format: nil)) as? [String: Any]
        else { return nil }
        let version = plist["version"] as? [String: Any]
        return (
            (version?["major"] as? NSNumber)?.intValue, (version?["minor"] as? NSNumber)?.intValue,
            (plist["rootId"] as? [String: Any])?["hash"] as? String
        )
    }

    func ourReading(_ bytes: [UInt8]) -> (major: Int?, minor: Int?, root: String?)? {
        guard let plist = PlistNode.parse(bytes), case .dictionary = plist else { return nil }
        return (plist["version"]?["major"]?.intValue, plist["version"]?["minor"]?.intValue, plist["rootId"]?["hash"]?.stringValue)
    }

    func assertSameReading(_ text: String, _ what: String, file: StaticString = #filePath, line: UInt = #line) {
        assertSameReading(Array(text.utf8), what, file: file, line: line)
    }

    func assertSameReading(_ bytes: [UInt8], _ what: String, file: StaticString = #filePath, line: UInt = #line) {
        let theirs = foundationReading(bytes), ours = ourReading(bytes)
        XCTAssertEqual(
            ours == nil, theirs == nil, "\(what): Foundation \(String(describing: theirs)), ours \(String(describing: ours))", file: file, line: line)
        if let a = theirs, let b = ours {
            XCTAssertEqual(a.major, b.major, what, file: file, line: line)
            XCTAssertEqual(a.minor, b.minor, what, file: file, line: line)
            XCTAssertEqual(a.root, b.root, what, file: file, line: line)
        }
    }

    func testEveryRealBundlesInfoPlistReadsAsFoundationReadsIt() throws {
        let folder = try SharedFixtures.require(SharedFixtures.xcresults)
        let bundles = try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { $0.hasSuffix(".xcresult") }.sorted()
        XCTAssertGreaterThanOrEqual(bundles.count, 27)
        for name in bundles {
            let bytes = try [UInt8](Data(contentsOf: folder.appendingPathComponent(name).appendingPathComponent("Info.plist")))
            XCTAssertNotNil(ourReading(bytes)?.major, name)
            XCTAssertNotNil(ourReading(bytes)?.root, name)
            assertSameReading(bytes, name)
        }
    }

    func testInfoPlistsOfEveryShapeReadAsFoundationReadsThem() throws {
        let head =
            "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<!DOCTYPE plist PUBLIC \"-//Apple//DTD PLIST 1.0//EN\" \"http://www.apple.com/DTDs/PropertyList-1.0.dtd\">\n"
        func plist(_ body: String) -> String { head + "<plist version=\"1.0\">\n" + body + "\n</plist>\n" }
        let plain =
            "<dict><key>rootId</key><dict><key>hash</key><string>0~abc</string></dict><key>version</key><dict><key>major</key><integer>3</integer><key>minor</key><integer>54</integer></dict></dict>"
        let shapes: [(String, String)] = [
            ("plain", plist(plain)),
            ("no prolog", "<plist version=\"1.0\">" + plain + "</plist>"),
            (
                "comments and white space",
                plist("<!-- a comment -->\n\t<dict>\n<!-- -->\t<key>version</key>\n  <dict> <key>major</key> <integer>3</integer> </dict>\n</dict>")
                    + "<!-- after -->\n"
            ),
            ("white space in an integer", plist("<dict><key>version</key><dict><key>major</key><integer> 3 </integer></dict></dict>")),
            ("a line break in an integer", plist("<dict><key>version</key><dict><key>major</key><integer>\n3\n</integer></dict></dict>")),
            ("a signed integer", plist("<dict><key>version</key><dict><key>major</key><integer>+3</integer></dict></dict>")),
            (
                "a hexadecimal integer",
                plist("<dict><key>version</key><dict><key>major</key><integer>0x3</integer><key>minor</key><integer>0X1f</integer></dict></dict>")
            ),
            ("an empty integer", plist("<dict><key>version</key><dict><key>major</key><integer></integer></dict></dict>")),
            ("an integer of no text", plist("<dict><key>version</key><dict><key>major</key><integer/></dict></dict>")),
            ("an integer too large", plist("<dict><key>version</key><dict><key>major</key><integer>99999999999999999999</integer></dict></dict>")),
            (
                "the largest unsigned integer",
                plist("<dict><key>version</key><dict><key>major</key><integer>18446744073709551615</integer></dict></dict>")
            ),
            ("the smallest integer", plist("<dict><key>version</key><dict><key>major</key><integer>-9223372036854775808</integer></dict></dict>")),
            ("a comment in an integer", plist("<dict><key>version</key><dict><key>major</key><integer>3<!--c--></integer></dict></dict>")),
            ("a comment in a string", plist("<dict><key>rootId</key><dict><key>hash</key><string>0~a<!--c-->b</string></dict></dict>")),
            ("white space in a real", plist("<dict><key>version</key><dict><key>major</key><real> 3.5 </real></dict></dict>")),
            (
                "a real without its integer part",
                plist("<dict><key>version</key><dict><key>major</key><real>.5</real><key>minor</key><real>1e3</real></dict></dict>")
            ),
            ("true closed", plist("<dict><key>version</key><dict><key>minor</key><true></true></dict></dict>")),
            ("no prolog and no plist element", "<dict><key>version</key><dict><key>major</key><integer>3</integer></dict></dict>"),
            ("no plist element", head + "<dict><key>version</key><dict><key>major</key><integer>3</integer></dict></dict>"),
            ("a key of no text", plist("<dict><key/><string>x</string><key>version</key><dict><key>major</key><integer>3</integer></dict></dict>")),
            ("a NUL reference", plist("<dict><key>rootId</key><dict><key>hash</key><string>0~&#0;</string></dict></dict>")),
            ("a surrogate reference", plist("<dict><key>rootId</key><dict><key>hash</key><string>&#xD800;</string></dict></dict>")),
            (
                "a date not a date",
                plist("<dict><key>dateCreated</key><date>garbage</date><key>version</key><dict><key>major</key><integer>3</integer></dict></dict>")
            ),
            (
                "data not base64",
                plist("<dict><key>d</key><data>!!!</data><key>version</key><dict><key>major</key><integer>3</integer></dict></dict>")
            ),
            ("two values", plist(plain + "<dict/>")),
            ("an element in capitals", plist("<DICT><key>version</key></DICT>")),
            ("white space in tags", plist("<dict ><key >version</key ><dict\n><key>major</key><integer>3</integer></dict></dict>")),
            ("garbage after the list", plist(plain) + "garbage<foo"),
            (
                "entities",
                plist(
                    "<dict><key>rootId</key><dict><key>hash</key><string>0~a&amp;b&lt;&gt;&quot;&apos;&#65;&#x42;</string></dict><key>version</key><dict><key>major</key><integer>3</integer></dict></dict>"
                )
            ),
            (
                "CDATA",
                plist(
                    "<dict><key>rootId</key><dict><key>hash</key><string><![CDATA[0~<x>&]]></string></dict><key>version</key><dict><key>major</key><integer>3</integer></dict></dict>"
                )
            ),
            ("a real and a boolean", plist("<dict><key>version</key><dict><key>major</key><real>3.7</real><key>minor</key><true/></dict></dict>")),
            ("a negative integer", plist("<dict><key>version</key><dict><key>major</key><integer>-3</integer></dict></dict>")),
            (
                "a later key wins",
                plist("<dict><key>version</key><dict><key>major</key><integer>2</integer><key>major</key><integer>3</integer></dict></dict>")
            ),
            ("a string where a number goes", plist("<dict><key>version</key><dict><key>major</key><string>3</string></dict></dict>")),
            (
                "empty elements",
                plist(
                    "<dict><key>externalLocations</key><array/><key>x</key><dict/><key>s</key><string/><key>version</key><dict><key>major</key><integer>3</integer></dict></dict>"
                )
            ),
            (
                "nested arrays",
                plist(
                    "<dict><key>a</key><array><array><string>x</string></array><dict><key>k</key><false/></dict></array><key>version</key><dict><key>major</key><integer>3</integer></dict></dict>"
                )
            ),
            (
                "a date and data",
                plist(
                    "<dict><key>dateCreated</key><date>2025-10-05T20:54:59Z</date><key>d</key><data>AAEC</data><key>version</key><dict><key>major</key><integer>3</integer></dict></dict>"
                )
            ),
            ("not closed", head + "<plist version=\"1.0\"><dict><key>version</key><dict><key>major</key><integer>3</integer></dict>"),
            ("a key without a value", plist("<dict><key>version</key></dict>")),
            ("an unknown element", plist("<dict><key>version</key><number>3</number></dict>")),
            ("a mismatched close", plist("<dict><key>version</key><dict><key>major</key><integer>3</string></dict></dict>")),
            ("not a number", plist("<dict><key>version</key><dict><key>major</key><integer>three</integer></dict></dict>")),
            ("not a dictionary", plist("<array><string>x</string></array>")),
            ("an unknown entity", plist("<dict><key>rootId</key><dict><key>hash</key><string>&nbsp;</string></dict></dict>")),
            ("text after the list", plist(plain) + "garbage"),
        ]
        for (what, text) in shapes { assertSameReading(text, what) }

        // UTF-16 in both byte orders, with their byte order marks.
        let text = plist(plain).replacingOccurrences(of: "encoding=\"UTF-8\"", with: "encoding=\"UTF-16\"")
        var little: [UInt8] = [0xFF, 0xFE], big: [UInt8] = [0xFE, 0xFF]
        for u in text.utf16 {
            little += [UInt8(u & 0xFF), UInt8(u >> 8)]
            big += [UInt8(u >> 8), UInt8(u & 0xFF)]
        }
        assertSameReading(little, "UTF-16 little-endian")
        assertSameReading(big, "UTF-16 big-endian")
        XCTAssertEqual(ourReading(little)?.root, "0~abc")

        // A binary list, as Foundation writes one.
        let value: [String: Any] = ["rootId": ["hash": "0~bin"], "version": ["major": 3, "minor": 53], "storage": ["backend": "fileBacked2"]]
        let binary = try [UInt8](PropertyListSerialization.data(fromPropertyList: value, format: .binary, options: 0))
        assertSameReading(binary, "binary")
        XCTAssertEqual(ourReading(binary)?.minor, 53)

        // Nesting far deeper than any Info.plist is refused, not followed down the stack.
        let deep = plist(String(repeating: "<array>", count: 100_000) + String(repeating: "</array>", count: 100_000))
        XCTAssertNil(PlistNode.parse(Array(deep.utf8)))
    }

    func testReplacingAndTrimmingGiveWhatFoundationGives() {
        let texts = [
            "iOS Simulator", "iOS Simulator Simulator", " Simulator", "Simulator", "", "watchOS", "iOS Simulatorx Simulator",
            "Class.test()", "a.b.c()()", "()", "ñandú Simulator 東京", "..", "\r\nline\r\n",
        ]
        for t in texts {
            XCTAssertEqual(t.utf8Replacing(" Simulator", with: ""), t.replacingOccurrences(of: " Simulator", with: ""), t)
            XCTAssertEqual(t.utf8Replacing(".", with: "/"), t.replacingOccurrences(of: ".", with: "/"), t)
            XCTAssertEqual(t.utf8Replacing("()", with: ""), t.replacingOccurrences(of: "()", with: ""), t)
            XCTAssertEqual(t.utf8Replacing("\r", with: ""), t.replacingOccurrences(of: "\r", with: ""), t)
        }
        // Every scalar of the first planes, at both ends and alone, trimmed as Foundation trims it.
        var scalars: [Unicode.Scalar] = []
        for v in 0...0xFFFF { if let s = Unicode.Scalar(v) { scalars.append(s) } }
        scalars += [Unicode.Scalar(0x1F600)!, Unicode.Scalar(0xE0020)!]
        for s in scalars {
            let c = String(Character(s))
            for t in [c, c + "x" + c, "x" + c, c + "x", c + c + "ab c" + c] {
                XCTAssertEqual(t.trimmingWhiteSpaceScalars(), t.trimmingCharacters(in: .whitespacesAndNewlines), "U+\(String(s.value, radix: 16))")
            }
            XCTAssertEqual(c.isBlankLine, c.trimmingCharacters(in: .whitespaces).isEmpty, "U+\(String(s.value, radix: 16))")
            XCTAssertEqual((c + " \t").isBlankLine, (c + " \t").trimmingCharacters(in: .whitespaces).isEmpty, "U+\(String(s.value, radix: 16))")
        }
        // A space that a combining mark follows is cut as a scalar, the mark kept (a whole character would go).
        XCTAssertEqual("a \u{301}".trimmingWhiteSpaceScalars(), "a \u{301}".trimmingCharacters(in: .whitespacesAndNewlines))
        XCTAssertEqual("  Button failed\n".trimmingWhiteSpaceScalars(), "Button failed")
        XCTAssertEqual("(17A400)".trimmingScalars { $0 == "(" || $0 == ")" }, "17A400")
    }

    /// A frame's numbers read in place are the numbers `Double` reads from each word, words that are no number
    /// passed over, exactly four or none (seeded words of every shape a frame text may hold).
    func testFrameNumbersAreWhatDoubleReadsOfEachWord() {
        func expected(_ inner: String) -> (Double, Double, Double, Double)? {
            let n = inner.split(whereSeparator: { $0 == "," || $0 == "{" || $0 == "}" || $0 == " " }).compactMap { Double(String($0)) }
            return n.count == 4 ? (n[0], n[1], n[2], n[3]) : nil
        }
        let words = [
            "0.0", "-0.0", "440.0", "956", "12.345678901234", "1234567890.12345", "0.1", "00.5", "1.", ".5", "+3", "-", "1e3",
            "inf", "-inf", "nan", "0x1p3", "abc", "3.0.1", "12345678901234567890", "9007199254740993", "-12.5e-3", "é", "1,5",
        ]
        var rng = SplitMix64(seed: 0x5EED)
        func next(_ n: Int) -> Int { Int.random(in: 0..<n, using: &rng) }
        var agreed = 0
        for _ in 0..<4000 {
            let count = 2 + next(5)
            let inner = (0..<count).map { _ in words[next(words.count)] }.enumerated().map { k, w in k == 2 ? "}, {" + w : w }.joined(separator: ", ")
            let ours = DebugDescriptionParser.frameNumbers(Substring(inner))
            let theirs = expected(inner)
            XCTAssertEqual(ours == nil, theirs == nil, inner)
            if let a = ours, let b = theirs {
                // Bit for bit: the same doubles, signs of zero and NaN included.
                XCTAssertEqual([a.0, a.1, a.2, a.3].map(\.bitPattern), [b.0, b.1, b.2, b.3].map(\.bitPattern), inner)
                agreed += 1
            }
        }
        XCTAssertGreaterThan(agreed, 200)
        XCTAssertEqual(DebugDescriptionParser.parseFrame("{{0.0, 0.0}, {440.0, 956.0}} rest")?.0, Rect(x: 0, y: 0, width: 440, height: 956))
    }
}
