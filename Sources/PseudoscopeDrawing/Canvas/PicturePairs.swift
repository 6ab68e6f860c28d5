/// Which curses colour pair draws each pair of colours in a picture: numbered as they are first needed, after the
/// roles' own pairs. Pairs are few on some terminals (64 in all on an eight-colour one), so when a frame finds
/// none left while pairs made for earlier frames are held, the frame starts over with every pair free
/// (`startOverIfRanOut`): curses redraws the cells whose pair it redefines. A frame that alone needs more pairs
/// than there are draws the rest in the default colours.
///
/// Pure bookkeeping; the terminal driver makes the pairs it is told are new.
public struct PicturePairs: Sendable {
    public enum Answer: Equatable, Sendable {
        /// Made before: draw with it.
        case known(Int32)
        /// Not made yet: make it with these colours, then draw with it.
        case new(Int32)
        /// No pair left: draw in the default colours.
        case none
    }

    public let first: Int32
    /// One past the last pair number that may be used.
    public let limit: Int32
    private var numbers: [Int64: Int32] = [:]
    private var next: Int32
    private var ranOut = false
    private var heldAtFrameStart = false

    public init(first: Int32, limit: Int32) {
        self.first = first
        self.limit = max(first, limit)
        next = first
    }

    /// Call before painting a frame.
    public mutating func beginFrame() {
        ranOut = false
        heldAtFrameStart = next > first
    }

    public mutating func pair(foreground: Int32, background: Int32) -> Answer {
        let key = Int64(foreground) << 32 | Int64(UInt32(bitPattern: background))
        if let n = numbers[key] { return .known(n) }
        guard next < limit else {
            ranOut = true
            return .none
        }
        numbers[key] = next
        next += 1
        return .new(next - 1)
    }

    /// Forgets a pair the terminal refused to make: its colours are drawn in the defaults from now on.
    public mutating func refuse(foreground: Int32, background: Int32) {
        numbers[Int64(foreground) << 32 | Int64(UInt32(bitPattern: background))] = 0
    }

    /// After painting a frame: true when the frame found no pair left while earlier frames' pairs were held; every
    /// pair is then free again, and the caller paints the frame once more (after `beginFrame`).
    public mutating func startOverIfRanOut() -> Bool {
        guard ranOut, heldAtFrameStart else { return false }
        numbers.removeAll(keepingCapacity: true)
        next = first
        return true
    }
}
