import Flipbook

// `render` with no subcommand name renders scenes (`RenderCommand`); the subcommands are listed in `Render`.
Interruption.shared.install()
Render.main()
