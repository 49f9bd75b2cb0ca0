// mimalloc, Microsoft's allocator, from Debian's libmimalloc-dev: linking it makes it the process's
// malloc (docs/performance.md). Only the tokenc executable links it, on Linux.
#if __has_include(<mimalloc.h>)
#include <mimalloc.h>
#else
#error "tokenc links mimalloc on Linux: install it (sudo apt-get install libmimalloc-dev), or build with TOKENC_SYSTEM_MALLOC=1 in the environment to use the C library's malloc"
#endif
