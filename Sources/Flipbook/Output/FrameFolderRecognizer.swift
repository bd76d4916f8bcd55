import Foundation
import SceneFormat

/// Tells whether a folder holds nothing but this tool's frames: regular files named `frame-NNNN.png`
/// (four or more digits) that start with the PNG signature. An empty folder qualifies.
enum FrameFolderRecognizer {
    /// nil when `folder` holds only frames, else what it holds instead.
    static func problem(in folder: String) -> String? {
        guard let names = try? FileManager.default.contentsOfDirectory(atPath: folder) else {
            return "it cannot be listed"
        }
        for name in names.sorted() {
            guard isFrameName(name) else { return "it holds \"\(Abbreviation.literal(name))\", which is not a frame-NNNN.png file" }
            var info = stat()
            guard lstat(folder + "/" + name, &info) == 0, info.st_mode & S_IFMT == S_IFREG else {
                return "\(name) is not a regular file"
            }
            guard let file = try? RegularFile(path: folder + "/" + name),
                  ByteStream(file).bytes(8) == APNGRecognizer.signature else {
                return "\(name) is not a PNG file"
            }
        }
        return nil
    }

    /// `frame-` then four or more digits then `.png`.
    static func isFrameName(_ name: String) -> Bool {
        guard name.hasPrefix("frame-"), name.hasSuffix(".png") else { return false }
        let digits = name.utf8.dropFirst(6).dropLast(4)
        return digits.count >= 4 && digits.allSatisfy { (0x30...0x39).contains($0) }
    }
}
