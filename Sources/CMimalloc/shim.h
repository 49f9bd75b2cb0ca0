// mimalloc, Microsoft's allocator, from Debian's libmimalloc-dev: linking it makes it the process's
// malloc (docs/performance.md, "Seventh round"). Only the tokenc executable links it, on Linux.
#include <mimalloc.h>
