import Foundation
import StoryKit
import StoryRender

/// Reading scene descriptions and the images they name, with one-line errors.
enum SceneFile {
    /// Decodes and validates the scene at `path`.
    static func load(_ path: String) throws -> LayerScene {
        let scene = try JSONInput.load(LayerScene.self, from: path, kind: "scene")
        if let first = scene.validationErrors().first {
            let location = shortened(first.location)
            throw CLIError("\(path): " + (location.isEmpty ? "" : location + ": ") + first.problem)
        }
        return scene
    }

    /// A layer path of at most six steps: a deeper one keeps its first two and last two steps
    /// and says how many it leaves out, so a problem 200 levels down stays a readable line
    /// (`layers[0] > sublayers[0] > … 197 more … > sublayers[0] > sublayers[0]`).
    static func shortened(_ location: String) -> String {
        let steps = location.components(separatedBy: " > ")
        guard steps.count > 6 else { return location }
        return (steps.prefix(2) + ["… \(steps.count - 4) more …"] + steps.suffix(2)).joined(separator: " > ")
    }

    /// Loads every image the scene's layers (and their masks) name, from `places`: each a folder
    /// to look in, or an image file that stands for the name equal to its file name. An absolute
    /// name is read as it is.
    static func loadImages(for scene: LayerScene, from places: [String]) throws -> [String: RGBAImage] {
        var names = Set<String>()
        func collect(_ layers: [Layer]) {
            for layer in layers {
                if let name = layer.contents?.image { names.insert(name) }
                collect(layer.sublayers)
                if let mask = layer.mask { collect([mask]) }
            }
        }
        collect(scene.layers)
        var table: [String: RGBAImage] = [:]
        for name in names.sorted() {
            let path = name.hasPrefix("/") ? name : Self.locate(name, in: places)
            do {
                table[name] = try RGBAImage(contentsOfFile: path)
            } catch {
                throw CLIError("\(error)")  // the codec's message names the file once
            }
        }
        return table
    }

    /// Where the image `name` is: the first place that is a file named like it, or the first
    /// folder holding it; the first folder's path when none has it (so the error names it).
    static func locate(_ name: String, in places: [String]) -> String {
        let folders = places.filter(OutputFolder.isFolder)
        if let file = places.first(where: { !OutputFolder.isFolder($0) && ($0 as NSString).lastPathComponent == name }) {
            return file
        }
        for folder in folders {
            let path = (folder as NSString).appendingPathComponent(name)
            if FileManager.default.fileExists(atPath: path) { return path }
        }
        return ((folders.first ?? places.first.map { ($0 as NSString).deletingLastPathComponent } ?? ".") as NSString)
            .appendingPathComponent(name)
    }
}
