import SourceData
/// A `transition` value: how long, after what delay, along which curve.
public struct TransitionValue: Sendable {
    /// How long the transition runs.
    public var duration: DurationValue
    /// How long it waits before it starts.
    public var delay: DurationValue
    /// Its timing curve.
    public var timingFunction: CubicBezierValue
    /// Where the value is written.
    public var location: SourceLocation

    /// Creates a transition.
    public init(duration: DurationValue, delay: DurationValue, timingFunction: CubicBezierValue, location: SourceLocation) {
        self.duration = duration
        self.delay = delay
        self.timingFunction = timingFunction
        self.location = location
    }
}
