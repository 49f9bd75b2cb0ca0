#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// `tokenc lsp`'s loop on standard input and output: reads messages as they come, answers each at once, and
/// checks the token set once the editor has stopped changing it for `debounce`. A check whose documents changed
/// while it ran is not published: the change is read first, and the next check publishes.
public enum LanguageServerLoop {
    /// How long after the last change the set is checked.
    public static let debounce: Duration = .milliseconds(15)

    /// Serves until `exit` or the end of input; returns the exit status (0 after `shutdown`, else 1).
    public static func serve(_ server: LanguageServer, input: Int32 = 0, output: Int32 = 1) -> Int32 {
        var framing = MessageFraming()
        var deadline: ContinuousClock.Instant?
        var chunk = [UInt8](repeating: 0, count: 1 << 16)
        let clock = ContinuousClock()
        func send(_ messages: [JSONValue]) {
            for message in messages { write(MessageFraming.framed(message.bytes), to: output) }
        }
        /// Reads what arrives within `timeout` milliseconds (-1: waits), and handles every whole message; false
        /// when the server is done (`exit`, the end of input, a stream that is not the protocol).
        func receive(waiting timeout: Int32) -> Bool {
            var descriptor = pollfd(fd: input, events: Int16(POLLIN), revents: 0)
            if poll(&descriptor, 1, timeout) > 0 {
                let count = chunk.withUnsafeMutableBytes { systemRead(input, $0.baseAddress, $0.count) }
                guard count > 0 else { return false }
                framing.append(chunk[..<count])
            }
            while case .message(let body) = framing.next() {
                send(server.handle(body))
                if server.exitStatus != nil { return false }
                if server.needsCheck { deadline = clock.now + debounce }
            }
            if case .malformed = framing.next() { return false }
            return true
        }
        while true {
            let timeout = deadline.map { Int32(max(0, milliseconds(until: $0, clock: clock))) } ?? -1
            guard receive(waiting: timeout) else { break }
            guard let due = deadline, clock.now >= due else { continue }
            deadline = nil
            let found = server.check()
            // A change that came while the check ran makes it stale: it is read, and checked after the debounce.
            guard receive(waiting: 0) else { break }
            if deadline == nil { send(found) } else { server.withdraw(found) }
        }
        return server.exitStatus ?? 1
    }

    static func milliseconds(until instant: ContinuousClock.Instant, clock: ContinuousClock) -> Int {
        let left = clock.now.duration(to: instant).components
        return Int(left.seconds) * 1000 + Int(left.attoseconds / 1_000_000_000_000_000) + 1
    }

    private static func write(_ bytes: [UInt8], to descriptor: Int32) {
        var offset = 0
        while offset < bytes.count {
            let written = bytes.withUnsafeBytes { systemWrite(descriptor, $0.baseAddress! + offset, bytes.count - offset) }
            guard written > 0 else { return }
            offset += written
        }
    }

    private static func systemRead(_ descriptor: Int32, _ buffer: UnsafeMutableRawPointer?, _ count: Int) -> Int {
        #if canImport(Glibc)
        Glibc.read(descriptor, buffer, count)
        #else
        Darwin.read(descriptor, buffer, count)
        #endif
    }

    private static func systemWrite(_ descriptor: Int32, _ buffer: UnsafeRawPointer, _ count: Int) -> Int {
        #if canImport(Glibc)
        Glibc.write(descriptor, buffer, count)
        #else
        Darwin.write(descriptor, buffer, count)
        #endif
    }
}
