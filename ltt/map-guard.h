/* map-guard.h: reading (or writing) a mapping of a file that another
 * process may cut short, without dying of SIGBUS.  A page of the guarded
 * range past the end of the file becomes a page of zeros when touched, and
 * the guard says so; the caller's checks then find no valid data there.
 * libltt's reader guards its channel files, ltt-ust-drain and lttd the
 * registry files of the applications they drain: one SIGBUS handler per
 * process, chained to any handler installed before the first guard. */
#ifndef LTT_MAP_GUARD_H
#define LTT_MAP_GUARD_H

#include <glib.h>

G_BEGIN_DECLS

typedef struct _LttMapGuard LttMapGuard;

/* Guards [start, start + size).  writable: the mapping is written too, so
 * the page of zeros put in place of a missing one is writable (a write
 * there is lost with the rest of the cut file).  Remove the guard before
 * unmapping the range. */
LttMapGuard *ltt_map_guard_add(const void *start, gsize size, gboolean writable);
/* Nothing to do for NULL. */
void ltt_map_guard_remove(LttMapGuard *g);
/* TRUE once a read or write of the range found the file shorter than the
 * mapping; FALSE for NULL. */
gboolean ltt_map_guard_faulted(const LttMapGuard *g);

G_END_DECLS

#endif
