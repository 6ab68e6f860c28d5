import PseudoscopeCore
import PseudoscopeTestSupport
import XCTest

@testable import PseudoscopeDrawing
@testable import PseudoscopeScreens

final class WireframeTests: XCTestCase {
    func render(_ sample: String, width: Int, height: Int?, glyphs: Glyphs, findingsList: Bool = false, mirror: Bool = false) throws -> Canvas {
        let a = try Golden.sample(sample)
        var report = RenderReport(
            archive: a, findings: LayoutChecker(a).findings(), glyphs: glyphs, width: width, height: height, listFindings: findingsList)
        report.mirror = mirror
        return report.canvas()
    }

    func testSmallUnicodeLTR() throws {
        Golden.assert(try render("settings-expanded", width: 40, height: nil, glyphs: .unicode), matches: "settings-expanded-40-unicode")
    }

    func testSmallASCIILTR() throws {
        Golden.assert(try render("settings-expanded", width: 40, height: nil, glyphs: .ascii), matches: "settings-expanded-40-ascii")
    }

    func testRTLAt80x24() throws {
        Golden.assert(try render("settings-rtl", width: 80, height: 24, glyphs: .unicode), matches: "settings-rtl-80x24-unicode")
        Golden.assert(try render("settings-rtl", width: 80, height: 24, glyphs: .ascii), matches: "settings-rtl-80x24-ascii")
    }

    func testOffscreenActionAt80x24WithFindings() throws {
        Golden.assert(
            try render("checkout-expanded", width: 80, height: 24, glyphs: .unicode, findingsList: true), matches: "checkout-80x24-findings")
    }

    func testCJKAndArabicLabels() throws {
        Golden.assert(try render("chat-cjk-arabic", width: 60, height: nil, glyphs: .unicode), matches: "chat-60-unicode")
    }

    func testMirrorOfAnLTRRun() throws {
        Golden.assert(try render("settings-normal", width: 50, height: nil, glyphs: .ascii, mirror: true), matches: "settings-normal-50-mirror")
    }

    func testOffscreenElementGrowsTheCanvasBeyondTheWindow() throws {
        let text = try render("checkout-expanded", width: 40, height: nil, glyphs: .ascii).renderPlain()
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
        let windowBottom = lines.lastIndex { $0.hasPrefix("#=====") }!
        let confirm = lines.lastIndex { $0.contains("Kostenpflichtig") }!
        XCTAssertGreaterThan(confirm, windowBottom, "the pushed-down button is drawn below the window's outline:\n\(text)")
        XCTAssertTrue(lines[windowBottom].allSatisfy { $0 == "#" || $0 == "=" }, "the outline is not overwritten")
    }

    func testTinyElementsBecomeOneMarker() throws {
        let json = """
            {"formatVersion":1,"test":"T/t","mode":"normal","environment":{"xcode":"1","simulator":"s","os":"o"},
             "failure":{"identifier":"dot","label":"","frame":{"x":0,"y":0,"width":1,"height":1},"isHittable":true,"message":"m"},
             "hierarchy":{"type":"Application","frame":{"x":0,"y":0,"width":400,"height":400},"children":[
               {"type":"Window","frame":{"x":0,"y":0,"width":400,"height":400},"children":[
                 {"type":"Button","identifier":"dot","frame":{"x":100,"y":100,"width":4,"height":4}}]}]}}
            """
        let a = try ArchiveLoader().decode(Array(json.utf8), source: ArchiveSource(path: "t", folder: nil))
        let w = Wireframe(archive: a, findings: [])
        let opts = WireframeOptions(glyphs: .ascii)
        let text = w.draw(w.layout(width: 22, height: nil, options: opts), options: opts).renderPlain()
        XCTAssertEqual(text.filter { $0 == "X" }.count, 1, "the failing tiny element is one marker cell:\n\(text)")
    }

    /// Boxes painted over entirely are not drawn (a flat list of thousands of rows stacks them on every cell):
    /// the drawing must be the very same, cell for cell and role for role, as drawing every box. Held on every
    /// sample and on random stacks of overlapping rows, containers, controls and wide labels, at several sizes.
    func testSkippingHiddenBoxesDrawsTheSameCells() throws {
        var archives: [Archive] = []
        let samples = try FileManager.default.contentsOfDirectory(atPath: Golden.repositoryRoot.appendingPathComponent("SampleArchives").path)
        for name in samples.sorted() { archives.append(try Golden.sample(name)) }
        let labels = ["OK", "Settings", "確認する", "تأكيد", "👩‍💻 Dev", ""]
        // Seeded: a failure names the seed that reproduces it (random seeds once failed one run in twenty, and the
        // next run could not say which).
        let seeds = ProcessInfo.processInfo.environment["WIREFRAME_SEEDS"].flatMap(Int.init) ?? 400
        let first = ProcessInfo.processInfo.environment["WIREFRAME_FIRST_SEED"].flatMap(Int.init) ?? 0
        // 4322: a label outside ASCII wholly under another box, drawn in ASCII.
        for seed in Array(first..<(first + seeds)) + [4322] {
            var rng = SplitMix64(seed: UInt64(seed))
            func frame() -> String {
                let x = Double.random(in: -40...380, using: &rng).rounded(), y = Double.random(in: -40...820, using: &rng).rounded()
                return
                    "{\"x\":\(x),\"y\":\(y),\"width\":\(Double.random(in: 0...300, using: &rng).rounded()),\"height\":\(Double.random(in: 0...200, using: &rng).rounded())}"
            }
            var kids: [String] = []
            for k in 0..<Int.random(in: 5...120, using: &rng) {
                let type = ["StaticText", "Button", "Other", "Cell", "Image", "Window"].randomElement(using: &rng)!
                let label = labels.randomElement(using: &rng)!
                let inner =
                    Int.random(in: 0...3, using: &rng) == 0
                    ? ",\"children\":[{\"type\":\"StaticText\",\"label\":\"in \(k)\",\"frame\":\(frame())}]" : ""
                kids.append("{\"type\":\"\(type)\",\"identifier\":\"e\(k)\",\"label\":\"\(label)\",\"frame\":\(frame())\(inner)}")
            }
            let json = """
                {"formatVersion":1,"test":"T/t\(seed)","screen":"S","mode":"\(["normal", "expanded", "rtl"][seed % 3])","locale":"en_US",
                 "environment":{"xcode":"16","simulator":"iPhone","os":"iOS 18"},
                 "failure":{"identifier":"e3","label":"","frame":{"x":0,"y":0,"width":1,"height":1},"isHittable":false,"message":"m"},
                 "hierarchy":{"type":"Application","frame":{"x":0,"y":0,"width":393,"height":852},"children":[
                   {"type":"Window","frame":{"x":0,"y":0,"width":393,"height":852},"children":[\(kids.joined(separator: ","))]}]}}
                """
            archives.append(try ArchiveLoader().decode(Array(json.utf8), source: ArchiveSource(path: "random-\(seed).json", folder: nil)))
        }
        for a in archives {
            let w = Wireframe(archive: a, findings: LayoutChecker(a).findings())
            for (width, height, glyphs) in [(40, nil, Glyphs.unicode), (100, 30, .ascii), (160, 50, .unicode)] as [(Int, Int?, Glyphs)] {
                for mirror in [false, true] {
                    var opts = WireframeOptions(glyphs: glyphs)
                    opts.mirror = mirror
                    if mirror { opts.tags = [3: "1", 7: "2"] }
                    let layout = w.layout(width: width, height: height, options: opts)
                    let fast = w.drawUnselected(layout, options: opts, skippingHidden: true)
                    let every = w.drawUnselected(layout, options: opts, skippingHidden: false)
                    // The same cells and pictures. (Not the same "text was shown as ?" flag: a label outside ASCII
                    // in a box painted over is put, as `?`, only when every box is drawn; the flag the skipping
                    // drawing keeps is the true one, since nothing of that label shows.)
                    XCTAssertTrue(!fast.replacedOutsideASCII || every.replacedOutsideASCII, "\(a.source.path)")
                    if fast.cells != every.cells || fast.overlays != every.overlays {
                        XCTFail("\(a.source.path) at \(width)x\(height ?? 0) mirror \(mirror):\n\(fast.renderPlain())\n---\n\(every.renderPlain())")
                    }
                }
            }
        }
    }
}
