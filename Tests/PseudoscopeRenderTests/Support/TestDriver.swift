import PseudoscopeCore
import PseudoscopeImage
@testable import PseudoscopeRender

/// Performs the program's effects at once through the one effect interpreter the terminal driver runs in the
/// background, so that a test drives the whole program with keys and reads what it would draw.
struct TestDriver {
    var app: AppState
    var engine: Engine
    /// What was put on the clipboard, in order.
    var copied: [String] = []
    var repaints = 0

    init(_ page: AppPage, engine: Engine = Engine(loader: ArchiveLoader()), notes: [String] = []) {
        app = AppState(page, notes: notes)
        self.engine = engine
        perform(app.start())
    }

    init(_ app: AppState, engine: Engine = Engine(loader: ArchiveLoader())) {
        self.app = app
        self.engine = engine
        perform(self.app.start())
    }

    mutating func press(_ keys: Key...) { press(keys) }

    mutating func press(_ keys: [Key]) {
        for k in keys { perform(app.update(.key(k))) }
    }

    mutating func perform(_ effects: [Effect]) {
        for e in effects {
            switch e {
            case .copy(let text, _): copied.append(text)
            case .repaint: repaints += 1
            default:
                for m in EffectInterpreter.perform(e, engine: &engine, maxPixels: ImageDecoder.defaultMaxPixels) { perform(app.update(m)) }
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
