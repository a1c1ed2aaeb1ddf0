/* ltt-error.c: the GError domain of libltt. */
#include "ltt-error.h"

G_DEFINE_QUARK(ltt-error-quark, ltt_error)
