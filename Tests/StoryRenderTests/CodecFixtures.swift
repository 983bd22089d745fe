import Foundation

/// Small image files made once by independent encoders (Pillow 13 and Python's zlib), as
/// base64, so the decoders are checked against files they did not write.
enum CodecFixtures {
    /// The contents of a file in `Fixtures/` beside this file.
    static func file(_ name: String, testFile: String = #filePath) throws -> [UInt8] {
        let folder = URL(fileURLWithPath: testFile).deletingLastPathComponent().appendingPathComponent("Fixtures")
        return Array(try Data(contentsOf: folder.appendingPathComponent(name)))
    }

    /// Greyscale progressive JPEG 8×8 with 631 scans: DC, then each AC coefficient on its own,
    /// first at Al 9 and refined bit by bit (libjpeg's compressor, `Fixtures/make-progressive-631-scans.c`).
    static func jpegManyScans() throws -> [UInt8] { try file("progressive-631-scans.jpg") }

    /// 8-bit greyscale 4×2, values 0 50 128 255 / 1 2 254 77 (Pillow, mode L).
    static let grey8 = bytes("""
        iVBORw0KGgoAAAANSUhEUgAAAAQAAAACCAAAAABawyK/AAAAEklEQVR4nGNgMGr4z8DI9M8XAA1nAwAmkCIAAAAA
        AElFTkSuQmCC
        """)
    /// Palette 3×2 with tRNS: red (alpha 255), green (128), blue (0), (10,20,30) (255); indices 0 1 2 / 3 0 1 (Pillow, mode P).
    static let palette = bytes("""
        iVBORw0KGgoAAAANSUhEUgAAAAMAAAACAgMAAADgGo6JAAAADFBMVEX/AAAA/wAAAP8KFB4iiCkEAAAABHRSTlP/
        gAD/oaGUZgAAAAxJREFUeJxjkGA4AgABEADdEeUPIgAAAABJRU5ErkJggg==
        """)
    /// 16-bit greyscale 3×1: 0, 257·200, 65535 (Pillow, mode I;16).
    static let grey16 = bytes("""
        iVBORw0KGgoAAAANSUhEUgAAAAMAAAABEAAAAABuG5crAAAAD0lEQVR4nGNgYDhx4v9/AAh8A48IjptLAAAAAElF
        TkSuQmCC
        """)
    /// 8-bit RGBA 2×2 straight alpha: (255,0,0,255) (0,255,0,128) / (0,0,255,0) (200,100,50,64) (Pillow).
    static let rgba8 = bytes("""
        iVBORw0KGgoAAAANSUhEUgAAAAIAAAACCAYAAABytg0kAAAAGklEQVR4nGP4z8Dwn+E/QwMDA8N/hhMpRg4AOtEG
        G6gB5nQAAAAASUVORK5CYII=
        """)
    /// 16-bit RGBA 2×1: 257·(10,20,30,255), 257·(255,128,0,255) (written with Python's zlib by hand).
    static let rgba16 = bytes("""
        iVBORw0KGgoAAAANSUhEUgAAAAIAAAABEAYAAACksqPJAAAAGElEQVR4nGPg4hIRkZP7DwQNDQwM//8DADBwB3Nk
        8dAMAAAAAElFTkSuQmCC
        """)
    /// 8-bit grey + alpha 2×1: (100, 255), (200, 51) (Pillow, mode LA).
    static let greyAlpha = bytes("""
        iVBORw0KGgoAAAANSUhEUgAAAAIAAAABCAQAAABeK7cBAAAADUlEQVR4nGNI+X/CGAAGVQJf8lL8KgAAAABJRU5E
        rkJggg==
        """)
    /// Baseline JPEG 16×8, left half red, right half blue, quality 90, 4:2:0 (Pillow).
    static let jpegRedBlue = bytes("""
        /9j/4AAQSkZJRgABAQAAAQABAAD/2wBDAAMCAgMCAgMDAwMEAwMEBQgFBQQEBQoHBwYIDAoMDAsKCwsNDhIQDQ4R
        DgsLEBYQERMUFRUVDA8XGBYUGBIUFRT/2wBDAQMEBAUEBQkFBQkUDQsNFBQUFBQUFBQUFBQUFBQUFBQUFBQUFBQU
        FBQUFBQUFBQUFBQUFBQUFBQUFBQUFBQUFBT/wAARCAAIABADASIAAhEBAxEB/8QAHwAAAQUBAQEBAQEAAAAAAAAA
        AAECAwQFBgcICQoL/8QAtRAAAgEDAwIEAwUFBAQAAAF9AQIDAAQRBRIhMUEGE1FhByJxFDKBkaEII0KxwRVS0fAk
        M2JyggkKFhcYGRolJicoKSo0NTY3ODk6Q0RFRkdISUpTVFVWV1hZWmNkZWZnaGlqc3R1dnd4eXqDhIWGh4iJipKT
        lJWWl5iZmqKjpKWmp6ipqrKztLW2t7i5usLDxMXGx8jJytLT1NXW19jZ2uHi4+Tl5ufo6erx8vP09fb3+Pn6/8QA
        HwEAAwEBAQEBAQEBAQAAAAAAAAECAwQFBgcICQoL/8QAtREAAgECBAQDBAcFBAQAAQJ3AAECAxEEBSExBhJBUQdh
        cRMiMoEIFEKRobHBCSMzUvAVYnLRChYkNOEl8RcYGRomJygpKjU2Nzg5OkNERUZHSElKU1RVVldYWVpjZGVmZ2hp
        anN0dXZ3eHl6goOEhYaHiImKkpOUlZaXmJmaoqOkpaanqKmqsrO0tba3uLm6wsPExcbHyMnK0tPU1dbX2Nna4uPk
        5ebn6Onq8vP09fb3+Pn6/9oADAMBAAIRAxEAPwD50rwKiiv3D6Mv/M4/7gf+5j+jfpDf8yr/ALjf+4j/2Q==
        """)
    /// The same picture as a progressive JPEG (Pillow).
    static let jpegProgressive = bytes("""
        /9j/4AAQSkZJRgABAQAAAQABAAD/2wBDAAMCAgMCAgMDAwMEAwMEBQgFBQQEBQoHBwYIDAoMDAsKCwsNDhIQDQ4R
        DgsLEBYQERMUFRUVDA8XGBYUGBIUFRT/2wBDAQMEBAUEBQkFBQkUDQsNFBQUFBQUFBQUFBQUFBQUFBQUFBQUFBQU
        FBQUFBQUFBQUFBQUFBQUFBQUFBQUFBQUFBT/wgARCAAIABADASIAAhEBAxEB/8QAFgABAQEAAAAAAAAAAAAAAAAA
        AAYH/8QAFQEBAQAAAAAAAAAAAAAAAAAABgf/2gAMAwEAAhADEAAAAc5gRxRv/8QAFBABAAAAAAAAAAAAAAAAAAAA
        EP/aAAgBAQABBQI//8QAGBEAAgMAAAAAAAAAAAAAAAAAAAdEgsL/2gAIAQMBAT8BYcW+T//EABgRAAIDAAAAAAAA
        AAAAAAAAAAAHRILC/9oACAECAQE/AVlMps//xAAUEAEAAAAAAAAAAAAAAAAAAAAQ/9oACAEBAAY/Aj//xAAUEAEA
        AAAAAAAAAAAAAAAAAAAQ/9oACAEBAAE/IT//2gAMAwEAAgADAAAAEIf/xAAUEQEAAAAAAAAAAAAAAAAAAAAA/9oA
        CAEDAQE/EC//xAAUEQEAAAAAAAAAAAAAAAAAAAAA/9oACAECAQE/EBf/xAAUEAEAAAAAAAAAAAAAAAAAAAAQ/9oA
        CAEBAAE/ED//2Q==
        """)
    /// Greyscale JPEG 8×8, all 200 (Pillow).
    static let jpegGrey = bytes("""
        /9j/4AAQSkZJRgABAQAAAQABAAD/2wBDAAIBAQEBAQIBAQECAgICAgQDAgICAgUEBAMEBgUGBgYFBgYGBwkIBgcJ
        BwYGCAsICQoKCgoKBggLDAsKDAkKCgr/wAALCAAIAAgBAREA/8QAHwAAAQUBAQEBAQEAAAAAAAAAAAECAwQFBgcI
        CQoL/8QAtRAAAgEDAwIEAwUFBAQAAAF9AQIDAAQRBRIhMUEGE1FhByJxFDKBkaEII0KxwRVS0fAkM2JyggkKFhcY
        GRolJicoKSo0NTY3ODk6Q0RFRkdISUpTVFVWV1hZWmNkZWZnaGlqc3R1dnd4eXqDhIWGh4iJipKTlJWWl5iZmqKj
        pKWmp6ipqrKztLW2t7i5usLDxMXGx8jJytLT1NXW19jZ2uHi4+Tl5ufo6erx8vP09fb3+Pn6/9oACAEBAAA/AP0g
        r//Z
        """)
    /// CMYK JPEG 8×8 (C, M, Y, K) = (0, 255, 255, 0), i.e. red, Adobe-inverted (Pillow).
    static let jpegCMYK = bytes("""
        /9j/7gAOQWRvYmUAZAAAAAAA/9sAQwACAQEBAQECAQEBAgICAgIEAwICAgIFBAQDBAYFBgYGBQYGBgcJCAYHCQcG
        BggLCAkKCgoKCgYICwwLCgwJCgoK/8AAFAgACAAIBEMRAE0RAFkRAEsRAP/EAB8AAAEFAQEBAQEBAAAAAAAAAAAB
        AgMEBQYHCAkKC//EALUQAAIBAwMCBAMFBQQEAAABfQECAwAEEQUSITFBBhNRYQcicRQygZGhCCNCscEVUtHwJDNi
        coIJChYXGBkaJSYnKCkqNDU2Nzg5OkNERUZHSElKU1RVVldYWVpjZGVmZ2hpanN0dXZ3eHl6g4SFhoeIiYqSk5SV
        lpeYmZqio6Slpqeoqaqys7S1tre4ubrCw8TFxsfIycrS09TV1tfY2drh4uPk5ebn6Onq8fLz9PX29/j5+v/aAA4E
        QwBNAFkASwAAPwD9/K/n/r+f+v38r//Z
        """)

    /// Decodes a base64 literal (line breaks ignored).
    static func bytes(_ base64: String) -> [UInt8] {
        [UInt8](Data(base64Encoded: base64.filter { !$0.isWhitespace })!)
    }
}
