import Foundation
import PseudoscopeTestSupport
import XCTest

/// Libraries that only some inputs need are opened when one first needs them, so that start-up stays small: an
/// archive's `check` loads none of SQLite, libxml2 (and the ICU and liblzma it brings), libpng, libjpeg, chafa
/// or GLib; a page source loads libxml2, a bundle's database SQLite, a drawn screenshot libpng and chafa. What
/// the dynamic loader opened is read from its own account (LD_DEBUG=files, on standard error).
final class FirstUseLibrariesTests: XCTestCase {
    static let firstUse = [
        "libsqlite3.so", "libxml2.so", "libicuuc.so", "liblzma.so", "libpng16.so", "libjpeg.so", "libchafa.so", "libglib-2.0.so",
        "libavcodec.so", "libheif.so", "libharfbuzz.so", "libarchive.so",
    ]

    /// The first-use libraries the loader opened while running `args`.
    func opened(_ args: [String]) throws -> Set<String> {
        let r = try Harness.run(args, environment: ["LD_DEBUG": "files"])
        XCTAssertNotEqual(r.status, 2, "\(args): \(r.stderr.suffix(300))")
        var found: Set<String> = []
        for line in r.stderr.split(separator: "\n") where line.contains("file=") {
            for name in Self.firstUse where line.contains("file=" + name) || line.contains("/" + name) { found.insert(name) }
        }
        return found
    }

    func testTheBinaryNamesNoneOfThem() throws {
        let needed = try Harness.shell("readelf -d \"$BIN\"", environment: ["BIN": Harness.binary])
        XCTAssertEqual(needed.status, 0, needed.stderr)
        XCTAssertTrue(needed.stdout.contains("(NEEDED)"), needed.stdout)
        for name in Self.firstUse { XCTAssertFalse(needed.stdout.contains(name), "the binary links \(name)") }
    }

    func testAnArchiveLoadsNoneOfThem() throws {
        XCTAssertEqual(try opened(["check", "--json", Harness.sample("checkout-expanded")]), [])
        XCTAssertEqual(try opened(["render", Harness.sample("settings-rtl"), "--width", "80"]), [])
        XCTAssertEqual(try opened(["--version"]), [])
    }

    /// (Text measured as the device sets it opens HarfBuzz, which brings GLib and libpng through FreeType: those
    /// may come with a page source, whose elements record no intrinsic size.)
    func testEachInputLoadsWhatItNeedsAndNoMore() throws {
        try SharedFixturesPath.require()
        let pageSource = try opened(["check", "--json", SharedFixturesPath.dump("appium-01.xml")])
        XCTAssertTrue(pageSource.contains("libxml2.so"), "\(pageSource)")
        XCTAssertFalse(
            pageSource.contains("libsqlite3.so") || pageSource.contains("libchafa.so") || pageSource.contains("libjpeg.so"), "\(pageSource)")
        let bundles = SharedFixturesPath.root.appendingPathComponent("xcresult").path
        let database = try opened(["check", "--json", bundles + "/xcode26.0.1-ui-failures-appuihierarchy__tothszabi-Bitreat-the-past.xcresult"])
        XCTAssertTrue(database.contains("libsqlite3.so"), "\(database)")
        XCTAssertFalse(database.contains("libxml2.so") || database.contains("libchafa.so") || database.contains("libjpeg.so"), "\(database)")
        let picture = try opened(["render", "--screenshot", bundles + "/xcode11.5-ui-failure-jpeg__xcparse-testFailure.xcresult#1", "--width", "60"])
        XCTAssertEqual(picture, ["libjpeg.so", "libchafa.so", "libglib-2.0.so"], "a JPEG screenshot drawn as cells")
        // A zipped app opens libarchive; an app folder and a project do not (a scheme is XML: libxml2).
        let apps = try Harness.temporaryFolder(self)
        // (Debian's libarchive13 links libxml2, ICU and liblzma for formats it reads besides zip: they come with it.)
        let zipped = try opened(["audit", apps.appendingPathComponent(try ModeledProducts.skiResortStoreIPA(in: apps)).path])
        XCTAssertTrue(zipped.contains("libarchive.so"), "\(zipped)")
        XCTAssertTrue(zipped.isDisjoint(with: ["libsqlite3.so", "libchafa.so", "libjpeg.so", "libpng16.so", "libavcodec.so"]), "\(zipped)")
        XCTAssertEqual(try opened(["audit", apps.appendingPathComponent(try ModeledProducts.calSmoke(in: apps)).path]), [])
    }
}
