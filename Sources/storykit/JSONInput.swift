import Foundation
import StoryKit

/// Reading the command line's JSON input files (scenes, gesture scripts, and every later format)
/// with one-line errors that say what is wrong in the file's own terms: the key path at fault
/// ("at layers[0].cornerRadious: unknown key; did you mean cornerRadius?"), the valid values
/// ("phase must be began, moved, ended or cancelled, not \"move\""), JSON types by their JSON
/// names ("expected an object, found a list"), and the line and column of malformed JSON.
enum JSONInput {
    /// Decodes the file at `path` as `type`.
    ///
    /// - Parameters:
    ///   - type: What the file holds.
    ///   - path: The file.
    ///   - kind: What the file is, for the message: "scene", "gesture".
    /// - Throws: ``CLIError``: `PATH: no such file or not readable`, or
    ///   `PATH: invalid KIND JSON: <what is wrong>`.
    static func load<T: Decodable>(_ type: T.Type, from path: String, kind: String) throws -> T {
        guard let data = FileManager.default.contents(atPath: path) else {
            throw CLIError("\(path): no such file or not readable")
        }
        return try decode(type, from: data, source: path, kind: kind)
    }

    /// Decodes `data`, read from `source` (a path or a URL, for the message), as `type`.
    ///
    /// - Throws: ``CLIError`` `SOURCE: invalid KIND JSON: <what is wrong>`.
    static func decode<T: Decodable>(_ type: T.Type, from data: Data, source: String, kind: String) throws -> T {
        do {
            return try JSONDecoder().decode(type, from: data)
        } catch let error as DecodingError {
            throw CLIError("\(source): invalid \(kind) JSON: \(describe(error, in: data))")
        } catch {
            throw CLIError("\(source): invalid \(kind) JSON: \(error)")
        }
    }

    /// A decoding error as one line: "at layers[0].transform: expected 16 numbers".
    ///
    /// - Parameters:
    ///   - error: What the decoder threw.
    ///   - data: The file's bytes, to locate a syntax error by line and column.
    static func describe(_ error: DecodingError, in data: Data? = nil) -> String {
        switch error {
        case .dataCorrupted(let context):
            if context.codingPath.isEmpty, let data, let syntax = syntaxError(in: data) { return syntax }
            return location(context) + context.debugDescription
        case .keyNotFound(let key, let context):
            return location(context) + "missing key \"\(key.stringValue)\""
        case .typeMismatch(let type, let context):
            return location(context) + "expected \(jsonName(of: type))" + found(in: context.debugDescription)
        case .valueNotFound(let type, let context):
            return location(context) + "expected \(jsonName(of: type)), found null"
        @unknown default:
            return "\(error)"
        }
    }

    /// "at layers[0].transform: ", or nothing at the top level.
    private static func location(_ context: DecodingError.Context) -> String {
        let keys = context.codingPath.map { key in key.intValue.map { "[\($0)]" } ?? ".\(key.stringValue)" }
        let joined = keys.joined().drop { $0 == "." }
        return joined.isEmpty ? "" : "at \(joined): "
    }

    /// A Swift type as the JSON value it decodes from.
    private static func jsonName(of type: Any.Type) -> String {
        switch type {
        case is String.Type: return "a string"
        case is Bool.Type: return "true or false"
        case is Double.Type, is Float.Type, is Int.Type: return "a number"
        default:
            let name = String(describing: type)
            if name.hasPrefix("Dictionary") { return "an object" }
            if name.hasPrefix("Array") { return "a list" }
            return "a \(name)"
        }
    }

    /// ", found a string" from Foundation's "Expected to decode Double but found a string instead.",
    /// with Foundation's JSON names made JSON's own (a dictionary is an object, an array a list).
    private static func found(in description: String) -> String {
        guard let start = description.range(of: "but found ")?.upperBound else { return "" }
        var what = String(description[start...])
        if what.hasSuffix(" instead.") { what.removeLast(" instead.".count) }
        what = what.replacingOccurrences(of: "a dictionary", with: "an object")
            .replacingOccurrences(of: "an array", with: "a list")
            .replacingOccurrences(of: "a null value", with: "null")
        return ", found \(what)"
    }

    /// How deep Foundation's JSON reader nests arrays and objects: 512.
    static let maximumNesting = 512

    /// Where `data` stops being valid JSON, as "line 3, column 7: malformed JSON (invalid value)",
    /// or `nil` when it parses (the error was not a syntax error).
    static func syntaxError(in data: Data) -> String? {
        do {
            _ = try JSONSerialization.jsonObject(with: data, options: [.fragmentsAllowed])
            return nil
        } catch {
            let reason = ((error as NSError).userInfo[NSDebugDescriptionErrorKey] as? String) ?? "\(error)"
            let bytes = [UInt8](data)
            // Foundation says "… around character N." (a byte offset) or "Unexpected end of file …".
            var offset = bytes.count
            if let range = reason.range(of: "around character "),
               let number = Int(reason[range.upperBound...].prefix { $0.isNumber }) {
                offset = min(max(0, number), bytes.count)
            }
            let before = bytes[..<offset]
            let line = before.count { $0 == UInt8(ascii: "\n") } + 1
            let lineStart = before.lastIndex(of: UInt8(ascii: "\n")).map { $0 + 1 } ?? 0
            let column = String(decoding: bytes[lineStart..<offset], as: UTF8.self).count + 1
            if reason.contains("Too many nested") {
                return "line \(line), column \(column): nested more than \(maximumNesting) arrays and objects deep, "
                    + "the JSON reader's limit"
            }
            var what = reason
            if let range = what.range(of: " around character") { what = String(what[..<range.lowerBound]) }
            if what.hasSuffix(".") { what.removeLast() }
            return "line \(line), column \(column): malformed JSON (\(what.prefix(1).lowercased() + what.dropFirst()))"
        }
    }
}
