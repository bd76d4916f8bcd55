/// Which goldens a check writes, decoded once from `FLIPBOOK_RECORD`.
///
/// - unset (or any other value): only goldens that do not exist yet are recorded;
/// - `1`, `true` or `yes`: every golden is written again from the current rendering;
/// - `failed`: goldens that exist are compared first, and only those that fail (or cannot be read) are
///   written again; those that match are left as they are, byte for byte.
///
/// On CI (`CI` set) nothing is recorded, whatever the mode; asking for it is a failure.
public enum RecordMode: Sendable, Equatable {
    case missing, failed, all

    /// The mode `FLIPBOOK_RECORD` asks for in `environment`.
    public init(environment: [String: String]) {
        let value = environment["FLIPBOOK_RECORD"]
        if value?.lowercased() == "failed" { self = .failed }
        else if GoldenFile.isSet(value) { self = .all }
        else { self = .missing }
    }
}
