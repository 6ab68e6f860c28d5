// libFuzzer target for the results database of Xcode 15.4+ (`database.sqlite3`): any bytes as the database of a
// bundle that holds only it (in /dev/shm when there is one), and the bytes after a `PSEUDOSCOPE-WAL` line as its
// write-ahead log, which the reader merges in a private copy. The bundle is indexed (runs, tally, build errors,
// Xcode version) and each run imported, checked and written as an archive. Seeded with the real bundles'
// databases and with a database whose failures wait in its log.
import Foundation
import PseudoscopeCore

private let bundleFolder: String = {
    let base = FileManager.default.fileExists(atPath: "/dev/shm") ? "/dev/shm" : NSTemporaryDirectory()
    let path = "\(base)/pseudoscope-fuzz-db-\(getpid()).xcresult"
    try? FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
    let plist = """
        <?xml version="1.0" encoding="UTF-8"?><plist version="1.0"><dict>
        <key>version</key><dict><key>major</key><integer>3</integer><key>minor</key><integer>56</integer></dict>
        </dict></plist>
        """
    try? Data(plist.utf8).write(to: URL(fileURLWithPath: path + "/Info.plist"))
    return path
}()

private let walSeparator = Array("\nPSEUDOSCOPE-WAL\n".utf8)

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> Int32 {
    let bytes = Array(UnsafeBufferPointer(start: data, count: size))
    var database = bytes[...]
    var log: ArraySlice<UInt8> = []
    if let at = firstIndex(of: walSeparator, in: bytes) {
        database = bytes[..<at]
        log = bytes[(at + walSeparator.count)...]
    }
    let db = bundleFolder + "/database.sqlite3"
    try? Data(database).write(to: URL(fileURLWithPath: db))
    if log.isEmpty {
        try? FileManager.default.removeItem(atPath: db + "-wal")
    } else {
        try? Data(log).write(to: URL(fileURLWithPath: db + "-wal"))
    }
    var limits = LoadLimits()
    limits.maxFileBytes = 4 << 20
    guard let index = try? BundleIndex(XCResultBundle(path: bundleFolder, limits: limits)) else { return 0 }
    _ = index.noFailuresNote
    _ = index.tally
    let importer = BundleRunImporter(index: index, limits: limits, options: DumpOptions())
    for run in index.runs.prefix(8) {
        if let a = try? importer.archive(run, givenPath: "fuzz#\(run.number)") {
            _ = LayoutChecker(a).findings()
            _ = ArchiveEncoder.encode(a)
        }
    }
    return 0
}

private func firstIndex(of needle: [UInt8], in bytes: [UInt8]) -> Int? {
    guard bytes.count >= needle.count else { return nil }
    for start in 0...(bytes.count - needle.count) where bytes[start] == needle[0] && Array(bytes[start..<(start + needle.count)]) == needle {
        return start
    }
    return nil
}
