import Foundation
import PseudoscopeCore

/// Builds small archives for tests from JSON text, so tests read like the format they exercise.
enum Fixtures {
    static let repositoryRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    static let samples = repositoryRoot.appendingPathComponent("SampleArchives")

    static func sample(_ name: String) throws -> Archive {
        try ArchiveLoader().load(samples.appendingPathComponent(name).path)
    }

    static var sampleNames: [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: samples.path)) ?? []).filter { !$0.hasPrefix(".") }.sorted()
    }

    /// An element as JSON: `el("Button", [10, 20, 100, 44], id: "ok", label: "OK")`.
    static func el(_ type: String, _ f: [Double], id: String = "", label: String = "", extra: String = "", children: [String] = []) -> String {
        var s =
            "{\"type\":\"\(type)\",\"identifier\":\"\(id)\",\"label\":\"\(label)\",\"frame\":{\"x\":\(f[0]),\"y\":\(f[1]),\"width\":\(f[2]),\"height\":\(f[3])}"
        if !extra.isEmpty { s += "," + extra }
        if !children.isEmpty { s += ",\"children\":[" + children.joined(separator: ",") + "]" }
        return s + "}"
    }

    /// A whole archive around a window of 390×844 holding `content`.
    static func archiveJSON(mode: String = "normal", failing: String = "ok", content: [String], top: String = "") -> String {
        let window = el("Window", [0, 0, 390, 844], children: content)
        let app = el("Application", [0, 0, 390, 844], label: "App", children: [window])
        return """
            {"formatVersion":1,"test":"T/testScreen","mode":"\(mode)",
             "environment":{"xcode":"16.2","simulator":"iPhone 16","os":"iOS 18.2"},
             "failure":{"identifier":"\(failing)","label":"","frame":{"x":0,"y":0,"width":1,"height":1},"isHittable":true,"message":"m"},
             \(top.isEmpty ? "" : top + ",")
             "hierarchy":\(app)}
            """
    }

    static func archive(mode: String = "normal", failing: String = "ok", content: [String], top: String = "") throws -> Archive {
        try decode(archiveJSON(mode: mode, failing: failing, content: content, top: top))
    }

    static func decode(_ json: String, file: String = "test.json") throws -> Archive {
        try ArchiveLoader().decode(Array(json.utf8), source: ArchiveSource(path: file, folder: nil))
    }

    /// The one-line error a decode produces.
    static func error(_ json: String) -> String? {
        do {
            _ = try decode(json)
            return nil
        } catch {
            return "\(error)"
        }
    }
}
