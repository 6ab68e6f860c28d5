import Foundation

/// Finds the archives named on a command line: files, archive folders, and folders searched for archives.
public enum ArchiveDiscovery {
    public struct Result: Sendable {
        /// Paths to load, in a stable order.
        public var paths: [String] = []
        /// Problems met while searching (unreadable folders, links that leave the folder), reported but not fatal.
        public var problems: [ArchiveError] = []
        /// Worth saying but not a problem: a result bundle whose tests passed.
        public var notes: [ArchiveError] = []
        /// Inputs that were read but hold nothing that could be checked: a bundle whose build failed, whose test
        /// action did not start, in which no test ran. `check` reports each as not checked and does not pass.
        public var unchecked: [ArchiveError] = []
        /// Result bundles read whole whose tests all passed: nothing failed, so nothing to check; reports list
        /// them, so a ticket or a CI page says what ran green.
        public var passed: [String] = []
        /// Each result bundle's whole picture (tests ran, passed, failed, skipped, flaky), by bundle.
        public var tests: [String: TestTally] = [:]
        /// Summed over the bundles, in path order; nil when no bundle says.
        public var totalTests: TestTally? { tests.isEmpty ? nil : tests.keys.sorted().map { tests[$0]! }.reduce(TestTally(), +) }
    }

    /// Folders deeper than this are not searched (a guard against pathological trees).
    public static let maxSearchDepth = 32

    /// Expands each argument: `-` and files stay as they are; a folder holding `archive.json` is one archive; a
    /// result bundle is one entry per failed run (`BUNDLE#N`); any other folder is searched for `archive.json`
    /// folders, `.json` files, dumps (recognized by content: `DumpImporter.looksLikeDumpFile`) and result
    /// bundles, sorted by path.
    ///
    /// The walk searches no folder outside the one it was given (a link to `/` or to `..` is reported, not
    /// followed), but opens a link that leads to an input (a bundle, an archive folder, an archive or dump file)
    /// wherever it points: a night folder may be made of links to what the user chose. It never enters a folder
    /// twice (folders are known by device and inode, so no arrangement of links can make it loop or check one
    /// archive many times); a link to a device or FIFO is refused by name.
    public static func expand(_ arguments: [String], limits: LoadLimits = .default) -> Result {
        var result = Result()
        for arg in arguments {
            guard arg != "-", FileAccess.kind(arg) == .directory || ZipFolder.isZip(arg) else {
                result.paths.append(arg)
                continue
            }
            if XCResultBundle.isBundle(arg) {
                result.paths += bundleRuns(
                    arg, limits: limits, notes: &result.notes, unchecked: &result.unchecked, passed: &result.passed, tests: &result.tests)
                continue
            }
            let archiveJSON = (arg as NSString).appendingPathComponent("archive.json")
            if FileAccess.kind(archiveJSON) != .missing {
                result.paths.append(arg)
                continue
            }
            // What looks like one thing but is not whole is said as such, not as a folder holding nothing.
            if FileAccess.isLink(archiveJSON) {
                result.problems.append(ArchiveError(file: archiveJSON, message: "is a link to something that does not exist"))
                continue
            }
            if FileAccess.kind(arg) == .directory, arg.hasSuffix(".xcresult") || arg.hasSuffix(".xcresult/") {
                result.problems.append(
                    ArchiveError(
                        file: arg,
                        message: "is named as a result bundle but holds no Info.plist (an empty folder, or a bundle not copied whole?)"))
                continue
            }
            if FileAccess.kind(arg) != .directory {
                do { _ = try ZipFolder.index(arg) } catch let e as ArchiveError {
                    result.problems.append(e)
                    continue
                } catch { continue }
            }
            var walk = Walk(root: FileAccess.realPath(arg) ?? arg)
            walk.search(arg, depth: 0)
            result.problems += walk.problems
            // Packed files other than zips (a `.tar.gz` of CI artifacts) are not opened; the folder says so, and what to do.
            let packed =
                walk.packed.isEmpty
                ? ""
                : "\(walk.packed.count) packed file\(walk.packed.count == 1 ? "" : "s") ("
                    + walk.packed.prefix(3).map { ($0 as NSString).lastPathComponent }.joined(separator: ", ")
                    + (walk.packed.count > 3 ? ", …" : "") + ")"
            let unpack = walk.packed.count == 1 ? "unpack it first" : "unpack them first"
            if walk.found.isEmpty && walk.bundles.isEmpty {
                result.problems.append(
                    ArchiveError(
                        file: arg,
                        message:
                            "\(FileAccess.kind(arg) == .directory ? "folder" : "zip") holds no archives (no archive.json, no .json files, no dumps and no result bundles)"
                            + (packed.isEmpty ? "" : "; it holds \(packed): \(unpack)")))
            } else if !packed.isEmpty {
                result.notes.append(
                    ArchiveError(file: arg, message: "\(packed) not opened: \(unpack) to include \(walk.packed.count == 1 ? "it" : "them")"))
            }
            // Bundles sort with the archives by their path, and expand to their runs in place.
            for path in (walk.found + walk.bundles).sorted() {
                if walk.bundles.contains(path) {
                    result.paths += bundleRuns(
                        path, limits: limits, notes: &result.notes, unchecked: &result.unchecked, passed: &result.passed, tests: &result.tests)
                } else {
                    result.paths.append(path)
                }
            }
        }
        return result
    }

    /// A bundle's failed runs as `BUNDLE#N`; the bundle itself when it cannot be read (loading it then reports
    /// why, as an entry); nothing, and a note, when its tests passed; nothing, and an unchecked entry, when it
    /// holds no test results to check (its build failed, its test action did not start).
    static func bundleRuns(
        _ bundle: String, limits: LoadLimits, notes: inout [ArchiveError], unchecked: inout [ArchiveError],
        passed: inout [String], tests: inout [String: TestTally]
    ) -> [String] {
        guard let index = try? BundleIndexCache.index(bundle, limits: limits) else { return [bundle] }
        if let t = index.tally { tests[bundle] = t }
        for note in index.notes { notes.append(ArchiveError(file: bundle, message: note)) }
        if let why = index.notCheckedReason {
            unchecked.append(ArchiveError(file: bundle, message: why))
        } else if index.runs.isEmpty {
            notes.append(ArchiveError(file: bundle, message: index.noFailuresNote))
            passed.append(bundle)
        }
        return index.runs.map { BundleAddress.path(bundle: bundle, run: $0.number) }
    }

    /// One folder's search.
    struct Walk {
        /// Documentation and tables are never taken for dumps, whatever examples they quote.
        static let notDumps: Set<String> = ["md", "markdown", "rst", "html", "htm", "tsv", "csv", "swift", "py", "sh"]

        static func mayBeDump(_ name: String) -> Bool {
            let ext = (name as NSString).pathExtension.lowercased()
            return !notDumps.contains(ext)
        }

        let root: String
        var visited = Set<FileAccess.Identity>()
        var found: [String] = []
        var bundles: [String] = []
        /// Files whose names say they are packed (`.zip`, `.tar.gz`…), which are not opened.
        var packed: [String] = []
        var problems: [ArchiveError] = []

        mutating func search(_ folder: String, depth: Int) {
            guard let id = FileAccess.identity(folder), visited.insert(id).inserted else { return }
            guard depth <= ArchiveDiscovery.maxSearchDepth else {
                problems.append(
                    ArchiveError(file: folder, message: "not searched: folders nested deeper than \(ArchiveDiscovery.maxSearchDepth) levels"))
                return
            }
            guard let names = FileAccess.entries(folder) else {
                problems.append(ArchiveError(file: folder, message: "folder cannot be read (permission denied?)"))
                return
            }
            for name in names.sorted() {
                // A hidden entry is read when it is an input (a bundle, an archive, a dump: skipping one passed a
                // failing night in silence); a hidden folder that is neither (`.git`, `.build`) is not searched.
                let hidden = name.hasPrefix(".")
                let path = (folder as NSString).appendingPathComponent(name)
                let (kind, isLink, identity) = FileAccess.entry(path)
                // A link the user put in the folder leads to an input they chose (a night folder made of links to
                // bundles): opened wherever it points, as itself. A link out of the folder to a folder that is no
                // input is not searched (a link to `/` would search the machine), nor is a link to a device.
                let leaves = isLink && kind != .missing && !(FileAccess.realPath(path).map { FileAccess.isInside($0, root) } ?? false)
                if leaves, case .special(let what) = kind {
                    problems.append(ArchiveError(file: path, message: "not read: a link to \(what), which is no archive"))
                    continue
                }
                if leaves, kind == .directory, !XCResultBundle.isBundle(path),
                    FileAccess.kind((path as NSString).appendingPathComponent("archive.json")) == .missing
                {
                    problems.append(
                        ArchiveError(
                            file: path,
                            message:
                                "not followed: a link that leaves \(root) for a folder that is no archive or result bundle (name it on the command line to search it)"
                        ))
                    continue
                }
                switch kind {
                case .directory:
                    if XCResultBundle.isBundle(path) {
                        if let id = FileAccess.identity(path), visited.insert(id).inserted { bundles.append(path) }
                    } else if FileAccess.kind((path as NSString).appendingPathComponent("archive.json")) != .missing {
                        if let id = FileAccess.identity(path), visited.insert(id).inserted { found.append(path) }
                    } else if name.hasSuffix(".xcresult") {
                        // A night's bundle not copied whole is said, not searched as an empty folder.
                        problems.append(
                            ArchiveError(
                                file: path,
                                message: "is named as a result bundle but holds no Info.plist (an empty folder, or a bundle not copied whole?)"))
                    } else if !hidden {
                        search(path, depth: depth + 1)
                    }
                case .regular, .special:
                    if name.lowercased().hasSuffix(".json") {
                        // Each file once, however many links lead to it.
                        if let id = identity, visited.insert(id).inserted { found.append(path) }
                    } else if ForeignFile.looksPacked(name), kind == .regular, ZipFolder.isZip(path) {
                        // A zip (a night or a bundle as CI uploads them) is read as the folder it was made of.
                        guard let id = identity, visited.insert(id).inserted else { continue }
                        do { _ = try ZipFolder.index(path) } catch let e as ArchiveError {
                            problems.append(e)
                            continue
                        } catch { continue }
                        if XCResultBundle.isBundle(path) {
                            bundles.append(path)
                        } else if FileAccess.kind((path as NSString).appendingPathComponent("archive.json")) != .missing {
                            found.append(path)
                        } else {
                            visited.remove(id)
                            search(path, depth: depth + 1)
                        }
                    } else if ForeignFile.looksPacked(name) {
                        packed.append(path)
                    } else if kind == .regular, Walk.mayBeDump(name), let head = try? FileAccess.readPrefix(path, count: 64 << 10),
                        DumpImporter.looksLikeDumpFile(head)
                    {
                        // A dump by its content, as one named on the command line is read.
                        if let id = FileAccess.identity(path), visited.insert(id).inserted { found.append(path) }
                    }
                case .missing:
                    // A dangling link named as an input is one the night lost: said; any other is nothing to read.
                    let n = name.lowercased()
                    let inputNames = [".json", ".xcresult", ".txt", ".xml", ".log"]
                    if isLink, !hidden, inputNames.contains(where: { n.hasSuffix($0) }) || ForeignFile.looksPacked(n) {
                        problems.append(ArchiveError(file: path, message: "is a link to something that does not exist"))
                    }
                }
            }
        }
    }
}
