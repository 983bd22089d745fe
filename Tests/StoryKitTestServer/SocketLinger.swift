#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// `SO_LINGER` values, the one platform-specific type the server needs.
enum SocketLinger {
    /// Linger on, timeout 0: `close` drops unsent data and sends a TCP RST instead of a FIN.
    static var abortive: linger { linger(l_onoff: 1, l_linger: 0) }
}
