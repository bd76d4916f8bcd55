// libFuzzer's driver, for fuzz targets that bring their own `main` (SwiftPM executables always do).
#include <stddef.h>
#include <stdint.h>

/// Runs libFuzzer with the command-line arguments, calling `callback` with each input.
int LLVMFuzzerRunDriver(int *argc, char ***argv, int (*callback)(const uint8_t *data, size_t size));
