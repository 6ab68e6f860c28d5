// libFuzzer target: the JSON archive loader (parser, decoder, limits) and the checks on what it accepts.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzArchiveJSON(_ data: UnsafePointer<UInt8>, _ size: Int) -> Int32 {
    let bytes = Array(UnsafeBufferPointer(start: data, count: size))
    var limits = LoadLimits()
    limits.maxElements = 20_000
    if let a = try? ArchiveLoader(limits: limits).decode(bytes, source: ArchiveSource(path: "fuzz.json", folder: nil)) {
        _ = LayoutChecker(a).findings()
        _ = ArchiveEncoder.encode(a)
    }
    return 0
}
