import Foundation

/// Where the LTR run of an rtl archive opened on its own may be: beside it (the other archives of its folder),
/// and where the gate's CI job puts the other modes (`TestResults/rtl/…` → `TestResults/normal/…`,
/// `TestResults/expanded/…`). Only these places are read, a folder's direct entries only, at most
/// `maxCandidates` archives: opening one archive must not walk a home folder.
public enum PartnerSearch {
    public static let maxCandidates = 200

    /// The paths worth reading, nearest first: the sibling mode folders' counterpart of the same path, then
    /// every archive in those folders and in the archive's own folder.
    public static func candidates(for path: String, limits: LoadLimits = .default) -> [String] {
        guard path != "-" else { return [] }
        var bundlePart = path
        var runSuffix = ""
        if let address = BundleAddress.parse(path) {
            bundlePart = address.bundle
            runSuffix = address.run.map { "#\($0)" } ?? ""
        }
        // The archive's own folder: for `…/name/archive.json` or `…/name` (a folder archive), its parent.
        let own = RunPath.folder(bundlePart)
        let ownFolder = (own as NSString).deletingLastPathComponent.isEmpty ? "." : (own as NSString).deletingLastPathComponent

        var out: [String] = []
        var seen = Set<String>()
        func add(_ p: String) {
            guard out.count < maxCandidates, !samePath(p, path), seen.insert(FileAccess.realPath(p) ?? p).inserted else { return }
            out.append(p)
        }
        // `…/rtl/…` → the same place under `normal` and `expanded`.
        let components = own.split(separator: "/", omittingEmptySubsequences: false).map(String.init)
        var counterpartFolders: [String] = []
        if let k = components.lastIndex(where: { $0.lowercased() == Mode.rtl.rawValue }) {
            for mode in [Mode.normal, .expanded] {
                var c = components
                c[k] = mode.rawValue
                let counterpart = c.joined(separator: "/")
                if FileAccess.kind(counterpart) != .missing {
                    for entry in entries(counterpart, runSuffix: runSuffix, limits: limits) { add(entry) }
                }
                let folder = c[..<(k + 1)].joined(separator: "/")
                if FileAccess.kind(folder) == .directory { counterpartFolders.append(folder) }
            }
        }
        for folder in counterpartFolders + [ownFolder] {
            for entry in directEntries(folder, limits: limits) { add(entry) }
        }
        return out
    }

    /// A counterpart path as entries: a bundle's runs (the same run number first), or the archive itself.
    static func entries(_ path: String, runSuffix: String, limits: LoadLimits) -> [String] {
        guard XCResultBundle.isBundle(path) else { return [path] }
        var notes: [ArchiveError] = [], unchecked: [ArchiveError] = [], passed: [String] = [], tests: [String: TestTally] = [:]
        let runs = ArchiveDiscovery.bundleRuns(path, limits: limits, notes: &notes, unchecked: &unchecked, passed: &passed, tests: &tests)
        let same = path + runSuffix
        return (runs.contains(same) ? [same] : []) + runs.filter { $0 != same }
    }

    /// The archives directly in a folder: archive folders, `.json` files, and result bundles' runs.
    static func directEntries(_ folder: String, limits: LoadLimits) -> [String] {
        guard let names = FileAccess.entries(folder) else { return [] }
        var out: [String] = []
        for name in names.sorted() where !name.hasPrefix(".") {
            let p = (folder as NSString).appendingPathComponent(name)
            switch FileAccess.kind(p) {
            case .directory:
                if XCResultBundle.isBundle(p) {
                    out += entries(p, runSuffix: "", limits: limits)
                } else if FileAccess.kind((p as NSString).appendingPathComponent("archive.json")) == .regular {
                    out.append(p)
                }
            case .regular where name.lowercased().hasSuffix(".json"):
                out.append(p)
            default:
                break
            }
            if out.count >= maxCandidates { break }
        }
        return out
    }

    static func samePath(_ a: String, _ b: String) -> Bool { RunPath.sameOnDisk(a, b) }
}
