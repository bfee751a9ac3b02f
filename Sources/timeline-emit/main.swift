import EmitRuntime
import Glibc

// The bars' fast path: no Foundation, no ArgumentParser; everything lives in Emitters so
// `timeline emit` prints the same bytes. `exitsAfterOutput`: a one-shot run exits as soon
// as its line is written, without freeing what it built.
exit(EmitCommand.run(arguments: Array(CommandLine.arguments.dropFirst()), exitsAfterOutput: true))
