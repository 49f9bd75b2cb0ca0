/// `file://` URIs and the paths they name.
public enum DocumentURI {
    /// The path a `file://` URI names, percent-decoded; nil for another scheme.
    public static func path(of uri: String) -> String? {
        guard uri.hasPrefix("file://") else { return nil }
        var bytes: [UInt8] = []
        var rest = Array(uri.utf8.dropFirst("file://".count))
        // `file://host/path`: only the local host (an empty one) is a path here.
        if let slash = rest.firstIndex(of: UInt8(ascii: "/")), slash > 0 {
            guard String(decoding: rest[..<slash], as: UTF8.self) == "localhost" else { return nil }
            rest.removeFirst(slash)
        }
        var i = 0
        while i < rest.count {
            if rest[i] == UInt8(ascii: "%"), i + 2 < rest.count, let byte = UInt8(String(decoding: rest[i + 1...i + 2], as: UTF8.self), radix: 16) {
                bytes.append(byte)
                i += 3
            } else {
                bytes.append(rest[i])
                i += 1
            }
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    /// The `file://` URI of an absolute path: bytes other than letters, digits, `/` and `-._~` percent-encoded.
    public static func uri(of path: String) -> String {
        var out = "file://"
        for byte in path.utf8 {
            switch byte {
            case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "0")...UInt8(ascii: "9"),
                 UInt8(ascii: "/"), UInt8(ascii: "-"), UInt8(ascii: "."), UInt8(ascii: "_"), UInt8(ascii: "~"):
                out.unicodeScalars.append(Unicode.Scalar(byte))
            default:
                out += "%" + (byte < 16 ? "0" : "") + String(byte, radix: 16, uppercase: true)
            }
        }
        return out
    }
}
