import Dispatch
import Foundation
import Testing
import TokenModel

/// The resolver's walk state and the Swift output's context are handed to another thread to free.
@Suite struct BackgroundReleaseTests {
    /// Signals when it is freed, and on which thread.
    final class Probe: @unchecked Sendable {
        let freed: DispatchSemaphore
        let freedOn: UnsafeMutablePointer<pthread_t?>
        init(freed: DispatchSemaphore, freedOn: UnsafeMutablePointer<pthread_t?>) {
            self.freed = freed
            self.freedOn = freedOn
        }
        deinit {
            freedOn.pointee = pthread_self()
            freed.signal()
        }
    }

    @Test func theLastReferenceIsReleasedOnAnotherThread() {
        let freed = DispatchSemaphore(value: 0)
        let freedOn = UnsafeMutablePointer<pthread_t?>.allocate(capacity: 1)
        freedOn.initialize(to: nil)
        defer { freedOn.deallocate() }
        var probe: Probe? = Probe(freed: freed, freedOn: freedOn)
        BackgroundRelease.release(&probe)
        #expect(probe == nil)
        #expect(freed.wait(timeout: .now() + 10) == .success, "the object was never freed")
        #expect(freedOn.pointee.map { pthread_equal($0, pthread_self()) == 0 } == true, "freed on the calling thread")
        var none: Probe?
        BackgroundRelease.release(&none)
        #expect(none == nil)
    }
}
