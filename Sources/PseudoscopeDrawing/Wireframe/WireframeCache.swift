import PseudoscopeCore

/// Remembers the last drawing without selection, so that moving the selection only re-highlights: on a
/// 100,000-element screen drawing every box per keystroke would not feel instant.
public final class WireframeCache {
    private var key: (layout: WireframeLayout, ascii: Bool, mirror: Bool)?
    private var canvas: Canvas?

    public init() {}

    public func drawing(_ wireframe: Wireframe, _ layout: WireframeLayout, _ options: WireframeOptions) -> Canvas {
        if let k = key, let c = canvas, k.layout == layout, k.ascii == options.glyphs.isASCII, k.mirror == options.mirror {
            return c
        }
        var base = options
        base.selected = nil
        let c = wireframe.drawUnselected(layout, options: base)
        key = (layout, options.glyphs.isASCII, options.mirror)
        canvas = c
        return c
    }
}
