import Foundation
@testable import StoryMedia
import StoryKitTestSupport

extension TemporaryFolder {
    /// `cache` in the folder (not created).
    var cacheFolder: URL { url.appendingPathComponent("cache") }

    /// The names of the files in the cache folder, sorted.
    func cacheFiles() throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: cacheFolder.path).sorted()
    }

    /// The sum of the sizes of every file in the cache folder, as the file system reports them.
    func cacheBytesOnDisk() throws -> Int {
        try cacheFiles().reduce(0) { sum, name in
            let attributes = try FileManager.default.attributesOfItem(atPath: cacheFolder.appendingPathComponent(name).path)
            return sum + ((attributes[.size] as? NSNumber)?.intValue ?? 0)
        }
    }

    /// The entry file of `key` under the default file names.
    func entryFile(_ key: String) -> URL {
        cacheFolder.appendingPathComponent(DiskCache.fileName(for: key))
    }
}
