// zlib's inflate, for the PNG decoder in ImageDecoding (the only module that links zlib).
#include <zlib.h>
