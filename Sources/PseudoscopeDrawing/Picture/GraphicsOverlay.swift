import PseudoscopeImage

/// A picture drawn by a graphics protocol over a region of cells the canvas keeps blank: the driver writes the
/// payload at the region's top-left after the frame, and again whenever the region was redrawn.
public struct GraphicsOverlay: Equatable, Sendable {
    public var x: Int, y: Int, columns: Int, rows: Int
    public var payload: [UInt8]
    /// Changes when the picture changes (another crop, size or protocol).
    public var key: Int

    public init(x: Int, y: Int, columns: Int, rows: Int, payload: [UInt8], key: Int) {
        (self.x, self.y, self.columns, self.rows, self.payload, self.key) = (x, y, columns, rows, payload, key)
    }
}
