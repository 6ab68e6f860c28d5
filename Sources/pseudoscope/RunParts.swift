import PseudoscopeCore

/// Each run's part of a report (its lines, its JSON object, its test case, its section), made on every core a
/// window of runs at a time and handed over in the order given. A part reads only its run's verdict and its
/// findings (read back from the spool where it is made), so a report is the same bytes whatever order the work is
/// done in; memory holds one window's parts and findings, not the night's.
enum RunParts {
    /// How many runs are made at once: enough to keep every core busy, few enough to keep a night's memory flat.
    static let window = 64

    static func write<Part: Sendable>(
        _ runs: [RunOutcome], of night: Night, render: @escaping @Sendable (RunOutcome, [Finding]) -> Part,
        to put: (Part) throws -> Void
    ) throws {
        var start = 0
        while start < runs.count {
            let batch = Array(runs[start..<min(start + window, runs.count)])
            let parts = ConcurrentMap.map(batch) { o in Result { render(o, try night.findings(of: o)) } }
            for part in parts { try put(part.get()) }
            start += batch.count
        }
    }
}
