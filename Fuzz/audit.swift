// libFuzzer target for the release leak audit's readers (docs/security.md). The first byte picks one reader for
// the rest: 1 a project.pbxproj, 2 a scheme, 3 an .xcconfig (with its includes, none outside its folder), 4 an
// XcodeGen project.yml (libyaml, resolved as the audit resolves one), 5 a Mach-O file (every slice, every load
// command, the names and servers searched in each range); any other byte runs the Mach-O, project and scheme
// readers on all of it, and bytes that start like a zip are written to a temporary file and audited as an
// .ipa, read in place through libarchive. Seeded by Scripts/fuzz with a file of each kind written there.
import Foundation

@testable import PseudoscopeCore

func judgeMachO(_ bytes: [UInt8]) {
    guard let macho = try? MachO(bytes) else { return }
    for (_, _, range) in macho.searchRanges {
        _ = AppAudit.Judge.names(in: bytes, range)
        for server in AppAudit.Judge.linkedServers { _ = AppAudit.Judge.wholeWords(server.names, in: bytes, range) }
    }
}

func judgeProject(_ bytes: [UInt8]) {
    guard let project = try? XcodeProject(path: "fuzz/P.xcodeproj", pbxproj: bytes) else { return }
    for t in project.targets { _ = t.resources.map { ProjectJudge.looksTestOnly($0.split(separator: "/").map(String.init)) } }
    _ = project.line(of: "SWIFT_ACTIVE_COMPILATION_CONDITIONS", from: bytes.count % 100)
    var judge = ProjectJudge(project: project, given: "fuzz/P.xcodeproj", limits: LoadLimits(), schemes: [])
    judge.run()
}

func judgeScheme(_ bytes: [UInt8]) {
    guard let scheme = try? XcodeScheme(path: "fuzz/S.xcscheme", bytes: bytes) else { return }
    for action in scheme.actions.values { _ = scheme.pseudoLaunch(action, includingOptions: true) }
}

/// A file of its own in a folder of its own: the readers take paths, and nothing outside the folder is read.
func inFolder(_ name: String, _ bytes: [UInt8], _ body: (String) -> Void) {
    let folder = NSTemporaryDirectory() + "pseudoscope-fuzz-\(getpid())"
    try? FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(atPath: folder) }
    FileManager.default.createFile(atPath: folder + "/" + name, contents: Data(bytes))
    body(folder + "/" + name)
}

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> Int32 {
    let bytes = Array(UnsafeBufferPointer(start: data, count: size))
    let rest = Array(bytes.dropFirst())
    var limits = LoadLimits()
    limits.maxFileBytes = 8 << 20
    switch bytes.first {
    case 1: judgeProject(rest)
    case 2: judgeScheme(rest)
    case 3:
        inFolder("Release.xcconfig", rest) { path in
            let folder = String(path.dropLast("/Release.xcconfig".count))
            let x = Xcconfig(path: path, limits: limits, scope: folder)
            for s in x.settings { _ = s.applies(to: "Release") }
        }
    case 4: inFolder("project.yml", rest) { path in _ = try? XcodeGenSpec.read(path, limits: limits) }
    case 5: judgeMachO(rest)
    default:
        judgeMachO(bytes)
        judgeProject(bytes)
        judgeScheme(bytes)
        for value in [String(decoding: bytes.prefix(512), as: UTF8.self)] {
            _ = PseudoMarks.kind(value, development: String(value.prefix(8)))
            _ = LocaleName.judge(value)
        }
        // A zip only when it looks like one: writing a file per input is slow.
        if bytes.starts(with: [0x50, 0x4B]) {
            inFolder("P.ipa", bytes) { path in
                if let files = try? ProductFiles.read(path, limits: ProductFiles.Limits(limits)) { _ = AppAudit.audit(files, kind: .ipa) }
            }
        }
    }
    return 0
}
