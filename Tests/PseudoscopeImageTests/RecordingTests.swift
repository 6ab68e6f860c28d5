import Foundation
import PseudoscopeTestSupport
import XCTest

@testable import PseudoscopeCore
@testable import PseudoscopeImage

/// Frames of the screen recordings Xcode 15+ attaches instead of screenshots (docs/xcresult.md), over every real
/// bundle in the fixtures, and recordings made hostile from them.
final class RecordingTests: XCTestCase {
    var fixtures: URL {
        get throws {
            guard FileManager.default.fileExists(atPath: ImageTests.fixtures.path) else {
                if ["true", "1", "yes"].contains((ProcessInfo.processInfo.environment["CI"] ?? "").lowercased()) {
                    XCTFail("shared fixtures missing")
                }
                throw XCTSkip("the shared fixtures are not at \(ImageTests.fixtures.path)")
            }
            return ImageTests.fixtures
        }
    }

    /// The 15.4 failure's recording, as bytes (H.264, 1178×2556).
    func recording() throws -> (bytes: [UInt8], archive: Archive) {
        let path = try fixtures.appendingPathComponent("xcode15.4-ui-failure-appuihierarchy__artem1755-iostests.xcresult").path
        let a = try ArchiveLoader().load(path + "#1")
        guard case .success(let source) = a.screenshotSource, source.isRecording else { throw XCTSkip("no recording") }
        return (try source.read(limits: .default), a)
    }

    func testEveryRunThatRecordedTheScreenInsteadOfAScreenshotHasAPicture() throws {
        var shown = 0
        for name in try FileManager.default.contentsOfDirectory(atPath: try fixtures.path).filter({ $0.hasSuffix(".xcresult") }).sorted() {
            let path = try fixtures.appendingPathComponent(name).path
            guard let index = try? BundleIndex(XCResultBundle(path: path)) else { continue }
            for run in index.runs {
                let a = try ArchiveLoader().load(path + "#\(run.number)")
                guard case .success(let source) = a.screenshotSource, source.isRecording else { continue }
                let picture = try Picture.load(source, archive: a, limits: .default, maxPixels: ImageDecoder.defaultMaxPixels)
                XCTAssertGreaterThan(picture.image.width, 300, "\(name)#\(run.number)")
                XCTAssertGreaterThan(picture.image.height, picture.image.width, "a portrait phone")
                XCTAssertEqual(picture.image.pixels.count, picture.image.width * picture.image.height * 4)
                XCTAssertLessThanOrEqual(
                    picture.frameTime ?? .infinity, (picture.requestedTime ?? 0) + 0.001, "the frame on screen then, not a later one")
                XCTAssertTrue(picture.description.hasPrefix("frame at "), picture.description)
                // Not a blank frame: a screen shows something.
                let distinct = Set(stride(from: 0, to: picture.image.pixels.count, by: 4 * 997).map { picture.image.pixels[$0] })
                XCTAssertGreaterThan(distinct.count, 1, "\(name)#\(run.number)")
                shown += 1
            }
        }
        XCTAssertGreaterThanOrEqual(shown, 1, "the Xcode 15.4 failure has no screenshot, only its recording")
    }

    func testTheFrameIsTheOneOnScreenAtTheMoment() throws {
        let (bytes, _) = try recording()
        let start = try VideoFrame.decode(bytes, at: 0, maxPixels: ImageDecoder.defaultMaxPixels, file: "r")
        XCTAssertEqual(start.time, 0, accuracy: 0.05)
        let late = try VideoFrame.decode(bytes, at: 1_000, maxPixels: ImageDecoder.defaultMaxPixels, file: "r")
        XCTAssertGreaterThan(late.time, start.time)
        XCTAssertLessThanOrEqual(late.time, late.duration + 0.05, "past the end: the last frame")
        let middle = try VideoFrame.decode(bytes, at: late.time / 2, maxPixels: ImageDecoder.defaultMaxPixels, file: "r")
        XCTAssertLessThanOrEqual(middle.time, late.time / 2 + 0.001)
    }

    /// Issue 81: decoding that stops at the frame limit before the moment says so; it does not call the frame the
    /// recording's last.
    func testAFrameWhereDecodingStoppedAtTheLimitSaysSo() throws {
        let (bytes, archive) = try recording()
        let end = try VideoFrame.decode(bytes, at: 1_000, maxPixels: ImageDecoder.defaultMaxPixels, file: "r")
        XCTAssertFalse(end.stoppedAtLimit, "the end of the recording is no limit")
        let cut = try VideoFrame.decode(bytes, at: end.time, maxPixels: ImageDecoder.defaultMaxPixels, file: "r", maxFrames: 2)
        XCTAssertTrue(cut.stoppedAtLimit)
        XCTAssertLessThan(cut.time, end.time)
        let said = archive.recordingFrameDescription(frameTime: cut.time, requested: end.time, stoppedBecause: "decoding stopped at the work limit")
        XCTAssertTrue(said.contains("the last frame decoded"), said)
        XCTAssertFalse(said.contains("the last frame there is"), said)
        XCTAssertTrue(said.contains("decoding stopped at the work limit"), said)
    }

    /// Replaces the first occurrence of `what` in `bytes`.
    func patched(_ bytes: [UInt8], _ what: [UInt8], _ with: [UInt8]) -> [UInt8] {
        var out = bytes
        for i in 0...(bytes.count - what.count) where Array(bytes[i..<(i + what.count)]) == what {
            out.replaceSubrange(i..<(i + what.count), with: with)
            return out
        }
        return out
    }

    func testHostileRecordingsAreOneLineErrorsNeverACrash() throws {
        let (bytes, _) = try recording()
        let max = ImageDecoder.defaultMaxPixels
        // Not H.264 or HEVC: the sample entry's codec named MPEG-4 Part 2 instead.
        XCTAssertThrowsError(try VideoFrame.decode(patched(bytes, Array("avc1".utf8), Array("mp4v".utf8)), at: 1, maxPixels: max, file: "r")) { e in
            XCTAssertTrue("\(e)".contains("neither H.264 nor HEVC") || "\(e)".contains("cannot be decoded") || "\(e)".contains("no frame"), "\(e)")
        }
        // Bigger than the pixel limit: refused before a frame is decoded.
        XCTAssertThrowsError(try VideoFrame.decode(bytes, at: 1, maxPixels: 10_000, file: "r")) { e in
            XCTAssertTrue("\(e)".contains("over the limit of 10000 pixels"), "\(e)")
        }
        // Cut short, at every size from a header to nearly whole; random bytes; a header over zeros.
        for share in [0.001, 0.01, 0.1, 0.3, 0.6, 0.95] {
            let cut = Array(bytes.prefix(Int(Double(bytes.count) * share)))
            do {
                let frame = try VideoFrame.decode(cut, at: 3, maxPixels: max, file: "r")
                XCTAssertEqual(frame.image.pixels.count, frame.image.width * frame.image.height * 4)
            } catch let e as ArchiveError {
                XCTAssertFalse(e.message.contains("\n"), e.message)
                XCTAssertFalse(e.message.isEmpty)
            }
        }
        var random = SplitMix64(seed: 0x5EED000E)  // seeded: a failure here happens again on the next run
        let noise = (0..<200_000).map { _ in UInt8.random(in: 0...255, using: &random) }
        XCTAssertThrowsError(try VideoFrame.decode(noise, at: 0, maxPixels: max, file: "r"))
        XCTAssertThrowsError(
            try VideoFrame.decode(Array(bytes.prefix(4096)) + [UInt8](repeating: 0, count: 100_000), at: 2, maxPixels: max, file: "r"))
        XCTAssertThrowsError(try VideoFrame.decode([], at: 0, maxPixels: max, file: "r"))
        // Every byte of the sample description flipped in turn (the codec's configuration): decoded or refused.
        if let avcC = (0...(bytes.count - 4)).first(where: { Array(bytes[$0..<($0 + 4)]) == Array("avcC".utf8) }) {
            for offset in stride(from: avcC, to: min(bytes.count, avcC + 40), by: 3) {
                var broken = bytes
                broken[offset] ^= 0xFF
                _ = try? VideoFrame.decode(broken, at: 1, maxPixels: max, file: "r")
            }
        }
    }
}
