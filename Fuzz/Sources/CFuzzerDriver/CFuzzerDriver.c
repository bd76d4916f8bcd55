// The declaration is all this module provides; libFuzzer itself is linked by -sanitize=fuzzer.
#include "CFuzzerDriver.h"
