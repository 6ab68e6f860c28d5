import Glibc
import Synchronization

/// Where a night's findings wait while the night is judged, so that memory holds a few archives' findings, not
/// all of them (`check` of 2,000 archives with 160 findings each held 270 MB of findings): each archive's are
/// written here, in a compact binary form, once it is checked, and read back when its report is written. A file
/// in the temporary folder, removed as soon as it is open: nothing is left behind, whatever happens.
public final class FindingSpool: Sendable {
    /// Where one archive's findings lie in the spool.
    public struct Ref: Equatable, Sendable {
        let offset: Int
        let length: Int
        public let count: Int
    }

    private let fd: Int32
    private let end = Mutex<Int>(0)
    public init(folder: String) throws {
        var template = Array((folder + "/pseudoscope-spool-XXXXXX").utf8CString)
        let fd = mkstemp(&template)
        guard fd >= 0 else {
            throw ArchiveError(file: folder, message: "cannot make a temporary file for the night's findings: \(String(cString: strerror(errno)))")
        }
        unlink(template)
        self.fd = fd
    }

    deinit { close(fd) }

    /// Writes findings; returns where they are. Thread-safe (one write at a time).
    public func write(_ findings: [Finding]) throws -> Ref {
        var out = SpoolWriter()
        out.u32(UInt32(findings.count))
        for f in findings { out.finding(f) }
        return try put(out.bytes, count: findings.count)
    }

    /// Bytes written at the spool's end, one write at a time.
    private func put(_ bytes: [UInt8], count: Int) throws -> Ref {
        try end.withLock { e in
            if let code = FileAccess.writeAll(bytes, to: fd) {
                throw ArchiveError(
                    file: "the temporary file of the night's findings", message: "cannot be written: \(String(cString: strerror(code)))")
            }
            defer { e += bytes.count }
            return Ref(offset: e, length: bytes.count, count: count)
        }
    }

    private func bytes(_ ref: Ref) throws -> [UInt8] {
        // Read into room not zeroed first (what is kept is what was read): a night reads back every part.
        var failed = false
        let bytes = [UInt8](unsafeUninitializedCapacity: ref.length) { buffer, filled in
            filled = 0
            while filled < ref.length {
                let n = pread(fd, buffer.baseAddress! + filled, ref.length - filled, off_t(ref.offset + filled))
                if n < 0, errno == EINTR { continue }
                guard n > 0 else { failed = true; return }
                filled += n
            }
        }
        if failed { throw ArchiveError(file: "the temporary file of the night's findings", message: "cannot be read back") }
        return bytes
    }

    /// Reads back what `write` wrote; `baseline` gives known findings their entry again.
    public func read(_ ref: Ref, baseline: Baseline?) throws -> [Finding] {
        var r = SpoolReader(bytes: try bytes(ref), baseline: baseline)
        let n = Int(try r.u32())
        var out: [Finding] = []
        out.reserveCapacity(n)
        for _ in 0..<n { out.append(try r.finding()) }
        return out
    }
}

/// A finding's fields in the spool's binary form, in the order `SpoolReader` reads them back.
struct SpoolWriter {
    var bytes: [UInt8] = []

    mutating func u8(_ v: UInt8) { bytes.append(v) }
    /// A fixed-size value, little-endian.
    mutating func fixed<T: FixedWidthInteger>(_ v: T) {
        for k in 0..<MemoryLayout<T>.size { bytes.append(UInt8(truncatingIfNeeded: v >> (8 * k))) }
    }
    mutating func u32(_ v: UInt32) { fixed(v) }
    mutating func i64(_ v: Int) { fixed(Int64(v)) }
    mutating func f64(_ v: Double) { fixed(v.bitPattern) }
    mutating func string(_ s: String) {
        u32(UInt32(s.utf8.count))
        var s = s
        s.withUTF8 { bytes.append(contentsOf: $0) }
    }
    mutating func optional(_ s: String?) {
        if let s { u8(1); string(s) } else { u8(0) }
    }

    mutating func finding(_ f: Finding) {
        u8(UInt8(f.rule.index))
        u8(f.severity == .blocking ? 0 : 1)
        i64(f.element ?? -1)
        string(f.elementPath); string(f.elementType); string(f.identifier); string(f.label)
        // The text is most often the label: then it is not written again, and read back as the same string.
        if f.text == f.label { u8(0) } else { u8(1); string(f.text) }
        if let r = f.frame { u8(1); f64(r.x); f64(r.y); f64(r.width); f64(r.height) } else { u8(0) }
        string(f.message)
        u32(UInt32(f.evidence.count))
        for e in f.evidence { string(e.name); f64(e.value) }
        optional(f.otherArchive)
        string(f.fingerprint)
        u32(UInt32(f.hints.count))
        for h in f.hints { string(h) }
        if let k = f.known { u8(1); string(k.entry.fingerprint); u8(k.expired ? 1 : 0); i64(k.daysExpired) } else { u8(0) }
        u8(f.novelty == nil ? 0 : f.novelty == .new ? 1 : 2)
        if let s = f.stack {
            u8(1)
            string(s.frames)
            u32(UInt32(s.members.count))
            for m in s.members { i64(m) }
            u32(UInt32(s.paths.count))
            for p in s.paths { string(p) }
        } else {
            u8(0)
        }
    }
}

struct SpoolReader {
    let bytes: [UInt8]
    let baseline: Baseline?
    var at = 0
    func cutShort() -> ArchiveError { ArchiveError(file: "the temporary file of the night's findings", message: "is cut short") }

    /// A fixed-size little-endian value at the reading place.
    mutating func fixed<T: FixedWidthInteger>(_: T.Type) throws -> T {
        let n = MemoryLayout<T>.size
        guard at + n <= bytes.count else { throw cutShort() }
        defer { at += n }
        var v = T.zero
        for k in 0..<n { v |= T(bytes[at + k]) << (8 * k) }
        return v
    }
    mutating func u8() throws -> UInt8 { try fixed(UInt8.self) }
    mutating func u32() throws -> UInt32 { try fixed(UInt32.self) }
    mutating func i64() throws -> Int { Int(try fixed(Int64.self)) }
    mutating func f64() throws -> Double { Double(bitPattern: try fixed(UInt64.self)) }
    mutating func string() throws -> String {
        let n = Int(try u32())
        guard at + n <= bytes.count else { throw cutShort() }
        defer { at += n }
        return String(decoding: bytes[at..<(at + n)], as: UTF8.self)
    }
    mutating func optional() throws -> String? { try u8() == 1 ? try string() : nil }

    mutating func finding() throws -> Finding {
        let number = Int(try u8())
        guard number < Rule.allCases.count else {
            throw ArchiveError(file: "the temporary file of the night's findings", message: "holds an unknown rule")
        }
        let rule = Rule.allCases[number]
        let severity: Severity = try u8() == 0 ? .blocking : .review
        let element = try i64()
        let path = try string(), type = try string(), identifier = try string(), label = try string()
        let text = try u8() == 0 ? label : try string()
        var frame: Rect?
        if try u8() == 1 { frame = Rect(x: try f64(), y: try f64(), width: try f64(), height: try f64()) }
        let message = try string()
        var evidence: [(name: String, value: Double)] = []
        let evidenceCount = Int(try u32())
        evidence.reserveCapacity(min(evidenceCount, 16))
        for _ in 0..<evidenceCount { evidence.append((try string(), try f64())) }
        let other = try optional()
        let fingerprint = try string()
        var hints: [String] = []
        for _ in 0..<Int(try u32()) { hints.append(try string()) }
        var known: KnownIssue?
        if try u8() == 1 {
            let fp = try string()
            let expired = try u8() == 1
            let days = try i64()
            if let entry = baseline?.entry(for: fp) { known = KnownIssue(entry: entry, expired: expired, daysExpired: days) }
        }
        let novelty: Novelty? =
            switch try u8() {
            case 1: .new
            case 2: .still
            default: nil
            }
        var stack: FindingStack?
        if try u8() == 1 {
            let frames = try string()
            var members: [Int] = []
            for _ in 0..<Int(try u32()) { members.append(try i64()) }
            var paths: [String] = []
            for _ in 0..<Int(try u32()) { paths.append(try string()) }
            var s = FindingStack(members: members, frames: frames)
            s.paths = paths
            stack = s
        }
        // Made whole once everything is read: a finding made first and then filled in was copied whole.
        return Finding(
            rule: rule, severity: severity, element: element < 0 ? nil : element, elementPath: path, elementType: type,
            identifier: identifier, label: label, text: text, frame: frame, message: message, evidence: evidence, otherArchive: other,
            fingerprint: fingerprint, hints: hints, known: known, novelty: novelty, stack: stack)
    }
}
