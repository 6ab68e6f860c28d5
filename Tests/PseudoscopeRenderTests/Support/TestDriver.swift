import PseudoscopeCore
import PseudoscopeImage
@testable import PseudoscopeRender

/// Performs the program's effects at once, as the terminal driver does in the background, so that a test drives
/// the whole program with keys and reads what it would draw.
struct TestDriver {
    var app: AppState
    let work = RunSetWork(loader: ArchiveLoader())
    /// What was put on the clipboard, in order.
    var copied: [String] = []
    var repaints = 0

    init(_ screen: Screen) {
        app = AppState(screen)
        perform(app.start())
    }

    mutating func press(_ keys: Key...) { press(keys) }

    mutating func press(_ keys: [Key]) {
        for k in keys { perform(app.update(.key(k))) }
    }

    mutating func perform(_ effects: [Effect]) {
        for e in effects {
            switch e {
            case .load(let paths):
                let entries = paths.enumerated().map { LoadedEntry(index: $0, entry: RunSetEntry(path: $1, result: work.summarize($1))) }
                perform(app.update(.runSet(.received(entries))))
            case .checkPairs(let pairs):
                perform(app.update(.runSet(.pairsChecked(pairs.map { work.checkPair($0) }))))
            case .inspect(let path, let partner):
                switch work.open(path, partner: partner) {
                case .success(let o): perform(app.update(.opened(o)))
                case .failure(let e): perform(app.update(.runSet(.openFailed(e.description))))
                }
            case .compare(let a, let b):
                do {
                    perform(app.update(.compared(RunComparison(try work.loader.load(a), try work.loader.load(b)))))
                } catch {
                    perform(app.update(.runSet(.openFailed("\(error)"))))
                }
            case .copy(let text, _): copied.append(text)
            case .buildSearchIndex(let source):
                perform(app.update(.searchIndexBuilt(SearchIndex(source.hierarchy, extra: source.extra), archive: source.archive)))
            case .loadScreenshot(let source):
                let result = Result<Picture, Error> { try Picture.load(source, archive: nil, limits: .default, maxPixels: ImageDecoder.defaultMaxPixels) }
                    .mapError { ($0 as? ArchiveError) ?? ArchiveError(file: "the screenshot", message: "\($0)") }
                perform(app.update(.screenshotLoaded(result)))
            case .addToBaseline(let path, let entries):
                let result = Result<Int, Error> { try BaselineFile.add(entries, to: path) }.mapError { ($0 as? ArchiveError) ?? ArchiveError(file: path, message: "\($0)") }
                perform(app.update(.baselineWritten(entries: entries, result: result)))
            case .repaint: repaints += 1
            case .close, .quit: break
            }
        }
    }

    var screen: String { app.render().renderPlain() }
}

extension InspectorState {
    /// Applies messages in order, dropping their effects (tests of one screen).
    mutating func send(_ messages: InspectorMessage...) {
        for m in messages { _ = update(m) }
    }

    mutating func type(_ text: String) {
        for c in text { _ = update(.searchInput(String(c))) }
    }
}

extension RunSetState {
    mutating func send(_ messages: RunSetMessage...) {
        for m in messages { _ = update(m) }
    }
}

extension ComparisonState {
    mutating func send(_ messages: ComparisonMessage...) {
        for m in messages { _ = update(m) }
    }
}
