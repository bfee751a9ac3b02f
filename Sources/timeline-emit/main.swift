import EmitRuntime
import Glibc

// The bars' fast path: no Foundation, no ArgumentParser; everything lives in Emitters so
// `timeline emit` prints the same bytes. `exitsAfterOutput`: a one-shot run exits as soon
// as its line is written, without freeing what it built.
//
// The arguments are read from argv's bytes (EmitCommand.parse(argv:count:)): neither
// `CommandLine.arguments` nor an array of Strings is made for them.
let count = max(Int(CommandLine.argc) - 1, 0)
exit(EmitCommand.run(argv: CommandLine.unsafeArgv + (count > 0 ? 1 : 0), count: count, exitsAfterOutput: true))
