/// The `xcodebuild` line that reruns an archive's test in its mode on its device (docs/triage.md). Unknown parts
/// are placeholders in angle brackets, so the line never pretends to know what the archive does not say.
public enum ReproCommand {
    public static func xcodebuild(_ a: Archive) -> String {
        let env = a.environment
        var parts = ["xcodebuild", "test"]
        if let w = env.workspace {
            parts += ["-workspace", quoted(w)]
        } else if let p = env.project {
            parts += ["-project", quoted(p)]
        } else {
            parts += ["-workspace", "<App.xcworkspace>"]
        }
        parts += ["-scheme", env.scheme.map(quoted) ?? "<scheme>"]
        parts.append("-only-testing:" + quoted(onlyTesting(a)))
        parts += ["-destination", quoted(destination(a))]
        parts.append("PSEUDO_LOCALE=\(a.mode.rawValue)")
        if let lang = a.languages.first { parts.append("PSEUDO_LANGUAGE=" + quoted(lang)) }
        return parts.joined(separator: " ")
    }

    /// `Target/Class/method`: the test identifier without `()`, with the test's target in front. A bundle's
    /// identifiers never name the target (`Class/method`, or Swift Testing's `Suite/…/test`; a class is often
    /// named as its target is, `GuruUITests/testExampleFail`), so a known target is put in front unless the
    /// identifier already has three or more steps starting with it. Without a known target, three or more steps
    /// are taken to name their own; a shorter identifier gets the placeholder.
    static func onlyTesting(_ a: Archive) -> String {
        var test = a.test.replacingOccurrences(of: "()", with: "")
        if test.hasPrefix("imported/") { test = "<Class>/<testMethod>" }
        let steps = test.split(separator: "/").count
        if let target = a.environment.testTarget, !target.isEmpty {
            return steps >= 3 && test.hasPrefix(target + "/") ? test : target + "/" + test
        }
        if steps >= 3 { return test }
        return "<UITestTarget>/" + test
    }

    /// `platform=iOS Simulator,name=iPhone 16,OS=18.2`, or `platform=macOS`.
    static func destination(_ a: Archive) -> String {
        let os = a.environment.os
        if a.platform == .macOS { return "platform=macOS" }
        let platform: String
        switch a.platform {
        case .tvOS: platform = "tvOS Simulator"
        case .watchOS: platform = "watchOS Simulator"
        case .visionOS: platform = "visionOS Simulator"
        default: platform = "iOS Simulator"
        }
        let version = os.split(separator: " ").last.map(String.init).flatMap { v in v.first?.isNumber == true ? v : nil }
        let device = a.environment.simulator.isEmpty || a.environment.simulator.hasPrefix("unknown") ? "<device>" : a.environment.simulator
        return "platform=\(platform),name=\(device)" + (version.map { ",OS=\($0)" } ?? "")
    }

    /// Single-quoted unless it is made only of characters no shell treats specially; sanitized first.
    static func quoted(_ s: String) -> String {
        let t = TerminalText.sanitize(s)
        let plain =
            !t.isEmpty
            && t.unicodeScalars.allSatisfy {
                $0.isASCII && ($0.properties.isAlphabetic || ("0"..."9").contains($0) || "._/-=:,@+".unicodeScalars.contains($0))
            }
        return plain ? t : "'" + t.replacingOccurrences(of: "'", with: "'\\''") + "'"
    }
}
