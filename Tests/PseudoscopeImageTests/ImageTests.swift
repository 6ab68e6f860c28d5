import Foundation
import PseudoscopeTestSupport
import XCTest

@testable import PseudoscopeCore
@testable import PseudoscopeImage

/// Screenshots from the real result bundles: decoded by content, turned into cells, bounded, never crashing.
final class ImageTests: XCTestCase {
    static let fixtures = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("shared/fixtures/xcresult")

    func failureScreenshot(_ bundle: String, run: Int = 1) throws -> [UInt8] {
        guard FileManager.default.fileExists(atPath: Self.fixtures.path) else {
            if ["true", "1", "yes"].contains((ProcessInfo.processInfo.environment["CI"] ?? "").lowercased()) { XCTFail("shared fixtures missing") }
            throw XCTSkip("the shared fixtures are not at \(Self.fixtures.path)")
        }
        let path = Self.fixtures.appendingPathComponent(bundle).path
        let a = try ArchiveLoader().load(path + "#\(run)")
        let shot = try XCTUnwrap(a.attachments.first(where: \.isFailureScreenshot))
        guard case .bundle(_, let id) = shot.location else { throw XCTSkip("not in a bundle") }
        return try XCResultBundle(path: path).bytes(id)
    }

    func testJPEGHEICAndPNGScreenshotsDecode() throws {
        let jpeg = try ImageDecoder.decode(try failureScreenshot("xcode11.5-ui-failure-jpeg__xcparse-testFailure.xcresult"), file: "jpeg")
        XCTAssertGreaterThan(jpeg.width, 100)
        XCTAssertEqual(jpeg.pixels.count, jpeg.width * jpeg.height * 4)
        let heic = try ImageDecoder.decode(try failureScreenshot("xcode12b-ui-failure-heic__xcparse-testHEIC.xcresult"), file: "heic")
        XCTAssertGreaterThan(heic.height, heic.width, "a portrait phone screenshot")
        let cells = ImageCells.make(jpeg, columns: 30, rows: 20, depth: .truecolor)
        XCTAssertEqual(cells.cells.count, 600)
        XCTAssertTrue(cells.cells.contains { $0.foreground >= 0 || $0.background >= 0 }, "coloured cells")
        XCTAssertTrue(cells.cells.allSatisfy { DisplayWidth.of($0.grapheme) == 1 }, "every symbol is one column")
    }

    func testBadImagesAreOneLineErrors() {
        let cases: [(String, [UInt8])] = [
            ("truncated PNG", [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0, 0, 0, 13]),
            ("corrupt JPEG", [0xFF, 0xD8, 0xFF, 0xE0, 0, 16, 1, 2, 3, 4]),
            ("text", Array("hello".utf8)),
            ("empty", []),
        ]
        for (what, bytes) in cases {
            XCTAssertThrowsError(try ImageDecoder.decode(bytes, file: "shot.png"), what) { e in
                let d = (e as? ArchiveError)?.description ?? ""
                XCTAssertTrue(d.hasPrefix("shot.png: "), d)
                XCTAssertFalse(d.contains("\n"))
            }
        }
    }

    func testAHugeImageIsRefusedFromItsHeader() throws {
        // A PNG header claiming 100000 x 100000 pixels, and nothing else.
        let png: [UInt8] =
            [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A] + TestPNG.chunk("IHDR", [0, 1, 0x86, 0xA0, 0, 1, 0x86, 0xA0, 8, 6, 0, 0, 0])
        XCTAssertThrowsError(try ImageDecoder.decode(png, maxPixels: 1_000_000, file: "big.png")) { e in
            XCTAssertTrue("\(e)".contains("100000 x 100000 pixels, over the limit"), "\(e)")
        }
    }
}

/// Graphics protocols: what the terminal answers decides; the payloads start as each protocol says.
final class GraphicsTests: XCTestCase {
    func testPayloadsStartAsTheirProtocolSays() {
        var pixels = [UInt8](repeating: 255, count: 40 * 80 * 4)
        for i in stride(from: 0, to: pixels.count, by: 8) { pixels[i] = 0 }
        let image = RasterImage(width: 40, height: 80, pixels: pixels)
        let sixel = GraphicsProtocol.sixel.encode(image, columns: 4, rows: 4, cellWidth: 10, cellHeight: 20)
        XCTAssertTrue(sixel.starts(with: Array("\u{1B}P".utf8)), String(decoding: sixel.prefix(20), as: UTF8.self))
        let kitty = GraphicsProtocol.kitty.encode(image, columns: 4, rows: 4, cellWidth: 10, cellHeight: 20)
        XCTAssertTrue(String(decoding: kitty, as: UTF8.self).contains("\u{1B}_G"))
        let iterm = GraphicsProtocol.iterm.encode(image, columns: 4, rows: 4, cellWidth: 10, cellHeight: 20)
        XCTAssertTrue(String(decoding: iterm, as: UTF8.self).contains("\u{1B}]1337;File="))
    }

    func testOutlinesAndCropsStayInsideThePicture() {
        let image = RasterImage(width: 10, height: 10, pixels: [UInt8](repeating: 0, count: 400))
        XCTAssertEqual(image.outlined(PixelRect(x: -5, y: -5, width: Int.max, height: Int.max)).pixels.count, 400)
        XCTAssertEqual(image.cropped(PixelRect(x: Int.max - 1, y: 3, width: Int.max, height: 2)).width, 0)
        XCTAssertEqual(image.cropped(PixelRect(x: 2, y: 2, width: 4, height: 3)).pixels.count, 4 * 3 * 4)
    }
}
