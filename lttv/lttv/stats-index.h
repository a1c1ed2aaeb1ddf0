/* SPDX-License-Identifier: LGPL-2.1-or-later */
/* SPDX-FileCopyrightText: 2026 The LTTV authors */
/* stats-index.h: the precomputation's index of window statistics
 * (stats-index.c, doc/analysis.md §6.3; internal to the service). */
#ifndef LTTV_STATS_INDEX_H
#define LTTV_STATS_INDEX_H

#include "stats-private.h"
#include "precompute-private.h"
#include "checkpoint-private.h"

/* Statistics attached to the pass's state ts (fresh, no event applied),
 * counting from start. */
G_GNUC_INTERNAL LttvStatsIndex *lttv_stats_index_new(LttvTraceState *ts, LttTime start);
/* Keeps the index's bulk in an unlinked file in dir (precompute-arena.c). */
G_GNUC_INTERNAL void lttv_stats_index_use_file(LttvStatsIndex *x, const char *dir);
/* The pass recorded a checkpoint after its event at time. */
G_GNUC_INTERNAL void lttv_stats_index_checkpoint(LttvStatsIndex *x, LttTime time);
/* Before the pass applies an event at time next (G_MAXUINT64: the trace
 * ends): a checkpoint just recorded is at a time boundary when next is
 * later, and its statistics are then taken. */
G_GNUC_INTERNAL void lttv_stats_index_next_slow(LttvStatsIndex *x, LttTime next);
/* The pass is over (or stopped): its statistics are let go, what the
 * index holds stays. */
G_GNUC_INTERNAL void lttv_stats_index_end_pass(LttvStatsIndex *x);
G_GNUC_INTERNAL void lttv_stats_index_free(LttvStatsIndex *x);
G_GNUC_INTERNAL gsize lttv_stats_index_heap(const LttvStatsIndex *x);
G_GNUC_INTERNAL gsize lttv_stats_index_mapped(const LttvStatsIndex *x);
/* Checkpoints a window may start or end at (see stats-index.c). */
G_GNUC_INTERNAL guint lttv_stats_index_usable(const LttvStatsIndex *x);

/* The statistics of [t0, t1) from the index when it spans two usable
 * checkpoints (*used TRUE): the same as lttv_window_stats_from_state.
 * *used FALSE when it cannot (the caller replays).  NULL + error (with
 * *used TRUE) when the trace cannot be read. */
G_GNUC_INTERNAL LttvStats *lttv_stats_index_window(LttvStatsIndex *x, const LttvCompactCheckpoints *cps,
                                                   LttvMerge *merge, LttTime t0, LttTime t1, gboolean *used,
                                                   GError **error);

struct _LttvStatsIndexDue {
	gboolean due;
	LttTime time;
};

static inline void lttv_stats_index_next(LttvStatsIndex *x, LttTime next)
{
	if (G_UNLIKELY(((const struct _LttvStatsIndexDue *) x)->due))
		lttv_stats_index_next_slow(x, next);
}

#endif
