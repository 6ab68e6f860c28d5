import CNcurses
import Dispatch
import Foundation
import PseudoscopeCore
import PseudoscopeDrawing
import PseudoscopeImage
import PseudoscopeScreens
import Synchronization

/// Performs effects in the background through the one effect interpreter (`EffectInterpreter`) and hands their
/// answers back as messages, waking the event loop. It adds only threads: loading a run set's inputs is split
/// across one core fewer than the machine has (so the interface thread always has one to answer keys), every
/// other effect runs on a worker, and the engine the interpreter updates (a baseline written) is shared.
final class EffectRunner: Sendable {
    private let engine: Mutex<Engine>
    let wake: WakePipe
    private let inbox = Mutex<[AppMessage]>([])
    private let queue = DispatchQueue(label: "pseudoscope.effects", qos: .userInitiated, attributes: .concurrent)

    /// The largest picture decoded (PSEUDOSCOPE_MAX_IMAGE_PIXELS).
    let maxImagePixels: Int

    init(engine: Engine, wake: WakePipe, maxImagePixels: Int = ImageDecoder.defaultMaxPixels) {
        self.engine = Mutex(engine)
        self.wake = wake
        self.maxImagePixels = maxImagePixels
    }

    /// The messages that have arrived, with consecutive loading results merged into one batch (the list
    /// rebuilds its order once per batch, not once per archive).
    func takeMessages() -> [AppMessage] {
        let messages = inbox.withLock { m -> [AppMessage] in
            let out = m
            m.removeAll()
            return out
        }
        var out: [AppMessage] = []
        for m in messages {
            if case .runSet(.received(let more)) = m, case .runSet(.received(let batch))? = out.last {
                out[out.count - 1] = .runSet(.received(batch + more))
            } else {
                out.append(m)
            }
        }
        return out
    }

    private func post(_ messages: [AppMessage]) {
        guard !messages.isEmpty else { return }
        inbox.withLock { $0.append(contentsOf: messages) }
        wake.signal()
    }

    /// One effect on a worker (loading: one worker per input at a time, on all cores but one).
    func perform(_ effect: Effect) {
        let maxPixels = maxImagePixels
        if case .load(let paths) = effect {
            queue.async {
                let snapshot = self.engine.withLock { $0 }
                let workers = max(1, min(paths.count, ProcessInfo.processInfo.activeProcessorCount - 1))
                let next = Atomic<Int>(0)
                DispatchQueue.concurrentPerform(iterations: workers) { _ in
                    // Every worker that reads an input can crash on it: the terminal is restored from its own stack.
                    _ = ps_alternate_signal_stack()
                    var engine = snapshot
                    while true {
                        let k = next.wrappingAdd(1, ordering: .relaxed).oldValue
                        guard k < paths.count else { return }
                        // The interpreter numbers a load's entries from 0: each input is renumbered to its place.
                        let answers = EffectInterpreter.perform(.load(paths: [paths[k]]), engine: &engine, maxPixels: maxPixels).map {
                            m -> AppMessage in
                            guard case .runSet(.received(let entries)) = m else { return m }
                            return .runSet(.received(entries.map { LoadedEntry(index: k, entry: $0.entry) }))
                        }
                        self.post(answers)
                    }
                }
            }
            return
        }
        onWorker {
            var engine = self.engine.withLock { $0 }
            let answers = EffectInterpreter.perform(effect, engine: &engine, maxPixels: maxPixels)
            // A baseline written changes what every later finding is marked with.
            if case .addToBaseline = effect { self.engine.withLock { $0.triage = engine.triage } }
            self.post(answers)
        }
    }

    /// Runs `body` on a worker that has an alternate signal stack: should it overflow its stack on a crafted input,
    /// the crash handler still restores the terminal.
    func onWorker(_ body: @escaping @Sendable () -> Void) {
        queue.async {
            _ = ps_alternate_signal_stack()
            body()
        }
    }
}
