import EmitRuntime
import Glibc

// The bars' fast path: no Foundation, no ArgumentParser; everything lives in Emitters so
// `timeline emit` prints the same bytes. `exitsAfterOutput`: a one-shot run exits as soon
// as its line is written, without freeing what it built.
//
// The arguments are read from argv directly: `CommandLine.arguments` looks its array type
// up in the runtime's metadata tables on first use, about 2.5 k instructions more per emit than this loop.
var arguments: [String] = []
let count = Int(CommandLine.argc)
if count > 1 {
  arguments.reserveCapacity(count - 1)
  for index in 1..<count {
    if let argument = CommandLine.unsafeArgv[index] { arguments.append(String(cString: argument)) }
  }
}
exit(EmitCommand.run(arguments: arguments, exitsAfterOutput: true))
