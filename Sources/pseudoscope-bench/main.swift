import Foundation
import PseudoscopeCore
import PseudoscopeImage
import PseudoscopeRender

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
    FileHandle.standardError.write(Data("usage: pseudoscope-bench ARCHIVE [MOVES]\n".utf8))
    exit(64)
}
let moves = args.count > 2 ? Int(args[2]) ?? 1000 : 1000
var limits = LoadLimits()
limits.maxDepth = 100_000
let archive = try ArchiveLoader(limits: limits).load(args[1])
let findings = LayoutChecker(archive).findings()
var state = InspectorState(archive: archive, findings: findings, width: 100, height: 30, glyphs: .unicode)
var previous = InspectorScreen.render(state)
// A deterministic script: mostly moves, some pages, expands and collapses, finding jumps.
let script: [InspectorMessage] = [.move(.down), .move(.down), .move(.up), .right, .move(.down), .move(.pageDown), .move(.down), .left,
                        .move(.up), .nextFinding, .move(.down), .move(.pageUp), .right, .move(.down), .move(.down), .move(.top)]
var times: [Double] = []
var changed = 0
for k in 0..<moves {
    let start = DispatchTime.now().uptimeNanoseconds
    _ = state.update(script[k % script.count])
    let frame = InspectorScreen.render(state)
    var diff = 0
    for i in frame.cells.indices where frame.cells[i] != previous.cells[i] { diff += 1 }
    previous = frame
    times.append(Double(DispatchTime.now().uptimeNanoseconds - start) / 1e6)
    changed += diff
}
times.sort()
func percentile(_ p: Double, _ times: [Double]) -> Double { times[min(times.count - 1, Int(Double(times.count) * p))] }
print("{\"moves\":\(moves),\"p50_ms\":\(percentile(0.5, times)),\"p95_ms\":\(percentile(0.95, times)),\"mean_changed_cells\":\(changed / max(1, moves)),\"elements\":\(archive.hierarchy.count)}")
