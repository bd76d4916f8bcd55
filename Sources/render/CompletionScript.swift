import ArgumentParser

/// `render --generate-completion-script bash|zsh|fish`: swift-argument-parser's scripts, taught that
/// `render` renders when no subcommand is named.
///
/// swift-argument-parser completes a default subcommand's options and arguments only after the
/// subcommand's name (`render render scenes/x.json -o ...`), never when it is left out, as it is typed
/// (`render scenes/x.json -o ...`; apple/swift-argument-parser issue 488, open). Each script is changed
/// at the one place where it decides what follows the command's name: a first word that is not a
/// subcommand's name starts the default subcommand's words, and while the first word is being typed the
/// default subcommand's options and scene files are offered beside the subcommand names. A script whose
/// text is not shaped as expected is returned as generated (`CommandLineTests` fails then).
enum CompletionScript {
    /// The default subcommand's name (`Render`'s `defaultSubcommand`).
    static let defaultSubcommand = RenderCommand.configuration.commandName ?? "render"
    static let command = Render.configuration.commandName ?? "render"

    /// The completion script for `shell`.
    static func make(for shell: CompletionShell) -> String {
        let script = Render.completionScript(for: shell)
        switch shell {
        case .bash: return bash(script) ?? script
        case .zsh: return zsh(script) ?? script
        case .fish: return fish(script) ?? script
        default: return script
        }
    }

    /// The shell `--generate-completion-script` asks for, when it is the whole command line
    /// (`--generate-completion-script bash`, `--generate-completion-script=bash`, or alone: the shell
    /// `SHELL` names); nil for any other command line, which ArgumentParser handles.
    static func requestedShell(_ arguments: [String]) -> CompletionShell? {
        let flag = "--generate-completion-script"
        switch arguments.count {
        case 1 where arguments[0] == flag: return CompletionShell.autodetected()
        case 1 where arguments[0].hasPrefix(flag + "="): return CompletionShell(rawValue: String(arguments[0].dropFirst(flag.count + 1)))
        case 2 where arguments[0] == flag: return CompletionShell(rawValue: arguments[1])
        default: return nil
        }
    }

    // MARK: - bash

    /// In the root function, the branch for a first word that is no subcommand's name offered the
    /// subcommand names only; it now offers them while that word is typed, then completes all the words
    /// as the default subcommand's.
    static func bash(_ script: String) -> String? {
        let root = "\n_\(command)() {\n"
        let start = "    *)\n        # Offer subcommand completions\n        COMPREPLY+=($(compgen -W '"
        let end = "' -- \"${cur}\"))\n        ;;\n"
        guard let function = script.range(of: root),
              let branch = script.range(of: start, range: function.upperBound..<script.endIndex),
              let close = script.range(of: end, range: branch.upperBound..<script.endIndex) else { return nil }
        let names = script[branch.upperBound..<close.lowerBound]
        let replacement = """
                *)
                    # Offer subcommand completions while the first word is typed
                    if [[ "${#unparsed_words[@]}" -eq 0 ]]; then
                        COMPREPLY+=($(compgen -W '\(names)' -- "${cur}"))
                    fi
                    # Not a subcommand's name: the words are the default subcommand's (`\(command) <scene>... -o ...`)
                    unparsed_words=("${COMP_WORDS[@]:1:${COMP_CWORD}}")
                    _\(command)_\(defaultSubcommand)
                    ;;

            """
        return script.replacingCharacters(in: branch.lowerBound..<close.upperBound, with: replacement)
    }

    // MARK: - zsh

    /// In the root function, the `command` state (the first word) also completes the default
    /// subcommand's options and files, and the `arg` state (the words after it) completes as the default
    /// subcommand when the first word is no subcommand's name.
    static func zsh(_ script: String) -> String? {
        let function = "_\(command)_\(defaultSubcommand)"
        let describe = "        _describe -V subcommand subcommands && ret=0\n        ;;\n"
        let dispatch = "            \"_\(command)_${words[1]}\" && ret=0\n            ;;\n        esac\n"
        guard let root = script.range(of: "\n_\(command)() {\n"),
              let first = script.range(of: describe, range: root.upperBound..<script.endIndex),
              let rest = script.range(of: dispatch, range: first.upperBound..<script.endIndex) else { return nil }
        var patched = script
        patched.replaceSubrange(rest, with: """
                        "_\(command)_${words[1]}" && ret=0
                        ;;
                    *)
                        # Not a subcommand's name: the words are the default subcommand's (`\(command) <scene>... -o ...`)
                        words=(\(defaultSubcommand) "${words[@]}")
                        (( CURRENT++ ))
                        \(function) && ret=0
                        ;;
                    esac

            """)
        patched.replaceSubrange(first, with: """
                    _describe -V subcommand subcommands && ret=0
                    # The default subcommand's options and files too (`\(command) <scene>...`)
                    \(function) && ret=0
                    ;;

            """)
        return patched
    }

    // MARK: - fish

    /// The token parser reads a first word that is no subcommand's name as the default subcommand's
    /// first argument, and the default subcommand's completions are also offered for the first word.
    static func fish(_ script: String) -> String? {
        let context = "\(command) \(defaultSubcommand)"
        let parse = "        case '\(defaultSubcommand)'\n            "
        guard let rootCase = script.range(of: "    case '\(command)'\n"),
              let defaultCase = script.range(of: parse, range: rootCase.upperBound..<script.endIndex),
              let lineEnd = script[defaultCase.upperBound...].firstIndex(of: "\n"),
              let switchEnd = script.range(of: "\n        end\n", range: lineEnd..<script.endIndex) else { return nil }
        let parseDefault = script[defaultCase.upperBound..<lineEnd]
        var patched = script
        patched.insert(contentsOf: """

                    case '*'
                        # Not a subcommand's name: the default subcommand's words (`\(command) <scene>... -o ...`)
                        if test (count $unparsed_tokens) -gt 0
                            set unparsed_tokens \(defaultSubcommand) $unparsed_tokens
                            \(parseDefault)
                        end
            """, at: switchEnd.lowerBound)
        // The default subcommand's completions, also offered while the first word is typed.
        let conditions = ["_should_offer_completions_for_flags_or_options \"\(context)\"",
                          "_should_offer_completions_for_positional \"\(context)\" -ge 1"]
        let copies = patched.split(separator: "\n", omittingEmptySubsequences: false).filter { line in
            line.hasPrefix("complete -c '\(command)' -n '") && conditions.contains { line.contains($0) }
        }.map { $0.replacingOccurrences(of: "\"\(context)\"", with: "\"\(command)\"") }
        guard !copies.isEmpty else { return nil }
        if !patched.hasSuffix("\n") { patched += "\n" }
        return patched + "# The default subcommand's completions while the first word is typed\n" + copies.joined(separator: "\n") + "\n"
    }
}
