// seen-state-crasher: the child process of StoryMediaTests' crash and permission tests.
//
//   seen-state-crasher save FILE STAGE PREFIX COUNT
//       saves the ids PREFIX-0 … PREFIX-(COUNT-1) to FILE and sends itself SIGKILL right after
//       STAGE (halfWritten, written, synced, renamed) of the atomic write; STAGE "none" lets the
//       save finish. Exits 0 after a finished save, 1 with the error on standard output, 2 on bad
//       arguments, 3 if it was told to die and did not.
//   seen-state-crasher save-unprivileged FILE PREFIX COUNT
//       the same without a kill, after dropping root privileges to nobody (uid and gid 65534), so
//       that a read-only folder is read-only even when the tests run as root.
import Foundation
import StoryMedia

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

let arguments = Array(CommandLine.arguments.dropFirst())

/// Drops root privileges to nobody (uid and gid 65534) when running as root.
func dropRootPrivileges() {
    if geteuid() == 0 {
        guard setgroups(0, nil) == 0, setgid(65534) == 0, setuid(65534) == 0 else {
            usage("cannot drop root privileges: \(String(cString: strerror(errno)))")
        }
    }
}

if let mode = arguments.first, mode.hasPrefix("cache-store") {
    let killing = mode == "cache-store"
    guard killing || mode == "cache-store-unprivileged" else { usage("unknown mode \(mode)") }
    guard arguments.count == (killing ? 6 : 5) else { usage("wrong number of arguments") }
    let stageName = killing ? arguments[3] : "none"
    guard let count = Int(arguments[killing ? 4 : 3]), count >= 0,
          let seed = UInt8(arguments[killing ? 5 : 4]) else { usage("COUNT is a number ≥ 0, SEED 0…255") }
    let stage = AtomicWriteStage(rawValue: stageName)
    guard stage != nil || stageName == "none" else { usage("unknown stage \(stageName)") }
    if !killing { dropRootPrivileges() }
    let cache = DiskCache(folder: URL(fileURLWithPath: arguments[1]), capacity: 1 << 30, fileName: nil,
                          afterEachStage: { [stage] reached in
        if reached == stage { kill(getpid(), SIGKILL) }
    })
    do {
        try await cache.store(CacheBytes.make(count: count, seed: seed), for: arguments[2])
    } catch {
        print(error)
        exit(1)
    }
    exit(stage == nil ? 0 : 3)
}

/// Prints `message` to standard error and exits with status 2.
func usage(_ message: String) -> Never {
    FileHandle.standardError.write(Data("seen-state-crasher: \(message)\n".utf8))
    exit(2)
}

guard let mode = arguments.first, mode == "save" || mode == "save-unprivileged" else {
    usage("the first argument is save or save-unprivileged")
}
let killing = mode == "save"
guard arguments.count == (killing ? 5 : 4) else { usage("wrong number of arguments") }
let path = arguments[1]
let stageName = killing ? arguments[2] : "none"
let prefix = arguments[killing ? 3 : 2]
guard let count = Int(arguments[killing ? 4 : 3]), count >= 0 else { usage("COUNT is a number ≥ 0") }

let stage: AtomicWriteStage?
if stageName == "none" {
    stage = nil
} else if let named = AtomicWriteStage(rawValue: stageName) {
    stage = named
} else {
    usage("unknown stage \(stageName)")
}

if !killing { dropRootPrivileges() }

let store = SeenStateStore(fileURL: URL(fileURLWithPath: path), afterEachStage: { [stage] reached in
    if reached == stage { kill(getpid(), SIGKILL) }
})
do {
    try await store.save(Set((0..<count).map { "\(prefix)-\($0)" }))
} catch {
    print(error)
    exit(1)
}
exit(stage == nil ? 0 : 3)
