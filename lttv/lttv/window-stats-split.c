/* SPDX-License-Identifier: LGPL-2.1-or-later */
/* SPDX-FileCopyrightText: 2026 The LTTV authors */
/* window-stats-split.c: a wide window's statistics on two threads, split
 * in time at a checkpoint, as a whole trace's are (doc/analysis.md §3.2,
 * §6.3): the head counts [t0, split) from the state at t0, the tail
 * [split, t1) from the state at the split, and the join carries what the
 * frames open at the split hold.  The same as one pass over the window,
 * in about half the time on two processors. */
#include "config.h"
#include "window-stats-split.h"
#include "precompute-private.h"
#include "stats-private.h"

/* Checkpoint intervals the window must span before a split pays for the
 * thread and the second restore. */
#define SPLIT_MIN_INTERVALS 4

typedef struct {
	LttvStats *s;
	LttvMerge *merge;
	LttTime until;
} Half;

static void count_until(Half *h)
{
	const LttEvent *ev;

	while ((ev = lttv_merge_source.peek(h->merge)) != NULL && ev->time < h->until) {
		lttv_stats_apply(h->s, ev);
		lttv_merge_source.advance(h->merge);
	}
}

static gpointer tail_thread(gpointer data)
{
	Half *tail = data;

	count_until(tail);
	lttv_stats_close(tail->s, tail->until);
	return NULL;
}

gboolean lttv_window_stats_split_at(const LttvCompactCheckpoints *cps, LttTime t0, LttTime t1, LttTime *split)
{
	guint first, inside, last;

	if (g_get_num_processors() < 2 || t1 <= t0)
		return FALSE;
	inside = lttv_compact_checkpoints_between(cps, t0, t1, &first);
	if (inside < SPLIT_MIN_INTERVALS)
		return FALSE;
	last = first + inside - 1;
	/* Just after the checkpoint's last event: restoring it replays at
	 * most the events tied with that one. */
	*split = lttv_compact_checkpoints_get(cps, first + (last - first + 1) / 2)->time + 1;
	return *split > t0 && *split < t1;
}

LttvStats *lttv_window_stats_split(const LttvCompactCheckpoints *cps, LttTrace *trace, LttvMerge *merge, LttTime t0,
                                   LttTime split, LttTime t1, GError **error)
{
	LttTrace *reader = ltt_trace_new_reader(trace);
	Half head = { NULL, merge, split }, tail = { NULL, lttv_merge_new(reader), t1 };
	LttvTraceState *head_ts, *tail_ts = NULL;
	LttvStats *result = NULL;
	guint64 head_repairs, tail_from;
	GThread *thread;

	/* Both states are restored here, one after the other: restoring
	 * references the trace, which only one thread may do at a time. */
	head_ts = lttv_compact_checkpoints_state_at(cps, t0, &lttv_merge_source, merge, error);
	if (head_ts != NULL)
		tail_ts = lttv_compact_checkpoints_state_at(cps, split, &lttv_merge_source, tail.merge, error);
	if (tail_ts == NULL) {
		if (head_ts != NULL)
			lttv_trace_state_free(head_ts);
		goto out;
	}
	head.s = lttv_stats_new(head_ts, t0);
	tail.s = lttv_stats_new_tail(tail_ts, split, t0);
	thread = g_thread_new("window-stats", tail_thread, &tail);
	count_until(&head);
	lttv_stats_close_head(head.s, split);
	g_thread_join(thread);

	/* Repairs (switches the tracer missed) are counted by each state from
	 * its restore on: the window's are the head's plus the tail's. */
	head_repairs = head_ts->repairs - head.s->repairs_from;
	tail_from = tail.s->repairs_from;
	if (lttv_stats_join(tail.s, head.s)) {
		tail.s->repairs_from = tail_from - head_repairs;
		result = tail.s;
	} else {
		/* Not expected on a window read in time order; one pass then. */
		lttv_window_stats_free(tail.s);
		lttv_window_stats_free(head.s);
		head.s = NULL;
		head_ts = lttv_compact_checkpoints_state_at(cps, t0, &lttv_merge_source, merge, error);
		if (head_ts != NULL)
			result = lttv_window_stats_from_state(head_ts, &lttv_merge_source, merge, t0, t1);
	}
	if (head.s != NULL)
		lttv_window_stats_free(head.s);
out:
	lttv_merge_free(tail.merge);
	ltt_trace_take_reader_warnings(trace, reader);
	ltt_trace_unref(reader);
	return result;
}
