import PseudoscopeDrawing

/// A rectangle of the screen in cells.
public struct Region: Equatable, Sendable {
    public var x: Int, y: Int, width: Int, height: Int

    public func contains(x px: Int, y py: Int) -> Bool {
        px >= x && py >= y && px < x + width && py < y + height
    }
}

/// How much of the width the wireframe pane takes (`w`): the tree and the details give way. At 100 columns the
/// phone is 21 columns wide at `normal`, its labels unreadable; `widest` gives it half the screen.
public enum DrawingRoom: Int, CaseIterable, Sendable {
    case normal, wide, widest

    public var next: DrawingRoom { DrawingRoom(rawValue: (rawValue + 1) % DrawingRoom.allCases.count)! }
    public var name: String { ["normal", "wide", "widest"][rawValue] }
}

/// Where each pane goes for a terminal size. Wide terminals get three columns; narrower ones stack the tree
/// over the details on the left and give the wireframe the full height on the right, because a phone screen
/// drawn in cells is about as wide as it is tall: its width follows the rows it gets.
public struct ScreenLayout: Equatable, Sendable {
    public static let minimumWidth = 60
    public static let minimumHeight = 16
    public static let threeColumnWidth = 150

    public let width: Int
    public let height: Int
    public let tree: Region
    public let wireframe: Region
    public let details: Region

    public var isTooSmall: Bool { width < ScreenLayout.minimumWidth || height < ScreenLayout.minimumHeight }

    public init(width: Int, height: Int, room: DrawingRoom = .normal) {
        self.width = width
        self.height = height
        // Row 0 the header, row 1 the failure line, the last row the status line.
        let top = 2, bodyHeight = max(0, height - 3)
        if width >= ScreenLayout.threeColumnWidth {
            let share = [(32, 30), (24, 22), (17, 17)][room.rawValue]
            let tw = width * share.0 / 100, dw = width * share.1 / 100
            let ww = width - tw - dw - 2
            tree = Region(x: 0, y: top, width: tw, height: bodyHeight)
            wireframe = Region(x: tw + 1, y: top, width: ww, height: bodyHeight)
            details = Region(x: tw + ww + 2, y: top, width: dw, height: bodyHeight)
        } else {
            let lw = max(24, width * [58, 45, 35][room.rawValue] / 100)
            let rw = width - lw - 1
            let th = bodyHeight * 55 / 100
            tree = Region(x: 0, y: top, width: lw, height: th)
            details = Region(x: 0, y: top + th, width: lw, height: bodyHeight - th)
            wireframe = Region(x: lw + 1, y: top, width: rw, height: bodyHeight)
        }
    }

    /// The drawing is centred in the wireframe pane, below its title row.
    public func wireframeDrawingOrigin(_ l: WireframeLayout) -> (x: Int, y: Int) {
        (wireframe.x + max(0, (wireframe.width - l.columns) / 2), wireframe.y + 1)
    }
}
