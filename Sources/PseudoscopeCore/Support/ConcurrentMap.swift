import Dispatch
import Synchronization

/// `map` on every core, keeping the order. Used where each item is independent (loading and checking archives,
/// the rules of one archive).
public enum ConcurrentMap {
    public static func map<T: Sendable, R: Sendable>(_ items: [T], _ transform: @Sendable (T) -> R) -> [R] {
        guard items.count > 1 else { return items.map(transform) }
        // Each iteration writes its own slot; the mutex makes those writes visible to this thread without any
        // unchecked promise. Items are coarse (an archive, a rule), so the lock is never the cost.
        let slots = Mutex([R?](repeating: nil, count: items.count))
        DispatchQueue.concurrentPerform(iterations: items.count) { k in
            let r = transform(items[k])
            slots.withLock { $0[k] = r }
        }
        return slots.withLock { $0.map { $0! } }
    }
}
