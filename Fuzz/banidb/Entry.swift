import FuzzDriver

/// The process entry point (see Fuzz/driver/Driver.swift).
@_cdecl("fuzz_banidb_main")
public func fuzzMain(_ argc: CInt, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> CInt {
  runLibFuzzer(argc, argv) { data, size in fuzz(data, size) }
}
