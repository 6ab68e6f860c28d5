// libFuzzer target: the JSON archive loader (parser, decoder, limits) and the checks on what it accepts.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzArchiveJSON(_ data: UnsafePointer<UInt8>, _ size: Int) -> Int32 {
    let bytes = Array(UnsafeBufferPointer(start: data, count: size))
    var limits = LoadLimits()
    limits.maxElements = 20_000
    let loader = ArchiveLoader(limits: limits)
    let source = ArchiveSource(path: "fuzz.json", folder: nil)
    // Differential: whatever the fast path accepts, the general path must accept identically.
    if let fast = try? loader.decodeFast(bytes, source: source) {
        guard let general = try? loader.decodeGeneral(bytes, source: source), general == fast else {
            fatalError("the fast path and the general path disagree")
        }
    }
    if let a = try? loader.decode(bytes, source: source) {
        _ = LayoutChecker(a).findings()
        _ = ArchiveEncoder.encode(a)
    }
    return 0
}
