// libFuzzer target for Xcode's element snapshots (kXCTAttachmentLegacySnapshot): any bytes through the bounded
// binary property list reader and the keyed-archive walk (cycles, references out of range, deep graphs), and a
// snapshot that reads through everything a command does with a hierarchy (the shared pipeline), its JSON export
// included. Seeded with every element snapshot of the real bundles.
import PseudoscopeCore

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> Int32 {
    let bytes = Array(UnsafeBufferPointer(start: data, count: size))
    var limits = LoadLimits()
    limits.maxElements = 20_000
    limits.maxDepth = 2_000
    guard let snapshot = try? ElementSnapshot.read(bytes, file: "fuzz", limits: limits) else { return 0 }
    _ = snapshot.json()
    // As a command reads a snapshot file: by content, then checked, drawn and driven like any archive.
    if let archive = try? ArchiveLoader(limits: limits).load(bytes: bytes, source: ArchiveSource(path: "fuzz-snapshot", folder: nil)) {
        Pipeline.exercise(archive, limits: limits)
    }
    return 0
}
