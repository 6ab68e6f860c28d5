import Foundation
import PseudoscopeTestSupport
import XCTest

@testable import PseudoscopeCore

/// Property lists whose objects are shared over and over: a few hundred bytes that Foundation's reader builds out
/// into gigabytes (a 742-byte strings attachment made it allocate 5.7 GiB). Every list the tool reads goes
/// through one reader (`PlistNode.read`) that counts each value it builds, however shared, and refuses past the
/// limits: a string table, a `.stringsdict`, a localization attachment and a bundle's `Info.plist` alike.
final class PropertyListBombTests: XCTestCase {
    /// A dictionary whose one member is a chain of `levels` arrays, each holding the next twice: 2^levels values
    /// from about 40 bytes a level. `extra` members (real keys) are added to the dictionary beside it.
    static func bomb(levels: Int, extra: [(String, BinaryPlistWriter.Object)] = []) -> [UInt8] {
        var w = BinaryPlistWriter()
        var next = w.add(.string("boom"))
        for _ in 0..<levels { next = w.add(.array([next, next])) }
        var members = [(key: w.add(.string("bomb")), value: next)]
        for (k, v) in extra { members.append((w.add(.string(k)), w.add(v))) }
        let top = w.add(.dictionary(members))
        return w.encode(top: top)
    }

    func testASharedObjectBombIsRefusedNotBuilt() throws {
        let bytes = Self.bomb(levels: 40)
        XCTAssertLessThan(bytes.count, 2_000)
        var small = LoadLimits()
        small.maxElements = 10_000
        XCTAssertThrowsError(try PlistNode.read(bytes, limits: small)) { e in
            XCTAssertTrue("\(e)".contains("property-list bomb"), "\(e)")
        }
        // A list that shares honestly, within the limits, reads as Foundation reads it.
        let fine = try PlistNode.read(Self.bomb(levels: 4), limits: small)
        guard case .array(let top)? = fine["bomb"] else { return XCTFail("\(fine)") }
        XCTAssertEqual(top.count, 2)
    }

    func testStringTablesThatAreBombsAreOneLineErrorsNamingTheFile() throws {
        let bytes = Self.bomb(levels: 40)
        for (what, read) in [
            ("strings", { _ = try StringsFile.parse(bytes, file: "de.lproj/Localizable.strings", table: "Localizable", language: "de") }),
            ("stringsdict", { _ = try StringsDict.parse(bytes, file: "de.lproj/Localizable.stringsdict", table: "Localizable", language: "de") }),
            ("shown strings", { _ = try ShownString.parse(bytes, file: "kXCTAttachmentLocalizableStringsData") }),
        ] as [(String, () throws -> Void)] {
            XCTAssertThrowsError(try read(), what) { e in
                let text = (e as? ArchiveError)?.description ?? "\(e)"
                XCTAssertTrue(
                    text.contains("property-list bomb") && (text.contains(".strings") || text.contains("kXCTAttachment")), "\(what): \(text)")
            }
        }
    }

    /// A real bundle whose `Info.plist` keeps its real keys and carries a bomb beside them: refused, naming the file.
    func testABundleWhoseInfoPlistIsABombIsRefusedNamingIt() throws {
        let real = try SharedFixtures.require(SharedFixtures.xcresults).appendingPathComponent(
            "xcode15.4-ui-failure-appuihierarchy__artem1755-iostests.xcresult")
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("pseudoscope-plist-bomb-\(getpid())")
        try? FileManager.default.removeItem(at: folder)
        defer { try? FileManager.default.removeItem(at: folder) }
        let copy = folder.appendingPathComponent("Bomb.xcresult")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        try FileManager.default.copyItem(at: real, to: copy)
        let info = try XCTUnwrap(PlistNode.read([UInt8](Data(contentsOf: real.appendingPathComponent("Info.plist")))))
        let root = try XCTUnwrap(info["rootId"]?["hash"]?.stringValue)
        try FileManager.default.removeItem(at: copy.appendingPathComponent("Info.plist"))
        // The real keys at the top (version 3.x, the real root) and a chain of 2^40 beside them.
        var w = BinaryPlistWriter()
        var next = w.add(.string("boom"))
        for _ in 0..<40 { next = w.add(.array([next, next])) }
        let version = w.add(.dictionary([(w.add(.string("major")), w.add(.int(3))), (w.add(.string("minor")), w.add(.int(53)))]))
        let rootId = w.add(.dictionary([(w.add(.string("hash")), w.add(.string(root)))]))
        let top = w.add(.dictionary([(w.add(.string("version")), version), (w.add(.string("rootId")), rootId), (w.add(.string("bomb")), next)]))
        try Data(w.encode(top: top)).write(to: copy.appendingPathComponent("Info.plist"))
        XCTAssertThrowsError(try XCResultBundle(path: copy.path)) { e in
            let text = (e as? ArchiveError)?.description ?? "\(e)"
            XCTAssertTrue(text.contains("Info.plist") && text.contains("property-list bomb"), text)
        }
    }
}
