// libFuzzer target: any bytes through everything a command does with them (Fuzz/Support/Pipeline.swift),
// seeded with debugDescription dumps.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> Int32 {
    Pipeline.run(data, size)
    return 0
}
