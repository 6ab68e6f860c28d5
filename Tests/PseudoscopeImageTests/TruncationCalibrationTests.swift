import Foundation
import XCTest

@testable import PseudoscopeCore
@testable import PseudoscopeImage

/// The text measurer against what devices drew. Two references, both from the fixtures: the ink a label's text
/// left in the run's screenshot or recording frame (its rendered width, a little narrower than its advance by
/// the side bearings), and the frames of SwiftUI's `Text`, which hug their text's advance exactly. The table is
/// published in docs/checks.md ("Estimated truncation"); this test fails when the measurer drifts from it.
final class TruncationCalibrationTests: XCTestCase {
    struct Sample {
        var script: String
        var text: String
        var estimate: Double
        var truth: Double
        var error: Double { (estimate - truth) / truth }
    }

    static let shared = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("shared/fixtures")
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    func require() throws -> URL {
        let inCI = ["true", "1", "yes"].contains((ProcessInfo.processInfo.environment["CI"] ?? "").lowercased())
        guard FileManager.default.fileExists(atPath: Self.shared.path) else {
            if inCI { XCTFail("shared fixtures missing") }
            throw XCTSkip("no shared fixtures")
        }
        guard TextMeasurer.shapes else {
            if inCI { XCTFail("HarfBuzz, fontconfig or the fonts are missing: Scripts/install-deps installs them") }
            throw XCTSkip("no fonts here")
        }
        return Self.shared
    }

    static func script(_ text: String) -> String {
        if text.unicodeScalars.contains(where: { TextMeasurer.Script.of($0) == .cjk }) { return "CJK" }
        if text.unicodeScalars.contains(where: { TextMeasurer.Script.of($0) == .arabic }) { return "Arabic" }
        return "Latin"
    }

    /// The horizontal extent, in points, of the ink inside a label's frame: pixels unlike the frame's edge colour.
    static func inkWidth(_ image: RasterImage, frame: Rect, scale: Double) -> Double? {
        let x0 = Int((frame.minX * scale).rounded(.down)), x1 = Int((frame.maxX * scale).rounded(.up))
        let y0 = Int((frame.minY * scale).rounded(.down)), y1 = Int((frame.maxY * scale).rounded(.up))
        guard x0 >= 0, y0 >= 0, x1 <= image.width, y1 <= image.height, x1 - x0 > 4, y1 - y0 > 4 else { return nil }
        func px(_ x: Int, _ y: Int) -> (Int, Int, Int) {
            let k = (y * image.width + x) * 4
            return (Int(image.pixels[k]), Int(image.pixels[k + 1]), Int(image.pixels[k + 2]))
        }
        // The background: the commonest colour of the frame's edge.
        var counts: [Int: Int] = [:]
        for x in x0..<x1 { for y in [y0, y1 - 1] { let p = px(x, y); counts[(p.0 / 8) << 10 | (p.1 / 8) << 5 | p.2 / 8, default: 0] += 1 } }
        guard let bg = counts.max(by: { $0.value < $1.value })?.key else { return nil }
        let (br, bgc, bb) = ((bg >> 10) * 8 + 4, ((bg >> 5) & 31) * 8 + 4, (bg & 31) * 8 + 4)
        var first: Int?, last: Int?
        for x in x0..<x1 {
            for y in y0..<y1 {
                let p = px(x, y)
                if abs(p.0 - br) + abs(p.1 - bgc) + abs(p.2 - bb) > 120 {
                    if first == nil { first = x }
                    last = x
                    break
                }
            }
        }
        guard let a = first, let b = last, b > a else { return nil }
        // Ink against both edges was cut, not measured.
        if a == x0 && b == x1 - 1 { return nil }
        return Double(b - a + 1) / scale
    }

    func samples() throws -> (ink: [Sample], frames: [Sample]) {
        let shared = try require()
        var ink: [Sample] = [], frames: [Sample] = []
        var seen = Set<String>()
        let bundles = try FileManager.default.contentsOfDirectory(atPath: shared.appendingPathComponent("xcresult").path).sorted().filter {
            $0.hasSuffix(".xcresult")
        }
        for name in bundles {
            let path = shared.appendingPathComponent("xcresult/\(name)").path
            guard let index = try? BundleIndexCache.index(path, limits: .default) else { continue }
            for run in index.runs {
                guard let a = try? ArchiveLoader().load(BundleAddress.path(bundle: path, run: run.number)), a.textIsEstimated,
                    case .success(let source) = a.pictureRequest.resolve(),
                    let picture = try? Picture.load(source, archive: a, limits: .default, maxPixels: ImageDecoder.defaultMaxPixels),
                    let window = a.hierarchy.windowFrame, window.width > 0
                else { continue }
                let scale = Double(picture.image.width) / window.width
                let checker = LayoutChecker(a)
                for i in a.hierarchy.indices {
                    guard let est = checker.textEstimate(i), est.linesFit == 1 else { continue }
                    let e = a.hierarchy[i]
                    let key = "\(e.displayText)|\(e.frame.shortDescription)"
                    guard seen.insert(key).inserted, let w = Self.inkWidth(picture.image, frame: e.frame, scale: scale) else { continue }
                    ink.append(Sample(script: Self.script(e.displayText), text: e.displayText, estimate: est.width.width, truth: w))
                }
            }
        }
        // SwiftUI's Text hugs its text: the App UI hierarchies of iOS apps in the real dumps and bundles.
        let dumps = try FileManager.default.contentsOfDirectory(atPath: shared.appendingPathComponent("real-dumps").path).sorted()
            .filter { $0.hasPrefix("appuihierarchy-") }
        var seenFrames = Set<String>()
        for name in dumps {
            guard let a = try? ArchiveLoader().load(shared.appendingPathComponent("real-dumps/\(name)").path), a.textIsEstimated else { continue }
            let checker = LayoutChecker(a)
            for i in a.hierarchy.indices {
                guard let est = checker.textEstimate(i), est.linesFit == 1, est.confident else { continue }
                let e = a.hierarchy[i]
                guard seenFrames.insert("\(e.displayText)|\(e.frame.shortDescription)").inserted else { continue }
                frames.append(Sample(script: Self.script(e.displayText), text: e.displayText, estimate: est.width.width, truth: e.frame.width))
            }
        }
        return (ink, frames)
    }

    static func percent(_ v: Double) -> String { String(format: "%+.1f%%", v * 100) }

    static func table(_ ink: [Sample], _ frames: [Sample]) -> String {
        var out = "| reference | script | labels | median error | 95th percentile of the error's size | labels |\n|---|---|---|---|---|---|\n"
        for (reference, set) in [("screenshot ink", ink), ("SwiftUI frames", frames)] {
            for script in Set(set.map(\.script)).sorted() {
                let s = set.filter { $0.script == script }
                let errors = s.map(\.error).sorted()
                let median = errors[errors.count / 2]
                let magnitudes = errors.map(abs).sorted()
                let p95 = magnitudes[min(magnitudes.count - 1, Int((Double(magnitudes.count) * 0.95).rounded(.up)) - 1)]
                out +=
                    "| \(reference) | \(script) | \(s.count) | \(percent(median)) | \(String(format: "%.1f%%", p95 * 100)) | "
                    + s.map { "\"\($0.text)\" \(String(format: "%.1f", $0.estimate)) vs \(String(format: "%.1f", $0.truth))" }.sorted().joined(
                        separator: ", ") + " |\n"
            }
        }
        return out
    }

    func testTheEstimateIsCalibratedAgainstWhatDevicesDrew() throws {
        let (ink, frames) = try samples()
        XCTAssertGreaterThanOrEqual(ink.count, 3, "labels with ink in the fixtures' pictures")
        XCTAssertGreaterThanOrEqual(frames.count, 3)
        for s in ink {
            // The advance is wider than the ink by the side bearings: a little over, never far.
            XCTAssertEqual(s.error, 0.03, accuracy: 0.08, "\(s.text): estimate \(s.estimate) pt, ink \(s.truth) pt")
        }
        for s in frames { XCTAssertEqual(s.error, 0, accuracy: 0.03, "\(s.text): estimate \(s.estimate) pt, frame \(s.truth) pt") }
        let table = Self.table(ink, frames)
        let docs = Self.root.appendingPathComponent("docs/checks.md")
        let text = try String(contentsOf: docs, encoding: .utf8)
        let begin = "<!-- generated: truncation-calibration -->\n", end = "<!-- end generated -->"
        guard let start = text.range(of: begin), let stop = text.range(of: end, range: start.upperBound..<text.endIndex) else {
            return XCTFail("docs/checks.md has no generated truncation-calibration section")
        }
        if String(text[start.upperBound..<stop.lowerBound]) != table {
            if ProcessInfo.processInfo.environment["PSEUDOSCOPE_RECORD"] == "1" {
                try (text[..<start.upperBound] + table + text[stop.lowerBound...]).write(to: docs, atomically: true, encoding: .utf8)
                XCTFail("re-recorded the calibration table in docs/checks.md: review it, then run again without PSEUDOSCOPE_RECORD")
            } else {
                XCTFail("the measurer drifted from the calibration published in docs/checks.md (PSEUDOSCOPE_RECORD=1 rewrites it):\n\(table)")
            }
        }
    }
}
