import Foundation
import PseudoscopeCore
import PseudoscopeRender

/// Runs an interactive screen on the terminal until the user quits; returns the exit status.
public enum InteractiveSession {
    public static func run(_ inspector: InspectorState, useColor: Bool) throws -> Int32 {
        try run(AppState(.inspector(inspector), width: inspector.width, height: inspector.height), loader: nil, useColor: useColor)
    }

    public static func runComparison(_ comparison: ComparisonState, useColor: Bool) throws -> Int32 {
        try run(AppState(.comparison(comparison), width: comparison.width, height: comparison.height), loader: nil, useColor: useColor)
    }

    /// The archive list of a run set, loading in the background so that the keyboard answers at once.
    public static func runRunSet(paths: [String], loader: ArchiveLoader, glyphs: Glyphs, useColor: Bool) throws -> Int32 {
        let list = RunSetState(paths: paths, width: 80, height: 24, glyphs: glyphs)
        let background = BackgroundLoader(paths: paths, loader: loader)
        return try run(AppState(.runSet(list), width: 80, height: 24), loader: background, useColor: useColor)
    }

    static func run(_ initial: AppState, loader: BackgroundLoader?, useColor: Bool) throws -> Int32 {
        let terminal = CursesTerminal()
        try terminal.start(useColor: useColor)
        defer {
            terminal.stop()
            if let note = terminal.note { FileHandle.standardError.write(Data("pseudoscope: \(note)\n".utf8)) }
        }
        var app = initial
        let size = terminal.size
        app.apply(.resize(width: size.width, height: size.height))
        // A fault-injection switch for the end-to-end test of the crash path: the terminal must come back.
        let injectCrash = ProcessInfo.processInfo.environment["PSEUDOSCOPE_FAULT"] == "crash-after-first-frame"
        var first = true
        loader?.start()
        var loading = loader != nil
        while !app.quit {
            if let l = loader, loading {
                for (index, entry) in l.drain() { app.receive(entry, at: index) }
                if l.isFinished {
                    loading = false
                    app.updateCounts(l.pairAwareFindings())
                }
            }
            terminal.draw(app.render(), fullRepaint: app.needsFullRepaint)
            if first && injectCrash { fatalError("injected fault: PSEUDOSCOPE_FAULT=crash-after-first-frame") }
            first = false
            // While loading, wake up to show progress; otherwise wait for a key.
            terminal.setInputTimeout(milliseconds: loading ? 100 : -1)
            guard let key = terminal.readKey() else {
                if terminal.inputClosed { break }
                continue
            }
            app.handle(key)
        }
        return 0
    }
}

/// Loads a run set's archives on background threads; the interface thread drains what has arrived.
final class BackgroundLoader: @unchecked Sendable {
    let paths: [String]
    let loader: ArchiveLoader
    private let lock = NSLock()
    private var arrived: [(Int, RunSetEntry)] = []
    private var archives: [Archive?]
    private var finished = 0

    init(paths: [String], loader: ArchiveLoader) {
        self.paths = paths
        self.loader = loader
        archives = Array(repeating: nil, count: paths.count)
    }

    func start() {
        let count = paths.count
        DispatchQueue.global(qos: .userInitiated).async {
            DispatchQueue.concurrentPerform(iterations: count) { k in
                let entry: RunSetEntry
                var archive: Archive?
                switch self.loader.loadResult(self.paths[k]) {
                case .success(let a):
                    archive = a
                    entry = RunSetEntry(path: a.source.path, archive: a, error: nil, findings: LayoutChecker(a).findings())
                case .failure(let e):
                    entry = RunSetEntry(path: self.paths[k], archive: nil, error: e.description, findings: [])
                }
                self.lock.lock()
                self.arrived.append((k, entry))
                self.archives[k] = archive
                self.finished += 1
                self.lock.unlock()
            }
        }
    }

    func drain() -> [(Int, RunSetEntry)] {
        lock.lock()
        defer { lock.unlock() }
        let out = arrived
        arrived.removeAll()
        return out
    }

    var isFinished: Bool {
        lock.lock()
        defer { lock.unlock() }
        return finished == paths.count && arrived.isEmpty
    }

    /// Findings with the rtl pair rule, once every archive is in.
    func pairAwareFindings() -> [[Finding]] {
        lock.lock()
        let all = archives
        lock.unlock()
        return RunSetAnalysis.findings(all)
    }
}
