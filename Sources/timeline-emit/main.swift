import EmitRuntime
import Glibc

// The bars' command: no Foundation, no ArgumentParser, no network; everything lives in
// EmitRuntime so `timeline emit` prints the same bytes. A one-shot run exits as soon as
// its line is written (`exitsAfterOutput`).
exit(EmitCommand.run(arguments: Array(CommandLine.arguments.dropFirst()), exitsAfterOutput: true))
