/* SPDX-License-Identifier: LGPL-2.1-or-later */
/* SPDX-FileCopyrightText: 2026 The LTTV authors */
/* window-stats-job.c: the statistics of a window computed in steps, so
 * that a wide window (seconds of replay) never holds the main loop; from
 * the index where it can give them: the first step replays the window's
 * two ends while the index's threads sum the deltas between them, and
 * the next steps wait for the sum, each for its budget at most. */
#include "config.h"
#include "precompute-private.h"
#include "checkpoint-private.h"
#include "stats-index.h"
#include "window-stats.h"

/* Events between two looks at the clock. */
#define EVENTS_PER_CLOCK_CHECK 256

struct _LttvWindowStatsJob {
	LttvPrecompute *p;       /* referenced: its checkpoints */
	LttTrace *reader;        /* cursors of the job's own */
	LttvMerge *merge;
	LttTime t0, t1;
	LttTime reached;         /* events earlier than this are counted */
	LttvStats *stats;        /* NULL until the state at t0 is restored */
	LttvIndexWindow *pending;/* the index's sum, while it runs */
	gboolean index_tried;
	gboolean done, failed;
};

LttvWindowStatsJob *lttv_precompute_window_stats_job(LttvPrecompute *p, LttTime t0, LttTime t1)
{
	LttvWindowStatsJob *job = g_new0(LttvWindowStatsJob, 1);

	job->p = lttv_precompute_ref(p);
	job->reader = ltt_trace_new_reader(lttv_trace_ltt(lttv_precompute_trace(p)));
	job->merge = lttv_merge_new(job->reader);
	job->t0 = t0;
	job->t1 = MAX(t0, t1);
	job->reached = t0;
	return job;
}

gboolean lttv_window_stats_job_step(LttvWindowStatsJob *job, gint64 budget_us, GError **error)
{
	gint64 deadline = g_get_monotonic_time() + MAX(budget_us, 0);
	const LttEvent *ev;
	LttTime last = job->reached;

	if (job->done || job->failed)
		return FALSE;
	if (job->stats == NULL && !job->index_tried) {
		gboolean used;

		/* A wide window the index can give (its cost is the deltas
		 * summed, not the events: doc/analysis.md §6.3). */
		job->index_tried = TRUE;
		job->pending = lttv_precompute_index_window_begin(job->p, job->merge, job->t0, job->t1, &used, error);
		if (used && job->pending == NULL) {
			job->failed = TRUE;
			return FALSE;
		}
		if (used)
			return TRUE;
	}
	if (job->pending != NULL) {
		gboolean used;

		if (!lttv_stats_index_window_wait(job->pending, deadline))
			return TRUE;
		job->stats = lttv_precompute_index_window_end(job->p, job->pending, &used);
		job->pending = NULL;
		if (used) {
			job->done = TRUE;
			job->reached = job->t1;
			return FALSE;
		}
		/* Not expected (a correction the deltas could not take): replayed. */
	}
	if (job->stats == NULL) {
		LttvTraceState *ts;

		ts = lttv_compact_checkpoints_state_at(lttv_precompute_checkpoints(job->p), job->t0, &lttv_merge_source,
		                                       job->merge, error);
		if (ts == NULL) {
			job->failed = TRUE;
			return FALSE;
		}
		job->stats = lttv_stats_new(ts, job->t0);
	}
	do {
		guint k;

		for (k = 0; k < EVENTS_PER_CLOCK_CHECK; k++) {
			ev = lttv_merge_source.peek(job->merge);
			if (ev == NULL || ev->time >= job->t1) {
				lttv_stats_close(job->stats, job->t1);
				job->reached = job->t1;
				job->done = TRUE;
				return FALSE;
			}
			lttv_stats_apply(job->stats, ev);
			last = ev->time;
			lttv_merge_source.advance(job->merge);
		}
	} while (g_get_monotonic_time() < deadline);
	/* The events at the last one's time too, so that exactly those before
	 * `reached` are counted (what a snapshot shows). */
	while ((ev = lttv_merge_source.peek(job->merge)) != NULL && ev->time == last) {
		lttv_stats_apply(job->stats, ev);
		lttv_merge_source.advance(job->merge);
	}
	if (ev == NULL || ev->time >= job->t1) {
		lttv_stats_close(job->stats, job->t1);
		job->reached = job->t1;
		job->done = TRUE;
		return FALSE;
	}
	job->reached = ev->time;
	return TRUE;
}

gdouble lttv_window_stats_job_progress(const LttvWindowStatsJob *job)
{
	if (job->done)
		return 1.0;
	return (gdouble) (job->reached - job->t0) / (gdouble) MAX(job->t1 - job->t0, 1);
}

LttvStatsNode *lttv_window_stats_job_snapshot(const LttvWindowStatsJob *job, gboolean per_cpu, LttTime *until)
{
	if (job->stats == NULL)
		return NULL;
	if (until != NULL)
		*until = job->reached;
	return lttv_stats_snapshot(job->stats, job->reached, per_cpu);
}

LttvStats *lttv_window_stats_job_take(LttvWindowStatsJob *job)
{
	LttvStats *s;

	if (!job->done)
		return NULL;
	s = job->stats;
	job->stats = NULL;
	return s;
}

void lttv_window_stats_job_free(LttvWindowStatsJob *job)
{
	if (job == NULL)
		return;
	lttv_stats_index_window_cancel(job->pending);
	lttv_window_stats_free(job->stats);
	lttv_merge_free(job->merge);
	ltt_trace_unref(job->reader);
	lttv_precompute_unref(job->p);
	g_free(job);
}
