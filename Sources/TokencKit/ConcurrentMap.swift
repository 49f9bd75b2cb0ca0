import Locks

extension Pipeline {
    /// `transform` applied to every element on all cores, results in the elements' order.
    static func concurrentMap<Element, Result>(_ elements: [Element], _ transform: (Element) -> Result) -> [Result] {
        Parallel.map(elements.count) { transform(elements[$0]) }
    }
}
