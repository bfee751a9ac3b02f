import EmitRuntime
import Glibc

// The bars' command: no Foundation, no ArgumentParser, no network; everything lives in
// EmitRuntime so `timeline emit` prints the same bytes.
exit(EmitCommand.run(arguments: Array(CommandLine.arguments.dropFirst())))
