import Foundation

/// Writes small `.xcresult` bundles in the real on-disk format (Info.plist, `Data/data.<id>` typed objects,
/// payloads raw or zstd-compressed), for what no public bundle shows: a failed UI test on Xcode 15+ with an
/// "App UI hierarchy", a test that attached its own archive, hostile strings, broken references.
///
/// The encoding is the one docs/xcresult.md describes; the real bundles in ../shared/fixtures prove the reader
/// against Apple's writer, these prove the paths no real bundle exercises.
public struct SyntheticBundle {
    public indirect enum Node {
        case scalar(String)
        case object(type: String?, members: [(key: String?, value: Node)])
    }

    public var objects: [String: [UInt8]] = [:]
    var counter = 0

    public init() {}

    // MARK: Building nodes

    public static func object(_ type: String, _ members: [(String, Node)]) -> Node {
        .object(type: type, members: members.map { ($0.0, $0.1) })
    }

    public static func array(_ items: [Node]) -> Node {
        .object(type: "Array", members: items.map { (nil, $0) })
    }

    /// A bundle's root record holding one action whose result has these members (its status, its tests, its
    /// diagnostics): the shape every test of a failed, empty or looping action builds.
    public static func invocation(actionResult: [(String, Node)]) -> Node {
        object("ActionsInvocationRecord", [("actions", array([object("ActionRecord", [("actionResult", object("ActionResult", actionResult))])]))])
    }

    public static func reference(_ id: String) -> Node {
        object("Reference", [("id", .scalar(id))])
    }

    public static func text(_ s: String) -> Node { .scalar(s) }

    // MARK: Encoding

    public static func encode(_ node: Node) -> [UInt8] {
        var out: [UInt8] = []
        func text(_ s: [UInt8]) { out += Array("\(s.count):".utf8) + s }
        func write(_ n: Node) {
            guard case .object(let type, let members) = n else { return }
            out += Array("[".utf8)
            if let t = type { out += Array("T[K2:_nV".utf8); text(Array(t.utf8)); out += Array("]".utf8) }
            for (key, value) in members {
                if let k = key { out += Array("K".utf8); text(Array(k.utf8)) }
                switch value {
                case .scalar(let s): out += Array("V".utf8); text(Array(s.utf8))
                case .object: write(value)
                }
            }
            out += Array("]".utf8)
        }
        write(node)
        return out
    }

    /// Adds an object, returning its id.
    @discardableResult
    public mutating func add(_ node: Node) -> String { addPayload(SyntheticBundle.encode(node)) }

    /// Adds raw bytes (an attachment payload) under a new id; compressed with the zstd tool when asked.
    public mutating func addPayload(_ bytes: [UInt8], compressed: Bool = false) -> String {
        counter += 1
        let id = "0~synthetic\(counter)_" + String(repeating: "A", count: 8)
        objects[id] = compressed ? SyntheticBundle.zstd(bytes) : bytes
        return id
    }

    static func zstd(_ bytes: [UInt8]) -> [UInt8] {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("synthetic-zstd-\(UUID().uuidString)")
        try? FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        let input = dir.appendingPathComponent("in")
        try? Data(bytes).write(to: input)
        let p = Process()
        p.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        p.arguments = ["zstd", "-q", "-f", input.path, "-o", input.path + ".zst"]
        try? p.run()
        p.waitUntilExit()
        return (try? [UInt8](Data(contentsOf: URL(fileURLWithPath: input.path + ".zst")))) ?? bytes
    }

    /// Writes the bundle to `path` (which must not exist) with `rootID` as its root.
    public func write(to path: String, rootID: String, major: Int = 3, minor: Int = 53) throws {
        let data = (path as NSString).appendingPathComponent("Data")
        try FileManager.default.createDirectory(atPath: data, withIntermediateDirectories: true)
        let plist = """
            <?xml version="1.0" encoding="UTF-8"?>
            <!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN" "http://www.apple.com/DTDs/PropertyList-1.0.dtd">
            <plist version="1.0"><dict>
            <key>dateCreated</key><date>2026-11-30T02:00:00Z</date>
            <key>externalLocations</key><array/>
            <key>rootId</key><dict><key>hash</key><string>\(rootID)</string></dict>
            <key>storage</key><dict><key>backend</key><string>fileBacked2</string><key>compression</key><string>standard</string></dict>
            <key>version</key><dict><key>major</key><integer>\(major)</integer><key>minor</key><integer>\(minor)</integer></dict>
            </dict></plist>
            """
        try Data(plist.utf8).write(to: URL(fileURLWithPath: (path as NSString).appendingPathComponent("Info.plist")))
        for (id, bytes) in objects {
            try Data(bytes).write(to: URL(fileURLWithPath: (data as NSString).appendingPathComponent("data.\(id)")))
        }
    }
}

/// A bundle with failed UI tests, as Xcode writes it: the root, a test plan run summary, and one test summary
/// per test with its failure and attachments.
public struct SyntheticUIFailure {
    public struct Attachment {
        public var name: String
        public var type: String
        public var bytes: [UInt8]
        public var compressed = true
        public var activity = "Added attachment"
        public init(name: String, type: String, bytes: [UInt8]) {
            self.name = name
            self.type = type
            self.bytes = bytes
        }
    }

    public struct Test {
        public var identifier: String
        public var status = "Failure"
        public var message = "XCTAssertTrue failed"
        public var file = "/Users/ci/LayoutUITests/CheckoutUITests.swift"
        public var line = 42
        public var attachments: [Attachment] = []
        /// Leave the summary object out of Data/, as a bundle copied incompletely would.
        public var summaryMissing = false
        public init(identifier: String) { self.identifier = identifier }
    }

    public var configuration = "Test Scheme Action"
    public var language: String?
    public var region: String?
    public var device = "iPhone 16"
    public var osVersion = "18.2"
    public var tests: [Test]

    public init(tests: [Test]) { self.tests = tests }

    /// Writes the bundle; returns its path.
    @discardableResult
    public func write(to path: String) throws -> String {
        typealias B = SyntheticBundle
        var bundle = SyntheticBundle()
        var metadata: [B.Node] = []
        for t in tests {
            var members: [(String, B.Node)] = [
                ("identifier", .scalar(t.identifier)), ("name", .scalar(t.identifier)), ("testStatus", .scalar(t.status)),
            ]
            if t.status == "Failure" {
                var attachments: [B.Node] = []
                for a in t.attachments {
                    let id = bundle.addPayload(a.bytes, compressed: a.compressed)
                    attachments.append(
                        B.object(
                            "ActionTestAttachment",
                            [
                                ("name", .scalar(a.name)), ("uniformTypeIdentifier", .scalar(a.type)),
                                ("payloadRef", B.reference(id)), ("payloadSize", .scalar(String(a.bytes.count))),
                                ("timestamp", .scalar("2026-11-30T02:00:01.000+0000")),
                            ]))
                }
                let summary = B.object(
                    "ActionTestSummary",
                    [
                        ("identifier", .scalar(t.identifier)),
                        (
                            "failureSummaries",
                            B.array([
                                B.object(
                                    "ActionTestFailureSummary",
                                    [
                                        ("message", .scalar(t.message)), ("fileName", .scalar(t.file)), ("lineNumber", .scalar(String(t.line))),
                                        ("timestamp", .scalar("2026-11-30T02:00:02.000+0000")),
                                    ])
                            ])
                        ),
                        (
                            "activitySummaries",
                            B.array([
                                B.object(
                                    "ActionTestActivitySummary",
                                    [
                                        ("title", .scalar(t.attachments.first?.activity ?? "Added attachment")),
                                        ("attachments", B.array(attachments)),
                                    ])
                            ])
                        ),
                    ])
                let summaryID = bundle.add(summary)
                if t.summaryMissing { bundle.objects[summaryID] = nil }
                members.append(("summaryRef", B.reference(summaryID)))
            }
            metadata.append(B.object("ActionTestMetadata", members))
        }
        var testable: [(String, B.Node)] = [
            ("name", .scalar("LayoutUITests")), ("targetName", .scalar("LayoutUITests")), ("testKind", .scalar("UI")),
            ("tests", B.array([B.object("ActionTestSummaryGroup", [("name", .scalar("All tests")), ("subtests", B.array(metadata))])])),
        ]
        if let l = language { testable.append(("testLanguage", .scalar(l))) }
        if let r = region { testable.append(("testRegion", .scalar(r))) }
        let plan = B.object(
            "ActionTestPlanRunSummaries",
            [
                (
                    "summaries",
                    B.array([
                        B.object(
                            "ActionTestPlanRunSummary",
                            [
                                ("name", .scalar(configuration)), ("testableSummaries", B.array([B.object("ActionTestableSummary", testable)])),
                            ])
                    ])
                )
            ])
        let testsID = bundle.add(plan)
        let root = B.object(
            "ActionsInvocationRecord",
            [
                (
                    "actions",
                    B.array([
                        B.object(
                            "ActionRecord",
                            [
                                ("actionResult", B.object("ActionResult", [("testsRef", B.reference(testsID))])),
                                (
                                    "runDestination",
                                    B.object(
                                        "ActionRunDestinationRecord",
                                        [
                                            (
                                                "targetDeviceRecord",
                                                B.object(
                                                    "ActionDeviceRecord",
                                                    [
                                                        ("modelName", .scalar(device)), ("operatingSystemVersion", .scalar(osVersion)),
                                                        (
                                                            "platformRecord",
                                                            B.object("ActionPlatformRecord", [("userDescription", .scalar("iOS Simulator"))])
                                                        ),
                                                    ])
                                            )
                                        ])
                                ),
                            ])
                    ])
                )
            ])
        let rootID = bundle.add(root)
        try bundle.write(to: path, rootID: rootID)
        return path
    }
}
