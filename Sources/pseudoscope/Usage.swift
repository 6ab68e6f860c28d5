import PseudoscopeCore
import PseudoscopeDrawing
import PseudoscopeScreens
import Synchronization

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
    /// `check`: nothing blocks, but something given was not checked (green means checked).
    static let notChecked: Int32 = 3
    static let usage: Int32 = 64
}

/// The options and operands of one command, parsed from `--flag`, `--key value` and `--key=value` against the
/// command's spec.
struct ParsedArguments {
    let command: String
    var operands: [String] = []
    private var flags: Set<String> = []
    private var values: [String: [String]] = [:]
    /// The table parsed against: every lookup below names one of its options, or the program stops, so a name
    /// misspelled or missing from the table (and so from help, man page and completions) fails the first test that
    /// runs the command.
    private let spec: CommandSpec

    init(_ args: [String], spec: CommandSpec) throws {
        command = spec.name
        self.spec = spec
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
            guard let option = spec.option(name) else {
                throw UsageError(message: "\(spec.name): unknown option \(name)")
            }
            if option.value == nil {
                if inlineValue != nil { throw UsageError(message: "\(spec.name): \(option.name) takes no value") }
                flags.insert(option.name)
                continue
            }
            var value = inlineValue
            if value == nil {
                guard i < args.count else { throw UsageError(message: "\(spec.name): \(option.name) needs a value") }
                value = args[i]
                i += 1
            }
            if let choices = option.choices, !choices.contains(value!) {
                throw UsageError(message: "\(spec.name): \(option.name) takes one of \(choices.joined(separator: ", ")), not '\(value!)'")
            }
            values[option.name, default: []].append(value!)
        }
    }

    /// `name`, checked against the command's table.
    private func known(_ name: String) -> String {
        guard let option = spec.option(name) else {
            // Recorded, not fatal, while the per-command tests read every command's options
            // (`OptionTableTests.testEachCommandReadsOnlyItsOwnOptions`); in a run of the program a name the
            // table lacks is a programming error no input can reach: every command's options are read there.
            let recorded = ParsedArguments.misreads.withLock { list -> Bool in
                list?.append("\(command) reads \(name), which its option table lacks")
                return list != nil
            }
            if recorded { return name }
            preconditionFailure("\(command) reads \(name), which its option table lacks")
        }
        return option.name
    }

    /// The names read that a command's table lacks, while recording (nil: not recording).
    static let misreads = Mutex<[String]?>(nil)

    /// Whether the flag `name` was given.
    func flag(_ name: String) -> Bool {
        flags.contains(known(name))
    }

    /// The last value given for `name`.
    func value(_ name: String) -> String? { values[known(name)]?.last }

    /// Every value given for a repeatable option, in order; nil when it was not given.
    func all(_ name: String) -> [String]? { values[known(name)] }

    func int(_ name: String, range: ClosedRange<Int>) throws -> Int? {
        guard let v = value(name) else { return nil }
        guard let n = Int(v), range.contains(n) else {
            throw UsageError(message: "\(command): \(name) takes a whole number from \(range.lowerBound) to \(range.upperBound), not '\(v)'")
        }
        return n
    }

    /// A value already checked against the option's choices, as its type.
    func choice<T: RawRepresentable>(_ name: String, _ type: T.Type) -> T? where T.RawValue == String {
        value(name).flatMap(T.init(rawValue:))
    }

    /// What a dump needs that it does not record: `--mode` and `--test`.
    var dumpOptions: DumpOptions {
        DumpOptions(mode: choice("--mode", Mode.self), test: value("--test"))
    }
}
