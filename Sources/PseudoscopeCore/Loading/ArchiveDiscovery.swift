import Foundation

/// Finds the archives named on a command line: files, archive folders, and folders searched for archives.
public enum ArchiveDiscovery {
    public struct Result: Sendable {
        /// Paths to load, in a stable order.
        public var paths: [String] = []
        /// Problems met while searching (unreadable folders, links that loop), reported but not fatal.
        public var problems: [ArchiveError] = []
    }

    /// Folders deeper than this are not searched (a guard against pathological trees).
    public static let maxSearchDepth = 32

    /// Expands each argument: `-` and files stay as they are; a folder holding `archive.json` is one archive;
    /// any other folder is searched for `archive.json` folders and `.json` files, sorted by path.
    public static func expand(_ arguments: [String]) -> Result {
        var result = Result()
        let fm = FileManager.default
        for arg in arguments {
            var isDir: ObjCBool = false
            if arg == "-" || !fm.fileExists(atPath: arg, isDirectory: &isDir) || !isDir.boolValue {
                result.paths.append(arg)
                continue
            }
            if fm.fileExists(atPath: (arg as NSString).appendingPathComponent("archive.json")) {
                result.paths.append(arg)
                continue
            }
            var found: [String] = []
            var visited = Set<String>()
            search(arg, depth: 0, into: &found, visited: &visited, problems: &result.problems)
            if found.isEmpty {
                result.problems.append(ArchiveError(file: arg, message: "folder holds no archives (no archive.json and no .json files)"))
            }
            result.paths += found.sorted()
        }
        return result
    }

    private static func search(_ folder: String, depth: Int, into found: inout [String], visited: inout Set<String>, problems: inout [ArchiveError]) {
        let fm = FileManager.default
        // Resolving links before recording the folder makes a link loop visit each real folder once.
        let real = (folder as NSString).resolvingSymlinksInPath
        guard visited.insert(real).inserted else { return }
        guard depth <= maxSearchDepth else {
            problems.append(ArchiveError(file: folder, message: "not searched: folders nested deeper than \(maxSearchDepth) levels"))
            return
        }
        guard let names = try? fm.contentsOfDirectory(atPath: folder) else {
            problems.append(ArchiveError(file: folder, message: "folder cannot be read (permission denied?)"))
            return
        }
        for name in names.sorted() where !name.hasPrefix(".") {
            let path = (folder as NSString).appendingPathComponent(name)
            var isDir: ObjCBool = false
            guard fm.fileExists(atPath: path, isDirectory: &isDir) else { continue }
            if isDir.boolValue {
                if name.hasSuffix(".xcresult") { continue }
                if fm.fileExists(atPath: (path as NSString).appendingPathComponent("archive.json")) {
                    found.append(path)
                } else {
                    search(path, depth: depth + 1, into: &found, visited: &visited, problems: &problems)
                }
            } else if name.lowercased().hasSuffix(".json") {
                found.append(path)
            }
        }
    }
}
