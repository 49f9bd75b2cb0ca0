import SourceTree
import TokenModel

extension ValueReader {
    /// A `transition`: `{ duration, delay, timingFunction }`.
    mutating func transition(_ node: Node) -> TransitionValue? {
        let start = problems.count
        guard let fields = object(node, required: ["duration", "delay", "timingFunction"], optional: [],
                                  example: "{ duration: { value: 200, unit: ms }, delay: { value: 0, unit: ms }, timingFunction: [0.25, 0.1, 0.25, 1] }")
        else { return nil }
        let duration = duration(fields["duration"]!)
        let delay = self.duration(fields["delay"]!)
        let curve = cubicBezier(fields["timingFunction"]!)
        return clean(since: start) {
            guard let duration, let delay, let curve else { return nil }
            return TransitionValue(duration: duration, delay: delay, timingFunction: curve, location: node.location)
        }
    }
}
