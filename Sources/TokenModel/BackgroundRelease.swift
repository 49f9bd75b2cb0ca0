import Dispatch

/// Frees large object graphs on another thread, so a stage's core goes on to its next job instead.
public enum BackgroundRelease {
    /// Drops the last reference to `object` on a background thread (the resolver's walk state, an output's
    /// template context): freeing a few objects per token took the calling thread milliseconds at 10,000
    /// tokens while it could have been rendering or checking.
    public static func release<Object: AnyObject>(_ object: inout Object?) {
        guard object != nil else { return }
        // Once this statement ends the unmanaged reference is the only one left; the closure gives it up.
        let last = PendingRelease(reference: Unmanaged.passRetained(object.take()!))
        DispatchQueue.global(qos: .utility).async { last.reference.release() }
    }
}

/// The last reference to an object, handed to the thread that releases it (nothing else reads it).
private struct PendingRelease<Object: AnyObject>: @unchecked Sendable {
    let reference: Unmanaged<Object>
}
