/* SPDX-License-Identifier: GPL-2.0-or-later */
/* SPDX-FileCopyrightText: 2026 The LTTV authors */
/* stv-compute.c: the figures of each trace.
 *
 * They come from the trace's precomputation service, shared by every tab
 * and viewer: the viewer asks the trace's background scheduler to tell it
 * when the pass reaches the end of the range, and meanwhile shows the
 * figures of what the pass has covered, refreshed a few times a second,
 * so the tree fills in while the trace is read.  Once the pass is over, a
 * time window's figures come from a job of the service, stepped a few
 * milliseconds per main-loop turn (a wide window replays seconds of
 * events; the index gives the widest in one step). */
#include <config.h>
#include <ltt/trace.h>
#include <lttv/window-stats.h>
#include "stv.h"

/* How often the partial figures are refreshed while the pass runs. */
#define STV_REFRESH_MS 300
/* A partial computation slower than this stops the refreshes: the
 * figures then come once, at the end (the window never freezes). */
#define STV_REFRESH_BUDGET_USEC 40000
/* The work of a job in one main-loop turn. */
#define STV_JOB_STEP_USEC 8000

/* Figures freed by a thread of their own: a whole trace's node tree and
 * statistics take the main loop hundreds of milliseconds to free (380 ms
 * on the 10 M-event trace).  The node tree shares nothing; a whole
 * trace's statistics and state are the thread's of stv-whole.c, which
 * frees them there too.  A window's statistics share their event table
 * with the service's checkpoints, so they are freed on the main thread. */
typedef struct {
	LttvStatsNode *tree;
	LttvStats *stats;
	LttvTraceState *state;
} Leftovers;

static gpointer free_leftovers(gpointer data)
{
	Leftovers *l = data;
	if (l->tree != NULL)
		lttv_stats_node_free(l->tree);
	if (l->state != NULL) {
		lttv_stats_free(l->stats);
		lttv_trace_state_free(l->state);
	}
	g_free(l);
	return NULL;
}

static void forget_figures(StvTrace *t)
{
	lttv_window_stats_job_free(t->job);
	t->job = NULL;
	if (t->stats != NULL && t->state == NULL)
		lttv_window_stats_free(t->stats);
	if (t->tree != NULL || t->state != NULL) {
		Leftovers *l = g_new(Leftovers, 1);
		*l = (Leftovers) { t->tree, t->state != NULL ? t->stats : NULL, t->state };
		stv_thread_start("lttv-stats-free", free_leftovers, l);
	}
	t->state = NULL;
	t->tree = NULL;
	t->stats = NULL;
	t->complete = FALSE;
}

/* Trace t's figures become stats (with state: a whole trace's, NULL: a
 * window's), covering [start, until). */
static void install_figures(Stv *v, StvTrace *t, LttvStats *stats, LttvTraceState *state, gboolean complete,
                            LttTime until)
{
	forget_figures(t);
	t->stats = stats;
	t->state = state;
	/* Down to the processes: the rest is built as rows open (stv-tree.c),
	 * from stats, which lives as long as the tree. */
	t->tree = lttv_stats_tree_to(stats, gtk_toggle_button_get_active(GTK_TOGGLE_BUTTON(v->per_cpu)),
	                             LTTV_STATS_PROCESS);
	t->complete = complete;
	t->until = until;
}

static void stop_sources(Stv *v)
{
	if (v->refresh_source != 0)
		g_source_remove(v->refresh_source);
	v->refresh_source = 0;
	if (v->job_source != 0)
		g_source_remove(v->job_source);
	v->job_source = 0;
	stv_update_working(v);
}

void stv_update_working(Stv *v)
{
	gboolean working = v->job_source != 0 || v->jobs->len > 0;
	/* Only changes: a viewer being destroyed says "done" once at most. */
	if (working != v->working)
		lttvwindow_viewer_working(v->tab, v->top, working);
	v->working = working;
}

void stv_forget_traces(Stv *v)
{
	stv_whole_cancel(v);
	stop_sources(v);
	for (guint i = 0; i < v->traces->len; i++) {
		StvTrace *t = &g_array_index(v->traces, StvTrace, i);
		forget_figures(t);
		lttv_precompute_unref(t->pc);
	}
	g_array_set_size(v->traces, 0);
}

static gboolean on_job_step(gpointer data);

/* Computes trace t's figures for [start, end) or, while the pass has not
 * reached end, for the part it covers.  FALSE when nothing new came. */
static gboolean compute(Stv *v, StvTrace *t, LttTime start, LttTime end)
{
	if (t->complete || t->job != NULL)
		return FALSE;
	LttTime ready = lttv_precompute_ready_until(t->pc);
	/* The whole trace's final figures come from stv-whole.c. */
	gboolean complete = !stv_whole_trace(v) && (lttv_precompute_done(t->pc) || ready > end);
	if (complete) {
		/* In steps (on_job_step): never one long turn. */
		t->job = lttv_precompute_window_stats_job(t->pc, start, end);
		if (v->job_source == 0) {
			v->job_source = g_idle_add_full(G_PRIORITY_DEFAULT_IDLE, on_job_step, v, NULL);
			stv_update_working(v);
		}
		return FALSE;
	}
	LttTime until = MIN(MAX(ready, start), end);
	if (v->too_slow_to_refresh || (t->stats != NULL && until == t->until))
		return FALSE;
	GError *error = NULL;
	gint64 began = g_get_monotonic_time();
	LttvStats *stats = lttv_precompute_window_stats(t->pc, start, until, &error);
	if (stats == NULL) {
		stv_set_status(v, "Cannot compute the statistics: %s", error->message);
		g_error_free(error);
		return FALSE;
	}
	if (g_get_monotonic_time() - began > STV_REFRESH_BUDGET_USEC)
		v->too_slow_to_refresh = TRUE;
	install_figures(v, t, stats, NULL, FALSE, until);
	return TRUE;
}

/* One step of every trace's job; the figures of those that end. */
static gboolean on_job_step(gpointer data)
{
	Stv *v = data;
	gboolean running = FALSE, changed = FALSE;
	LttTime start, end;
	stv_range(v, &start, &end);
	for (guint i = 0; i < v->traces->len; i++) {
		StvTrace *t = &g_array_index(v->traces, StvTrace, i);
		if (t->job == NULL)
			continue;
		GError *error = NULL;
		if (lttv_window_stats_job_step(t->job, STV_JOB_STEP_USEC, &error)) {
			running = TRUE;
			continue;
		}
		LttvStats *stats = lttv_window_stats_job_take(t->job);
		if (stats == NULL) {
			forget_figures(t);
			stv_set_status(v, "Cannot compute the statistics: %s",
			               error != NULL ? error->message : "the trace cannot be read");
			g_clear_error(&error);
			continue;
		}
		install_figures(v, t, stats, NULL, TRUE, end);
		changed = TRUE;
	}
	if (changed)
		stv_tree_fill(v);
	if (!running) {
		v->job_source = 0;
		stv_update_working(v);
	}
	stv_say_progress(v);
	return running;
}

void stv_say_progress(Stv *v)
{
	if (v->traces->len == 0) {
		stv_set_status(v, "No trace in this tab: File > Open Trace");
		return;
	}
	LttTime start, end;
	stv_range(v, &start, &end);
	char a[LTT_TIME_STRING_SIZE], b[LTT_TIME_STRING_SIZE];
	LttTime first, last;
	lttvwindow_get_time_span(v->tab, &first, &last);
	ltt_time_format(start - first, a);
	/* A time window [start, end) is shown, as the time bar shows it, by
	 * the last nanosecond it includes; the whole trace ends at its last
	 * event (stv_range). */
	ltt_time_format((stv_whole_trace(v) ? end : end - 1) - first, b);
	gboolean all = TRUE;
	LttTime least = end;
	gdouble counted = 1.0;
	for (guint i = 0; i < v->traces->len; i++) {
		StvTrace *t = &g_array_index(v->traces, StvTrace, i);
		all = all && t->complete;
		least = MIN(least, t->stats != NULL ? t->until : start);
		if (t->job != NULL)
			counted = MIN(counted, lttv_window_stats_job_progress(t->job));
	}
	const char *what = stv_whole_trace(v) ? "Whole trace" : "Time window";
	stv_update_damage(v);
	/* The core's statistics count every event: say so when the tab filters. */
	const char *unfiltered = lttvwindow_get_filter(v->tab) != NULL ? " (every event: the tab's filter "
	                         "does not apply to statistics)" : "";
	if (all) {
		stv_set_status(v, "%s, %s s to %s s%s", what, a, b, unfiltered);
	} else if (v->job_source != 0) {
		stv_set_status(v, "%s, %s s to %s s: computing, %.0f %% counted%s", what, a, b, counted * 100,
		               unfiltered);
	} else {
		char c[LTT_TIME_STRING_SIZE];
		ltt_time_format(least - first, c);
		stv_set_status(v, "%s, %s s to %s s: computing, the figures cover up to %s s so far%s", what,
		               a, b, c, unfiltered);
	}
}

/* Brings every trace's figures up to date; TRUE while some are partial. */
static gboolean refresh(Stv *v)
{
	LttTime start, end;
	gboolean changed = FALSE, partial = FALSE;
	stv_range(v, &start, &end);
	for (guint i = 0; i < v->traces->len; i++) {
		StvTrace *t = &g_array_index(v->traces, StvTrace, i);
		changed |= compute(v, t, start, end);
		partial |= !t->complete;
	}
	if (changed)
		stv_tree_fill(v);
	stv_say_progress(v);
	return partial;
}

static gboolean on_refresh_timer(gpointer data)
{
	Stv *v = data;
	if (refresh(v))
		return TRUE;
	v->refresh_source = 0;
	return FALSE;
}

static gboolean on_trace_ready(void *hook_data, void *call_data)
{
	refresh(hook_data);
	return FALSE;
}

void stv_recompute(Stv *v)
{
	LttTime start, end;
	stv_range(v, &start, &end);
	stv_tree_clear(v);
	stv_whole_cancel(v);
	v->too_slow_to_refresh = FALSE;
	for (guint i = 0; i < v->traces->len; i++) {
		StvTrace *t = &g_array_index(v->traces, StvTrace, i);
		forget_figures(t);
		if (stv_whole_trace(v))
			stv_whole_start(v, i, lttv_trace_ltt(lttv_precompute_trace(t->pc)));
		/* Starts the trace's pass if nobody did; tells when it reaches the
		 * end.  Not asked when the pass is there already: the refresh
		 * below takes the figures. */
		if (!lttv_precompute_done(t->pc) && lttv_precompute_ready_until(t->pc) <= end)
			lttvwindow_background_request(v->tab, v->top, i, end, on_trace_ready, v);
	}
	if (refresh(v) && v->refresh_source == 0)
		v->refresh_source = g_timeout_add(STV_REFRESH_MS, on_refresh_timer, v);
}

void stv_install_whole(Stv *v, guint i, LttvStats *stats, LttvTraceState *state)
{
	LttTime start, end;
	stv_range(v, &start, &end);
	install_figures(v, &g_array_index(v->traces, StvTrace, i), stats, state, TRUE, end);
	stv_tree_fill(v);
	stv_say_progress(v);
}

void stv_take_traces(Stv *v)
{
	LttvTraceset *ts = lttvwindow_get_traceset(v->tab);
	stv_forget_traces(v);
	/* Other traces: the rows' paths (by trace index) mean others now. */
	g_hash_table_remove_all(v->expanded);
	g_hash_table_remove_all(v->open_rows);
	v->opened = FALSE;
	for (guint i = 0; i < lttv_traceset_number(ts); i++) {
		StvTrace t = { 0 };
		t.pc = lttv_precompute_get(lttv_traceset_get(ts, i));
		g_array_append_val(v->traces, t);
	}
	stv_recompute(v);
}
