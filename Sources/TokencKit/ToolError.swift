/// A reason tokenc could not run at all (usage or I/O), as opposed to problems in the tokens; exits 2.
public struct ToolError: Error, Sendable, CustomStringConvertible {
    /// What went wrong and how to fix it.
    public var message: String

    /// Creates a tool error.
    public init(_ message: String) { self.message = message }

    public var description: String { message }
}
