/* trace-dat-convert.c: lttd's conversion of ftrace records (one source for
 * both: a trace.dat holds the same records lttd reads from the kernel). */
#include "ltt-control/lttd-convert.c"
