// libFuzzer target: the Appium / WebDriverAgent page-source XML importer.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzPageSource(_ data: UnsafePointer<UInt8>, _ size: Int) -> Int32 {
    let text = String(decoding: UnsafeBufferPointer(start: data, count: size), as: UTF8.self)
    var limits = LoadLimits()
    limits.maxElements = 20_000
    if let dump = try? PageSourceParser.parse(text, file: "fuzz.xml", limits: limits), !dump.elements.isEmpty {
        let a = DumpImporter.archive(from: dump, mode: .expanded, modeWasGiven: true, test: nil, source: ArchiveSource(path: "fuzz.xml", folder: nil))
        _ = LayoutChecker(a).findings()
    }
    return 0
}
