/* window-stats.h: the statistics of any time window of a trace, from its
 * checkpoints (doc/analysis.md §6.3). */
#ifndef LTTV_WINDOW_STATS_H
#define LTTV_WINDOW_STATS_H

#include <glib.h>
#include <ltt/ltt.h>
#include "checkpoint.h"
#include "stats.h"
#include "precompute.h"

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
/* The tree of what a job (precompute.h) has counted so far: the
 * statistics of [t0, *until), the events earlier than *until, as a pass
 * over that window closed at *until gives them (lttv_stats_snapshot);
 * once the job is done, those of the whole window.  NULL before the first
 * step and after lttv_window_stats_job_take.  Free with
 * lttv_stats_node_free. */
LttvStatsNode *lttv_window_stats_job_snapshot(const LttvWindowStatsJob *job, gboolean per_cpu, LttTime *until);
/* Frees s and the state it is attached to. */
void lttv_window_stats_free(LttvStats *s);

G_END_DECLS

#endif
