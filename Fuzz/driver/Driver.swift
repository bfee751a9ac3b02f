// Shared by every fuzz target. SwiftPM links each executable with
// `--defsym main=fuzz_<target>_main`, which hides libFuzzer's own main, so each target's
// entry point calls this to hand control to libFuzzer's driver.
@_silgen_name("LLVMFuzzerRunDriver")
func llvmFuzzerRunDriver(
  _ argc: UnsafeMutablePointer<CInt>,
  _ argv: UnsafeMutablePointer<UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?>,
  _ callback: @convention(c) (UnsafePointer<UInt8>?, Int) -> CInt
) -> CInt

/// Runs libFuzzer with `callback` as its `LLVMFuzzerTestOneInput`.
public func runLibFuzzer(
  _ argc: CInt, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?,
  _ callback: @convention(c) (UnsafePointer<UInt8>?, Int) -> CInt
) -> CInt {
  var count = argc
  var arguments = argv
  return llvmFuzzerRunDriver(&count, &arguments, callback)
}
