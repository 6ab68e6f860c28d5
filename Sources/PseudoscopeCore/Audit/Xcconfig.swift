import Foundation

/// A build-settings file (`.xcconfig`) with the files it includes, in the order Xcode applies them: every
/// `KEY = value` and `KEY[config=Release][sdk=iphoneos*] = value`, with the file and line it is on. An
/// `#include?` that is missing is skipped, as Xcode skips it; a plain `#include` that is missing, a loop, a file
/// outside the project's folder and includes past the settings budget are named.
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
    /// Includes followed so far, repeats counted: bounded as the settings are.
    private var includes = 0

    /// How many settings the includes may add up to: a file included many times over (each including the next
    /// four times, sixteen deep) repeats its settings, and work stays bounded by this, not by the include tree.
    static let maxSettings = 100_000

    /// Reads `path` (a path as the user could open it) and what it includes, at most 16 levels deep; nothing whose
    /// real path is outside `scope` (the project's folder) is read. Each file is read and parsed once, however
    /// many times it is included.
    init(path: String, limits: LoadLimits, scope: String? = nil) {
        var visiting: [String] = []
        var parsed: [String: [Line]] = [:]
        read(path, limits: limits, scope: scope, visiting: &visiting, parsed: &parsed)
    }

    /// One line of a file: a setting, or an include to follow.
    enum Line {
        case setting(Setting)
        case include(String, optional: Bool)
    }

    private mutating func read(_ path: String, limits: LoadLimits, scope: String?, visiting: inout [String], parsed: inout [String: [Line]]) {
        guard visiting.count < 16 else { unread.append("\(path): included more than 16 levels deep"); return }
        let real = FileAccess.realPath(path) ?? path
        if let scope, FileAccess.kind(path) != .missing, !FileAccess.isInside(real, scope) {
            unread.append("\(path): outside the project's folder; not read (audit the folder that holds both)")
            return
        }
        guard !visiting.contains(real) else { unread.append("\(path): includes itself (a loop); not read again"); return }
        let lines: [Line]
        if let known = parsed[real] {
            lines = known
        } else {
            let bytes: [UInt8]
            do {
                bytes = try FileAccess.readRegularFile(path, limit: limits.maxFileBytes, limitVariable: LoadLimits.Variable.fileMiB.rawValue)
            } catch let
                e as ArchiveError
            {
                unread.append(e.description)
                return
            } catch { return }
            lines = Xcconfig.parse(bytes, path: path)
            parsed[real] = lines
        }
        visiting.append(real)
        defer { visiting.removeLast() }
        let folder = path.split(separator: "/", omittingEmptySubsequences: false).dropLast().joined(separator: "/")
        for line in lines {
            guard settings.count < Xcconfig.maxSettings else {
                let said = "\(path): its includes add up to more than \(Xcconfig.maxSettings) settings; the rest were not read"
                if !unread.contains(said) { unread.append(said) }
                return
            }
            switch line {
            case .setting(let s): settings.append(s)
            case .include(let name, let optional):
                let target = name.hasPrefix("/") || folder.isEmpty ? name : folder + "/" + name
                if optional, FileAccess.kind(target) == .missing { continue }
                includes += 1
                guard includes <= Xcconfig.maxSettings else {
                    let said = "\(path): includes more than \(Xcconfig.maxSettings) files, counting repeats; the rest were not read"
                    if !unread.contains(said) { unread.append(said) }
                    return
                }
                read(target, limits: limits, scope: scope, visiting: &visiting, parsed: &parsed)
            }
        }
    }

    /// A file's lines: `KEY[cond] = value` and `#include "…"`, with the place each setting is on.
    static func parse(_ bytes: [UInt8], path: String) -> [Line] {
        var out: [Line] = []
        for (n, raw) in String(decoding: bytes, as: UTF8.self).split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            var line = Substring(raw)
            if let comment = line.range(of: "//") { line = line[..<comment.lowerBound] }
            let t = line.trimmingCharacters(in: .whitespaces)
            if t.hasPrefix("#include") {
                guard let open = t.firstIndex(of: "\""), let close = t.lastIndex(of: "\""), open < close else { continue }
                out.append(.include(String(t[t.index(after: open)..<close]), optional: t.hasPrefix("#include?")))
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
            out.append(.setting(Setting(key: key, conditions: conditions, value: value, place: "\(path):\(n + 1)")))
        }
        return out
    }

    /// A condition's pattern (`Release`, `Debug*`) against a name.
    static func glob(_ pattern: String, matches name: String) -> Bool {
        if pattern.hasSuffix("*") { return name.hasPrefix(pattern.dropLast()) }
        return pattern == name
    }
}
