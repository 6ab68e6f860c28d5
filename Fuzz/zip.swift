// libFuzzer target for a zip read as a folder (docs/security.md): the bytes are written to a temporary file and
// read as a zipped night is, through libarchive in place: its index (entry names capped in length and depth,
// links listed and never followed), then every entry it lists read back under a small file limit, as discovery
// and the loader read them. Seeded by Scripts/fuzz with zips made there (a night of archives, a bundle's files,
// entries that leave the zip, a link, a deep name).
import Foundation

@testable import PseudoscopeCore

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> Int32 {
    let bytes = Array(UnsafeBufferPointer(start: data, count: size))
    // A new name each input: the zip index keeps what it read by path.
    let path = NSTemporaryDirectory() + "pseudoscope-fuzz-\(getpid())-\(UInt64.random(in: 0...UInt64.max)).zip"
    FileManager.default.createFile(atPath: path, contents: Data(bytes))
    defer { try? FileManager.default.removeItem(atPath: path) }
    guard let index = try? ZipFolder.index(path) else { return 0 }
    var queue = [""]
    var seen = 0
    // Each folder once, as discovery walks one: a name such as `.` is the folder itself.
    var visited: Set<String> = []
    while let folder = queue.popLast(), seen < 10_000 {
        let inner = folder.isEmpty ? path : path + "/" + folder
        guard visited.insert(ZipFolder.realPath(inner) ?? inner).inserted else { continue }
        for name in ZipFolder.names(inner) ?? [] where !name.isEmpty && name != "." && name != ".." {
            seen += 1
            let child = folder.isEmpty ? name : folder + "/" + name
            switch ZipFolder.kind(path + "/" + child) {
            case .directory?: queue.append(child)
            case .regular?: _ = try? ZipFolder.read(path + "/" + child, limit: 1 << 20, limitVariable: "PSEUDOSCOPE_MAX_FILE_MIB")
            default: break
            }
        }
    }
    _ = index
    return 0
}
