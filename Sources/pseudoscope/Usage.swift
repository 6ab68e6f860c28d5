/// A problem with the command line: exit 64 with a one-line message and a pointer to `--help`.
struct UsageError: Error, CustomStringConvertible {
    var message: String
    var description: String { message }
}

/// Exit statuses (documented in README).
enum ExitCode {
    static let success: Int32 = 0
    /// `check`: something blocks the merge. `compare`: the runs differ.
    static let blocking: Int32 = 1
    /// Invalid input or an I/O error.
    static let invalidInput: Int32 = 2
    static let usage: Int32 = 64
    /// Interrupted by Ctrl-C, as shells report SIGINT.
    static let interrupted: Int32 = 130
}

/// The options and operands of one command, parsed from `--flag`, `--key value` and `--key=value`.
struct ParsedArguments {
    var operands: [String] = []
    var flags: Set<String> = []
    var values: [String: [String]] = [:]

    /// Parses `args` against the command's known flags (no value) and options (one value each).
    init(_ args: [String], flags known: Set<String>, options: Set<String>, command: String) throws {
        var i = 0
        var onlyOperands = false
        while i < args.count {
            let a = args[i]
            i += 1
            if onlyOperands || a == "-" || !a.hasPrefix("-") { operands.append(a); continue }
            if a == "--" { onlyOperands = true; continue }
            var name = a
            var inlineValue: String?
            if let eq = a.firstIndex(of: "="), a.hasPrefix("--") {
                name = String(a[..<eq])
                inlineValue = String(a[a.index(after: eq)...])
            }
            if known.contains(name) {
                if inlineValue != nil { throw UsageError(message: "\(command): \(name) takes no value") }
                flags.insert(name)
            } else if options.contains(name) {
                var value = inlineValue
                if value == nil {
                    guard i < args.count else { throw UsageError(message: "\(command): \(name) needs a value") }
                    value = args[i]
                    i += 1
                }
                values[name, default: []].append(value!)
            } else {
                throw UsageError(message: "\(command): unknown option \(name)")
            }
        }
    }

    func value(_ name: String) -> String? { values[name]?.last }

    func int(_ name: String, range: ClosedRange<Int>, command: String) throws -> Int? {
        guard let v = value(name) else { return nil }
        guard let n = Int(v), range.contains(n) else {
            throw UsageError(message: "\(command): \(name) takes a whole number from \(range.lowerBound) to \(range.upperBound), not '\(v)'")
        }
        return n
    }

    func choice<T: RawRepresentable & CaseIterable>(_ name: String, _ type: T.Type, command: String) throws -> T? where T.RawValue == String {
        guard let v = value(name) else { return nil }
        guard let c = T(rawValue: v) else {
            throw UsageError(message: "\(command): \(name) takes one of \(T.allCases.map(\.rawValue).joined(separator: ", ")), not '\(v)'")
        }
        return c
    }
}
