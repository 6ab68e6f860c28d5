import CChafa
import PseudoscopeCore

/// How many colours the cells of a picture may use: what the terminal has (or `--color`, `NO_COLOR`).
public enum ColorDepth: String, Sendable, CaseIterable {
    /// 24-bit colour (COLORTERM=truecolor or 24bit).
    case truecolor
    /// The xterm 256-colour palette.
    case indexed256
    case indexed16
    /// The eight ANSI colours (`TERM=xterm`, `screen`, the Linux console).
    case indexed8
    /// No colour: the picture in the terminal's own foreground and background.
    case none

    /// The most a terminal with `colors` palette colours (curses' `COLORS`) can show: 256 or more (a
    /// direct-colour terminal counts millions) take the 256-colour palette; 16 to 255 (rxvt's 88), sixteen;
    /// eight, eight; fewer, none.
    public static func forPalette(_ colors: Int) -> ColorDepth {
        colors >= 256 ? .indexed256 : colors >= 16 ? .indexed16 : colors >= 8 ? .indexed8 : .none
    }
}

/// One terminal cell of a picture: a symbol and its colours, packed 0xRRGGBB for `truecolor`, palette indices
/// otherwise, -1 for the terminal's default.
public struct ImageCell: Equatable, Sendable {
    public var grapheme: String
    public var foreground: Int32
    public var background: Int32
}

/// A picture as cells, made by chafa: symbol mosaics (half blocks and quadrants) that every UTF-8 terminal
/// shows, in as many colours as the terminal has.
public struct ImageCells: Equatable, Sendable {
    public let columns: Int
    public let rows: Int
    public let depth: ColorDepth
    public let cells: [ImageCell]

    public subscript(x: Int, y: Int) -> ImageCell { cells[y * columns + x] }

    /// Why no picture can be drawn on this host (chafa, opened on first use, is missing), or nil when one can.
    /// Every way to a drawn picture asks first, so that a missing library is said instead of drawing a blank.
    public static var libraryProblem: String? {
        ps_chafa_available() == 0 ? String(cString: ps_chafa_load_error()) : nil
    }

    /// Throws, for `file`, when no picture can be drawn here (`libraryProblem`).
    public static func requireLibrary(file: String) throws {
        if let why = libraryProblem { throw ArchiveError(file: file, message: why) }
    }

    /// `image` (or its `crop`) scaled to `columns`×`rows` cells (blank when chafa is missing: `libraryProblem`).
    public static func make(_ image: RasterImage, crop: PixelRect? = nil, columns: Int, rows: Int, depth: ColorDepth) -> ImageCells {
        let source = crop.map(image.cropped) ?? image
        let cols = max(1, columns), rws = max(1, rows)
        let blank = ImageCell(grapheme: " ", foreground: -1, background: -1)
        guard source.width > 0, source.height > 0 else {
            return ImageCells(columns: cols, rows: rws, depth: depth, cells: Array(repeating: blank, count: cols * rws))
        }
        let mode: Int32
        switch depth {
        case .truecolor: mode = Int32(PS_CHAFA_TRUECOLOR)
        case .indexed256: mode = Int32(PS_CHAFA_INDEXED_240)
        case .indexed16: mode = Int32(PS_CHAFA_INDEXED_16)
        case .indexed8: mode = Int32(PS_CHAFA_INDEXED_8)
        case .none: mode = Int32(PS_CHAFA_FGBG)
        }
        let count = cols * rws
        var symbols = [UInt32](repeating: 0x20, count: count)
        var foreground = [Int32](repeating: -1, count: count), background = [Int32](repeating: -1, count: count)
        let rc = ps_chafa_cells(
            source.pixels, Int32(source.width), Int32(source.height), Int32(source.width * 4), Int32(cols), Int32(rws), mode,
            &symbols, &foreground, &background)
        guard rc == 0 else { return ImageCells(columns: cols, rows: rws, depth: depth, cells: Array(repeating: blank, count: count)) }
        var cells: [ImageCell] = []
        cells.reserveCapacity(count)
        for i in 0..<count {
            let scalar = Unicode.Scalar(symbols[i]) ?? " "
            // Only the block symbols chafa was given can come out; anything else would be a width surprise.
            let grapheme = scalar.value < 0x20 ? " " : String(Character(scalar))
            cells.append(ImageCell(grapheme: grapheme, foreground: foreground[i], background: background[i]))
        }
        return ImageCells(columns: cols, rows: rws, depth: depth, cells: cells)
    }
}

/// Terminal graphics protocols chafa can write: the picture itself, not cells.
public enum GraphicsProtocol: String, Sendable, CaseIterable {
    case sixel, kitty, iterm

    /// The escape sequences that draw `image` (or its crop) in `columns`×`rows` cells of `cellWidth`×`cellHeight`
    /// pixels, at the cursor.
    public func encode(_ image: RasterImage, crop: PixelRect? = nil, columns: Int, rows: Int, cellWidth: Int, cellHeight: Int) -> [UInt8] {
        let source = crop.map(image.cropped) ?? image
        guard source.width > 0, source.height > 0 else { return [] }
        let protocolNumber: Int32
        switch self {
        case .sixel: protocolNumber = Int32(PS_CHAFA_SIXEL)
        case .kitty: protocolNumber = Int32(PS_CHAFA_KITTY)
        case .iterm: protocolNumber = Int32(PS_CHAFA_ITERM2)
        }
        var out: UnsafeMutablePointer<UInt8>?
        var size = 0
        let rc = ps_chafa_graphics(
            source.pixels, Int32(source.width), Int32(source.height), Int32(source.width * 4), Int32(max(1, columns)), Int32(max(1, rows)),
            Int32(max(1, cellWidth)), Int32(max(1, cellHeight)), protocolNumber, &out, &size)
        defer { ps_chafa_free(out) }
        guard rc == 0, let bytes = out else { return [] }
        return Array(UnsafeBufferPointer(start: bytes, count: size))
    }
}
