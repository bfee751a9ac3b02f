import Emitters
import Glibc

// The bars' fast path: no Foundation, no ArgumentParser; everything lives in Emitters so
// `timeline emit` prints the same bytes.
exit(EmitCommand.run(arguments: Array(CommandLine.arguments.dropFirst())))
