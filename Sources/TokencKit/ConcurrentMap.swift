import Dispatch

extension Pipeline {
    /// `transform` applied to every element on all cores, results in the elements' order.
    static func concurrentMap<Element, Result>(_ elements: [Element], _ transform: (Element) -> Result) -> [Result] {
        guard elements.count > 1 else { return elements.map(transform) }
        let slots = ResultSlots<Result>(count: elements.count)
        defer { slots.release() }
        withoutActuallyEscaping(transform) { transform in
            let work = UncheckedWork(transform: transform, elements: elements)
            DispatchQueue.concurrentPerform(iterations: elements.count) { index in
                slots.buffer[index] = work.transform(work.elements[index])
            }
        }
        return slots.buffer.map { $0! }
    }
}

/// One result slot per concurrent job. Unchecked: each slot is written by its job alone, and read only after
/// `concurrentPerform` has returned.
struct ResultSlots<Result>: @unchecked Sendable {
    let buffer: UnsafeMutableBufferPointer<Result?>

    init(count: Int) {
        buffer = .allocate(capacity: count)
        buffer.initialize(repeating: nil)
    }

    func release() {
        _ = buffer.deinitialize()
        buffer.deallocate()
    }
}

/// A transform and its inputs shared by concurrent jobs. Unchecked: the jobs only read them, and the callers'
/// transforms read only values no other thread changes while the map runs.
private struct UncheckedWork<Element, Result>: @unchecked Sendable {
    let transform: (Element) -> Result
    let elements: [Element]
}
