import Foundation
import PseudoscopeCore
import PseudoscopeDrawing
import PseudoscopeImage
import PseudoscopeScreens

// In-process keystroke-to-frame benchmark (used by Scripts/bench; not installed): for each scripted key, the
// state update, the render of the whole screen canvas, and the diff against the previous frame (the cells a
// terminal would be sent). Prints JSON: p50 and p95 in milliseconds, and the mean changed cells per frame.
let args = CommandLine.arguments
// `--decode FILE N`: decode a screenshot N times, as the inspector does once per screenshot (Scripts/bench
// compares one decode, process included, with djpeg and pngtopnm).
if args.count >= 3, args[1] == "--decode" {
    let bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: args[2])))
    let n = args.count > 3 ? Int(args[3]) ?? 1 : 1
    var pixels = 0
    var times: [Double] = []
    for _ in 0..<n {
        let start = DispatchTime.now().uptimeNanoseconds
        pixels = try ImageDecoder.decode(bytes, file: args[2]).width
        times.append(Double(DispatchTime.now().uptimeNanoseconds - start) / 1e6)
    }
    times.sort()
    print("{\"decoded\":\(n),\"width\":\(pixels),\"median_ms\":\(times[times.count / 2])}")
    exit(0)
}
guard args.count >= 2 else {
    FileHandle.standardError.write(
        Data("usage: pseudoscope-bench ARCHIVE [MOVES] | --scenarios ARCHIVE | --decode FILE N | --picture ARCHIVE\n".utf8))
    exit(64)
}
// `--estimates ARCHIVE...`: every label's estimated text width against its frame, one tab-separated line each
// (the measurements docs/checks.md's "Estimated truncation" thresholds come from).
if args.count >= 3, args[1] == "--estimates" {
    for path in args.dropFirst(2) {
        guard let a = try? ArchiveLoader().load(path) else { continue }
        let checker = LayoutChecker(a)
        for i in a.hierarchy.indices {
            guard let est = checker.textEstimate(i) else { continue }
            let e = a.hierarchy[i]
            let ratio = est.linesFit == 1 ? est.width.width / e.frame.width : Double(est.linesNeeded) / Double(est.linesFit)
            print(
                [
                    String(path.split(separator: "/").last ?? ""),
                    String(e.displayText.prefix(40)).replacingOccurrences(of: "\t", with: " ").replacingOccurrences(of: "\n", with: " "),
                    "\(NumberText.points(e.frame.width))x\(NumberText.points(e.frame.height))", est.style.name, NumberText.points(est.width.width),
                    "\(est.linesNeeded)/\(est.linesFit)", String(format: "%.3f", ratio),
                ].joined(separator: "\t"))
        }
    }
    exit(0)
}
// `--picture ARCHIVE`: what opening an archive and pressing `s` costs, the way the program does it: the engine's
// verdict, the inspector's first frame, then the picture (a screenshot, or a recording's frame) read and decoded
// through the effect interpreter and drawn. Scripts/bench times the whole process (start-up included).
if args.count >= 3, args[1] == "--picture" {
    let start = DispatchTime.now().uptimeNanoseconds
    func since() -> Double { Double(DispatchTime.now().uptimeNanoseconds - start) / 1e6 }
    var engine = Engine(loader: ArchiveLoader())
    let verdict = try engine.judge(args[2]).get()
    var app = AppState(.inspector(InspectorState(verdict: verdict, width: 100, height: 30, glyphs: .unicode)))
    _ = app.update(.key(.resize(width: 100, height: 30)))
    _ = app.render()
    let firstFrame = since()
    var pending = app.update(.key(.char("s")))
    var pictureShown = false
    while let e = pending.first {
        pending.removeFirst()
        for m in EffectInterpreter.perform(e, engine: &engine, maxPixels: ImageDecoder.defaultMaxPixels) {
            if case .screenshotLoaded(.success) = m { pictureShown = true }
            pending += app.update(m)
        }
    }
    _ = app.render()
    print(
        "{\"first_frame_ms\":\(String(format: "%.3f", firstFrame)),\"picture_frame_ms\":\(String(format: "%.3f", since())),\"picture\":\(pictureShown)}"
    )
    exit(pictureShown ? 0 : 1)
}
// `--first-frames INPUT...`: every run of every input (a result bundle's failed runs, a folder's archives)
// opened as the inspector opens one: the engine's verdict in full, then the first 100x30 frame. Prints the number
// of runs and the slowest first frame with its run (Scripts/bench: every real bundle's runs, 100 ms budget).
if args.count >= 3, args[1] == "--first-frames" {
    let discovery = ArchiveDiscovery.expand(Array(args.dropFirst(2)), limits: LoadLimits())
    var worst = (ms: 0.0, run: ""), unread: [String] = []
    for path in discovery.paths {
        let start = DispatchTime.now().uptimeNanoseconds
        guard let verdict = try? Engine(loader: ArchiveLoader()).judge(path).get() else {
            unread.append(path)
            continue
        }
        var app = AppState(.inspector(InspectorState(verdict: verdict, width: 100, height: 30, glyphs: .unicode)))
        _ = app.update(.key(.resize(width: 100, height: 30)))
        _ = app.render()
        let ms = Double(DispatchTime.now().uptimeNanoseconds - start) / 1e6
        if ms > worst.ms { worst = (ms, path) }
    }
    var w = JSONWriter()
    w.beginObject()
    w.number("runs", Double(discovery.paths.count))
    w.number("worst_first_frame_ms", worst.ms)
    w.string("worst_run", worst.run)
    w.beginArray("unread")
    for path in unread { w.string(nil, path) }
    w.endArray()
    w.endObject()
    print(w.text)
    exit(0)
}
var limits = LoadLimits()
limits.maxDepth = 100_000
limits.maxElements = 2_000_000

/// Times one message: the update, the render of the whole 100x30 screen, and the diff against the last frame.
struct Session {
    var state: InspectorState
    var previous: Canvas
    var changed = 0
    init(_ archive: Archive, _ findings: [Finding]) {
        state = InspectorState(archive: archive, findings: findings, width: 100, height: 30, glyphs: .unicode)
        previous = InspectorView.render(state)
    }
    mutating func time(_ m: InspectorMessage) -> Double {
        let start = DispatchTime.now().uptimeNanoseconds
        _ = state.update(m)
        let frame = InspectorView.render(state)
        var diff = 0
        for i in frame.cells.indices where frame.cells[i] != previous.cells[i] { diff += 1 }
        previous = frame
        changed += diff
        return Double(DispatchTime.now().uptimeNanoseconds - start) / 1e6
    }
}
func percentile(_ p: Double, _ times: [Double]) -> Double {
    let t = times.sorted()
    return t.isEmpty ? 0 : t[min(t.count - 1, Int(Double(t.count) * p))]
}

// `--scenarios ARCHIVE`: what users do, each timed per message. The first frame (load, check, first screen);
// a walk of 40 moves down from the top with page downs (the tree scrolls); a search typed one character at a
// time (the first character builds the index); expand-all; then moves in the expanded tree.
if args[1] == "--scenarios", args.count >= 3 {
    let start = DispatchTime.now().uptimeNanoseconds
    func since(_ t: UInt64) -> Double { Double(DispatchTime.now().uptimeNanoseconds - t) / 1e6 }
    let archive = try ArchiveLoader(limits: limits).load(args[2])
    let loaded = since(start)
    let findings = Engine(loader: ArchiveLoader(limits: limits)).findings(archive)
    let checked = since(start)
    var session = Session(archive, findings)
    let firstFrame = since(start)
    if ProcessInfo.processInfo.environment["BENCH_PROFILE_LOAD"] != nil {
        for _ in 0..<30 { _ = try ArchiveLoader(limits: limits).load(args[2]) }
    }
    if ProcessInfo.processInfo.environment["BENCH_PROFILE_STATE"] != nil {
        for _ in 0..<40 { _ = InspectorState(archive: archive, findings: findings, width: 100, height: 30, glyphs: .unicode) }
    }
    if ProcessInfo.processInfo.environment["BENCH_VERBOSE"] != nil {
        let t = DispatchTime.now().uptimeNanoseconds
        let again = InspectorState(archive: archive, findings: findings, width: 100, height: 30, glyphs: .unicode)
        let stateOnly = since(t)
        let t2 = DispatchTime.now().uptimeNanoseconds
        _ = InspectorView.render(again)
        print(
            "load \(loaded) ms, check \(checked - loaded) ms, state and first screen \(firstFrame - checked) ms (state again \(stateOnly) ms, screen again \(since(t2)) ms)"
        )
    }
    var walk: [Double] = [session.time(.move(.top))]
    for k in 0..<40 { walk.append(session.time(k % 10 == 9 ? .move(.pageDown) : .move(.down))) }
    // The index a large archive gets in the background after its first frame (the driver's effect), timed apart.
    var indexBuild = 0.0
    for case .buildSearchIndex(let source) in session.state.searchIndexEffect {
        let t = DispatchTime.now().uptimeNanoseconds
        let index = SearchIndex(source.hierarchy, extra: source.extra)
        indexBuild = Double(DispatchTime.now().uptimeNanoseconds - t) / 1e6
        _ = session.state.update(.searchIndexReady(index))
    }
    var search: [Double] = [session.time(.startSearch)]
    for c in "id.target" { search.append(session.time(.searchInput(String(c)))) }
    for _ in 0..<4 { search.append(session.time(.searchBackspace)) }
    for c in "arget" { search.append(session.time(.searchInput(String(c)))) }
    search.append(session.time(.searchCommit))
    if ProcessInfo.processInfo.environment["BENCH_VERBOSE"] != nil { print(search.map { String(format: "%.1f", $0) }) }
    let expandAll = session.time(.expandAll)
    var expanded: [Double] = []
    for k in 0..<40 { expanded.append(session.time(k % 10 == 9 ? .move(.pageDown) : .move(.down))) }
    let fields: [(String, Double)] = [
        ("first_frame_ms", firstFrame), ("walk_p50_ms", percentile(0.5, walk)), ("walk_p95_ms", percentile(0.95, walk)),
        ("search_p50_ms", percentile(0.5, search)), ("search_p95_ms", percentile(0.95, search)), ("search_max_ms", search.max() ?? 0),
        ("search_index_background_ms", indexBuild), ("expand_all_ms", expandAll), ("expanded_walk_p95_ms", percentile(0.95, expanded)),
        ("walk_changed_cells_per_move", Double(session.changed) / Double(walk.count + search.count + 1 + expanded.count)),
    ]
    let body = fields.map { "\"\($0.0)\":\(String(format: "%.3f", $0.1))" }.joined(separator: ",")
    print("{\"elements\":\(archive.hierarchy.count),\(body)}")
    exit(0)
}
let moves = args.count > 2 ? Int(args[2]) ?? 1000 : 1000
let archive = try ArchiveLoader(limits: limits).load(args[1])
let findings = Engine(loader: ArchiveLoader(limits: limits)).findings(archive)
var state = InspectorState(archive: archive, findings: findings, width: 100, height: 30, glyphs: .unicode)
var previous = InspectorView.render(state)
// A deterministic script: mostly moves, some pages, expands and collapses, finding jumps.
let script: [InspectorMessage] = [
    .move(.down), .move(.down), .move(.up), .right, .move(.down), .move(.pageDown), .move(.down), .left,
    .move(.up), .nextFinding, .move(.down), .move(.pageUp), .right, .move(.down), .move(.down), .move(.top),
]
var times: [Double] = []
var changed = 0
for k in 0..<moves {
    let start = DispatchTime.now().uptimeNanoseconds
    _ = state.update(script[k % script.count])
    let frame = InspectorView.render(state)
    var diff = 0
    for i in frame.cells.indices where frame.cells[i] != previous.cells[i] { diff += 1 }
    previous = frame
    times.append(Double(DispatchTime.now().uptimeNanoseconds - start) / 1e6)
    changed += diff
}
times.sort()
print(
    "{\"moves\":\(moves),\"p50_ms\":\(percentile(0.5, times)),\"p95_ms\":\(percentile(0.95, times)),\"mean_changed_cells\":\(changed / max(1, moves)),\"elements\":\(archive.hierarchy.count)}"
)
