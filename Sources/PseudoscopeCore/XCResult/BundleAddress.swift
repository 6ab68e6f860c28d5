import Foundation

/// How a command line names result bundles and their runs: `LayoutTests.xcresult` is the bundle (a run set of
/// its failed runs), `LayoutTests.xcresult#3` its third failed run, in the order `pseudoscope BUNDLE` lists them.
public struct BundleAddress: Equatable, Sendable {
    public var bundle: String
    /// 1-based; nil for the whole bundle.
    public var run: Int?

    public init(bundle: String, run: Int?) {
        self.bundle = bundle
        self.run = run
    }

    /// The address a path names, or nil when it names no bundle. A path that exists as given is never split at
    /// `#`: a file may have one in its name.
    public static func parse(_ path: String) -> BundleAddress? {
        // One look at the path first: a file is never a bundle nor a bundle's run, and is most of what is asked
        // (every archive of a night, twice).
        switch FileAccess.kind(path) {
        case .directory: return XCResultBundle.isBundle(path) ? BundleAddress(bundle: path, run: nil) : nil
        case .missing: break
        case .regular, .special: return nil
        }
        guard let hash = path.lastIndex(of: "#") else { return nil }
        let number = path[path.index(after: hash)...]
        let bundle = String(path[..<hash])
        guard !number.isEmpty, number.count <= 9, number.allSatisfy({ $0.isASCII && $0.isNumber }), let n = Int(number),
            XCResultBundle.isBundle(bundle)
        else { return nil }
        return BundleAddress(bundle: bundle, run: n)
    }

    /// `BUNDLE#N`; a bundle named with a trailing slash (as shell completion writes a folder) without it, so that
    /// the run reads `LayoutTests.xcresult#1`, not `LayoutTests.xcresult/#1`.
    public static func path(bundle: String, run: Int) -> String {
        var name = Substring(bundle)
        while name.count > 1, name.hasSuffix("/") { name = name.dropLast() }
        return "\(name)#\(run)"
    }
}

extension ArchiveLoader {
    /// The failed runs of a bundle, read once per process.
    public func bundleIndex(_ path: String) throws -> BundleIndex {
        try BundleIndexCache.index(path, limits: limits)
    }

    /// One failed run of a bundle as an archive. A bundle named without a run number is one archive only when it
    /// holds exactly one failed run; otherwise the error lists what to name.
    func loadBundle(_ address: BundleAddress, givenPath: String) throws -> Archive {
        let index = try bundleIndex(address.bundle)
        let importer = BundleRunImporter(index: index, limits: limits, options: dumpOptions)
        guard let n = address.run else {
            switch index.runs.count {
            case 0: throw ArchiveError(file: address.bundle, message: index.noFailuresNote)
            case 1: return try importer.archive(index.runs[0], givenPath: BundleAddress.path(bundle: address.bundle, run: 1))
            default:
                throw ArchiveError(
                    file: address.bundle,
                    message:
                        "the bundle holds \(index.runs.count) failed runs: name one as \(address.bundle)#1 to #\(index.runs.count), or open the bundle as a list"
                )
            }
        }
        guard n >= 1, n <= index.runs.count else {
            let has =
                index.runs.isEmpty
                ? "no failed runs" : index.runs.count == 1 ? "1 failed run (#1)" : "\(index.runs.count) failed runs (#1 to #\(index.runs.count))"
            throw ArchiveError(file: address.bundle, message: "no run #\(n): the bundle holds \(has)")
        }
        return try importer.archive(index.runs[n - 1], givenPath: givenPath)
    }
}
