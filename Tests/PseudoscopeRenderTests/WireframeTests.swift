import XCTest
import PseudoscopeCore
@testable import PseudoscopeRender

final class WireframeTests: XCTestCase {
    func render(_ sample: String, width: Int, height: Int?, glyphs: Glyphs, findingsList: Bool = false, mirror: Bool = false) throws -> Canvas {
        let a = try Golden.sample(sample)
        var report = RenderReport(archive: a, findings: LayoutChecker(a).findings(), glyphs: glyphs, width: width, height: height, listFindings: findingsList)
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
        Golden.assert(try render("checkout-expanded", width: 80, height: 24, glyphs: .unicode, findingsList: true), matches: "checkout-80x24-findings")
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
}
