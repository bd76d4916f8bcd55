import CFuzzerDriver
import Glibc

// libFuzzer runs `fuzzScene` with every input; its options come from the command line (see .ci/fuzz).
var argc = CommandLine.argc
var argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>? = CommandLine.unsafeArgv
exit(LLVMFuzzerRunDriver(&argc, &argv, fuzzScene))
