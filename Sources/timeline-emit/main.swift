import EmitRuntime
import Glibc

// The bars' command: no Foundation, no ArgumentParser, no network; everything lives in
// EmitRuntime so `timeline emit` prints the same bytes. `exitsAfterOutput`: a one-shot run
// exits as soon as its line is written. The arguments are read from argv as C strings:
// `CommandLine.arguments` builds its array through generic code a one-shot emit pays for.
var arguments: [String] = []
for index in 1..<Int(max(CommandLine.argc, 1)) {
  if let argument = CommandLine.unsafeArgv[index] { arguments.append(String(cString: argument)) }
}
exit(EmitCommand.run(arguments: arguments, exitsAfterOutput: true))
