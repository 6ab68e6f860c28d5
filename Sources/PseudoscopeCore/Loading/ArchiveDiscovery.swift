import Foundation

/// Finds the archives named on a command line: files, archive folders, and folders searched for archives.
public enum ArchiveDiscovery {
    public struct Result: Sendable {
        /// Paths to load, in a stable order.
        public var paths: [String] = []
        /// Problems met while searching (unreadable folders, links that leave the folder), reported but not fatal.
        public var problems: [ArchiveError] = []
    }

    /// Folders deeper than this are not searched (a guard against pathological trees).
    public static let maxSearchDepth = 32

    /// Expands each argument: `-` and files stay as they are; a folder holding `archive.json` is one archive;
    /// any other folder is searched for `archive.json` folders and `.json` files, sorted by path.
    ///
    /// The walk never leaves the folder it was given (a link to `/` or to `..` is reported, not followed) and
    /// never enters a folder twice (folders are known by device and inode, so no arrangement of links can make
    /// it loop or check one archive many times).
    public static func expand(_ arguments: [String]) -> Result {
        var result = Result()
        for arg in arguments {
            guard arg != "-", FileAccess.kind(arg) == .directory else {
                result.paths.append(arg)
                continue
            }
            if FileAccess.kind((arg as NSString).appendingPathComponent("archive.json")) != .missing {
                result.paths.append(arg)
                continue
            }
            var walk = Walk(root: FileAccess.realPath(arg) ?? arg)
            walk.search(arg, depth: 0)
            result.problems += walk.problems
            if walk.found.isEmpty {
                result.problems.append(ArchiveError(file: arg, message: "folder holds no archives (no archive.json and no .json files)"))
            }
            result.paths += walk.found.sorted()
        }
        return result
    }

    /// One folder's search.
    struct Walk {
        let root: String
        var visited = Set<FileAccess.Identity>()
        var found: [String] = []
        var problems: [ArchiveError] = []

        mutating func search(_ folder: String, depth: Int) {
            guard let id = FileAccess.identity(folder), visited.insert(id).inserted else { return }
            guard depth <= ArchiveDiscovery.maxSearchDepth else {
                problems.append(ArchiveError(file: folder, message: "not searched: folders nested deeper than \(ArchiveDiscovery.maxSearchDepth) levels"))
                return
            }
            guard let names = try? FileManager.default.contentsOfDirectory(atPath: folder) else {
                problems.append(ArchiveError(file: folder, message: "folder cannot be read (permission denied?)"))
                return
            }
            for name in names.sorted() where !name.hasPrefix(".") {
                let path = (folder as NSString).appendingPathComponent(name)
                let kind = FileAccess.kind(path)
                let isLink = (try? FileManager.default.destinationOfSymbolicLink(atPath: path)) != nil
                if isLink, kind != .missing {
                    // A link may point anywhere: follow it only while it stays inside the folder given.
                    guard let real = FileAccess.realPath(path), FileAccess.isInside(real, root) else {
                        problems.append(ArchiveError(file: path, message: "not followed: a link that leaves \(root)"))
                        continue
                    }
                }
                switch kind {
                case .directory:
                    if name.hasSuffix(".xcresult") { continue }
                    if FileAccess.kind((path as NSString).appendingPathComponent("archive.json")) != .missing {
                        if let id = FileAccess.identity(path), visited.insert(id).inserted { found.append(path) }
                    } else {
                        search(path, depth: depth + 1)
                    }
                case .regular, .special:
                    if name.lowercased().hasSuffix(".json") {
                        // Each file once, however many links lead to it.
                        if let id = FileAccess.identity(path), visited.insert(id).inserted { found.append(path) }
                    }
                case .missing:
                    break  // a dangling link
                }
            }
        }
    }
}
