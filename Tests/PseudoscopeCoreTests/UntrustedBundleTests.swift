import Foundation
import PseudoscopeTestSupport
import Synchronization
import XCTest

@testable import PseudoscopeCore

/// Result bundles that lie, break or point where they must not: refused by name and place, never a crash, never a
/// read outside the bundle; and the failing element told from a failure's own words, whatever they hold. The rest
/// of XCResultTests, over the real and synthetic bundles, is in XCResultTests.swift.
extension XCResultTests {
    func testAMissingObjectIsAOneLineErrorOnItsEntry() throws {
        let path = try synthetic { b in b.tests[0].summaryMissing = true }
        XCTAssertThrowsError(try ArchiveLoader().load(path + "#1")) { e in
            XCTAssertTrue(((e as? ArchiveError)?.message ?? "").contains("missing from Data/"), "\(e)")
        }
        // Listing still works: the index does not need the summary.
        XCTAssertEqual(try BundleIndex(XCResultBundle(path: path)).runs.count, 1)
    }

    func testAnUnknownFormatVersionIsRefusedNamingIt() throws {
        let path = try synthetic()
        let info = path + "/Info.plist"
        let text = try String(contentsOfFile: info, encoding: .utf8).replacingOccurrences(of: "<integer>3</integer>", with: "<integer>4</integer>")
        try text.write(toFile: info, atomically: true, encoding: .utf8)
        XCTAssertThrowsError(try ArchiveLoader().load(path)) { e in
            let d = (e as? ArchiveError)?.description ?? ""
            XCTAssertTrue(d.contains("version.major") && d.contains("format 4.53"), d)
        }
    }

    func testTypedObjectsThatLieAreRefusedWithTheirOffset() {
        let cases: [(String, [UInt8])] = [
            ("a length past the end", Array("[K7:messageV99:short]".utf8)),
            ("invalid UTF-8", Array("[K1:aV2:".utf8) + [0xC3, 0x28] + Array("]".utf8)),
            ("an unclosed object", Array("[K1:a[K1:bV1:c".utf8)),
            ("trailing bytes", Array("[]]".utf8)),
            ("an absurd length", Array("[K99999999999:a]".utf8)),
        ]
        for (what, bytes) in cases {
            XCTAssertThrowsError(try TypedObjectParser.parse(bytes), what) { e in
                XCTAssertNotNil(e as? TypedObjectParser.Failure, what)
            }
        }
        // Deep nesting stops at the limit instead of the stack.
        let deep = Array(String(repeating: "[", count: 100_000).utf8)
        XCTAssertThrowsError(try TypedObjectParser.parse(deep, maxDepth: 500))
        // A good one parses, with nested types and arrays.
        let good = SyntheticBundle.encode(
            SyntheticBundle.object(
                "ActionTestSummary",
                [("name", .scalar("ok")), ("list", SyntheticBundle.array([SyntheticBundle.object("Item", [("x", .scalar("y"))])]))]))
        XCTAssertEqual(try TypedObjectParser.parse(good).string("name"), "ok")
    }

    /// The parsed document is flat (each object's members side by side, scalars made into strings when asked):
    /// members written after a nested object still belong to its parent, elements keep their order, a boxed
    /// scalar's `_v` and a type with a supertype read as before, and a key is matched whole, not by prefix.
    func testTypedObjectsKeepEachMemberWithItsOwnObject() throws {
        typealias S = SyntheticBundle
        let item = { (n: Int) in S.object("ActionTestAttachment", [("name", .scalar("shot \(n)")), ("payloadRef", S.reference("0~id\(n)"))]) }
        let doc = S.object(
            "ActionTestSummary",
            [
                ("name", .scalar("Wöchentlich ✓")),
                (
                    "failureSummaries",
                    S.array([
                        S.object("ActionTestFailureSummary", [("message", .scalar("first")), ("attachments", S.array([item(1), item(2)]))]),
                        S.object("ActionTestFailureSummary", [("message", .scalar("second"))]),
                    ])
                ),
                ("duration", S.object("Double", [("_v", .scalar("1.5"))])),
                ("names", .scalar("not the name")),
                ("lineNumber", .scalar("42")),
            ])
        var bytes = S.encode(doc)
        // A supertype in the type declaration: `[T[K2:_nV17:ActionTestSummaryK2:_s[K2:_nV15:ActionTestBase]]…`.
        let plain = Array("[K2:_nV17:ActionTestSummary]".utf8)
        let withSuper = Array("[K2:_nV17:ActionTestSummaryK2:_s[K2:_nV14:ActionTestBase]]".utf8)
        if let r = bytes.firstRange(of: plain) { bytes.replaceSubrange(r, with: withSuper) }
        let o = try TypedObjectParser.parse(bytes)
        XCTAssertEqual(o.type, "ActionTestSummary")
        XCTAssertEqual(o.string("name"), "Wöchentlich ✓")
        XCTAssertEqual(o.string("names"), "not the name")
        XCTAssertEqual(o.int("lineNumber"), 42)
        XCTAssertEqual(o.string("duration"), "1.5")
        XCTAssertNil(o.string("nam"))
        let failures = o.array("failureSummaries")
        XCTAssertEqual(failures.map { $0.string("message") }, ["first", "second"])
        XCTAssertEqual(failures.map(\.type), ["ActionTestFailureSummary", "ActionTestFailureSummary"])
        XCTAssertEqual(failures[0].array("attachments").map { $0.string("name") }, ["shot 1", "shot 2"])
        XCTAssertEqual(failures[0].array("attachments").map { $0.reference("payloadRef") }, ["0~id1", "0~id2"])
        XCTAssertTrue(failures[1].array("attachments").isEmpty)
        XCTAssertNil(failures[1].string("name"))
        guard case .object(let duration)? = o["duration"], case .scalar(let name)? = o["name"] else { return XCTFail("members of the wrong kind") }
        XCTAssertEqual(duration.type, "Double")
        XCTAssertEqual(name, "Wöchentlich ✓")
        // Invalid UTF-8 in a key or a type is refused like one in a value.
        for bad in [Array("[K2:".utf8) + [0xC3, 0x28] + Array("V1:x]".utf8), Array("[T[K2:_nV2:".utf8) + [0xFF, 0x41] + Array("]]".utf8)] {
            XCTAssertThrowsError(try TypedObjectParser.parse(bad)) { e in
                XCTAssertEqual((e as? TypedObjectParser.Failure)?.message, "text is not valid UTF-8")
            }
        }
    }

    func testIdsThatAreNotIdsNeverBecomePaths() throws {
        XCTAssertFalse(XCResultBundle.isValidID("0~../../etc/passwd"))
        XCTAssertFalse(XCResultBundle.isValidID("../Info.plist"))
        XCTAssertFalse(XCResultBundle.isValidID("0~a/b"))
        XCTAssertTrue(XCResultBundle.isValidID("0~Ab-_=9"))
        let path = try synthetic()
        XCTAssertThrowsError(try XCResultBundle(path: path).bytes("0~../../../etc/passwd")) { e in
            XCTAssertTrue("\(e)".contains("not valid"))
        }
    }

    func testDecompressionIsBoundedByTheFileLimit() throws {
        // 8 MiB of zeros compress to a few hundred bytes; with a 1 MiB limit they are refused, not inflated.
        let path = try synthetic { b in
            var big = SyntheticUIFailure.Attachment(
                name: "App UI hierarchy", type: "public.plain-text", bytes: [UInt8](repeating: 0x41, count: 8 << 20))
            big.compressed = true
            b.tests[0].attachments = [big]
        }
        var limits = LoadLimits()
        limits.maxFileBytes = 1 << 20
        let b = try XCResultBundle(path: path, limits: limits)
        let summary = try BundleIndex(b).runs[0].summaryID!
        let attachment = try b.object(summary).array("activitySummaries")[0].array("attachments")[0]
        let id = attachment.reference("payloadRef")!
        XCTAssertLessThan(try Data(contentsOf: URL(fileURLWithPath: path + "/Data/data." + id)).count, 100_000)
        XCTAssertThrowsError(try b.bytes(id)) { e in
            XCTAssertTrue(((e as? ArchiveError)?.message ?? "").contains("over the limit"), "\(e)")
        }
        // The run still opens: the hierarchy is simply not found in what could be read.
        XCTAssertNotNil(try ArchiveLoader(limits: limits).load(path).hierarchyNote)
    }

    /// Decompression streams are kept for the next payload: one left mid-frame by a head, or broken by a corrupt
    /// frame, must still give the next payload exactly as the zstd tool does, on many threads at once.
    func testAKeptDecompressionStreamStartsEachPayloadAfresh() throws {
        let path = try bundle("xcode26.0.1-ui-failures-appuihierarchy__tothszabi-Bitreat-the-past.xcresult")
        let names = try FileManager.default.contentsOfDirectory(atPath: path + "/Data").filter { $0.hasPrefix("data.") }
        // The six largest compressed payloads under 64 KiB (the zstd tool is run only for those).
        var compressed: [(name: String, raw: [UInt8])] = []
        for name in names {
            let raw = try [UInt8](Data(contentsOf: URL(fileURLWithPath: path + "/Data/" + name)))
            if Zstd.isCompressed(raw), raw.count < 64 << 10 { compressed.append((name, raw)) }
        }
        let payloads = try compressed.sorted { $0.raw.count > $1.raw.count }.prefix(6).map { c in
            (raw: c.raw, plain: try referenceDecompress(path, String(c.name.dropFirst(5))))
        }
        XCTAssertGreaterThan(payloads.count, 3)
        XCTAssertGreaterThan(payloads[0].plain.count, 1 << 17, "one payload spans more than one output chunk")
        let corrupt: [UInt8] = [0x28, 0xB5, 0x2F, 0xFD, 0x00, 0xFF, 0xFF, 0xFF, 0x13, 0x37]
        let wrong = Mutex(0)
        DispatchQueue.concurrentPerform(iterations: 8) { i in
            for k in 0..<payloads.count {
                let p = payloads[(i + k) % payloads.count]
                let next = payloads[(i + k + 1) % payloads.count]
                if (try? Zstd.decompress(corrupt, limit: 1 << 20)) != nil { wrong.withLock { $0 += 1 } }
                if (try? Zstd.head(p.raw, count: 64, limit: 64 << 20)) != Array(p.plain.prefix(64)) { wrong.withLock { $0 += 1 } }
                if (try? Zstd.decompress(next.raw, limit: 64 << 20)) != next.plain { wrong.withLock { $0 += 1 } }
            }
        }
        XCTAssertEqual(wrong.withLock { $0 }, 0, "payloads decompressed wrongly by a stream used before")
    }

    func testCorruptCompressedDataIsAnErrorNotACrash() throws {
        let path = try synthetic { b in
            var a = SyntheticUIFailure.Attachment(name: "notes", type: "public.plain-text", bytes: [])
            a.compressed = false
            a.bytes = [0x28, 0xB5, 0x2F, 0xFD, 0x00, 0xFF, 0xFF, 0xFF, 0x13, 0x37]
            b.tests[0].attachments = [a]
        }
        let a = try ArchiveLoader().load(path)
        XCTAssertEqual(a.attachments.count, 1)
        let b = try XCResultBundle(path: path)
        guard case .bundle(_, let id) = a.attachments[0].location else { return XCTFail() }
        XCTAssertThrowsError(try b.bytes(id)) { e in XCTAssertTrue("\(e)".contains("zstd"), "\(e)") }
    }

    func testTheFailingElementNamedInASynthesizeEventMessage() {
        let message =
            "Failed to synthesize event: Failed to scroll to visible (by AX action) Button, {{25.0, 500.0}, {330.0, 41.0}}, identifier: 'enrollButton', label: 'Enroll', error: Error kAXErrorCannotComplete performing AXAction"
        let named = BundleRunImporter.failingElement(in: message)
        XCTAssertEqual(named?.identifier, "enrollButton")
        XCTAssertEqual(named?.label, "Enroll")
        XCTAssertEqual(named?.type, "Button")
        XCTAssertEqual(named?.frame, Rect(x: 25, y: 500, width: 330, height: 41))
        XCTAssertEqual(
            BundleRunImporter.failingElement(in: "Failed to tap \"checkout.confirm\" Button: not hittable")?.identifier, "checkout.confirm")
        XCTAssertNil(BundleRunImporter.failingElement(in: "XCTAssertTrue failed"))
    }

    /// When nothing matched, XCUITest names what was looked for only in the query's predicate.
    func testTheFailingElementNamedInAPredicateWhenNothingMatched() {
        let byIdentifier = BundleRunImporter.failingElement(
            in: """
                Failed to Error Domain=com.apple.dt.xctest.ui-testing.error Code=10008 "No matches found for Elements matching predicate '"transport_3" IN identifiers' from input {(
                    Cell, 0x1, {{0.0, 0.0}, {390.0, 44.0}}, label: 'Tor'
                )}"
                """)
        XCTAssertEqual(byIdentifier?.identifier, "transport_3")
        XCTAssertEqual(byIdentifier?.label, "")
        let typed = BundleRunImporter.failingElement(
            in:
                "Failed to get matching snapshot: No matches found for first query match sequence: `Descendants matching type Button` -> `Elements matching predicate '\"checkout.confirm\" IN identifiers'`, given input App element pid: 51354"
        )
        XCTAssertEqual(typed?.identifier, "checkout.confirm")
        XCTAssertEqual(typed?.type, "Button")
        let translated = BundleRunImporter.failingElement(
            in: "No matches found for Descendants matching type Button, Elements matching predicate 'label ==[c] \"Guardar\"'")
        XCTAssertEqual(translated?.label, "Guardar")
        XCTAssertEqual(translated?.identifier, "")
        XCTAssertEqual(translated?.type, "Button")
        XCTAssertEqual(BundleRunImporter.failingElement(in: "predicate 'identifier == 'pay''")?.identifier, "pay")
        XCTAssertNil(BundleRunImporter.failingElement(in: "No matches found for Descendants matching type Button"))
        XCTAssertNil(BundleRunImporter.failingElement(in: "label was empty; identifier not set"))
    }
}
