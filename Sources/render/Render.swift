import ArgumentParser
import Flipbook

/// The `render` command line: its subcommands, its version and its help.
///
/// A new subcommand is one `ParsableCommand` struct in a file of its own, listed here in `subcommands`.
struct Render: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "render",
        abstract: "Render SwiftUI / Core Animation-style scene files to animated GIFs, APNGs, WebPs, PNG frames and stills.",
        usage: """
            render <scene.json>... [-o <output>] [--format gif|png|apng|webp] [<options>]
            render <subcommand> [<options>]
            """,
        discussion: """
            Without a subcommand name, `render` renders scenes (see `render help render` for its options):
              render scenes/seek.json                      -> out/seek.gif
              render scenes/*.json                         -> out/<file name>.gif each
              render scenes/seek.json --format png         -> out/seek/frame-0001.png ...
              render scenes/seek.json --format webp        -> out/seek.webp (also apng)
              render still scenes/seek.json --at 0.35 -o frame.png
              render inspect scenes/seek.json --at 0.35    the state at 0.35 s as JSON
              render preview scenes/seek.json              a live preview in the browser
              render - -o scene.gif < scene.json           a scene from standard input
              render MyView.swift                          a SwiftUI view file (docs/swift-source.md)
              render convert MyView.swift                  the scene JSON it converts to
            Exit status: 0 done, 1 a scene or output error, 64 a usage error.
            The scene format: docs/scene-format.md.
            """,
        version: FlipbookVersion.current,
        subcommands: [RenderCommand.self, StillCommand.self, InspectCommand.self, PreviewCommand.self,
                      CompareCommand.self, TestCommand.self, ConvertCommand.self],
        defaultSubcommand: RenderCommand.self)
}
