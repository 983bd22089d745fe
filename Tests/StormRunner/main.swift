// storykit-storm: every model under seeded storms of hostile input sequences, from a release
// build (`swift run -c release storykit-storm [sequences per model] [model] [--jobs N]`, 1 000 000
// sequences by default, on every core by default). Prints the counts per model, in the suite's
// order; exits 1 with a shrunk reproducer on any violated invariant. The report is the same
// whatever the number of jobs: the seeds are split over the threads and merged in order.
import Foundation
import StoryKitStorm

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

var arguments = Array(CommandLine.arguments.dropFirst())
var jobs = ProcessInfo.processInfo.activeProcessorCount
if let flag = arguments.firstIndex(of: "--jobs") {
    guard flag + 1 < arguments.count, let count = Int(arguments[flag + 1]), (1...1024).contains(count) else {
        FileHandle.standardError.write(Data("storykit-storm: --jobs must be a whole number in 1…1024\n".utf8))
        exit(2)
    }
    jobs = count
    arguments.removeSubrange(flag...(flag + 1))
}
let usage = "usage: storykit-storm [sequences per model, default 1000000] [model] [--jobs N]\nmodels: "
    + StormSuite.subjects.map(\.name).joined(separator: ", ") + "\n"
if arguments.contains("--help") || arguments.contains("-h") {
    print(usage, terminator: "")
    exit(0)
}
func refuse(_ message: String) -> Never {
    FileHandle.standardError.write(Data("storykit-storm: \(message)\n\(usage)".utf8))
    exit(2)
}
if arguments.count > 2 { refuse("too many arguments: \(arguments.joined(separator: " "))") }
var sequences = 1_000_000
if let first = arguments.first {
    guard let count = Int(first), count > 0 else { refuse("the sequence count must be a positive whole number, got \(first)") }
    sequences = count
}
let only = arguments.dropFirst().first
if let only, !StormSuite.subjects.contains(where: { $0.name == only }) { refuse("no model named \(only)") }
var failed = false
for subject in StormSuite.subjects where only == nil || subject.name == only {
    let start = clock_gettime_nsec_np_portable()
    let report = subject.runOnCores(sequences, jobs)
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
