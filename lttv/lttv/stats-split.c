/* SPDX-License-Identifier: LGPL-2.1-or-later */
/* SPDX-FileCopyrightText: 2026 The LTTV authors */
/* stats-split.c: the state and statistics of a whole trace on two threads,
 * the trace split in time (doc/analysis.md §3.2).
 *
 * The head reads the trace by CPU from its start with the statistics, up
 * to the split.  The tail reads it by CPU from its start too, the state
 * alone up to the split (less than half of what the statistics cost),
 * then with statistics from the split on, as an interval's (stats.h).  The
 * two are added: the frames open at the split carry their cumulative time
 * and their time not identified yet from the head to where the tail ends
 * or identifies them (stats-private.h).
 *
 * Where to split is chosen while both run: the tail's state-only reading
 * goes faster than the head, and it splits where the head's events left
 * to read (those before the tail's position) take it as long as the
 * tail's own (those after) at the speeds both have shown, so that the two
 * end together whatever the speed of each core. */
#include "config.h"
#include <pthread.h>
#include "stats-private.h"

/* lttv_stats_run_trace uses two threads from this many events: below, the
 * second thread and trace cost more than they save. */
#define SPLIT_MIN_EVENTS 1000000
/* The trace's time span is read in this many steps, between which the
 * sides look at each other's progress. */
#define SPLIT_STEPS 1024
/* What state and statistics cost per event against the state alone, read
 * by CPU: 64 against 32 ns in the tail of the 10 M-event trace
 * (doc/analysis.md §5.2). */
#define SPLIT_FULL_PER_STATE 2.0

/* What the two sides share, under lock (POSIX's, which thread checkers
 * such as helgrind understand, unlike GMutex's futexes). */
typedef struct {
	pthread_mutex_t lock;
	pthread_cond_t cond;
	LttTime split;             /* 0 until chosen */
	LttTime head_next;         /* the head reads up to here before it looks again */
	guint64 head_events;       /* events the head has read */
	LttTime limit;             /* the head waits for the split here */
	gboolean stop;             /* a side's run was void: the other stops too */
} Split;

/* One side: the head gives the statistics of the events before the
 * split, the tail those of the events from it on, and the final state. */
typedef struct {
	LttTrace *trace;
	Split *sh;
	LttTime start, step;
	LttvTraceState *ts;
	LttvStats *s;
	gboolean conflict;         /* its lanes' run was void */
} Side;

static void split_stop(Split *sh)
{
	pthread_mutex_lock(&sh->lock);
	sh->stop = TRUE;
	pthread_cond_broadcast(&sh->cond);
	pthread_mutex_unlock(&sh->lock);
}

/* The head's next bound: a step further, or the split once chosen (never
 * before what it already read: the tail splits after head_next).  FALSE
 * when the other side stopped. */
static gboolean head_bound(Split *sh, LttTime step, guint64 events, LttTime *bound, gboolean *last)
{
	gboolean go_on;

	pthread_mutex_lock(&sh->lock);
	sh->head_events = events;
	while (sh->split == 0 && !sh->stop && sh->head_next >= sh->limit)
		pthread_cond_wait(&sh->cond, &sh->lock);
	go_on = !sh->stop;
	*last = sh->split != 0;
	*bound = *last ? sh->split : (sh->head_next = MIN(sh->head_next + step, sh->limit));
	pthread_mutex_unlock(&sh->lock);
	return go_on;
}

static gpointer run_head(gpointer data)
{
	Side *h = data;
	LttvLaneReader *r;
	LttTime bound = 0;
	gboolean last = FALSE;

	h->ts = lttv_trace_state_new(h->trace);
	h->s = lttv_stats_new(h->ts, h->start);
	r = lttv_lane_reader_new(h->trace, h->ts, FALSE);
	while (!last && !h->conflict) {
		if (!head_bound(h->sh, h->step, lttv_lane_reader_events(r), &bound, &last))
			break;
		if (!lttv_lane_reader_run(r, bound)) {
			h->conflict = TRUE;
			split_stop(h->sh);
		}
	}
	lttv_lane_reader_free(r);
	if (last && !h->conflict)
		lttv_stats_close_head(h->s, bound);
	return NULL;
}

/* Whether the head, having read head of the events while the tail read
 * tail (all those before p) for the state alone, takes as long to read up
 * to p as the tail from p to the end (of total), each at the speed it has
 * shown, the tail's twice as slow with the statistics.  The two cores may
 * not run alike. */
static gboolean balanced(guint64 head, guint64 tail, guint64 total)
{
	double h = (double) head, t = (double) tail;

	return head > 0 && tail >= head && t * (t - h) >= SPLIT_FULL_PER_STATE * h * ((double) total - MIN(t, (double) total));
}

/* Whether the tail, having read events up to p (events of them), splits
 * there: the two sides are balanced, or p is the limit.  *stop: the head
 * stopped. */
static gboolean tail_splits(Split *sh, LttTime p, guint64 events, guint64 total, gboolean *stop)
{
	gboolean split;

	pthread_mutex_lock(&sh->lock);
	*stop = sh->stop;
	split = sh->split != 0
	        || (sh->head_next <= p && (p >= sh->limit || balanced(sh->head_events, events, total)));
	if (split && sh->split == 0) {
		sh->split = p;
		pthread_cond_broadcast(&sh->cond);
	}
	pthread_mutex_unlock(&sh->lock);
	return split;
}

/* Only the tail sets the split: it reads it without the lock. */
static void run_tail(Side *t, guint64 total)
{
	Split *sh = t->sh;
	LttvLaneReader *r;
	LttTime p = t->start;
	gboolean stop = FALSE;

	t->ts = lttv_trace_state_new(t->trace);
	r = lttv_lane_reader_new(t->trace, t->ts, FALSE);
	for (;;) {
		/* A split given by the caller is read up to at once. */
		p = sh->split != 0 ? sh->split : MIN(p + t->step, sh->limit);
		if (!lttv_lane_reader_run(r, p)) {
			t->conflict = TRUE;
			split_stop(sh);
			break;
		}
		if (tail_splits(sh, p, lttv_lane_reader_events(r), total, &stop) || stop)
			break;
	}
	if (!t->conflict && !stop) {
		t->s = lttv_stats_new_tail(t->ts, sh->split, t->start);
		t->conflict = !lttv_lane_reader_run(r, G_MAXUINT64);
	}
	lttv_lane_reader_free(r);
	if (t->s != NULL)
		lttv_stats_close(t->s, MAX(t->ts->time, sh->split));
}

static void side_free(Side *side)
{
	lttv_stats_free(side->s);
	if (side->ts != NULL)
		lttv_trace_state_free(side->ts);
}

/* The trace's events, from its block headers (no event is read). */
static guint64 trace_events(LttTrace *trace)
{
	guint64 events = 0;
	guint i;

	for (i = 0; i < ltt_trace_tracefile_count(trace); i++)
		events += ltt_tracefile_event_count(ltt_trace_tracefile(trace, i));
	return events;
}

/* The whole trace on one thread, read through a reader of its own. */
static LttvStats *run_whole_private(LttTrace *trace, gboolean in_order, LttvTraceState **state, gboolean *redone)
{
	LttTrace *reader = ltt_trace_new_reader(trace);
	LttvStats *s = lttv_stats_run_whole(reader, in_order, state, redone);

	ltt_trace_take_reader_warnings(trace, reader);
	/* The state holds its own reference on the reader. */
	ltt_trace_unref(reader);
	return s;
}

LttvStats *lttv_stats_run_trace_split(LttTrace *trace, LttTime split, LttvTraceState **state, gboolean *redone)
{
	LttTime start = ltt_trace_start_time(trace), end = ltt_trace_end_time(trace);
	Split sh = { .split = split, .head_next = start, .limit = start + (end - start) / 64 * 63 };
	Side head = { .sh = &sh, .start = start }, tail = { .sh = &sh, .start = start };
	gboolean in_order;
	GThread *thread;

	if (end <= start || split > end || (split != 0 && split <= start))
		return run_whole_private(trace, FALSE, state, redone);
	/* Each side reads through cursors of its own: the trace's belong to
	 * the contexts that read it. */
	head.trace = ltt_trace_new_reader(trace);
	tail.trace = ltt_trace_new_reader(trace);
	head.step = tail.step = MAX((end - start) / SPLIT_STEPS, 1);
	pthread_mutex_init(&sh.lock, NULL);
	pthread_cond_init(&sh.cond, NULL);
	thread = g_thread_new("lttv-stats-head", run_head, &head);
	run_tail(&tail, trace_events(trace));
	g_thread_join(thread);
	pthread_mutex_destroy(&sh.lock);
	pthread_cond_destroy(&sh.cond);
	/* The tail read every event up to the end: its warnings are the trace's. */
	ltt_trace_take_reader_warnings(trace, tail.trace);
	ltt_trace_unref(head.trace);
	ltt_trace_unref(tail.trace);
	/* The tail must have events from the split on (else the head's close
	 * went past the trace's last event). */
	if (!sh.stop && !tail.conflict && tail.ts->time >= sh.split && lttv_stats_join(tail.s, head.s)) {
		side_free(&head);
		if (redone != NULL)
			*redone = FALSE;
		*state = tail.ts;
		return tail.s;
	}
	/* A conflict: the whole trace in time order; else on one thread. */
	in_order = head.conflict || tail.conflict;
	side_free(&head);
	side_free(&tail);
	return run_whole_private(trace, in_order, state, redone);
}

LttvStats *lttv_stats_run_trace_threads(LttTrace *trace, guint threads, LttvTraceState **state, gboolean *redone)
{
	if (threads == 0)
		threads = g_get_num_processors();
	if (threads < 2 || trace_events(trace) < SPLIT_MIN_EVENTS)
		return run_whole_private(trace, FALSE, state, redone);
	return lttv_stats_run_trace_split(trace, 0, state, redone);
}

LttvStats *lttv_stats_run_trace(LttTrace *trace, LttvTraceState **state, gboolean *redone)
{
	return lttv_stats_run_trace_threads(trace, 0, state, redone);
}
