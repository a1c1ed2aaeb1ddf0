/* window-stats.h: the statistics of any time window of a trace, from its
 * checkpoints (doc/analysis.md §6.3). */
#ifndef LTTV_WINDOW_STATS_H
#define LTTV_WINDOW_STATS_H

#include <glib.h>
#include <ltt/ltt.h>
#include "checkpoint.h"
#include "stats.h"

G_BEGIN_DECLS

/* The statistics of [t0, t1): the state just before t0 (restored from
 * cps, built over the same trace), statistics started at t0 over the
 * events of [t0, t1) read from src, closed at t1 (t1 < t0 is taken as
 * t0).  NULL + error when src cannot seek.  Free with
 * lttv_window_stats_free. */
LttvStats *lttv_window_stats_compute(const LttvCheckpoints *cps, const LttvEventSource *src, gpointer data,
                                     LttTime t0, LttTime t1, GError **error);
/* The same from ts, the state just before t0 (taken: freed with the
 * statistics), src being at the first event at or after t0. */
LttvStats *lttv_window_stats_from_state(LttvTraceState *ts, const LttvEventSource *src, gpointer data, LttTime t0,
                                        LttTime t1);
/* Frees s and the state it is attached to. */
void lttv_window_stats_free(LttvStats *s);

G_END_DECLS

#endif
