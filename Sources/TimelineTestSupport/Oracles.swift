// The bar markup oracles live in the Foundation-free MarkupOracle target so that the
// emitters fuzzer can link them too; every test that imports TimelineTestSupport sees them.
@_exported import MarkupOracle
