import PseudoscopeCore

/// Each run's part of a report (its lines, its JSON object, its test case, its section), made on every core a
/// window of runs at a time and handed over in the order given. A part reads only its run's verdict and its
/// findings (read back from the spool where it is made), so a report is the same bytes whatever order the work is
/// done in; memory holds one window's parts and findings, not the night's.
enum RunParts {
    /// At most this many runs are made at once: enough to keep every core busy.
    static let window = 256
    /// And runs holding at most this many findings in all (a run with more is made alone): a night of large
    /// screens keeps the memory of about one of them, as when runs were written one at a time.
    static let windowFindings = 20_000

    /// A second report of every run made in the same pass as another (the JUnit file beside standard output's
    /// report): each run's findings are read back from the spool once for both. Its part of a run is written
    /// before the other's.
    final class Companion {
        let render: @Sendable (RunOutcome, [Finding]) -> TextBytes
        var stream: ReportStream

        init(render: @escaping @Sendable (RunOutcome, [Finding]) -> TextBytes, stream: ReportStream) {
            self.render = render
            self.stream = stream
        }
    }

    static func write<Part: Sendable>(
        _ runs: [RunOutcome], of night: Night, render: @escaping @Sendable (RunOutcome, [Finding]) -> Part,
        to put: (Part) throws -> Void, companion: Companion? = nil
    ) throws {
        let also = companion?.render
        for range in windows(findings: runs.map { $0.summary?.findingCount ?? 0 }) {
            let parts = ConcurrentMap.map(Array(runs[range])) { o in
                Result { () throws -> (Part, TextBytes?) in
                    let found = try night.findings(of: o)
                    return (render(o, found), also?(o, found))
                }
            }
            for part in parts {
                let (mine, theirs) = try part.get()
                if let theirs { try companion?.stream.text(theirs) }
                try put(mine)
            }
        }
    }

    /// The windows over runs holding these many findings, in order: each as many runs as `window` and
    /// `windowFindings` allow, and at least one.
    static func windows(findings counts: [Int]) -> [Range<Int>] {
        var out: [Range<Int>] = []
        var start = 0, held = 0
        for (k, n) in counts.enumerated() {
            if k > start, k - start == window || held + n > windowFindings {
                out.append(start..<k)
                (start, held) = (k, 0)
            }
            held += n
        }
        if start < counts.count { out.append(start..<counts.count) }
        return out
    }
}
