import Foundation
import XCTest
@testable import PseudoscopeCore

/// `--json` strings: what a terminal must never see raw arrives as `\uXXXX`, everything else as it is. The
/// writer works on bytes for speed; this holds it against the rule written scalar by scalar.
final class JSONWriterTests: XCTestCase {
    /// The rule, one scalar at a time (the writer's behaviour before it worked on bytes).
    func reference(_ s: String) -> String {
        var out = "\""
        for u in s.unicodeScalars {
            switch u.value {
            case 0x22: out += "\\\""
            case 0x5C: out += "\\\\"
            case 0x0A: out += "\\n"
            case 0x0D: out += "\\r"
            case 0x09: out += "\\t"
            default:
                if TerminalText.needsEscape(u) || (0x200B...0x200F).contains(u.value) {
                    let units = u.value > 0xFFFF ? [0xD800 + ((u.value - 0x10000) >> 10), 0xDC00 + ((u.value - 0x10000) & 0x3FF)] : [u.value]
                    for v in units { out += String(format: "\\u%04x", v) }
                } else {
                    out.unicodeScalars.append(u)
                }
            }
        }
        return out + "\""
    }

    func testEveryKindOfCharacterIsWrittenAsTheRuleSays() throws {
        let pieces = ["plain", "\"quoted\"", "back\\slash", "\n\r\t", "\u{1B}[31m", "\u{7F}", "\u{85}\u{9B}", "é", "e\u{301}",
                      "確認する", "تأكيد", "\u{202E}evil", "\u{2066}\u{2069}", "\u{200B}\u{200D}\u{200F}", "\u{FEFF}", "\u{AD}",
                      "👩‍💻", "\u{E0041}", "\u{2028}", "\u{10FFFF}", "", "\u{0}", "［Confirm···］"]
        var rng = SystemRandomNumberGenerator()
        var samples = pieces
        for _ in 0..<500 {
            samples.append((0..<Int.random(in: 1...8, using: &rng)).map { _ in pieces.randomElement(using: &rng)! }.joined())
        }
        for s in samples {
            var w = JSONWriter()
            w.string(nil, s)
            XCTAssertEqual(w.text, reference(s), s.debugDescription)
            // And it reads back as the same text.
            let back = try JSONSerialization.jsonObject(with: Data(("[" + w.text + "]").utf8)) as? [String]
            XCTAssertEqual(back?.first, s, s.debugDescription)
        }
    }
}

/// Numbers read without strtod (short decimals: digits over a power of ten) must be the very doubles strtod
/// gives, sign, zeros and rounding included.
final class JSONNumberTests: XCTestCase {
    func testShortDecimalsReadAsStrtodReadsThem() throws {
        var rng = SystemRandomNumberGenerator()
        var texts = ["0.1", "-0.0", "0.5", "393.0", "-12.25", "20.3", "0.30000000000000004", "123456789012.345", "1.000000000000001",
                     "99999999999999.9", "0.000000000000001", "44.0", "-852.5", "1e3", "1.5E-2", "12345678901234567.5"]
        for _ in 0..<3000 {
            let whole = String(UInt64.random(in: 0...999_999_999, using: &rng) >> UInt64.random(in: 0...30, using: &rng))
            let fraction = String((0..<Int.random(in: 1...16, using: &rng)).map { _ in "0123456789".randomElement(using: &rng)! })
            texts.append((Bool.random(using: &rng) ? "-" : "") + whole + "." + fraction)
        }
        for t in texts {
            guard case .array(let items) = try JSONParser.parse(Array("[\(t)]".utf8), maxDepth: 4), case .number(let d, _)? = items.first else {
                return XCTFail("\(t) did not read as a number")
            }
            let expected = Double(t)!
            XCTAssertEqual(d.bitPattern, expected.bitPattern, t)
        }
    }
}

/// The fast reader picks a key's candidate by its length and a letter or two, then compares: every known key is
/// found, and near misses are not taken for one.
final class KnownKeyTests: XCTestCase {
    func testEveryKnownKeyIsFoundAndNearMissesAreNot() {
        func lookup(_ s: String) -> Int? {
            let bytes = Array(s.utf8)
            return bytes.withUnsafeBufferPointer { FastHierarchyReader.knownKey($0, 0, bytes.count) }
        }
        for (k, name) in FastHierarchyReader.elementKeyStrings.enumerated() {
            XCTAssertEqual(lookup(name), k, name)
        }
        for miss in ["", "z", "Type", "typo", "lable", "titles", "widths", "heighT", "childrem", "isEnabledX", "isVisibly", "identifiex",
                     "isSelectex", "isHittablx", "markedTexx", "placeholderValuf", "intrinsicContentSizf", "childrenUnknowm", "hasFocuz"] {
            XCTAssertNil(lookup(miss), miss)
        }
    }
}

/// Strings are scanned eight bytes a step: the step never passes a quote, a backslash or a control byte,
/// wherever in the word it sits, and labels read the same as the general parser reads them.
final class WordScanTests: XCTestCase {
    func testTheWordStepStopsBeforeEveryByteThatEndsARun() {
        var rng = SystemRandomNumberGenerator()
        let specials: [UInt8] = [0x22, 0x5C, 0x00, 0x0A, 0x1F]
        let plain: [UInt8] = [0x20, 0x21, 0x23, 0x41, 0x5B, 0x5D, 0x7E, 0x7F, 0x80, 0xE3, 0xBF, 0xFF]
        for _ in 0..<2_000 {
            var bytes = (0..<Int.random(in: 0...40, using: &rng)).map { _ in plain.randomElement(using: &rng)! }
            var firstSpecial = bytes.count
            if !bytes.isEmpty, Bool.random(using: &rng) {
                firstSpecial = Int.random(in: 0..<bytes.count, using: &rng)
                bytes[firstSpecial] = specials.randomElement(using: &rng)!
            }
            let start = bytes.isEmpty ? 0 : Int.random(in: 0...min(firstSpecial, bytes.count - 1), using: &rng)
            let end = bytes.withUnsafeBufferPointer { FastHierarchyReader.plainRunEnd($0, from: start) }
            XCTAssertLessThanOrEqual(end, firstSpecial, "\(bytes) from \(start)")
            XCTAssertGreaterThanOrEqual(end, start)
            XCTAssertGreaterThan(end + 8, min(firstSpecial, bytes.count), "stops within a word of the special byte: \(bytes)")
        }
    }

    func testLongLabelsReadTheSameOnBothPaths() throws {
        for label in [String(repeating: "確認送信", count: 300), String(repeating: "a", count: 17) + "\\\"q\\\"" + String(repeating: "é", count: 9),
                      "tab\\there" + String(repeating: "x", count: 30), String(repeating: "€", count: 1000) + "\\u0041"] {
            let json = "{\"formatVersion\":1,\"test\":\"T/t\",\"screen\":\"S\",\"mode\":\"normal\",\"environment\":{\"xcode\":\"16.2\",\"simulator\":\"iPhone 16\",\"os\":\"iOS 18.2\"},\"failure\":{\"identifier\":\"x\",\"label\":\"\",\"isHittable\":false,\"frame\":{\"x\":0,\"y\":0,\"width\":1,\"height\":1},\"message\":\"m\"},\"hierarchy\":{\"type\":\"Application\",\"frame\":{\"x\":0,\"y\":0,\"width\":1,\"height\":1},\"children\":[{\"type\":\"StaticText\",\"label\":\"\(label)\",\"frame\":{\"x\":0,\"y\":0,\"width\":1,\"height\":1}}]}}"
            let loader = ArchiveLoader()
            let source = ArchiveSource(path: "t.json", folder: nil)
            let fast = try loader.decodeFast(Array(json.utf8), source: source)
            let general = try loader.decodeGeneral(Array(json.utf8), source: source)
            XCTAssertEqual(fast.hierarchy[1].label, general.hierarchy[1].label)
            XCTAssertFalse(fast.hierarchy[1].label.contains("\\"), "escapes decoded: \(fast.hierarchy[1].label.prefix(40))")
        }
    }
}
