/// What the audit needs of a Mach-O file (an app's executable, a framework, a dylib), read with every offset and
/// count checked against the file: each slice of a fat file with its architecture, platform, linked libraries,
/// whether its code is encrypted, and where its text lies (C-string sections, the rest of `__TEXT` that is not
/// code, and the symbol names), which is where a name like `PSEUDO_LOCALE` is found when the code uses it.
struct MachO: Equatable {
    struct Slice: Equatable {
        /// `arm64`, `x86_64`, `i386`, `armv7`, or the CPU type in hex.
        var architecture: String
        /// From `LC_BUILD_VERSION` or `LC_VERSION_MIN_*`; nil when the slice names none.
        var platform: Platform?
        /// `MH_EXECUTE` (2), `MH_DYLIB` (6), `MH_BUNDLE` (8)…
        var fileType: UInt32
        /// The install names of the libraries it loads.
        var libraries: [String]
        /// Those of them it links weakly (`LC_LOAD_WEAK_DYLIB`): absent at run time, they are simply not loaded.
        var weakLibraries: Set<String> = []
        /// Byte ranges of the file holding text: string sections and the symbol names.
        var textRanges: [(section: String, range: Range<Int>)]
        /// An App Store binary's `cryptid`: its text cannot be read.
        var encrypted: Bool
        /// Sections and symbol tables whose bytes lie past the end of the file: named, since their text was not
        /// searched.
        var outside: [String] = []

        static func == (a: Slice, b: Slice) -> Bool {
            a.architecture == b.architecture && a.platform == b.platform && a.fileType == b.fileType && a.libraries == b.libraries
                && a.weakLibraries == b.weakLibraries && a.encrypted == b.encrypted && a.textRanges.map(\.section) == b.textRanges.map(\.section)
                && a.textRanges.map(\.range) == b.textRanges.map(\.range)
        }
    }

    enum Platform: String, Equatable {
        case iOS = "iOS", iOSSimulator = "iOS simulator", macOS = "macOS", macCatalyst = "Mac Catalyst", tvOS = "tvOS"
        case tvOSSimulator = "tvOS simulator", watchOS = "watchOS", watchOSSimulator = "watchOS simulator"
        case visionOS = "visionOS", visionOSSimulator = "visionOS simulator"

        var isSimulator: Bool { rawValue.hasSuffix("simulator") }
    }

    struct Failure: Error, Equatable {
        var message: String
    }

    var slices: [Slice]

    /// Every byte range to search, each byte once however many sections or slices name it (a fat file's slices at
    /// one offset, thousands of sections over the same bytes), with the first architecture and section that name
    /// it; encrypted slices left out.
    var searchRanges: [(architecture: String, section: String, range: Range<Int>)] {
        var all: [(architecture: String, section: String, range: Range<Int>)] = []
        for slice in slices where !slice.encrypted { for t in slice.textRanges { all.append((slice.architecture, t.section, t.range)) } }
        all.sort { $0.range.lowerBound < $1.range.lowerBound }
        var out: [(architecture: String, section: String, range: Range<Int>)] = []
        for r in all {
            if let last = out.last, r.range.lowerBound < last.range.upperBound {
                if r.range.upperBound > last.range.upperBound { out[out.count - 1].range = last.range.lowerBound..<r.range.upperBound }
            } else {
                out.append(r)
            }
        }
        return out
    }

    /// A fat file's slices (32- or 64-bit offsets), or the one slice of a thin file.
    init(_ bytes: [UInt8]) throws {
        let r = Reader(bytes: bytes, little: false)
        let magic = try r.u32(0)
        if magic == 0xCAFEBABE || magic == 0xCAFEBABF {
            let wide = magic == 0xCAFEBABF
            let count = Int(try r.u32(4))
            guard count > 0, count <= 64 else { throw Failure(message: "a fat file of \(count) slices") }
            slices = try (0..<count).map { k in
                let at = 8 + k * (wide ? 32 : 20)
                let offset = wide ? Int(clamping: try r.u64(at + 8)) : Int(try r.u32(at + 8))
                let size = wide ? Int(clamping: try r.u64(at + 16)) : Int(try r.u32(at + 12))
                guard offset >= 0, size > 0, offset <= bytes.count, size <= bytes.count - offset else {
                    throw Failure(message: "slice \(k + 1) lies outside the file (offset \(offset), \(size) bytes)")
                }
                return try MachO.slice(bytes, at: offset, size: size)
            }
        } else {
            slices = [try MachO.slice(bytes, at: 0, size: bytes.count)]
        }
    }

    /// Bounds-checked integers of either byte order.
    struct Reader {
        let bytes: [UInt8]
        let little: Bool

        func u32(_ at: Int) throws -> UInt32 {
            guard at >= 0, at <= bytes.count - 4 else { throw Failure(message: "ends inside a header (offset \(at))") }
            let b = (0..<4).map { UInt32(bytes[at + $0]) }
            return little ? b[0] | b[1] << 8 | b[2] << 16 | b[3] << 24 : b[3] | b[2] << 8 | b[1] << 16 | b[0] << 24
        }

        func u64(_ at: Int) throws -> UInt64 {
            let lo = UInt64(try u32(at + (little ? 0 : 4))), hi = UInt64(try u32(at + (little ? 4 : 0)))
            return hi << 32 | lo
        }

        /// A NUL-terminated name of at most `max` bytes (a segment or section name).
        func name(_ at: Int, max: Int) -> String {
            guard at >= 0, at + max <= bytes.count else { return "" }
            return String(decoding: bytes[at..<(at + max)].prefix { $0 != 0 }, as: UTF8.self)
        }
    }

    static func architecture(_ cpu: UInt32) -> String {
        switch cpu {
        case 7: "i386"
        case 0x0100_0007: "x86_64"
        case 12: "armv7"
        case 0x0100_000C: "arm64"
        case 0x0200_000C: "arm64_32"
        default: "cpu 0x" + String(cpu, radix: 16)
        }
    }

    static let platforms: [UInt32: Platform] = [
        1: .macOS, 2: .iOS, 3: .tvOS, 4: .watchOS, 6: .macCatalyst, 7: .iOSSimulator,
        8: .tvOSSimulator, 9: .watchOSSimulator, 11: .visionOS, 12: .visionOSSimulator,
    ]

    /// One thin Mach-O at `base` (`size` bytes): its header and load commands, every one inside the slice.
    static func slice(_ bytes: [UInt8], at base: Int, size: Int) throws -> Slice {
        let probe = Reader(bytes: bytes, little: false)
        let magic = try probe.u32(base)
        let little: Bool, wide: Bool
        switch magic {
        case 0xFEEDFACE: (little, wide) = (false, false)
        case 0xFEEDFACF: (little, wide) = (false, true)
        case 0xCEFAEDFE: (little, wide) = (true, false)
        case 0xCFFAEDFE: (little, wide) = (true, true)
        default: throw Failure(message: "not a Mach-O file (magic 0x\(String(magic, radix: 16)) at offset \(base))")
        }
        let r = Reader(bytes: bytes, little: little)
        let cpu = try r.u32(base + 4)
        var slice = Slice(
            architecture: architecture(cpu), platform: nil, fileType: try r.u32(base + 12), libraries: [], textRanges: [], encrypted: false)
        let count = Int(try r.u32(base + 16)), commandBytes = Int(try r.u32(base + 20))
        let end = base + size
        var at = base + (wide ? 32 : 28)
        guard commandBytes <= size, count <= commandBytes / 8 else {
            throw Failure(message: "\(count) load commands in \(commandBytes) bytes do not fit the file")
        }
        /// A range of the slice, or nil when it does not lie inside it.
        func inside(_ offset: Int, _ length: Int) -> Range<Int>? {
            guard offset >= 0, length >= 0, offset <= size, length <= size - offset else { return nil }
            return (base + offset)..<(base + offset + length)
        }
        for k in 0..<count {
            let cmd = try r.u32(at), cmdSize = Int(try r.u32(at + 4))
            guard cmdSize >= 8, at + cmdSize <= end else {
                throw Failure(message: "load command \(k + 1) runs past the file (\(cmdSize) bytes at offset \(at))")
            }
            switch cmd {
            case 0x1, 0x19:  // LC_SEGMENT, LC_SEGMENT_64
                let segment = r.name(at + 8, max: 16)
                let sections = Int(try r.u32(at + (wide ? 64 : 48)))
                let sectionSize = wide ? 80 : 68
                var s = at + (wide ? 72 : 56)
                guard sections <= (cmdSize - (s - at)) / sectionSize else {
                    throw Failure(message: "load command \(k + 1) claims \(sections) sections it has no room for")
                }
                for _ in 0..<sections {
                    let name = r.name(s, max: 16)
                    let length = wide ? Int(clamping: try r.u64(s + 40)) : Int(try r.u32(s + 36))
                    let offset = Int(try r.u32(s + (wide ? 48 : 40)))
                    let flags = try r.u32(s + (wide ? 64 : 56))
                    let isCode = flags & 0x8000_0400 != 0
                    let isCStrings = flags & 0xFF == 2
                    let zeroFill = flags & 0xFF == 1 || flags & 0xFF == 0xC
                    if !zeroFill, !isCode, isCStrings || segment == "__TEXT" {
                        if let range = inside(offset, length) {
                            slice.textRanges.append(("\(segment),\(name)", range))
                        } else {
                            slice.outside.append("section \(segment),\(name) (\(length) bytes at offset \(offset)) runs past the end of the file")
                        }
                    }
                    s += sectionSize
                }
            case 0x2:  // LC_SYMTAB: the symbol names
                let offset = Int(try r.u32(at + 16)), length = Int(try r.u32(at + 20))
                if let range = inside(offset, length) {
                    slice.textRanges.append(("symbol names", range))
                } else {
                    slice.outside.append("the symbol names (\(length) bytes at offset \(offset)) run past the end of the file")
                }
            case 0xC, 0x8000_0018, 0x8000_001F, 0x20, 0x8000_0023:  // the LC_*_DYLIB that load a library
                let nameAt = Int(try r.u32(at + 8))
                if nameAt >= 12, nameAt < cmdSize {
                    let name = r.name(at + nameAt, max: cmdSize - nameAt)
                    slice.libraries.append(name)
                    if cmd == 0x8000_0018 { slice.weakLibraries.insert(name) }
                }
            case 0x32:  // LC_BUILD_VERSION
                slice.platform = platforms[try r.u32(at + 8)]
            case 0x25:  // LC_VERSION_MIN_IPHONEOS: Intel slices are the simulator's
                slice.platform = cpu & 0xFF == 7 ? .iOSSimulator : .iOS
            case 0x24: slice.platform = .macOS  // LC_VERSION_MIN_MACOSX
            case 0x21, 0x2C:  // LC_ENCRYPTION_INFO(_64)
                if try r.u32(at + 16) != 0 { slice.encrypted = true }
            default: break
            }
            at += cmdSize
        }
        return slice
    }
}
