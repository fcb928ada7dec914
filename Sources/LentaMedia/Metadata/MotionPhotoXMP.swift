import Foundation

/// What a Motion Photo's XMP says about the movie appended to it.
///
/// Google's format 1 lists the file's media items in a `Container:Directory` (each item's
/// `Item:Semantic`, `Item:Length` and `Item:Padding`, in file order, the primary picture first);
/// the older formats give the movie's distance from the end of the file
/// (`GCamera:MotionPhotoOffset`, `GCamera:MicroVideoOffset`). Samsung writes the directory too.
struct MotionPhotoXMP {
    /// Where the XMP puts the movie: its length and how many bytes of the file follow its start.
    struct Claim: Equatable {
        var bytesFromEnd: Int64
        var length: Int64
        var description: String
    }

    var claims: [Claim] = []

    init(_ xmp: XMPPacket) {
        guard xmp.contains("MotionPhoto") || xmp.contains("MicroVideo") else { return }
        // `MotionPhoto="0"` marks a picture whose motion was turned off or removed.
        if xmp.value("GCamera:MotionPhoto") == "0" && xmp.value("GCamera:MicroVideo") != "1" { return }
        let items = Self.directoryItems(xmp.text)
        if let k = items.firstIndex(where: { $0["Semantic"]?.lowercased() == "motionphoto" }),
           let length = items[k]["Length"].flatMap({ Int64($0) }), length > 0 {
            // Lengths are text: absurd ones (negative, or summing past 2⁶³) make no claim.
            var fromEnd: Int64? = 0
            for (j, item) in items.enumerated().dropFirst(k) {
                var parts = [item["Length"]]
                if j < items.count - 1 { parts.append(item["Padding"]) }
                for part in parts {
                    guard let total = fromEnd, let n = Int64(part ?? "0"), n >= 0 else { fromEnd = nil; continue }
                    let (sum, overflow) = total.addingReportingOverflow(n)
                    fromEnd = overflow ? nil : sum
                }
            }
            if let fromEnd {
                claims.append(Claim(bytesFromEnd: fromEnd, length: length, description: "Container:Directory item \(k)"))
            }
        }
        for name in ["GCamera:MotionPhotoOffset", "GCamera:MicroVideoOffset"] {
            guard let offset = xmp.value(name).flatMap({ Int64($0) }), offset > 0 else { continue }
            claims.append(Claim(bytesFromEnd: offset, length: offset, description: name))
        }
    }

    /// The properties of each `…:Item` element (attributes or child elements), by local name.
    static func directoryItems(_ text: String) -> [[String: String]] {
        guard let opening = try? NSRegularExpression(pattern: #"<([A-Za-z][\w.-]*):Item(?=[\s/>])"#),
              let attribute = try? NSRegularExpression(pattern: #"[\w.-]+:([\w.-]+)\s*=\s*"([^"]*)""#),
              let child = try? NSRegularExpression(pattern: #"<[\w.-]+:([\w.-]+)>([^<]*)</"#) else { return [] }
        let whole = text as NSString
        var items: [[String: String]] = []
        for match in opening.matches(in: text, range: NSRange(location: 0, length: whole.length)) {
            let prefix = whole.substring(with: match.range(at: 1))
            let after = match.range.location + match.range.length
            let tagEnd = whole.range(of: ">", range: NSRange(location: after, length: whole.length - after))
            guard tagEnd.location != NSNotFound else { continue }
            let selfClosing = tagEnd.location > 0 && whole.substring(with: NSRange(location: tagEnd.location - 1, length: 1)) == "/"
            var end = tagEnd.location + 1
            if !selfClosing {
                let closing = whole.range(of: "</\(prefix):Item>", range: NSRange(location: end, length: whole.length - end))
                guard closing.location != NSNotFound else { continue }
                end = closing.location
            }
            let body = NSRange(location: after, length: end - after)
            var item: [String: String] = [:]
            for pattern in [attribute, child] {
                for found in pattern.matches(in: text, range: body) {
                    let key = whole.substring(with: found.range(at: 1))
                    let value = whole.substring(with: found.range(at: 2)).trimmingCharacters(in: " \t\r\n")
                    if item[key] == nil { item[key] = value }
                }
            }
            items.append(item)
        }
        return items
    }
}
