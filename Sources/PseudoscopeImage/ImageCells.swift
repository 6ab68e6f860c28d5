import CChafa

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

    /// `image` (or its `crop`) scaled to `columns`×`rows` cells.
    public static func make(_ image: RasterImage, crop: PixelRect? = nil, columns: Int, rows: Int, depth: ColorDepth) -> ImageCells {
        let source = crop.map(image.cropped) ?? image
        let cols = max(1, columns), rws = max(1, rows)
        guard source.width > 0, source.height > 0 else {
            return ImageCells(columns: cols, rows: rws, depth: depth, cells: Array(repeating: ImageCell(grapheme: " ", foreground: -1, background: -1), count: cols * rws))
        }
        let map = chafa_symbol_map_new()
        defer { chafa_symbol_map_unref(map) }
        let tags = depth == .none
            ? CHAFA_SYMBOL_TAG_BLOCK.rawValue | CHAFA_SYMBOL_TAG_HALF.rawValue | CHAFA_SYMBOL_TAG_QUAD.rawValue | CHAFA_SYMBOL_TAG_SPACE.rawValue | CHAFA_SYMBOL_TAG_SOLID.rawValue
            : CHAFA_SYMBOL_TAG_HALF.rawValue | CHAFA_SYMBOL_TAG_QUAD.rawValue | CHAFA_SYMBOL_TAG_SPACE.rawValue | CHAFA_SYMBOL_TAG_SOLID.rawValue
        chafa_symbol_map_add_by_tags(map, ChafaSymbolTags(rawValue: tags))
        let config = chafa_canvas_config_new()
        defer { chafa_canvas_config_unref(config) }
        chafa_canvas_config_set_geometry(config, gint(cols), gint(rws))
        chafa_canvas_config_set_symbol_map(config, map)
        chafa_canvas_config_set_pixel_mode(config, CHAFA_PIXEL_MODE_SYMBOLS)
        switch depth {
        case .truecolor: chafa_canvas_config_set_canvas_mode(config, CHAFA_CANVAS_MODE_TRUECOLOR)
        case .indexed256: chafa_canvas_config_set_canvas_mode(config, CHAFA_CANVAS_MODE_INDEXED_240)
        case .indexed16: chafa_canvas_config_set_canvas_mode(config, CHAFA_CANVAS_MODE_INDEXED_16)
        case .indexed8: chafa_canvas_config_set_canvas_mode(config, CHAFA_CANVAS_MODE_INDEXED_8)
        case .none: chafa_canvas_config_set_canvas_mode(config, CHAFA_CANVAS_MODE_FGBG)
        }
        let canvas = chafa_canvas_new(config)
        defer { chafa_canvas_unref(canvas) }
        source.pixels.withUnsafeBufferPointer { p in
            chafa_canvas_draw_all_pixels(canvas, CHAFA_PIXEL_RGBA8_UNASSOCIATED, p.baseAddress, gint(source.width), gint(source.height), gint(source.width * 4))
        }
        var cells: [ImageCell] = []
        cells.reserveCapacity(cols * rws)
        for y in 0..<rws {
            for x in 0..<cols {
                let ch = chafa_canvas_get_char_at(canvas, gint(x), gint(y))
                var fg: gint = -1, bg: gint = -1
                switch depth {
                case .truecolor: chafa_canvas_get_colors_at(canvas, gint(x), gint(y), &fg, &bg)
                case .indexed256, .indexed16, .indexed8: chafa_canvas_get_raw_colors_at(canvas, gint(x), gint(y), &fg, &bg)
                case .none: break
                }
                let scalar = Unicode.Scalar(UInt32(ch)) ?? " "
                // Only the block symbols chafa was given can come out; anything else would be a width surprise.
                let grapheme = scalar.value < 0x20 ? " " : String(Character(scalar))
                cells.append(ImageCell(grapheme: grapheme, foreground: Int32(fg), background: Int32(bg)))
            }
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
        let config = chafa_canvas_config_new()
        defer { chafa_canvas_config_unref(config) }
        chafa_canvas_config_set_geometry(config, gint(max(1, columns)), gint(max(1, rows)))
        chafa_canvas_config_set_cell_geometry(config, gint(max(1, cellWidth)), gint(max(1, cellHeight)))
        switch self {
        case .sixel: chafa_canvas_config_set_pixel_mode(config, CHAFA_PIXEL_MODE_SIXELS)
        case .kitty: chafa_canvas_config_set_pixel_mode(config, CHAFA_PIXEL_MODE_KITTY)
        case .iterm: chafa_canvas_config_set_pixel_mode(config, CHAFA_PIXEL_MODE_ITERM2)
        }
        chafa_canvas_config_set_canvas_mode(config, CHAFA_CANVAS_MODE_TRUECOLOR)
        let canvas = chafa_canvas_new(config)
        defer { chafa_canvas_unref(canvas) }
        source.pixels.withUnsafeBufferPointer { p in
            chafa_canvas_draw_all_pixels(canvas, CHAFA_PIXEL_RGBA8_UNASSOCIATED, p.baseAddress, gint(source.width), gint(source.height), gint(source.width * 4))
        }
        // The fallback sequences hold every protocol's: the choice is ours (by the terminal's answers), not the
        // term database's.
        let db = chafa_term_db_get_default()
        guard let info = chafa_term_db_get_fallback_info(db) else { return [] }
        defer { chafa_term_info_unref(info) }
        guard let printed = chafa_canvas_print(canvas, info) else { return [] }
        let bytes = Array(UnsafeBufferPointer(start: UnsafeRawPointer(printed.pointee.str).assumingMemoryBound(to: UInt8.self), count: Int(printed.pointee.len)))
        g_string_free(printed, 1)
        return bytes
    }
}
