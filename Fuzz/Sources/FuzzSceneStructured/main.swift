import CFuzzerDriver
import Glibc

// libFuzzer runs `fuzzSceneStructured` with every input; its options come from the command line (.ci/fuzz).
var argc = CommandLine.argc
var argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>? = CommandLine.unsafeArgv
exit(LLVMFuzzerRunDriver(&argc, &argv, fuzzSceneStructured))
