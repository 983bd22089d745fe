// storykit-storm: every model under seeded storms of hostile input sequences, from a release
// build (`swift run -c release storykit-storm [sequences per model]`, 1 000 000 by default).
// Prints the counts per model; exits 1 with a shrunk reproducer on any violated invariant.
import StoryKitStorm

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

let arguments = CommandLine.arguments.dropFirst()
let sequences = arguments.first.flatMap { Int($0) } ?? 1_000_000
let only = arguments.dropFirst().first
var failed = false
for subject in StormSuite.subjects where only == nil || subject.name == only {
    let start = clock_gettime_nsec_np_portable()
    let report = subject.run(sequences)
    let seconds = Double(clock_gettime_nsec_np_portable() - start) / 1e9
    print("\(report)  (\((seconds * 10).rounded() / 10) s)")
    if report.failure != nil { failed = true }
}
exit(failed ? 1 : 0)

/// Monotonic nanoseconds.
func clock_gettime_nsec_np_portable() -> UInt64 {
    var spec = timespec()
    clock_gettime(CLOCK_MONOTONIC, &spec)
    return UInt64(spec.tv_sec) * 1_000_000_000 + UInt64(spec.tv_nsec)
}
