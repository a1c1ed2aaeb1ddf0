/* window-stats-split.h: a wide window's statistics on two threads
 * (window-stats-split.c; internal to the precomputation service). */
#ifndef LTTV_WINDOW_STATS_SPLIT_H
#define LTTV_WINDOW_STATS_SPLIT_H

#include "checkpoint-private.h"
#include "precompute-private.h"
#include "window-stats.h"

/* Whether [t0, t1) is worth two threads (two processors, and enough
 * checkpoints inside it); if so, *split: where, between checkpoints. */
G_GNUC_INTERNAL gboolean lttv_window_stats_split_at(const LttvCompactCheckpoints *cps, LttTime t0, LttTime t1,
                                                    LttTime *split);
/* The statistics of [t0, t1) (t0 < split < t1): the head from the state at
 * t0 read through merge, the tail from the state at split read through a
 * reader of trace of its own on a second thread, joined.  NULL + error
 * when the trace cannot be read. */
G_GNUC_INTERNAL LttvStats *lttv_window_stats_split(const LttvCompactCheckpoints *cps, LttTrace *trace,
                                                   LttvMerge *merge, LttTime t0, LttTime split, LttTime t1,
                                                   GError **error);

#endif
