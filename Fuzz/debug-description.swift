// libFuzzer target: the XCUITest debugDescription importer, including the unwrapping of pasted wrappers.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzDebugDescription(_ data: UnsafePointer<UInt8>, _ size: Int) -> Int32 {
    let text = String(decoding: UnsafeBufferPointer(start: data, count: size), as: UTF8.self)
    var limits = LoadLimits()
    limits.maxElements = 20_000
    if let dump = try? DebugDescriptionParser.parse(Unwrapper.unwrap(text), file: "fuzz.txt", limits: limits), !dump.elements.isEmpty {
        let a = DumpImporter.archive(from: dump, mode: .rtl, modeWasGiven: true, test: nil, source: ArchiveSource(path: "fuzz.txt", folder: nil))
        _ = LayoutChecker(a).findings()
    }
    return 0
}
