#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Runs another program (git, for `tokenc diff` against a revision) and collects what it prints, with
/// `posix_spawn`: Foundation's `Process` is not in FoundationEssentials, the only Foundation tokenc links.
enum ChildProcess {
    /// What a finished program left: its exit status (128 + the signal when a signal ended it), its
    /// standard output and its standard error.
    struct Outcome {
        var status: Int32
        var output: [UInt8]
        var errors: [UInt8]
    }

    /// Runs `executable` (a path) with `arguments` (the first is the program's name, as `argv[0]`) to its
    /// end, with `input` as its standard input when given (else tokenc's own). The pipes are written and read
    /// as the program takes and gives: one left unread while another is served would make a talkative
    /// program, or tokenc, wait forever.
    static func run(_ executable: String, _ arguments: [String], input: [UInt8]? = nil) throws(ToolError) -> Outcome {
        var outputPipe: [Int32] = [-1, -1], errorPipe: [Int32] = [-1, -1], inputPipe: [Int32] = [-1, -1]
        guard pipe(&outputPipe) == 0 else { throw failure(arguments, errno) }
        guard pipe(&errorPipe) == 0 else {
            close(outputPipe[0]); close(outputPipe[1])
            throw failure(arguments, errno)
        }
        if input != nil, pipe(&inputPipe) != 0 {
            let code = errno
            for descriptor in outputPipe + errorPipe { close(descriptor) }
            throw failure(arguments, code)
        }
        #if canImport(Darwin)
        var actions: posix_spawn_file_actions_t = nil
        var attributes: posix_spawnattr_t = nil
        let environment = _NSGetEnviron().pointee
        #else
        var actions = posix_spawn_file_actions_t()
        var attributes = posix_spawnattr_t()
        let environment = environ
        #endif
        // The child starts with the signals blocked that tokenc started with, not those `Interruption` waits for,
        // and with SIGPIPE's default action, which tokenc ignores for itself.
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        var mask = Interruption.childSignalMask
        posix_spawnattr_setsigmask(&attributes, &mask)
        var defaults = sigset_t()
        sigemptyset(&defaults)
        sigaddset(&defaults, SIGPIPE)
        posix_spawnattr_setsigdefault(&attributes, &defaults)
        posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF))
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_adddup2(&actions, outputPipe[1], 1)
        posix_spawn_file_actions_adddup2(&actions, errorPipe[1], 2)
        if input != nil { posix_spawn_file_actions_adddup2(&actions, inputPipe[0], 0) }
        for descriptor in outputPipe + errorPipe + inputPipe where descriptor >= 0 { posix_spawn_file_actions_addclose(&actions, descriptor) }

        let argv = arguments.map { strdup($0) } + [nil]
        defer { for pointer in argv { free(pointer) } }
        var child = pid_t()
        let spawned = posix_spawn(&child, executable, &actions, &attributes, argv, environment)
        close(outputPipe[1])
        close(errorPipe[1])
        if inputPipe[0] >= 0 { close(inputPipe[0]) }
        guard spawned == 0 else {
            close(outputPipe[0]); close(errorPipe[0])
            if inputPipe[1] >= 0 { close(inputPipe[1]) }
            throw failure(arguments, spawned)
        }
        // Written as the program reads: a write that would wait returns, and the pipes are polled again.
        if inputPipe[1] >= 0 { _ = fcntl(inputPipe[1], F_SETFL, O_NONBLOCK) }
        var output: [UInt8] = [], errors: [UInt8] = []
        drain(outputPipe[0], into: &output, errorPipe[0], into: &errors, feeding: input ?? [], to: inputPipe[1])
        var status: Int32 = 0
        while waitpid(child, &status, 0) < 0, errno == EINTR {}
        // WIFEXITED / WEXITSTATUS / WTERMSIG, which Swift does not import as macros.
        let signal = status & 0x7F
        return Outcome(status: signal == 0 ? (status >> 8) & 0xFF : 128 + signal, output: output, errors: errors)
    }

    /// Reads both descriptors to their ends as data arrives on either, writing `input` to `inputDescriptor` (when
    /// it is one) as the program takes it, then closes them all. A program that ends without reading all its
    /// input leaves the rest unwritten.
    private static func drain(_ first: Int32, into firstBytes: inout [UInt8], _ second: Int32, into secondBytes: inout [UInt8],
                              feeding input: [UInt8], to inputDescriptor: Int32) {
        var pipes = [pollfd(fd: first, events: Int16(POLLIN), revents: 0), pollfd(fd: second, events: Int16(POLLIN), revents: 0),
                     pollfd(fd: inputDescriptor, events: Int16(POLLOUT), revents: 0)]
        var chunk = [UInt8](repeating: 0, count: 1 << 16)
        var fed = 0
        if pipes[2].fd >= 0, input.isEmpty {
            close(pipes[2].fd)
            pipes[2].fd = -1
        }
        while pipes[0].fd >= 0 || pipes[1].fd >= 0 {
            guard poll(&pipes, nfds_t(pipes.count), -1) >= 0 else {
                if errno == EINTR { continue }
                break
            }
            if pipes[2].fd >= 0, pipes[2].revents != 0 {
                let count = input.withUnsafeBytes { feed(pipes[2].fd, $0.baseAddress! + fed, min($0.count - fed, 1 << 16)) }
                if count > 0 { fed += count }
                if fed == input.count || (count < 0 && errno != EINTR && errno != EAGAIN) {
                    close(pipes[2].fd)
                    pipes[2].fd = -1
                }
            }
            for k in 0..<2 where pipes[k].fd >= 0 && pipes[k].revents != 0 {
                let count = chunk.withUnsafeMutableBytes { read(pipes[k].fd, $0.baseAddress, $0.count) }
                if count > 0 {
                    if k == 0 { firstBytes += chunk[..<count] } else { secondBytes += chunk[..<count] }
                } else if count == 0 || errno != EINTR {
                    close(pipes[k].fd)
                    pipes[k].fd = -1
                }
            }
        }
        if pipes[2].fd >= 0 { close(pipes[2].fd) }
    }

    /// Writes to the pipe of a program that may have ended without reading it: the write fails (`EPIPE`) instead
    /// of raising SIGPIPE, which would end a process that does not ignore it (tokenc does; a program using
    /// TokencKit may not). The signal is blocked in this thread for the write and a SIGPIPE the write raised is
    /// taken back; on Apple's platforms the descriptor is told not to raise it.
    private static func feed(_ descriptor: Int32, _ bytes: UnsafeRawPointer, _ count: Int) -> Int {
        #if canImport(Darwin)
        _ = fcntl(descriptor, F_SETNOSIGPIPE, 1)
        return write(descriptor, bytes, count)
        #else
        var pipeSignal = sigset_t(), previous = sigset_t(), pending = sigset_t()
        sigemptyset(&pipeSignal)
        sigaddset(&pipeSignal, SIGPIPE)
        pthread_sigmask(SIG_BLOCK, &pipeSignal, &previous)
        sigpending(&pending)
        let pendingBefore = sigismember(&pending, SIGPIPE) == 1
        let written = write(descriptor, bytes, count)
        let code = errno
        if written < 0, code == EPIPE, !pendingBefore {
            var now = timespec(tv_sec: 0, tv_nsec: 0)
            _ = sigtimedwait(&pipeSignal, nil, &now)
        }
        pthread_sigmask(SIG_SETMASK, &previous, nil)
        errno = code
        return written
        #endif
    }

    private static func failure(_ arguments: [String], _ code: Int32) -> ToolError {
        ToolError("cannot run \(arguments.first ?? "a program"): \(String(cString: strerror(code)))")
    }
}
