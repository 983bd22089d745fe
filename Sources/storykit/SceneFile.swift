import Foundation
import StoryKit
import StoryRender

/// Reading scene descriptions and the images they name, with one-line errors.
enum SceneFile {
    /// Decodes and validates the scene at `path`.
    static func load(_ path: String) throws -> Scene {
        guard let data = FileManager.default.contents(atPath: path) else {
            throw CLIError("\(path): no such file or not readable")
        }
        let scene: Scene
        do {
            scene = try JSONDecoder().decode(Scene.self, from: data)
        } catch let error as DecodingError {
            throw CLIError("\(path): invalid scene JSON: \(describe(error))")
        } catch {
            throw CLIError("\(path): invalid scene JSON: \(error)")
        }
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
                throw CLIError("\(path): \(error)")
            }
        }
        return table
    }

    /// A decoding error as "at layers[0].transform: expected 16 numbers".
    static func describe(_ error: DecodingError) -> String {
        func path(_ context: DecodingError.Context) -> String {
            let keys = context.codingPath.map { key in key.intValue.map { "[\($0)]" } ?? ".\(key.stringValue)" }
            let joined = keys.joined().drop { $0 == "." }
            return joined.isEmpty ? "" : "at \(joined): "
        }
        switch error {
        case .dataCorrupted(let context):
            return path(context) + context.debugDescription
        case .keyNotFound(let key, let context):
            return path(context) + "missing key \"\(key.stringValue)\""
        case .typeMismatch(let type, let context):
            return path(context) + "expected \(type): \(context.debugDescription)"
        case .valueNotFound(let type, let context):
            return path(context) + "missing \(type) value"
        @unknown default:
            return "\(error)"
        }
    }
}
