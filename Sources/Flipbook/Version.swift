/// Flipbook's version, as `render --version` prints it.
public enum FlipbookVersion {
    /// The release this source tree is (semantic versioning).
    public static let current = "0.6.0"
}
