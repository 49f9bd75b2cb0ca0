extension String {
    /// The text with each byte `escape` names replaced by its escape, in one pass over the UTF-8; a text with none
    /// of them (most are) is returned as it is. For escapes of ASCII bytes only, which are never part of a
    /// longer UTF-8 sequence: the GitHub annotations' `%XX`, HTML's entities.
    func escapingASCII(_ escape: (UInt8) -> StaticString?) -> String {
        guard utf8.contains(where: { escape($0) != nil }) else { return self }
        var out: [UInt8] = []
        out.reserveCapacity(utf8.count + 16)
        for byte in utf8 {
            if let replacement = escape(byte) {
                replacement.withUTF8Buffer { out.append(contentsOf: $0) }
            } else {
                out.append(byte)
            }
        }
        return String(decoding: out, as: UTF8.self)
    }
}
