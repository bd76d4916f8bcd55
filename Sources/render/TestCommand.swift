import ArgumentParser
import Flipbook
import Foundation
import GoldenImages

/// `render test MANIFEST.json`: the golden tests of a manifest's scenes, for any CI.
struct TestCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "test",
        abstract: "Check scenes against their golden frames, as listed in a manifest.",
        discussion: """
            The manifest (JSON; paths relative to it):
              {"scenes": [{"scene": "scenes/seek.json", "times": [0, 0.5], "goldens": "Tests/Goldens/seek"},
                          {"scene": "scenes/wave.json", "everyNthFrame": 25, "goldens": "Tests/Goldens/wave"}],
               "tolerance": {"channel": 2, "maxDifferentPixels": 2}}
            Goldens are <goldens>/<time>.png; a missing one is recorded (refused when CI is set).
            Prints one line per frame; failing frames get a triptych and each failing scene a contact sheet
            in the artifacts folder. Under GitHub Actions (GITHUB_ACTIONS=true) each failing frame is also an
            error annotation at its row in the manifest, and a table of the frames is appended to the job
            summary ($GITHUB_STEP_SUMMARY). Exit status: 0 all match, 1 a frame failed, 2 bad input.
            """)

    @Argument(help: "The manifest (JSON).", completion: .file(extensions: ["json"]))
    var manifest: String

    @Flag(help: "Record every golden again from the current rendering (refused when CI is set).")
    var record = false

    @Flag(help: "Record again only the goldens that fail or are missing; those that match are left untouched (refused when CI is set).")
    var recordFailed = false

    @Option(help: "Folder for triptychs and contact sheets (default: $FLIPBOOK_ARTIFACTS, else <tmp>/flipbook-golden-failures-<uid>, private to you).")
    var artifacts: String?

    @Option(name: .shortAndLong, help: "Worker threads (default: all cores).")
    var jobs: Int?

    /// The worker threads: `--jobs`, else one per core (given as a word, not a number, in the help, where
    /// the number would be this machine's).
    var workers: Int { jobs ?? FramePipeline.defaultJobs }

    func validate() throws {
        if let jobs, !(1...256).contains(jobs) { throw ValidationError("--jobs must be between 1 and 256") }
        if record && recordFailed { throw ValidationError("give --record or --record-failed, not both") }
    }

    func run() throws {
        let loaded: GoldenManifest
        var players: [Player] = []
        do {
            loaded = try GoldenManifest.load(path: manifest)
            // The frames every entry draws, as PNGs, share one work budget, checked before any is drawn.
            var spent = 0.0
            // A `.swift` scene is converted as `render` converts it (with its sidecar).
            for entry in loaded.entries {
                let player = try Player(scene: SceneInput(argument: entry.scene).load())
                // A time past the end would check the last frame under a name that says otherwise.
                for (time, place) in zip(entry.times ?? [], entry.timePlaces) where time > player.scene.duration {
                    throw SceneError(file: manifest, path: place.path, location: place.location,
                                     message: "\(Self.seconds(time)) s is past the end of \(entry.written) (\(Self.seconds(player.scene.duration)) s)")
                }
                let times = entry.times ?? AnimationGoldens.times(everyNthFrame: entry.everyNthFrame ?? 1, of: player.scene)
                let estimate = try WorkEstimate(player: player, times: times, format: .png)
                try estimate.check(file: player.scene.file, spent: spent)
                spent += estimate.seconds
                players.append(player)
            }
        } catch {
            printError("error: \(error)")
            Self.annotate(error)
            throw GoldenStatus.badInput
        }
        var environment = ProcessInfo.processInfo.environment
        environment["FLIPBOOK_RECORD"] = record ? "1" : recordFailed ? "failed" : nil
        environment[GoldenFile.recordFlagKey] = record ? "--record" : recordFailed ? "--record-failed" : nil
        environment[GoldenFile.recordCommandKey] = "render test \(manifest) --record"
        let artifactsDirectory = artifacts ?? environment["FLIPBOOK_ARTIFACTS"] ?? GoldenFile.defaultArtifactsDirectory
        let annotate = GitHubActions.isActive(environment)
        var summary = GoldenJobSummary(title: "Golden images: \(manifest)")

        print(Self.row("scene", "time", "result", "differing pixels"))
        var counts = (matched: 0, recorded: 0, failed: 0)
        var sheets: [String] = []
        var written: [String] = []
        for (entry, player) in zip(loaded.entries, players) {
            let times = entry.times ?? AnimationGoldens.times(everyNthFrame: entry.everyNthFrame ?? 1, of: player.scene)
            let result: AnimationGoldenResult
            do {
                result = try AnimationGoldens.verify(
                    player, times: times, goldenDirectory: entry.goldens, tolerance: entry.tolerance,
                    artifactsDirectory: artifactsDirectory, jobs: workers, environment: environment)
            } catch let interrupted as Interrupted {
                throw ExitCode(128 + interrupted.signal)
            } catch {
                printError("error: \(error)")
                Self.annotate(error)
                throw GoldenStatus.badInput
            }
            var annotations: [String] = []
            for (index, frame) in result.frames.enumerated() {
                let pixels = frame.summary.map { "\($0.differentPixels) of \($0.totalPixels)" } ?? "-"
                let time = Self.seconds(frame.time)
                let label: String
                switch frame.result {
                case .matched: counts.matched += 1; label = "ok"
                case .recorded(let path): counts.recorded += 1; label = "recorded"; written.append(path)
                case .failed(let message):
                    counts.failed += 1; label = "FAIL"
                    let place = entry.location(ofFrame: index)
                    let notes = result.environmentNotes.map { "\n  " + $0 }.joined()
                    annotations.append(GitHubActions.errorAnnotation(
                        file: GitHubActions.repositoryPath(manifest, environment: environment), line: place.line, column: place.column,
                        message: "\(entry.written) at \(time) s: \(message)\(notes)"))
                }
                print(Self.row(entry.written, time, label, label == "recorded" ? "-" : pixels))
                summary.rows.append(GoldenJobSummary.Row(scene: entry.written, time: time, result: label,
                                                         difference: label == "recorded" ? "-" : pixels,
                                                         triptych: frame.triptychPath))
            }
            if let sheet = result.contactSheetPath { sheets.append(sheet) }
            for failure in result.failures { printError(failure.result.failureMessage ?? "") }
            for note in result.environmentNotes { printError("note: \(note)") }
            for warning in result.fontWarnings { printError("warning: \(entry.written): \(warning)") }
            if annotate { for annotation in annotations { print(annotation) } }
        }
        let total = counts.matched + counts.recorded + counts.failed
        print("\(total) frames: \(counts.matched) matched, \(counts.failed) failed, \(counts.recorded) recorded")
        for path in written { print("recorded: \(path)") }
        for sheet in sheets { print("contact sheet: \(sheet)") }
        if let path = GitHubActions.stepSummaryPath(environment) {
            do {
                try GitHubActions.appendSummary(summary.markdown, to: path)
            } catch {
                printError("warning: cannot append the job summary to \(path): \(error)")
            }
        }
        if counts.failed > 0 { throw GoldenStatus.mismatch }
    }

    /// Under GitHub Actions, a bad manifest or scene is also an error annotation at its place.
    static func annotate(_ error: Error) {
        let environment = ProcessInfo.processInfo.environment
        guard GitHubActions.isActive(environment), let error = error as? SceneError, !error.file.isEmpty else { return }
        let location = error.location ?? SourceLocation(line: 1, column: 1)
        let message = error.path.components.isEmpty ? error.message : "\(error.path): \(error.message)"
        print(GitHubActions.errorAnnotation(file: GitHubActions.repositoryPath(error.file, environment: environment),
                                            line: location.line, column: location.column, message: message))
    }

    /// One line of the results table, in fixed-width columns.
    static func row(_ scene: String, _ time: String, _ result: String, _ pixels: String) -> String {
        func pad(_ text: String, _ width: Int) -> String { text.padding(toLength: max(width, text.count), withPad: " ", startingAt: 0) }
        return pad(scene, 20) + " " + pad(time, 10) + " " + pad(result, 9) + " " + pixels
    }

    static func seconds(_ time: Double) -> String {
        String(AnimationGoldens.fileName(forTime: time).dropLast(4))
    }
}
