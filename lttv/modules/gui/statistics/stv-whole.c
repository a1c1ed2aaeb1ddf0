/* SPDX-License-Identifier: GPL-2.0-or-later */
/* SPDX-FileCopyrightText: 2026 The LTTV authors */
/* stv-whole.c: the exact figures of a whole trace, in a worker thread.
 *
 * A time window's figures are the precomputation's; the whole trace's are
 * the statistics lttv -m textDump -s prints: every event, closed at the
 * last event's time (a window [start, end + 1 ns) would count one more
 * nanosecond of every mode still open at the end).  lttv_stats_run_trace
 * reads through readers of its own, so it may run beside the main loop;
 * its result comes back through the main loop (the thread rule of
 * lttvwindow.h).  A result for a viewer or a range that has gone is
 * dropped.  A trace small enough to be read within the main loop's budget
 * is read at once: its figures are there as soon as it opens. */
#include <config.h>
#include <ltt/tracefile.h>
#include "stv.h"

/* Events read at once, in the main thread (about 15 ms of reading). */
#define STV_WHOLE_AT_ONCE_EVENTS 100000

/* Jobs whose result has not come back through the main loop yet (main
 * thread only): the module's unloading drops their pending callbacks. */
static GPtrArray *pending;

struct _StvJob {
	LttTrace *trace;            /* a reference, for the thread */
	LttvStats *stats;
	LttvTraceState *state;
	Stv *v;                     /* NULL once the viewer no longer wants it */
	gint dropped;               /* atomic: the same, for the thread */
	guint trace_index;
};

static void job_free(StvJob *job)
{
	if (job->stats != NULL) {
		lttv_stats_free(job->stats);
		lttv_trace_state_free(job->state);
	}
	ltt_trace_unref(job->trace);
	g_free(job);
}

static gboolean job_done(gpointer data)
{
	StvJob *job = data;
	Stv *v = job->v;
	g_ptr_array_remove(pending, job);
	if (v != NULL) {
		g_ptr_array_remove(v->jobs, job);
		stv_install_whole(v, job->trace_index, job->stats, job->state);
		job->stats = NULL;
		stv_update_working(v);
	}
	job_free(job);
	return FALSE;
}

static gpointer job_run(gpointer data)
{
	StvJob *job = data;
	job->stats = lttv_stats_run_trace(job->trace, &job->state, NULL);
	/* Figures nobody wants any more are freed here: a big trace's take
	 * the main loop hundreds of ms to free. */
	if (g_atomic_int_get(&job->dropped) && job->stats != NULL) {
		lttv_stats_free(job->stats);
		lttv_trace_state_free(job->state);
		job->stats = NULL;
	}
	g_idle_add(job_done, job);
	return NULL;
}

static guint64 event_count(const LttTrace *trace)
{
	guint64 n = 0;
	for (guint i = 0; i < ltt_trace_tracefile_count(trace); i++)
		n += ltt_tracefile_event_count(ltt_trace_tracefile(trace, i));
	return n;
}

void stv_whole_start(Stv *v, guint trace_index, LttTrace *trace)
{
	if (event_count(trace) <= STV_WHOLE_AT_ONCE_EVENTS) {
		LttvTraceState *state;
		LttvStats *stats = lttv_stats_run_trace(trace, &state, NULL);
		stv_install_whole(v, trace_index, stats, state);
		return;
	}
	StvJob *job = g_new0(StvJob, 1);
	job->trace = ltt_trace_ref(trace);
	job->v = v;
	job->trace_index = trace_index;
	g_ptr_array_add(v->jobs, job);
	if (pending == NULL)
		pending = g_ptr_array_new();
	g_ptr_array_add(pending, job);
	stv_update_working(v);
	stv_thread_start("lttv-stats", job_run, job);
}

void stv_whole_cancel(Stv *v)
{
	for (guint i = 0; i < v->jobs->len; i++) {
		StvJob *job = g_ptr_array_index(v->jobs, i);
		job->v = NULL;
		g_atomic_int_set(&job->dropped, TRUE);
	}
	g_ptr_array_set_size(v->jobs, 0);
	stv_update_working(v);
}

void stv_whole_unload(void)
{
	/* The threads are joined: each job's callback is queued, never run. */
	for (guint i = 0; pending != NULL && i < pending->len; i++) {
		StvJob *job = g_ptr_array_index(pending, i);
		g_idle_remove_by_data(job);
		job_free(job);
	}
	if (pending != NULL)
		g_ptr_array_free(pending, TRUE);
	pending = NULL;
}
