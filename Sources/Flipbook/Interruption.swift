import Foundation

/// A render stopped by the user (SIGINT or SIGTERM) before it finished.
public struct Interrupted: Error, CustomStringConvertible {
    public let signal: Int32
    public var description: String { "interrupted (\(signal == SIGINT ? "SIGINT" : "SIGTERM")); no output was written" }
}

/// Turns SIGINT and SIGTERM into a flag that renders check between frames, so an interrupted render
/// stops cleanly: the temporary file is removed and the previous output stays as it was.
public final class Interruption: @unchecked Sendable {
    /// The process-wide instance; `install()` once, early in `main`.
    public static let shared = Interruption()

    private let lock = NSLock()
    private var received: Int32?
    private var sources: [DispatchSourceSignal] = []

    /// Starts watching SIGINT and SIGTERM (the default handlers, which kill at once, are replaced).
    public func install() {
        for sig in [SIGINT, SIGTERM] {
            signal(sig, SIG_IGN)
            let source = DispatchSource.makeSignalSource(signal: sig, queue: .global())
            source.setEventHandler { [weak self] in
                guard let self else { return }
                self.lock.lock()
                let second = self.received != nil
                self.received = sig
                self.lock.unlock()
                // A second signal means "now": leave without waiting for the frame in progress.
                if second { exit(128 + sig) }
            }
            source.resume()
            sources.append(source)
        }
    }

    /// The signal received, if any.
    public var receivedSignal: Int32? {
        lock.lock()
        defer { lock.unlock() }
        return received
    }

    /// Throws `Interrupted` once a signal has come.
    public func check() throws {
        if let receivedSignal { throw Interrupted(signal: receivedSignal) }
    }
}
