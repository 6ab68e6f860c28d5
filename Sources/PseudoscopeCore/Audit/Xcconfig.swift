import Foundation

/// A build-settings file (`.xcconfig`) with the files it includes, in the order Xcode applies them: every
/// `KEY = value` and `KEY[config=Release][sdk=iphoneos*] = value`, with the file and line it is on. An
/// `#include?` that is missing is skipped, as Xcode skips it; a plain `#include` that is missing, or a loop, is named.
struct Xcconfig {
    struct Setting: Equatable {
        var key: String
        /// `config=Release`, `sdk=iphoneos*`: the conditions in brackets.
        var conditions: [String]
        var value: String
        /// `config/PocketCasts.prototype.xcconfig:14`.
        var place: String

        /// Whether it applies to the configuration `name` (conditions on the SDK or architecture may apply).
        func applies(to configuration: String) -> Bool {
            conditions.allSatisfy { c in
                guard c.hasPrefix("config=") else { return true }
                return Xcconfig.glob(String(c.dropFirst(7)), matches: configuration)
            }
        }
    }

    var settings: [Setting] = []
    /// Files it names that could not be read, each with why.
    var unread: [String] = []

    /// Reads `path` (a path as the user could open it) and what it includes, at most 16 levels deep.
    init(path: String, limits: LoadLimits) {
        var visiting: [String] = []
        read(path, limits: limits, visiting: &visiting)
    }

    private mutating func read(_ path: String, limits: LoadLimits, visiting: inout [String]) {
        guard visiting.count < 16 else { unread.append("\(path): included more than 16 levels deep"); return }
        let real = FileAccess.realPath(path) ?? path
        guard !visiting.contains(real) else { unread.append("\(path): includes itself (a loop); not read again"); return }
        let bytes: [UInt8]
        do { bytes = try FileAccess.readRegularFile(path, limit: limits.maxFileBytes, limitVariable: LoadLimits.Variable.fileMiB.rawValue) } catch let
            e as ArchiveError
        {
            unread.append(e.description)
            return
        } catch { return }
        visiting.append(real)
        defer { visiting.removeLast() }
        let folder = path.split(separator: "/", omittingEmptySubsequences: false).dropLast().joined(separator: "/")
        for (n, raw) in String(decoding: bytes, as: UTF8.self).split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            var line = Substring(raw)
            if let comment = line.range(of: "//") { line = line[..<comment.lowerBound] }
            let t = line.trimmingCharacters(in: .whitespaces)
            if t.hasPrefix("#include") {
                let optional = t.hasPrefix("#include?")
                guard let open = t.firstIndex(of: "\""), let close = t.lastIndex(of: "\""), open < close else { continue }
                let name = String(t[t.index(after: open)..<close])
                let target = name.hasPrefix("/") || folder.isEmpty ? name : folder + "/" + name
                if optional, FileAccess.kind(target) == .missing { continue }
                read(target, limits: limits, visiting: &visiting)
                continue
            }
            guard let eq = t.firstIndex(of: "=") else { continue }
            var key = t[..<eq].trimmingCharacters(in: .whitespaces)
            var conditions: [String] = []
            while let open = key.firstIndex(of: "["), let close = key[open...].firstIndex(of: "]") {
                conditions.append(String(key[key.index(after: open)..<close]))
                key.removeSubrange(open...close)
            }
            let value = t[t.index(after: eq)...].trimmingCharacters(in: CharacterSet.whitespaces.union(CharacterSet(charactersIn: ";")))
            settings.append(Setting(key: key, conditions: conditions, value: value, place: "\(path):\(n + 1)"))
        }
    }

    /// A condition's pattern (`Release`, `Debug*`) against a name.
    static func glob(_ pattern: String, matches name: String) -> Bool {
        if pattern.hasSuffix("*") { return name.hasPrefix(pattern.dropLast()) }
        return pattern == name
    }
}
