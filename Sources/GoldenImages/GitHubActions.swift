import Foundation

/// What `render test` tells GitHub Actions: an error annotation per failing frame, at the frame's row in
/// the manifest, and a Markdown job summary.
///
/// The workflow-command syntax and its escaping follow GitHub's "Workflow commands for GitHub Actions"
/// (docs.github.com/en/actions/reference/workflow-commands-for-github-actions) and the toolkit that
/// implements them (`escapeData` and `escapeProperty` in actions/toolkit's `packages/core/src/command.ts`):
/// in the message, `%`, CR and LF become `%25`, `%0D` and `%0A`; in a property (`file=...`), `:` and `,`
/// also become `%3A` and `%2C`.
public enum GitHubActions {
    /// Whether the process runs in a GitHub Actions job (`GITHUB_ACTIONS=true`, which the runner sets).
    public static func isActive(_ environment: [String: String]) -> Bool {
        environment["GITHUB_ACTIONS"] == "true"
    }

    /// The file a job step appends its Markdown summary to (`GITHUB_STEP_SUMMARY`), when set.
    public static func stepSummaryPath(_ environment: [String: String]) -> String? {
        guard let path = environment["GITHUB_STEP_SUMMARY"], !path.isEmpty else { return nil }
        return path
    }

    /// `::error file=<file>,line=<line>,col=<column>::<message>`, escaped.
    public static func errorAnnotation(file: String, line: Int, column: Int, message: String) -> String {
        "::error file=\(escapeProperty(file)),line=\(line),col=\(column)::\(escapeData(message))"
    }

    /// `path` as GitHub names files in annotations: relative to the repository (`GITHUB_WORKSPACE`) when
    /// it is an absolute path inside it; otherwise as given (a relative path is relative to the step's
    /// folder, the repository by default).
    public static func repositoryPath(_ path: String, environment: [String: String]) -> String {
        guard path.hasPrefix("/"), let workspace = environment["GITHUB_WORKSPACE"], !workspace.isEmpty else { return path }
        let root = workspace.hasSuffix("/") ? workspace : workspace + "/"
        return path.hasPrefix(root) ? String(path.dropFirst(root.count)) : path
    }

    /// A workflow command's message: `%`, CR and LF escaped (`%` first, so an escape is not escaped again).
    public static func escapeData(_ text: String) -> String {
        text.replacingOccurrences(of: "%", with: "%25")
            .replacingOccurrences(of: "\r", with: "%0D")
            .replacingOccurrences(of: "\n", with: "%0A")
    }

    /// A workflow command's property value: as a message, and `:` and `,` too.
    public static func escapeProperty(_ text: String) -> String {
        escapeData(text).replacingOccurrences(of: ":", with: "%3A").replacingOccurrences(of: ",", with: "%2C")
    }

    /// Appends `markdown` to the step summary file at `path` (created when missing).
    public static func appendSummary(_ markdown: String, to path: String) throws {
        if !FileManager.default.fileExists(atPath: path) {
            FileManager.default.createFile(atPath: path, contents: nil)
        }
        guard let handle = FileHandle(forWritingAtPath: path) else {
            throw CocoaError(.fileWriteNoPermission, userInfo: [NSFilePathErrorKey: path])
        }
        defer { try? handle.close() }
        try handle.seekToEnd()
        try handle.write(contentsOf: Data(markdown.utf8))
    }
}

/// The Markdown job summary of a `render test` run: the totals, and one table row per checked frame.
public struct GoldenJobSummary: Sendable {
    /// One checked frame.
    public struct Row: Sendable, Equatable {
        public var scene: String
        public var time: String
        /// `ok`, `FAIL` or `recorded`.
        public var result: String
        /// `<differing> of <total>` pixels, or `-`.
        public var difference: String
        /// The triptych of a failing frame.
        public var triptych: String?

        public init(scene: String, time: String, result: String, difference: String, triptych: String?) {
            self.scene = scene
            self.time = time
            self.result = result
            self.difference = difference
            self.triptych = triptych
        }
    }

    public var title: String
    public var rows: [Row] = []

    public init(title: String) {
        self.title = title
    }

    /// The most rows of matching frames listed: GitHub takes at most 1 MiB of summary per step, and
    /// failing rows, which are always listed, come first.
    public static let maxMatchedRows = 500

    /// The summary: a heading, the totals and the table (failing rows first, so they show at the top).
    public var markdown: String {
        let failed = rows.filter { $0.result == "FAIL" }.count
        let recorded = rows.filter { $0.result == "recorded" }.count
        var text = "### \(Self.cell(title))\n\n"
        text += "\(rows.count) frames: \(rows.count - failed - recorded) matched, \(failed) failed, \(recorded) recorded\n\n"
        text += "| scene | time | result | difference | triptych |\n|---|---|---|---|---|\n"
        let others = rows.filter { $0.result != "FAIL" }
        for row in rows.filter({ $0.result == "FAIL" }) + others.prefix(Self.maxMatchedRows) {
            let result = row.result == "FAIL" ? "**FAIL**" : row.result
            text += "| \(Self.cell(row.scene)) | \(row.time) | \(result) | \(row.difference) | \(Self.cell(row.triptych ?? "")) |\n"
        }
        if others.count > Self.maxMatchedRows {
            text += "\n\(others.count - Self.maxMatchedRows) more frames that did not fail are not listed.\n"
        }
        return text + "\n"
    }

    /// `text` as one table cell: `|` escaped, line breaks as spaces.
    static func cell(_ text: String) -> String {
        text.replacingOccurrences(of: "|", with: "\\|")
            .replacingOccurrences(of: "\r", with: " ").replacingOccurrences(of: "\n", with: " ")
    }
}
