import PseudoscopeCore
import PseudoscopeDrawing
import PseudoscopeImage

/// The one interpreter of effects: a plain synchronous function from an effect to the messages it produces. The
/// terminal's background runner calls it on its worker threads, the test driver calls it at once; every file
/// read of a session (archives, partners, pictures, baselines) happens here, through the engine, so that no
/// screen's `update` touches the file system, the clock or the environment.
///
/// Effects the terminal performs itself (`copy`, `repaint`) and those `AppState` resolves (`close`, `quit`,
/// `showNotes`) produce nothing here.
public enum EffectInterpreter {
    public static func perform(_ effect: Effect, engine: inout Engine, maxPixels: Int) -> [AppMessage] {
        switch effect {
        case .load(let paths):
            return [
                .runSet(.received(paths.enumerated().map { k, p in LoadedEntry(index: k, entry: RunSetEntry(path: p, result: engine.summarize(p))) }))
            ]
        case .pairRunSet(let summaries):
            return [.runSet(.paired(engine.pairAll(summaries)))]
        case .inspect(let path, let among, let at):
            switch engine.judge(path, among: among) {
            case .success(let verdict): return [.opened(verdict, at: at)]
            case .failure(let e): return [.runSet(.openFailed(e.description))]
            }
        case .compare(let a, let b):
            do {
                return [.compared(try engine.compare(a, b))]
            } catch {
                return [.runSet(.openFailed((error as? ArchiveError)?.description ?? "\(error)"))]
            }
        case .loadPicture(let request):
            let limits = engine.loader.limits
            // Named by its file where the archive names one; a refusal (missing, outside the folder) says why.
            let name = request.screenshot ?? request.failureScreenshot?.name ?? ""
            let result = Result<Picture, Error> {
                try ImageCells.requireLibrary(file: name)
                return try Picture.load(
                    try request.resolve().mapError { ArchiveError(file: name, message: $0.reason) }.get(), archive: nil, limits: limits,
                    maxPixels: maxPixels)
            }.mapError { ($0 as? ArchiveError) ?? ArchiveError(file: name, message: "\($0)") }
            return [.screenshotLoaded(result)]
        case .addToBaseline(let path, let entries, let findings, let before):
            do {
                let new = try BaselineFile.add(entries, to: path)
                // The baseline as written, read back: what every finding from now on is marked with.
                let written = try BaselineFile.read(path)
                var marked = findings
                if var triage = engine.triage {
                    triage.baseline = written
                    engine.triage = triage
                    triage.apply(&marked)
                }
                return [
                    .baselineWritten(
                        entries: entries, result: .success(new), findings: marked,
                        verdict: engine.verdict(marked, hierarchyNote: before.hierarchyNote, pairing: before.pairing))
                ]
            } catch {
                return [
                    .baselineWritten(
                        entries: entries, result: .failure((error as? ArchiveError) ?? ArchiveError(file: path, message: "\(error)")),
                        findings: findings, verdict: before)
                ]
            }
        case .retriage(let summaries):
            guard engine.triage != nil else { return [] }
            return [.runSet(.retriaged(summaries.map { $0.map(engine.retriage) }))]
        case .buildSearchIndex(let source):
            return [.searchIndexBuilt(SearchIndex(source.hierarchy, extra: source.extra), archive: source.archive)]
        case .close, .quit, .repaint, .copy, .showPlain, .showNotes, .nextRunInQueue:
            return []
        }
    }
}
