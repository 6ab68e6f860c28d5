import PseudoscopeCore
import PseudoscopeDrawing
import PseudoscopeImage
import PseudoscopeScreens

/// Performs the program's effects at once through the one effect interpreter the terminal driver runs in the
/// background, so that a test drives the whole program with keys and reads what it would draw.
public struct TestDriver {
    public var app: AppState
    public var engine: Engine
    /// What was put on the clipboard, in order.
    public var copied: [String] = []
    public var repaints = 0

    public init(_ page: AppPage, engine: Engine = Engine(loader: ArchiveLoader()), notes: [String] = []) {
        app = AppState(page, notes: notes)
        self.engine = engine
        perform(app.start())
    }

    public init(_ app: AppState, engine: Engine = Engine(loader: ArchiveLoader())) {
        self.app = app
        self.engine = engine
        perform(self.app.start())
    }

    public mutating func press(_ keys: Key...) { press(keys) }

    public mutating func press(_ keys: [Key]) {
        for k in keys { perform(app.update(.key(k))) }
    }

    public mutating func perform(_ effects: [Effect]) {
        for e in effects {
            switch e {
            case .copy(let text, _): copied.append(text)
            case .repaint: repaints += 1
            default:
                for m in EffectInterpreter.perform(e, engine: &engine, maxPixels: ImageDecoder.defaultMaxPixels) { perform(app.update(m)) }
            }
        }
    }

    public var screen: String { app.render().renderPlain() }
}
