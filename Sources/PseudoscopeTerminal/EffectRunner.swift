import Dispatch
import Foundation
import PseudoscopeCore
import PseudoscopeImage
import PseudoscopeRender
import Synchronization

/// Performs effects in the background and hands their answers back as messages, waking the event loop.
///
/// Loading uses one core fewer than the machine has, so the interface thread always has one to answer keys.
final class EffectRunner: Sendable {
    let work: RunSetWork?
    let wake: WakePipe
    private let inbox = Mutex<[AppMessage]>([])
    private let queue = DispatchQueue(label: "pseudoscope.effects", qos: .userInitiated, attributes: .concurrent)

    /// The largest screenshot decoded (PSEUDOSCOPE_MAX_IMAGE_PIXELS).
    let maxImagePixels: Int

    init(work: RunSetWork?, wake: WakePipe, maxImagePixels: Int = ImageDecoder.defaultMaxPixels) {
        self.work = work
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

    private func post(_ m: AppMessage) {
        inbox.withLock { $0.append(m) }
        wake.signal()
    }

    func perform(_ effect: Effect) {
        if case .addToBaseline(let path, let entries) = effect {
            // A write of a few lines: done at once, answered like any other effect.
            let result = Result<Int, Error> { try BaselineFile.add(entries, to: path) }
                .mapError { ($0 as? ArchiveError) ?? ArchiveError(file: path, message: "\($0)") }
            post(.baselineWritten(entries: entries, result: result))
            return
        }
        if case .loadScreenshot(let source) = effect {
            let limits = work?.loader.limits ?? .default
            let maxPixels = maxImagePixels
            queue.async {
                let result = Result<Picture, Error> { try Picture.load(source, archive: nil, limits: limits, maxPixels: maxPixels) }
                    .mapError { ($0 as? ArchiveError) ?? ArchiveError(file: "the screenshot", message: "\($0)") }
                self.post(.screenshotLoaded(result))
            }
            return
        }
        if case .buildSearchIndex(let source) = effect {
            queue.async {
                self.post(.searchIndexBuilt(SearchIndex(source.hierarchy, extra: source.extra), archive: source.archive))
            }
            return
        }
        guard let work = work else { return }
        switch effect {
        case .load(let paths):
            queue.async {
                let workers = max(1, min(paths.count, ProcessInfo.processInfo.activeProcessorCount - 1))
                let next = Atomic<Int>(0)
                DispatchQueue.concurrentPerform(iterations: workers) { _ in
                    while true {
                        let k = next.wrappingAdd(1, ordering: .relaxed).oldValue
                        guard k < paths.count else { return }
                        let entry = RunSetEntry(path: paths[k], result: work.summarize(paths[k]))
                        self.post(.runSet(.received([LoadedEntry(index: k, entry: entry)])))
                    }
                }
            }
        case .checkPairs(let pairs):
            queue.async {
                self.post(.runSet(.pairsChecked(pairs.map { work.checkPair($0) })))
            }
        case .inspect(let path, let partner):
            queue.async {
                switch work.open(path, partner: partner) {
                case .success(let opened): self.post(.opened(opened))
                case .failure(let e): self.post(.runSet(.openFailed(e.description)))
                }
            }
        case .compare(let a, let b):
            queue.async {
                do {
                    let comparison = RunComparison(try work.loader.load(a), try work.loader.load(b))
                    self.post(.compared(comparison))
                } catch {
                    self.post(.runSet(.openFailed("\(error)")))
                }
            }
        case .close, .quit, .repaint, .copy, .addToBaseline, .loadScreenshot, .buildSearchIndex:
            break  // performed by the event loop itself
        }
    }
}
