import Flipbook

// `render` with no subcommand name renders scenes (`RenderCommand`); the subcommands are listed in `Render`,
// and the exit statuses in `ExitStatus`.
MallocArenas.limit()
Interruption.shared.install()
ExitStatus.run(Array(CommandLine.arguments.dropFirst()))
