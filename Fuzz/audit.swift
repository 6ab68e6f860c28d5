// libFuzzer target for the release leak audit's readers (docs/security.md): any bytes as a Mach-O file (every
// slice, every load command, the names searched in each text range), as a project.pbxproj, as a shared scheme,
// and as a zip of a product (written to a temporary file and read in place through libarchive, then audited).
// The first byte chooses which runs first. Seeded with the real apps' Mach-O headers, the real projects' files
// and small zips of the real apps.
import Foundation

@testable import PseudoscopeCore

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> Int32 {
    let bytes = Array(UnsafeBufferPointer(start: data, count: size))
    if let macho = try? MachO(bytes) {
        for slice in macho.slices {
            for (_, range) in slice.textRanges { _ = AppAudit.Judge.names(in: bytes, range) }
        }
    }
    if let project = try? XcodeProject(path: "fuzz/P.xcodeproj", pbxproj: bytes) {
        for t in project.targets { _ = t.resources.map { ProjectJudge.looksTestOnly($0.split(separator: "/").map(String.init)) } }
        _ = project.line(of: "SWIFT_ACTIVE_COMPILATION_CONDITIONS", from: bytes.count % 100)
    }
    if let scheme = try? XcodeScheme(path: "fuzz/S.xcscheme", bytes: bytes) {
        for action in scheme.actions.values { _ = scheme.pseudoLaunch(action, includingOptions: true) }
    }
    for value in [String(decoding: bytes.prefix(512), as: UTF8.self)] {
        _ = PseudoMarks.kind(value, development: String(value.prefix(8)))
        _ = LocaleName.judge(value)
    }
    // A zip only when it looks like one: writing a file per input is slow.
    if bytes.starts(with: [0x50, 0x4B]) {
        let path = NSTemporaryDirectory() + "pseudoscope-fuzz-\(getpid()).ipa"
        FileManager.default.createFile(atPath: path, contents: Data(bytes))
        defer { try? FileManager.default.removeItem(atPath: path) }
        var limits = LoadLimits()
        limits.maxFileBytes = 8 << 20
        if let files = try? ProductFiles.read(path, limits: ProductFiles.Limits(limits)) { _ = AppAudit.audit(files, kind: .ipa) }
    }
    return 0
}
