import Foundation
import PseudoscopeTestSupport
import XCTest

@testable import PseudoscopeCore

/// What Xcode 15–26 writes (docs/xcresult.md): the "App UI hierarchy" text, the element snapshot and the results
/// database, over every real bundle and dump in the shared fixtures, and the hostile variants none of them shows.
final class ModernXcodeTests: XCTestCase {
    var xcresults: URL { get throws { try SharedFixtures.require(SharedFixtures.xcresults) } }

    func realBundles() throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: try xcresults.path).filter { $0.hasSuffix(".xcresult") }.sorted()
            .map { try xcresults.appendingPathComponent($0).path }
    }

    // MARK: - The App UI hierarchy text

    /// The element lines of an App UI hierarchy, read independently of the parser: a line that ends with the
    /// `<AX element …>` / `<App element …>` trailer holds an element; its identifier and label are the quoted
    /// values before the next key or the trailer.
    static func expectedElements(_ text: String) -> [(type: String, identifier: String, label: String)] {
        text.split(separator: "\n", omittingEmptySubsequences: true).compactMap { raw -> (String, String, String)? in
            let line = String(raw)
            guard line.hasSuffix(">"), let open = line.range(of: " <", options: .backwards),
                line[open.upperBound...].contains("element pid: ")
            else { return nil }
            let body = String(line[..<open.lowerBound])
            let type = String(body.drop { $0 == " " }.prefix { $0.isLetter || $0.isNumber })
            func quoted(_ key: String) -> String {
                guard let r = body.range(of: ", \(key): '") else { return "" }
                let rest = body[r.upperBound...]
                // The value runs to the last quote before another `, key:` or the end.
                var end = rest.endIndex
                for k in ["identifier", "label", "title", "placeholderValue", "value"] where k != key {
                    if let next = rest.range(of: "', \(k): "), next.lowerBound < end { end = next.lowerBound }
                }
                if end == rest.endIndex, let last = rest.lastIndex(of: "'") { end = last }
                return String(rest[..<end])
            }
            return (type, quoted("identifier"), quoted("label"))
        }
    }

    /// The element trailer found by the byte is where the characters find it, on every line of the real App UI
    /// hierarchies and on each line made harder: marks that combine with `<`, `>` or the space, a prepended sign
    /// before the space, letters of other scripts in the trailer, spaces after it.
    func testTheTrailerFoundByTheByteIsWhereTheCharactersFindIt() throws {
        let dumps = try FileManager.default.contentsOfDirectory(atPath: try SharedFixtures.require(SharedFixtures.realDumps).path)
            .filter { $0.hasPrefix("appuihierarchy-") }.sorted()
        var lines: [String] = []
        for name in dumps {
            let text = try String(contentsOfFile: SharedFixtures.realDumps.appendingPathComponent(name).path, encoding: .utf8)
            lines += text.split(separator: "\n").map(String.init)
        }
        XCTAssertGreaterThan(lines.count, 200)
        var decided = 0, found = 0
        func check(_ line: String) {
            let slice = Substring(line)
            let characters = AppUIHierarchyParser.characterTrailerStart(slice)
            if let bytes = AppUIHierarchyParser.asciiTrailerStart(slice) {
                decided += 1
                XCTAssertEqual(bytes, characters, line)
            }
            XCTAssertEqual(AppUIHierarchyParser.trailerStart(slice), characters, line)
            if characters != nil { found += 1 }
        }
        for line in lines { check(line) }
        // The bytes decide the real lines (the characters are the exception), and most of them hold an element.
        XCTAssertGreaterThanOrEqual(decided, lines.count * 95 / 100)
        XCTAssertGreaterThan(found, lines.count / 2)
        for line in lines {
            check(line + "  ")
            check(line.replacingOccurrences(of: " <", with: "<"))
            check(line.replacingOccurrences(of: " <", with: " <\u{301}"))
            check(line.replacingOccurrences(of: " <", with: " \u{301}<"))
            check(line.replacingOccurrences(of: " <", with: "\u{600} <"))
            check(line + "\u{301}")
            check(line.replacingOccurrences(of: "AX element", with: "AX élément"))
            check(line.replacingOccurrences(of: "element pid: ", with: "element pid: ٣"))
            check(line.replacingOccurrences(of: ">", with: "> x"))
        }
    }

    /// Element lines that end in `>` without a trailer (4,000 of them, in the middle of a real hierarchy): each is
    /// kept as it reads and every real element after them is read; neither dropped as "cut" nor scanned again for
    /// every line after it (that was quadratic: 400 such lines took 39 s).
    func testElementLinesWithoutTheirTrailerAreReadOnceAndNothingAfterThemIsLost() throws {
        let path = try SharedFixtures.require(SharedFixtures.realDumps).appendingPathComponent("appuihierarchy-xcode26.0.1-bitreat-edgecase.txt").path
        let real = try String(contentsOfFile: path, encoding: .utf8).split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        let whole = try ArchiveLoader().load(path)
        // After the first real line (the application), at the window's depth: a run of broken element lines.
        let broken = (0..<4000).map { "  Other, 0x\(String($0, radix: 16)), {{0.0, 0.0}, {1.0, 1.0}}, label: 'x' ->" }
        let text = ([real[0]] + broken + real.dropFirst()).joined(separator: "\n")
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("pseudoscope-trailers-\(getpid())")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent("appuihierarchy.txt")
        try text.write(to: file, atomically: true, encoding: .utf8)
        let read = try ArchiveLoader().load(file.path)
        XCTAssertNil(read.imported?.incomplete, "not taken for a text that was cut")
        XCTAssertEqual(read.hierarchy.count, whole.hierarchy.count + broken.count, "every broken line is an element, and every real one is kept")
        XCTAssertEqual(
            read.hierarchy.elements.suffix(whole.hierarchy.count - 1).map(\.identifier), whole.hierarchy.elements.dropFirst().map(\.identifier))
    }

    func testEveryRealAppUIHierarchyDumpIsReadWhole() throws {
        let dumps = try FileManager.default.contentsOfDirectory(atPath: try SharedFixtures.require(SharedFixtures.realDumps).path)
            .filter { $0.hasPrefix("appuihierarchy-") }.sorted()
        XCTAssertGreaterThanOrEqual(dumps.count, 4)
        for name in dumps {
            let path = SharedFixtures.realDumps.appendingPathComponent(name).path
            let text = try String(contentsOfFile: path, encoding: .utf8)
            let archive = try ArchiveLoader().load(path)
            let expected = Self.expectedElements(text)
            XCTAssertEqual(archive.imported?.format, "Xcode App UI hierarchy", name)
            XCTAssertEqual(archive.hierarchy.count, expected.count, "\(name): every line that holds an element is one")
            XCTAssertEqual(archive.hierarchy.elements.map(\.type), expected.map(\.type), name)
            XCTAssertEqual(archive.hierarchy.elements.map(\.identifier), expected.map(\.identifier), name)
            XCTAssertEqual(archive.hierarchy.elements.map(\.label), expected.map(\.label), name)
            XCTAssertNil(archive.imported?.incomplete, name)
            // Two spaces a level: the depth of each element is its indentation.
            let depths = text.split(separator: "\n").filter { $0.hasSuffix(">") }.map { $0.prefix { $0 == " " }.count / 2 }
            XCTAssertEqual(archive.hierarchy.elements.map(\.depth), depths, name)
        }
    }

    func testTheTrailerEndsTheLastValueAndLabelsMayHoldAnything() throws {
        let text = """
            Application, 0x1, pid: 7, label: 'Shop <AX element pid: 1, x: 2>' <App element pid: 7>
              Window (Main), 0x2, {{0.0, 0.0}, {390.0, 844.0}} <AX element pid: 7, elementOrHash.elementID: 4.4>
                StaticText, 0x3, {{16.0, 100.0}, {300.0, 41.0}}, label: 'Two
            lines' <AX element pid: 7, elementOrHash.elementID: 5.5>
                Button, 0x4, {{16.0, 780.0}, {358.0, 44.0}}, identifier: 'it's', label: 'Don't, label: go' <AX element pid: 7, elementOrHash.elementID: 6.6>
                Cell, this line's attributes are not ones Xcode writes <AX element pid: 7, elementOrHash.elementID: 7.7>
                  StaticText, 0x6, {{0.0, 0.0}, {1.0, 1.0}}, value: 12 items... <AX element pid: 7, token: 7AIAAAAAAABvY29jLQAAAAAAAAA=>
            """
        let dump = try DumpImporter.read(text, file: "t", limits: .default)
        XCTAssertEqual(dump.format, .appUIHierarchy)
        XCTAssertEqual(dump.elements.map(\.type), ["Application", "Window", "StaticText", "Button", "Cell", "StaticText"])
        XCTAssertEqual(dump.elements[0].label, "Shop <AX element pid: 1, x: 2>")
        XCTAssertEqual(dump.elements[2].label, "Two\nlines", "a label with a line break goes on to its trailer")
        XCTAssertEqual(dump.elements[3].identifier, "it's")
        XCTAssertEqual(dump.elements[3].label, "Don't, label: go")
        XCTAssertEqual(dump.elements[5].value, "12 items...")
        XCTAssertEqual(dump.elements[5].parent, 4, "kept in its place, its children under it")
        XCTAssertTrue(dump.notes.contains { $0.contains("line 6") && $0.contains("kept with its type") }, "\(dump.notes)")
    }

    func testAHierarchyCutInTheMiddleOfALineSaysSo() throws {
        let text = """
            Application, 0x1, pid: 7, label: 'Shop' <App element pid: 7>
              Window (Main), 0x2, {{0.0, 0.0}, {390.0, 844.0}} <AX element pid: 7, elementOrHash.elementID: 4.4>
                StaticText, 0x3, {{16.0, 100.0}, {300.0, 20.0}}, label: 'Tot
            """
        let dump = try DumpImporter.read(text, file: "t", limits: .default)
        XCTAssertEqual(dump.elements.count, 3, "the cut element is kept with its type")
        XCTAssertTrue(dump.incompleteNote?.contains("line 3") ?? false, dump.incompleteNote ?? "none")
        XCTAssertTrue(dump.elements[1].childrenUnknown)
    }

    // MARK: - The element snapshot

    func snapshot(_ build: (inout SyntheticSnapshot) -> Int) -> [UInt8] {
        var s = SyntheticSnapshot()
        let root = build(&s)
        return s.encode(root: root)
    }

    /// A string or a frame whose value is itself (`NS.string` naming its own object, directly or through another)
    /// is refused by name: followed, it recursed until the stack overflowed (SIGSEGV) and took the night with it.
    func testASnapshotWhoseStringsReferToThemselvesIsRefusedNotFollowed() throws {
        for hops in [1, 2, 5] {
            for field in ["label", "frame"] {
                let bytes = SyntheticSnapshot.selfReferring(field, hops: hops)
                XCTAssertThrowsError(try ElementSnapshot.read(bytes, file: "snap", limits: .default), "\(field), \(hops)") { e in
                    let text = "\(e)"
                    XCTAssertTrue(text.contains("snap") && text.contains("element 2") && text.contains("refers back to itself"), text)
                }
            }
        }
    }

    /// 500 nodes sharing one 1 MiB label (the archive stores it once): each is cut at the string limit as it is
    /// read, as an archive's strings are, so the snapshot does not become 500 MiB of text.
    func testASnapshotsSharedHugeLabelIsCutAtTheStringLimit() throws {
        let huge = String(repeating: "W", count: 1 << 20)
        let bytes = snapshot { s in
            s.add(
                .init(
                    2, frame: "{{0, 0}, {390, 844}}", label: "Shop",
                    children: (0..<500).map { _ in .init(48, frame: "{{0, 0}, {10, 10}}", label: huge) }))
        }
        XCTAssertLessThan(bytes.count, 1_200_000, "stored once")
        let read = try ElementSnapshot.read(bytes, file: "snap", limits: .default)
        XCTAssertEqual(read.nodes.count, 501)
        for n in read.nodes.dropFirst() {
            XCTAssertLessThanOrEqual(n.label.utf8.count, LoadLimits.default.maxStringBytes + 40)
            XCTAssertTrue(n.label.hasSuffix("…[cut: \((1 << 20) - LoadLimits.default.maxStringBytes) more bytes]"), String(n.label.suffix(40)))
        }
    }

    func testASnapshotIsReadWithItsExactFrames() throws {
        let bytes = snapshot { s in
            s.add(
                .init(
                    2, frame: "{{0, 0}, {390, 844}}", label: "Shop",
                    children: [
                        .init(
                            4, frame: "{{0, 0}, {390, 844}}",
                            children: [
                                .init(9, frame: "{{16.5, 780.33333333333337}, {358, 44}}", identifier: "checkout.confirm", label: "［Confirm···］"),
                                .init(48, frame: "{{16, 100}, {300, 20.333333333333329}}", label: "Total"),
                            ])
                    ]))
        }
        let read = try ElementSnapshot.read(bytes, file: "snap", limits: .default)
        XCTAssertEqual(read.nodes.map(\.type), ["Application", "Window", "Button", "StaticText"])
        XCTAssertEqual(read.nodes[2].frame, Rect(x: 16.5, y: 780.33333333333337, width: 358, height: 44))
        XCTAssertEqual(read.nodes[2].identifier, "checkout.confirm")
        XCTAssertEqual(read.nodes[2].label, "［Confirm···］")
        XCTAssertEqual(read.nodes[3].parent, 1)
        XCTAssertEqual(read.nodes[1].children, [2, 3])
        // As a dump file too (an attachment exported by `xcresulttool`).
        let archive = try ArchiveLoader().load(bytes: bytes, source: ArchiveSource(path: "Snapshot_1", folder: nil))
        XCTAssertEqual(archive.hierarchy.count, 4)
        XCTAssertEqual(archive.imported?.format, "Xcode element snapshot")
        // The JSON export holds every element, nested.
        let json = String(decoding: read.json(), as: UTF8.self)
        XCTAssertTrue(json.contains("\"identifier\": \"checkout.confirm\""), json)
        XCTAssertEqual(json.components(separatedBy: "\"type\":").count - 1, 4)
    }

    func testASnapshotWhoseGraphCirclesIsRefusedInOneLine() throws {
        let bytes = snapshot { s in
            let root = s.add(.init(2, frame: "{{0, 0}, {390, 844}}", children: [.init(4, frame: "{{0, 0}, {390, 844}}")]))
            s.link(s.nodeSlots[1], to: root)  // the window's child is the application
            return root
        }
        XCTAssertThrowsError(try ElementSnapshot.read(bytes, file: "snap", limits: .default)) { e in
            let text = "\(e)"
            XCTAssertTrue(text.contains("a cycle"), text)
            XCTAssertTrue(text.contains("element 3"), "the place: \(text)")
            XCTAssertFalse(text.contains("\n"))
        }
    }

    func testReferencesOutOfRangeAndWrongTypesAreErrorsOrNothingNeverACrash() throws {
        let outOfRange = snapshot { s in
            let root = s.add(.init(2, frame: "{{0, 0}, {390, 844}}"))
            s.setField(root, "label", .ref(1_000_000))
            return root
        }
        XCTAssertThrowsError(try ElementSnapshot.read(outOfRange, file: "snap", limits: .default)) { e in
            XCTAssertTrue("\(e)".contains("$objects[1000000]"), "\(e)")
        }
        let wrongTypes = snapshot { s in
            let root = s.add(.init(2, frame: "not a rect"))
            s.setField(root, "label", .inline(.real(3.5)))
            s.setField(root, "elementType", .inline(.string("Button")))
            return root
        }
        let read = try ElementSnapshot.read(wrongTypes, file: "snap", limits: .default)
        XCTAssertEqual(read.nodes.count, 1)
        XCTAssertEqual(read.nodes[0].type, "Other", "an element type that is not a number names no type")
        XCTAssertNil(read.nodes[0].frame)
        XCTAssertEqual(read.nodes[0].label, "3.5")
        // Frames that are not frames (the fuzzer's first find: `}}` crashed the frame reader).
        for rect in ["}}", "{}", "{{", "{{}", "{{1, 2}, {3}}", "}}{{", "{{0, 0}, {1, 1}", "{{nan, inf}, {-1e999, 1e999}}"] {
            let bytes = snapshot { s in s.add(.init(2, frame: rect)) }
            let read = try ElementSnapshot.read(bytes, file: "snap", limits: .default)
            XCTAssertEqual(read.nodes.count, 1, rect)
            if let f = read.nodes[0].frame { XCTAssertTrue(f.x.isFinite && f.width.isFinite && f.width >= 0, rect) }
        }
        for garbage: [UInt8] in [
            Array("bplist00".utf8), Array("bplist00".utf8) + [UInt8](repeating: 0xFF, count: 64), [UInt8](repeating: 0, count: 100),
        ] {
            XCTAssertThrowsError(try ElementSnapshot.read(garbage, file: "snap", limits: .default))
        }
    }

    func testADeepOrHugeSnapshotStopsAtTheLimitsWithItsPlace() throws {
        var chain = SyntheticSnapshot.Node(48, frame: "{{0, 0}, {1, 1}}")
        for _ in 0..<2_000 { chain = SyntheticSnapshot.Node(1, frame: "{{0, 0}, {1, 1}}", children: [chain]) }
        let deep = snapshot { $0.add(chain) }
        var limits = LoadLimits()
        limits.maxDepth = 512
        XCTAssertThrowsError(try ElementSnapshot.read(deep, file: "snap", limits: limits)) { e in
            XCTAssertTrue("\(e)".contains("deeper than 512") && "\(e)".contains("element 514"), "\(e)")
        }
        limits.maxDepth = 5_000
        XCTAssertEqual(try ElementSnapshot.read(deep, file: "snap", limits: limits).nodes.count, 2_001, "no recursion: a deep chain reads")
        let wide = snapshot {
            $0.add(.init(2, frame: "{{0, 0}, {1, 1}}", children: Array(repeating: .init(9, frame: "{{0, 0}, {1, 1}}"), count: 300)))
        }
        limits.maxElements = 100
        XCTAssertThrowsError(try ElementSnapshot.read(wide, file: "snap", limits: limits)) { e in
            XCTAssertTrue("\(e)".contains("more than 100 elements"), "\(e)")
        }
    }

    // MARK: - Real bundles: every hierarchy attachment read whole, the snapshot preferred

    func testEveryRunsTreeHoldsEveryElementOfItsHierarchyAttachment() throws {
        var compared = 0, fromSnapshot = 0
        for path in try realBundles() {
            guard let index = try? BundleIndex(XCResultBundle(path: path)) else { continue }
            for run in index.runs {
                let a = try ArchiveLoader().load(BundleAddress.path(bundle: path, run: run.number))
                guard let id = a.hierarchyAttachmentID, let source = a.attachments.first(where: { $0.location == .bundle(path: path, id: id) }) else {
                    continue
                }
                let text: AttachmentRecord?
                if BundleRunImporter.isElementSnapshot(source) {
                    fromSnapshot += 1
                    // The text Xcode wrote with it: the same elements.
                    text = a.attachments.first { BundleRunImporter.isAppUIHierarchy($0.name) }
                } else {
                    text = BundleRunImporter.isAppUIHierarchy(source.name) ? source : nil
                }
                guard let t = text, case .bundle(_, let textID) = t.location else { continue }
                let expected = Self.expectedElements(String(decoding: try index.bundle.bytes(textID), as: UTF8.self))
                let name = "\((path as NSString).lastPathComponent)#\(run.number)"
                XCTAssertEqual(a.hierarchy.count, expected.count, name)
                XCTAssertEqual(a.hierarchy.elements.map(\.identifier), expected.map(\.identifier), name)
                XCTAssertEqual(a.hierarchy.elements.map(\.label), expected.map(\.label), name)
                XCTAssertEqual(a.hierarchy.elements.map(\.type), expected.map(\.type), name)
                compared += 1
            }
        }
        XCTAssertGreaterThanOrEqual(compared, 6, "the Xcode 15.4 and 26.0.1 failures")
        XCTAssertGreaterThanOrEqual(fromSnapshot, 6, "the element snapshot is preferred where a run holds one")
    }

    // MARK: - The picture from the recording

    func testARunWithoutScreenshotButWithARecordingHasAFrameAtTheHierarchysMoment() throws {
        let path = try xcresults.appendingPathComponent("xcode15.4-ui-failure-appuihierarchy__artem1755-iostests.xcresult").path
        let a = try ArchiveLoader().load(path + "#1")
        XCTAssertNil(a.screenshot)
        guard case .success(.recording(_, _, let seconds)) = a.screenshotSource else { return XCTFail("\(a.screenshotSource)") }
        // The recording was attached at 16:47:09.996, the hierarchy captured at 16:47:14.520.
        XCTAssertEqual(seconds, 4.524, accuracy: 0.01)
        XCTAssertTrue(a.recordingFrameDescription(frameTime: 4.5, requested: seconds).contains("when the hierarchy was captured"))
        // Only what the data supports: the last frame there is, far before the moment, is said to be that.
        let short = a.recordingFrameDescription(frameTime: 1.0, requested: seconds)
        XCTAssertTrue(
            short.contains("the last frame there is, 3.5 s before the hierarchy was captured") && short.contains("may show an earlier screen"), short)
        // A hierarchy captured before the recording began: the frame is a later screen, and said to be.
        var early = a.pictureRequest
        let start = try XCTUnwrap(early.recordings.first?.timestamp.flatMap(Archive.date))
        early.hierarchyCapturedAt = ISO8601DateFormatter().string(from: start.addingTimeInterval(-10))
        let later = early.recordingFrameDescription(frameTime: 0, requested: 0)
        XCTAssertTrue(later.contains("the recording began 11 s after the hierarchy was captured, so this is a later screen"), later)
    }
}

/// What a bundle refuses on the way to a run's hierarchy is said, not passed off as "no hierarchy"; and a text of
/// a hundred million line feeds (a few kilobytes compressed) is refused before it is split.
final class RefusedHierarchyTests: XCTestCase {
    func testARunWhoseHierarchyIsOverALimitSaysWhichAndHowToRaiseIt() throws {
        let path =
            try SharedFixtures.require(SharedFixtures.xcresults).appendingPathComponent(
                "xcode15.4-ui-failure-appuihierarchy__artem1755-iostests.xcresult"
            ).path + "#1"
        for (variable, value, words) in [("PSEUDOSCOPE_MAX_DEPTH", "2", "deeper"), ("PSEUDOSCOPE_MAX_ELEMENTS", "1", "more than 1 elements")] {
            let limits = try LoadLimits.from(environment: [variable: value])
            let a = try ArchiveLoader(limits: limits).load(path)
            let note = try XCTUnwrap(a.hierarchyNote, variable)
            XCTAssertTrue(note.contains("no hierarchy could be read") && note.contains("App UI hierarchy") && note.contains(words), note)
            XCTAssertTrue(note.contains(variable), "names the variable that raises it: \(note)")
        }
    }

    func testAHundredMillionEmptyLinesAreRefusedBeforeTheyAreSplit() {
        XCTAssertThrowsError(try DumpImporter.read(String(repeating: "\n", count: 9_000_001), file: "App UI hierarchy", limits: .default)) { e in
            XCTAssertTrue("\(e)".contains("lines, more than the limit of 8000000"), "\(e)")
        }
    }
}
