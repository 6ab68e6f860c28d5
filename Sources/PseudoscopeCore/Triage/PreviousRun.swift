import Foundation

/// The findings of a previous night, for `check --since PREVIOUS`: a folder or archives (checked now), or what
/// `check --json` saved then (its fingerprints). Each finding is known by fingerprint, with a description for
/// the list of findings that are gone.
public enum PreviousRun {
    public static func load(_ path: String, engine: Engine) throws -> [String: PreviousFinding] {
        if FileAccess.kind(path) == .regular, let saved = try savedCheck(path, limits: engine.loader.limits) { return saved }
        let discovery = ArchiveDiscovery.expand([path], limits: engine.loader.limits)
        if let problem = discovery.problems.first, discovery.paths.isEmpty { throw problem }
        var out: [String: PreviousFinding] = [:]
        for case .success(let s) in engine.judgeAll(discovery.paths) {
            for f in s.findings {
                out[f.fingerprint] = PreviousFinding(screen: s.screen, mode: s.mode.rawValue, description: f.shortDescription(screen: s.screen))
            }
        }
        return out
    }

    /// A saved `check --json`, or nil when the file is something else (an archive or a dump).
    static func savedCheck(_ path: String, limits: LoadLimits) throws -> [String: PreviousFinding]? {
        let bytes = try FileAccess.readRegularFile(path, limit: limits.maxFileBytes, limitVariable: LoadLimits.Variable.fileMiB.rawValue)
        guard let top = try? JSONParser.parse(bytes, maxDepth: 64), case .object(let o) = top, case .array(let archives)? = o["archives"],
            o["formatVersion"] != nil
        else { return nil }
        var out: [String: PreviousFinding] = [:]
        for (k, a) in archives.enumerated() {
            guard case .object(let archive) = a else { continue }
            guard case .array(let findings)? = archive["findings"] else { continue }
            var screen = "?", mode = "?"
            if case .string(let s)? = archive["screen"] { screen = s }
            if case .string(let m)? = archive["mode"] { mode = m }
            for (n, f) in findings.enumerated() {
                guard case .object(let finding) = f else { continue }
                guard case .string(let fp)? = finding["fingerprint"], Fingerprint.isValid(fp) else {
                    throw ArchiveError(
                        file: path, place: "archives[\(k)].findings[\(n)]",
                        message: "has no fingerprint: save the previous run with this version's check --json")
                }
                func text(_ key: String) -> String { if case .string(let v)? = finding[key] { return v } else { return "?" } }
                let id = text("identifier") == "?" ? "" : text("identifier")
                out[fp] = PreviousFinding(
                    screen: screen, mode: mode,
                    description: Finding.describe(
                        rule: text("rule"), screen: screen, type: text("elementType"), identifier: id, path: text("elementPath")))
            }
        }
        return out
    }
}

/// One finding of a previous run: the screen and mode it was on (only runs checked again can lose findings)
/// and a description.
public struct PreviousFinding: Equatable, Sendable {
    public var screen: String
    public var mode: String
    public var description: String

    public init(screen: String, mode: String, description: String) {
        self.screen = screen
        self.mode = mode
        self.description = description
    }

    /// `Settings|rtl`: what a run checked again is known by.
    public var run: String { "\(screen)|\(mode)" }
}
