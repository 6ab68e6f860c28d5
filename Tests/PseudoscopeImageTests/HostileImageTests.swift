import Foundation
import XCTest

@testable import PseudoscopeCore
@testable import PseudoscopeImage

/// Pictures made to hurt (docs/security.md): truncated HEIC, a JPEG that declares a gigapixel, a progressive
/// JPEG with thousands of scans. Each is one line of error, in bounded time, never a crash.
final class HostileImageTests: XCTestCase {
    /// A 16×16 progressive JPEG (cjpeg -progressive): ten scans.
    static let progressive = [UInt8](
        Data(
            base64Encoded:
                "/9j/4AAQSkZJRgABAQAAAQABAAD/2wBDAAMCAgMCAgMDAwMEAwMEBQgFBQQEBQoHBwYIDAoMDAsKCwsNDhIQDQ4RDgsLEBYQERMUFRUVDA8XGBYUGBIUFRT/2wBDAQMEBAUEBQkFBQkUDQsNFBQUFBQUFBQUFBQUFBQUFBQUFBQUFBQUFBQUFBQUFBQUFBQUFBQUFBQUFBQUFBQUFBT/wgARCAAQABADASIAAhEBAxEB/8QAFQABAQAAAAAAAAAAAAAAAAAABgf/xAAUAQEAAAAAAAAAAAAAAAAAAAAA/9oADAMBAAIQAxAAAAGPvGTw/8QAFhAAAwAAAAAAAAAAAAAAAAAAAAQF/9oACAEBAAEFAkpAlIEpAlIP/8QAFxEBAAMAAAAAAAAAAAAAAAAABgAhMf/aAAgBAwEBPwE8hy5//8QAFREBAQAAAAAAAAAAAAAAAAAAAwD/2gAIAQIBAT8BFr//xAAWEAADAAAAAAAAAAAAAAAAAAAAASH/2gAIAQEABj8CUFBQUP/EABQQAQAAAAAAAAAAAAAAAAAAACD/2gAIAQEAAT8hCqq//9oADAMBAAIAAwAAABBT/8QAFBEBAAAAAAAAAAAAAAAAAAAAAP/aAAgBAwEBPxB//8QAFhEAAwAAAAAAAAAAAAAAAAAAACEx/9oACAECAQE/EIM//8QAFRABAQAAAAAAAAAAAAAAAAAAAPH/2gAIAQEAAT8QgoKCgv/Z"
        )!)

    /// The same picture with its last scan repeated `times` times before the end: each repetition is one more
    /// pass over the whole picture for the decoder.
    func scanBomb(_ times: Int) -> [UInt8] {
        let b = Self.progressive
        let sos = (0..<(b.count - 1)).filter { b[$0] == 0xFF && b[$0 + 1] == 0xDA }
        let eoi = (0..<(b.count - 1)).last { b[$0] == 0xFF && b[$0 + 1] == 0xD9 }!
        let scan = Array(b[sos.last!..<eoi])
        return Array(b[..<eoi]) + Array((0..<times).map { _ in scan }.joined()) + Array(b[eoi...])
    }

    func testAProgressiveJPEGWithThousandsOfScansIsRefused() throws {
        XCTAssertEqual(try ImageDecoder.decode(Self.progressive, file: "ok").width, 16, "ten scans decode")
        XCTAssertThrowsError(try ImageDecoder.decode(scanBomb(5_000), file: "bomb")) { e in
            XCTAssertTrue("\(e)".contains("more than 100 scans"), "\(e)")
        }
    }

    func testAJPEGThatDeclaresAHugeSizeIsRefusedBeforeDecoding() throws {
        var huge = Self.progressive
        // SOF2: FF C2, length, precision, then height and width (16-bit each).
        let sof = (0..<(huge.count - 1)).first { huge[$0] == 0xFF && huge[$0 + 1] == 0xC2 }!
        huge[sof + 5] = 0xC3; huge[sof + 6] = 0x50
        huge[sof + 7] = 0xC3; huge[sof + 8] = 0x50
        XCTAssertThrowsError(try ImageDecoder.decode(huge, file: "huge")) { e in
            XCTAssertTrue("\(e)".contains("over the limit of"), "\(e)")
        }
    }

    func testATruncatedHEICIsAnErrorNotACrash() throws {
        let fixtures = ImageTests.fixtures.appendingPathComponent("xcode12b-ui-failure-heic__xcparse-testHEIC.xcresult").path
        guard FileManager.default.fileExists(atPath: fixtures) else {
            if ["true", "1", "yes"].contains((ProcessInfo.processInfo.environment["CI"] ?? "").lowercased()) { XCTFail("shared fixtures missing") }
            throw XCTSkip("no fixtures")
        }
        let a = try ArchiveLoader().load(fixtures + "#1")
        guard case .bundle(_, let id) = a.attachments.first(where: \.isFailureScreenshot)!.location else { return XCTFail() }
        let heic = try XCResultBundle(path: fixtures).bytes(id)
        XCTAssertGreaterThan(try ImageDecoder.decode(heic, file: "whole").width, 100)
        for share in [0.02, 0.1, 0.5, 0.9, 0.99] {
            let cut = Array(heic.prefix(Int(Double(heic.count) * share)))
            do {
                let image = try ImageDecoder.decode(cut, file: "cut")
                XCTAssertEqual(image.pixels.count, image.width * image.height * 4)
            } catch let e as ArchiveError {
                XCTAssertFalse(e.message.contains("\n"))
            }
        }
    }
}
