// libFuzzer target for result bundles: any bytes as a typed object (the encoding of every Data/ object), its
// every member read the way the importer reads them, and the same bytes as the root object of a bundle on
// disk (in /dev/shm when there is one), listed and imported. Seeded with the objects of the real bundles.
import Foundation
import PseudoscopeCore

private let bundleFolder: String = {
    let base = FileManager.default.fileExists(atPath: "/dev/shm") ? "/dev/shm" : NSTemporaryDirectory()
    let path = "\(base)/pseudoscope-fuzz-\(getpid()).xcresult"
    try? FileManager.default.createDirectory(atPath: path + "/Data", withIntermediateDirectories: true)
    let plist = """
        <?xml version="1.0" encoding="UTF-8"?><plist version="1.0"><dict>
        <key>rootId</key><dict><key>hash</key><string>0~root</string></dict>
        <key>version</key><dict><key>major</key><integer>3</integer><key>minor</key><integer>53</integer></dict>
        </dict></plist>
        """
    try? Data(plist.utf8).write(to: URL(fileURLWithPath: path + "/Info.plist"))
    return path
}()

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> Int32 {
    let bytes = Array(UnsafeBufferPointer(start: data, count: size))
    ContentTypeProbe.run(bytes)
    if let object = try? TypedObjectParser.parse(bytes, maxDepth: 2_000) {
        ObjectWalk.run(object)
    }
    // The same bytes as a bundle's root (and, through any reference to `0~root`, as every object it names).
    try? Data(bytes).write(to: URL(fileURLWithPath: bundleFolder + "/Data/data.0~root"))
    var limits = LoadLimits()
    limits.maxFileBytes = 4 << 20
    if let index = try? BundleIndex(XCResultBundle(path: bundleFolder, limits: limits)) {
        _ = index.noFailuresNote
        let importer = BundleRunImporter(index: index, limits: limits, options: DumpOptions())
        for run in index.runs.prefix(8) {
            if let a = try? importer.archive(run, givenPath: "fuzz#\(run.number)") {
                _ = LayoutChecker(a).findings()
                _ = BundleExport.plan(a)
                _ = ArchiveEncoder.encode(a)
            }
        }
    }
    return 0
}

enum ContentTypeProbe {
    static func run(_ bytes: [UInt8]) {
        _ = ContentType.detect(Array(bytes.prefix(64)))
    }
}

/// Every member read through every accessor, depth first without recursion; every text searched for a
/// failing element as a failure message would be.
enum ObjectWalk {
    static func run(_ root: XCObject) {
        var stack = [root]
        var visited = 0
        while let o = stack.popLast(), visited < 100_000 {
            visited += 1
            for m in o.members {
                if let k = m.key {
                    _ = o.string(k)
                    _ = o.int(k)
                    _ = o.reference(k)
                    _ = o.array(k)
                }
                switch m.value {
                case .object(let child): stack.append(child)
                case .scalar(let s): _ = BundleRunImporter.failingElement(in: String(s.prefix(2_000)))
                }
            }
            _ = o.elements
            _ = o.scalarValue
        }
    }
}
