import Foundation
import StoryKit
import StoryRender

/// Reading scene descriptions and the images they name, with one-line errors.
enum SceneFile {
    /// Decodes and validates the scene at `path`.
    static func load(_ path: String) throws -> Scene {
        let scene = try JSONInput.load(Scene.self, from: path, kind: "scene")
        if let first = scene.validationErrors().first {
            throw CLIError("\(path): \(first)")
        }
        return scene
    }

    /// Loads every image the scene's layers name, from `folder`.
    static func loadImages(for scene: Scene, from folder: String) throws -> [String: RGBAImage] {
        var names = Set<String>()
        func collect(_ layers: [Layer]) {
            for layer in layers {
                if let name = layer.contents?.image { names.insert(name) }
                collect(layer.sublayers)
            }
        }
        collect(scene.layers)
        var table: [String: RGBAImage] = [:]
        for name in names.sorted() {
            let path = name.hasPrefix("/") ? name : (folder as NSString).appendingPathComponent(name)
            do {
                table[name] = try RGBAImage(contentsOfFile: path)
            } catch {
                throw CLIError("\(error)")  // the codec's message names the file once
            }
        }
        return table
    }
}
