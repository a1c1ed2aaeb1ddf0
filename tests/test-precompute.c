/* SPDX-License-Identifier: GPL-2.0-or-later */
/* SPDX-FileCopyrightText: 2026 The LTTV authors */
/* test-precompute.c: the precomputation service of a trace: one per trace,
 * shared; incremental (progress, ready-until, results usable while it
 * runs); notifications at a time, a count and the end; cancel; the pass's
 * event hooks; statistics of any window equal to a pass over that window;
 * the cache file: reused when valid, detected and rebuilt when damaged,
 * truncated or stale, under $XDG_CACHE_HOME when the trace's folder is
 * read-only. */
#include "config.h"
#include <fcntl.h>
#include <string.h>
#include <unistd.h>
#include <utime.h>
#include <glib/gstdio.h>
#include <lttv/precompute.h>
#include <lttv/window-stats.h>
#include "analysis-merge.h"
#include "analysis-util.h"

static char *tmpdir;
static char *trace_path;

static LttvTrace *open_trace(void)
{
	GError *error = NULL;
	LttvTrace *t = lttv_trace_open(trace_path, &error);

	g_assert_no_error(error);
	return t;
}

static void test_shared(void)
{
	LttvTrace *t = open_trace(), *again = open_trace();
	LttvPrecompute *p = lttv_precompute_get(t), *q = lttv_precompute_get(again);

	/* Opening the path again gives the same trace, hence the same service. */
	g_assert_true(t == again);
	g_assert_true(p == q);
	g_assert_true(lttv_precompute_trace(p) == t);
	lttv_precompute_unref(q);
	lttv_trace_unref(again);
	/* The service holds the trace. */
	lttv_trace_unref(t);
	g_assert_cmpuint(lttv_trace_ref_count(lttv_precompute_trace(p)), ==, 1);
	lttv_precompute_unref(p);
}

typedef struct {
	LttvPrecompute *p;
	LttTime t;
	guint calls;
	gboolean reached;        /* what the service said when it called */
} NoteRecord;

static gboolean on_time(void *hook_data, void *call_data)
{
	NoteRecord *r = hook_data;

	g_assert_true(call_data == r->p);
	r->calls++;
	r->reached = lttv_precompute_done(r->p) || lttv_precompute_ready_until(r->p) > r->t;
	return FALSE;
}

static gboolean on_count(void *hook_data, void *call_data)
{
	NoteRecord *r = hook_data;

	r->calls++;
	r->reached = lttv_precompute_events_done(call_data) >= r->t;
	return FALSE;
}

static gboolean on_end(void *hook_data, void *call_data)
{
	NoteRecord *r = hook_data;

	r->calls++;
	r->reached = lttv_precompute_done(call_data);
	return FALSE;
}

typedef struct {
	guint64 events;
	LttTime last;
	gboolean ordered;
} HookRecord;

static gboolean on_event(void *hook_data, void *call_data)
{
	HookRecord *r = hook_data;
	const LttEvent *ev = call_data;

	r->ordered = r->ordered && ltt_event_time(ev) >= r->last;
	r->last = ltt_event_time(ev);
	r->events++;
	return FALSE;
}

static guint query_all(const LttvIntervalStore *store, LttvIntervalEntity e, LttTime t1, LttvIntervalItem *out, guint max)
{
	return lttv_intervals_query(store, e, 0, t1, 1, out, max);
}

/* Steps of a small budget: progress and ready-until grow, results already
 * given do not change, notifications come once each, when due. */
static void test_incremental(void)
{
	LttvTrace *t = open_trace();
	LttvPrecompute *p = lttv_precompute_get(t);
	LttTrace *trace = lttv_trace_ltt(t);
	LttTime start = ltt_trace_start_time(trace), end = ltt_trace_end_time(trace);
	NoteRecord at_mid = { p, start + (end - start) / 2, 0, FALSE }, at_count = { p, 7000, 0, FALSE };
	NoteRecord at_end = { p, LTT_TIME_INFINITE, 0, FALSE }, removed = { p, start + 1, 0, FALSE };
	HookRecord hooked = { 0, 0, TRUE };
	gdouble progress = 0;
	LttTime ready = 0, early_t1 = 0;
	LttvIntervalItem *early = g_new(LttvIntervalItem, 1 << 16), *late = g_new(LttvIntervalItem, 1 << 16);
	guint n_early = 0, steps = 0;
	GError *error = NULL;
	guint id;

	lttv_precompute_set_cache(p, FALSE);
	g_assert_cmpfloat(lttv_precompute_progress(p), ==, 0.0);
	lttv_precompute_add_event_hook(p, on_event, &hooked);
	g_assert_cmpuint(lttv_precompute_notify_at_time(p, at_mid.t, on_time, &at_mid), >, 0);
	g_assert_cmpuint(lttv_precompute_notify_at_count(p, at_count.t, on_count, &at_count), >, 0);
	g_assert_cmpuint(lttv_precompute_notify_at_time(p, LTT_TIME_INFINITE, on_end, &at_end), >, 0);
	id = lttv_precompute_notify_at_time(p, removed.t, on_time, &removed);
	lttv_precompute_notify_remove(p, id);
	while (lttv_precompute_step(p, 0, &error)) {
		const LttvIntervalStore *store = lttv_precompute_intervals(p);

		steps++;
		g_assert_cmpfloat(lttv_precompute_progress(p), >, progress);
		g_assert_cmpfloat(lttv_precompute_progress(p), <, 1.0);
		g_assert_cmpuint(lttv_precompute_ready_until(p), >=, ready);
		g_assert_cmpuint(lttv_intervals_ready_until(store), ==, lttv_precompute_ready_until(p));
		progress = lttv_precompute_progress(p);
		ready = lttv_precompute_ready_until(p);
		g_assert_false(lttv_precompute_done(p));
		g_assert_cmpuint(at_mid.calls, ==, ready > at_mid.t ? 1 : 0);
		g_assert_cmpuint(at_count.calls, ==, lttv_precompute_events_done(p) >= at_count.t ? 1 : 0);
		g_assert_cmpuint(at_end.calls, ==, 0);
		g_assert_cmpuint(hooked.events, ==, lttv_precompute_events_done(p));
		/* What the first CPU did up to a third of the trace, while it runs. */
		if (n_early == 0 && ready > start + (end - start) / 3) {
			early_t1 = ready;
			n_early = query_all(store, lttv_intervals_find_cpu(store, 0), early_t1, early, 1 << 16);
			g_assert_cmpuint(n_early, >, 10);
		}
	}
	g_assert_no_error(error);
	g_assert_cmpuint(steps, >, 10);
	g_assert_true(lttv_precompute_done(p));
	g_assert_cmpfloat(lttv_precompute_progress(p), ==, 1.0);
	g_assert_cmpuint(lttv_precompute_ready_until(p), ==, LTT_TIME_INFINITE);
	g_assert_cmpuint(at_mid.calls, ==, 1);
	g_assert_true(at_mid.reached);
	g_assert_cmpuint(at_count.calls, ==, 1);
	g_assert_true(at_count.reached);
	g_assert_cmpuint(at_end.calls, ==, 1);
	g_assert_true(at_end.reached);
	g_assert_cmpuint(removed.calls, ==, 0);
	g_assert_true(hooked.ordered);
	g_assert_cmpuint(hooked.events, ==, lttv_precompute_events_done(p));
	/* The items given early are the final ones, but the last, which may have
	 * grown. */
	{
		const LttvIntervalStore *store = lttv_precompute_intervals(p);
		guint n_late = query_all(store, lttv_intervals_find_cpu(store, 0), early_t1, late, 1 << 16), k;

		g_assert_cmpuint(n_late, ==, n_early);
		for (k = 0; k < n_early; k++) {
			g_assert_cmpuint(early[k].start, ==, late[k].start);
			g_assert_cmpint(early[k].status, ==, late[k].status);
			g_assert_cmpint(early[k].pid, ==, late[k].pid);
			if (k + 1 < n_early)
				g_assert_cmpuint(early[k].end, ==, late[k].end);
		}
	}
	/* Done: a notification is called at once. */
	at_end.calls = 0;
	g_assert_cmpuint(lttv_precompute_notify_at_time(p, start, on_end, &at_end), ==, 0);
	g_assert_cmpuint(at_end.calls, ==, 1);
	g_assert_false(lttv_precompute_step(p, 1000, &error));
	g_assert_no_error(error);
	g_free(early);
	g_free(late);
	lttv_precompute_unref(p);
	lttv_trace_unref(t);
}

static void test_cancel(void)
{
	LttvTrace *t = open_trace();
	LttvPrecompute *p = lttv_precompute_get(t);
	NoteRecord at_end = { p, LTT_TIME_INFINITE, 0, FALSE };
	GError *error = NULL;
	LttTime ready;

	lttv_precompute_set_cache(p, FALSE);
	lttv_precompute_notify_at_time(p, LTT_TIME_INFINITE, on_end, &at_end);
	g_assert_true(lttv_precompute_step(p, 0, &error));
	ready = lttv_precompute_ready_until(p);
	lttv_precompute_cancel(p);
	g_assert_true(lttv_precompute_cancelled(p));
	g_assert_false(lttv_precompute_step(p, 1000, &error));
	g_assert_no_error(error);
	g_assert_false(lttv_precompute_done(p));
	g_assert_cmpuint(lttv_precompute_ready_until(p), ==, ready);
	g_assert_cmpuint(at_end.calls, ==, 0);
	lttv_precompute_unref(p);
	lttv_trace_unref(t);
}

/* Statistics of [t0, t1) by a pass from the start: the state alone up to
 * t0, statistics from there, closed at t1. */
static LttvStats *window_by_pass(LttTrace *trace, LttTime t0, LttTime t1)
{
	AnalysisMerge *m = analysis_merge_new(trace);
	LttvTraceState *ts = lttv_trace_state_new(trace);
	LttvStats *s;
	const LttEvent *ev;

	while ((ev = analysis_merge_source.peek(m)) != NULL && ltt_event_time(ev) < t0) {
		lttv_trace_state_apply(ts, ev);
		analysis_merge_source.advance(m);
	}
	s = lttv_stats_new(ts, t0);
	while ((ev = analysis_merge_source.peek(m)) != NULL && ltt_event_time(ev) < t1) {
		lttv_stats_apply(s, ev);
		analysis_merge_source.advance(m);
	}
	lttv_stats_close(s, t1);
	analysis_merge_free(m);
	return s;
}

static void assert_window(LttvPrecompute *p, LttTime t0, LttTime t1)
{
	LttTrace *trace = lttv_trace_ltt(lttv_precompute_trace(p));
	GError *error = NULL;
	LttvStats *fast = lttv_precompute_window_stats(p, t0, t1, &error), *slow = window_by_pass(trace, t0, t1);
	gboolean per_cpu;

	g_assert_no_error(error);
	for (per_cpu = FALSE; per_cpu <= TRUE; per_cpu++) {
		LttvStatsNode *a = lttv_stats_tree(fast, per_cpu), *b = lttv_stats_tree(slow, per_cpu);

		analysis_assert_tree_equal(a, b);
		lttv_stats_node_free(a);
		lttv_stats_node_free(b);
	}
	lttv_window_stats_free(fast);
	lttv_window_stats_free(slow);
}

static void test_window_stats(void)
{
	LttvTrace *t = open_trace();
	LttvPrecompute *p = lttv_precompute_get(t);
	LttTrace *trace = lttv_trace_ltt(t);
	LttTime start = ltt_trace_start_time(trace), end = ltt_trace_end_time(trace);
	GRand *rand = g_rand_new_with_seed(3);
	GError *error = NULL;
	guint i;

	lttv_precompute_set_cache(p, FALSE);
	lttv_precompute_set_checkpoint_interval(p, 1000);
	/* While the pass runs, windows beyond what it reached are exact too. */
	for (i = 0; i < 20; i++)
		g_assert_true(lttv_precompute_step(p, 0, &error));
	assert_window(p, start + (end - start) / 4, start + (end - start) * 3 / 4);
	while (lttv_precompute_step(p, 1000, &error))
		;
	g_assert_no_error(error);
	assert_window(p, start, end + 1);
	assert_window(p, start, start);
	assert_window(p, end, end + 1000);
	for (i = 0; i < 12; i++) {
		LttTime a = start + (LttTime) (g_rand_double(rand) * (double) (end - start));
		LttTime b = a + (LttTime) (g_rand_double(rand) * (double) (end - a));

		assert_window(p, a, b);
	}
	g_rand_free(rand);
	lttv_precompute_unref(p);
	lttv_trace_unref(t);
}

/* In steps: a wide window takes many, and gives what one call gives. */
static void test_window_stats_job(void)
{
	LttvTrace *t = open_trace();
	LttvPrecompute *p = lttv_precompute_get(t);
	LttTrace *trace = lttv_trace_ltt(t);
	LttTime start = ltt_trace_start_time(trace), end = ltt_trace_end_time(trace);
	LttTime t0 = start + (end - start) / 5, t1 = end - (end - start) / 7;
	GError *error = NULL;
	LttvWindowStatsJob *job;
	LttvStats *fast, *slow;
	LttvStatsNode *a, *b;
	gdouble progress = 0;
	guint steps = 0;

	lttv_precompute_set_cache(p, FALSE);
	lttv_precompute_set_checkpoint_interval(p, 1000);
	while (lttv_precompute_step(p, 1000, &error))
		;
	g_assert_no_error(error);
	job = lttv_precompute_window_stats_job(p, t0, t1);
	/* The job holds the service. */
	lttv_precompute_unref(p);
	while (lttv_window_stats_job_step(job, 0, &error)) {
		g_assert_null(lttv_window_stats_job_take(job));
		g_assert_cmpfloat(lttv_window_stats_job_progress(job), >=, progress);
		g_assert_cmpfloat(lttv_window_stats_job_progress(job), <, 1.0);
		progress = lttv_window_stats_job_progress(job);
		steps++;
	}
	g_assert_no_error(error);
	g_assert_cmpuint(steps, >, 10);
	g_assert_cmpfloat(lttv_window_stats_job_progress(job), ==, 1.0);
	fast = lttv_window_stats_job_take(job);
	g_assert_nonnull(fast);
	g_assert_null(lttv_window_stats_job_take(job));
	lttv_window_stats_job_free(job);
	slow = window_by_pass(trace, t0, t1);
	a = lttv_stats_tree(fast, TRUE);
	b = lttv_stats_tree(slow, TRUE);
	analysis_assert_tree_equal(a, b);
	lttv_stats_node_free(a);
	lttv_stats_node_free(b);
	lttv_window_stats_free(fast);
	lttv_window_stats_free(slow);
	/* A job dropped half way frees what it holds. */
	p = lttv_precompute_get(t);
	job = lttv_precompute_window_stats_job(p, t0, t1);
	g_assert_true(lttv_window_stats_job_step(job, 0, &error));
	lttv_window_stats_job_free(job);
	lttv_precompute_unref(p);
	lttv_trace_unref(t);
}

/* From a context's checkpoints (checkpoint.h) too. */
static void test_window_stats_checkpoints(void)
{
	GError *error = NULL;
	LttTrace *trace = ltt_trace_open(trace_path, &error);
	AnalysisMerge *m = analysis_merge_new(trace);
	LttvCheckpoints *cps = lttv_checkpoints_build(trace, 2000, &analysis_merge_source, m, &error);
	LttTime start = ltt_trace_start_time(trace), end = ltt_trace_end_time(trace);
	guint i;

	g_assert_no_error(error);
	for (i = 0; i < 4; i++) {
		LttTime t0 = start + (end - start) / 5 * i, t1 = t0 + (end - start) / 7;
		LttvStats *fast = lttv_window_stats_compute(cps, &analysis_merge_source, m, t0, t1, &error);
		LttvStats *slow = window_by_pass(trace, t0, t1);
		LttvStatsNode *a, *b;

		g_assert_no_error(error);
		a = lttv_stats_tree(fast, TRUE);
		b = lttv_stats_tree(slow, TRUE);
		analysis_assert_tree_equal(a, b);
		lttv_stats_node_free(a);
		lttv_stats_node_free(b);
		lttv_window_stats_free(fast);
		lttv_window_stats_free(slow);
	}
	lttv_checkpoints_free(cps);
	analysis_merge_free(m);
	ltt_trace_unref(trace);
}

/* A service run to its end (cache written when it is used); its warning
 * goes to *warning (NULL: none). */
static LttvPrecompute *run_service(LttvTrace *t, char **warning)
{
	LttvPrecompute *p = lttv_precompute_get(t);
	GError *error = NULL;

	while (lttv_precompute_step(p, 10000, &error))
		;
	g_assert_no_error(error);
	g_assert_true(lttv_precompute_done(p));
	/* The results are usable while a thread writes the cache. */
	lttv_precompute_finish_cache(p);
	g_assert_false(lttv_precompute_writing_cache(p));
	/* The window statistics' file is read or written by their thread,
	 * which reports a file it found unusable: waited for, so that every
	 * service leaves that file written (test-window-stats tests it). */
	g_assert_true(lttv_precompute_index_wait(p, G_MAXUINT64));
	*warning = lttv_precompute_take_cache_warning(p);
	/* Reported once. */
	g_assert_null(lttv_precompute_take_cache_warning(p));
	return p;
}

/* What a service computed, kept after it is gone: every entity's info and
 * full-resolution items, and its event count. */
typedef struct {
	guint64 events;
	GArray *infos;           /* LttvEntityInfo */
	GPtrArray *items;        /* GArray of LttvIntervalItem, by entity */
	GPtrArray *coarse;       /* the same at COARSE_SLOTS items over the trace: chunk summaries */
} Snapshot;

/* Slots over the whole trace in the coarse query: a busy entity's slot then
 * spans whole chunks of 128 changes, which it reads from their summaries. */
#define COARSE_SLOTS 20

static guint query_coarse(const LttvIntervalStore *store, LttvIntervalEntity e, LttvIntervalItem *out, guint max)
{
	const LttvEntityInfo *info = lttv_intervals_entity(store, e);
	LttTime end = MIN(info->last, lttv_intervals_ready_until(store));

	return lttv_intervals_query(store, e, info->first, end, MAX((end - info->first) / COARSE_SLOTS, 1), out, max);
}

static void snapshot_take(Snapshot *snap, LttvPrecompute *p)
{
	const LttvIntervalStore *x = lttv_precompute_intervals(p);
	LttvIntervalItem *buf = g_new(LttvIntervalItem, 1 << 16);
	guint e;

	snap->events = lttv_precompute_events_done(p);
	snap->infos = g_array_new(FALSE, FALSE, sizeof(LttvEntityInfo));
	snap->items = g_ptr_array_new_with_free_func((GDestroyNotify) g_array_unref);
	snap->coarse = g_ptr_array_new_with_free_func((GDestroyNotify) g_array_unref);
	for (e = 0; e < lttv_intervals_entity_count(x); e++) {
		guint n = lttv_intervals_query(x, e, 0, LTT_TIME_INFINITE, 1, buf, 1 << 16);
		GArray *items = g_array_sized_new(FALSE, FALSE, sizeof(LttvIntervalItem), n);

		g_assert_cmpuint(n, <, 1 << 16);
		g_array_append_vals(items, buf, n);
		g_array_append_val(snap->infos, *lttv_intervals_entity(x, e));
		g_ptr_array_add(snap->items, items);
		n = query_coarse(x, e, buf, 1 << 16);
		items = g_array_sized_new(FALSE, FALSE, sizeof(LttvIntervalItem), n);
		g_array_append_vals(items, buf, n);
		g_ptr_array_add(snap->coarse, items);
	}
	g_free(buf);
}

static void snapshot_clear(Snapshot *snap)
{
	g_array_unref(snap->infos);
	g_ptr_array_unref(snap->items);
	g_ptr_array_unref(snap->coarse);
}

static void assert_same_items(const GArray *ix, const LttvIntervalItem *iy, guint n)
{
	guint k;

	g_assert_cmpuint(n, ==, ix->len);
	for (k = 0; k < n; k++) {
		const LttvIntervalItem *a_item = &g_array_index(ix, LttvIntervalItem, k);

		g_assert_cmpuint(a_item->start, ==, iy[k].start);
		g_assert_cmpuint(a_item->end, ==, iy[k].end);
		g_assert_cmpint(a_item->status, ==, iy[k].status);
		g_assert_cmpint(a_item->mode, ==, iy[k].mode);
		g_assert_cmpint(a_item->submode, ==, iy[k].submode);
		g_assert_cmpint(a_item->pid, ==, iy[k].pid);
		g_assert_cmpint(a_item->mixed, ==, iy[k].mixed);
	}
}

static void assert_same_intervals(const Snapshot *snap, LttvPrecompute *p)
{
	const LttvIntervalStore *y = lttv_precompute_intervals(p);
	LttvIntervalItem *iy = g_new(LttvIntervalItem, 1 << 16);
	guint e;

	g_assert_cmpuint(lttv_precompute_events_done(p), ==, snap->events);
	g_assert_cmpuint(snap->infos->len, ==, lttv_intervals_entity_count(y));
	for (e = 0; e < snap->infos->len; e++) {
		const LttvEntityInfo *a_info = &g_array_index(snap->infos, LttvEntityInfo, e);
		const LttvEntityInfo *b_info = lttv_intervals_entity(y, e);
		const GArray *ix = g_ptr_array_index(snap->items, e);
		guint n = lttv_intervals_query(y, e, 0, LTT_TIME_INFINITE, 1, iy, 1 << 16);

		g_assert_cmpint(a_info->kind, ==, b_info->kind);
		g_assert_cmpint(a_info->id, ==, b_info->id);
		g_assert_cmpint(a_info->tgid, ==, b_info->tgid);
		g_assert_cmpstr(a_info->name, ==, b_info->name);
		g_assert_cmpuint(a_info->birth, ==, b_info->birth);
		g_assert_cmpuint(a_info->first, ==, b_info->first);
		g_assert_cmpuint(a_info->last, ==, b_info->last);
		assert_same_items(ix, iy, n);
		assert_same_items(g_ptr_array_index(snap->coarse, e), iy, query_coarse(y, e, iy, 1 << 16));
	}
	g_free(iy);
}

/* The results of a pass without the cache, kept; the service is gone
 * afterwards, so the next one starts afresh. */
static void take_reference(Snapshot *snap)
{
	LttvTrace *t = open_trace();
	LttvPrecompute *p = lttv_precompute_get(t);
	GError *error = NULL;

	lttv_precompute_set_cache(p, FALSE);
	while (lttv_precompute_step(p, 10000, &error))
		;
	g_assert_no_error(error);
	snapshot_take(snap, p);
	lttv_precompute_unref(p);
	lttv_trace_unref(t);
}

static char *cache_beside(void)
{
	return g_build_filename(trace_path, ".lttv-precompute-cache", NULL);
}

/* A fresh service over the trace, from the cache or not as expected, with
 * the results of the pass; the warning it gave, if any. */
static char *reopen_and_compare(const Snapshot *reference, gboolean expect_cached)
{
	LttvTrace *t = open_trace();
	char *warning;
	LttvPrecompute *p = run_service(t, &warning);
	LttTrace *trace = lttv_trace_ltt(t);
	LttTime start = ltt_trace_start_time(trace), end = ltt_trace_end_time(trace);

	g_assert_cmpint(lttv_precompute_from_cache(p), ==, expect_cached);
	/* Too late for the setters: they change nothing. */
	lttv_precompute_set_checkpoint_interval(p, 1000);
	lttv_precompute_set_cache(p, !expect_cached);
	assert_same_intervals(reference, p);
	assert_window(p, start + (end - start) / 3, start + (end - start) / 2);
	lttv_precompute_unref(p);
	lttv_trace_unref(t);
	return warning;
}

static guint64 read_u64(const gchar *data, gsize *at)
{
	guint64 v;

	memcpy(&v, data + *at, 8);
	*at += 8;
	return v;
}

/* The offset of the first chunk summary in a cache file: after the
 * header, the entities (56 bytes each; the change count last), the
 * strings, and the first summarised entity's chunks (1,536 bytes each:
 * 128 times, 128 values); an entity of n changes has (n - 2) / 128
 * summaries of 24 bytes. */
static gsize first_summary(const gchar *data)
{
	gsize at = 16, id_len, entities, e, table;

	id_len = read_u64(data, &at);
	at += (id_len + 7) / 8 * 8;
	entities = read_u64(data, &at);
	at += 16;
	table = at;
	at += entities * 56;
	at += (read_u64(data, &at) + 7) / 8 * 8;
	for (e = 0; e < entities; e++) {
		gsize field = table + e * 56 + 48;
		guint64 n = read_u64(data, &field);

		at += (n + 127) / 128 * 1536;
		if (n >= 130)
			return at;
		at += n >= 2 ? (n - 2) / 128 * 24 : 0;
	}
	g_assert_not_reached();
}

static void test_cache(void)
{
	char *path = cache_beside(), *warning, *contents;
	gsize len;
	static const gsize cuts[] = { 0, 7, 100, 4096 };
	Snapshot snap;
	guint i;

	g_unlink(path);
	take_reference(&snap);
	g_assert_false(g_file_test(path, G_FILE_TEST_EXISTS));

	/* The first service writes the cache, the next ones map it. */
	warning = reopen_and_compare(&snap, FALSE);
	g_assert_null(warning);
	g_assert_true(g_file_test(path, G_FILE_TEST_EXISTS));
	g_assert_null(reopen_and_compare(&snap, TRUE));

	/* A byte changed anywhere, a truncation: detected, reported, rebuilt. */
	g_assert_true(g_file_get_contents(path, &contents, &len, NULL));
	for (i = 0; i < 6; i++) {
		gsize at = i < 5 ? len / 5 * i + 13 : len - 1;

		contents[at] ^= 0x40;
		g_assert_true(g_file_set_contents(path, contents, (gssize) len, NULL));
		contents[at] ^= 0x40;
		warning = reopen_and_compare(&snap, FALSE);
		g_assert_nonnull(warning);
		g_assert_nonnull(strstr(warning, path));
		g_free(warning);
		g_assert_null(reopen_and_compare(&snap, TRUE));
	}
	for (i = 0; i < G_N_ELEMENTS(cuts) + 2; i++) {
		gsize cut = i < G_N_ELEMENTS(cuts) ? cuts[i] : i == G_N_ELEMENTS(cuts) ? len / 2 : len - 8;

		g_assert_true(g_file_set_contents(path, contents, (gssize) cut, NULL));
		warning = reopen_and_compare(&snap, FALSE);
		g_assert_nonnull(warning);
		g_free(warning);
		g_assert_null(reopen_and_compare(&snap, TRUE));
	}
	/* A summary that does not start at its chunk's first change, in a file
	 * whose hash is right (a writer's bug, not damage): refused too. */
	{
		gsize at = first_summary(contents);
		guint64 start, sum;

		memcpy(&start, contents + at, 8);
		start++;
		memcpy(contents + at, &start, 8);
		sum = analysis_cache_hash((const guint8 *) contents, len);
		memcpy(contents + len - 8, &sum, 8);
		g_assert_true(g_file_set_contents(path, contents, (gssize) len, NULL));
		warning = reopen_and_compare(&snap, FALSE);
		g_assert_nonnull(strstr(warning, "chunk summary does not span its chunk"));
		g_free(warning);
		g_assert_null(reopen_and_compare(&snap, TRUE));
	}
	g_free(contents);

	/* Dropped while the thread writes: no file left half written. */
	{
		LttvTrace *t = open_trace();
		LttvPrecompute *p = lttv_precompute_get(t);
		GError *error = NULL;
		GDir *dir;
		const char *name;

		g_unlink(path);
		while (lttv_precompute_step(p, 10000, &error))
			;
		g_assert_no_error(error);
		lttv_precompute_unref(p);
		lttv_trace_unref(t);
		dir = g_dir_open(trace_path, 0, NULL);
		while ((name = g_dir_read_name(dir)) != NULL)
			g_assert_false(g_str_has_prefix(name, ".lttv-precompute-cache."));
		g_dir_close(dir);
		/* Complete or absent: a valid cache, or a pass that writes one. */
		g_free(reopen_and_compare(&snap, g_file_test(path, G_FILE_TEST_EXISTS)));
		g_assert_null(reopen_and_compare(&snap, TRUE));
	}

	/* A trace file changed since (its time): stale. */
	{
		char *tf = g_build_filename(trace_path, "metadata", NULL);
		struct utimbuf times = { 1000000000, 1000000000 };

		g_assert_cmpint(utime(tf, &times), ==, 0);
		warning = reopen_and_compare(&snap, FALSE);
		g_assert_nonnull(strstr(warning, "stale"));
		g_free(warning);
		g_assert_null(reopen_and_compare(&snap, TRUE));
		g_free(tf);
	}
	g_free(path);
	snapshot_clear(&snap);
}

/* A trace folder that cannot be written: the cache goes to the user's
 * cache folder. */
static void test_cache_read_only(void)
{
	char *beside = cache_beside(), *xdg, *warning;
	Snapshot snap;

	g_unlink(beside);
	if (!analysis_set_read_only(trace_path, TRUE)) {
		g_free(beside);
		g_test_skip("no way to make a folder read-only here");
		return;
	}
	analysis_set_read_only(trace_path, FALSE);
	take_reference(&snap);
	g_assert_true(analysis_set_read_only(trace_path, TRUE));
	warning = reopen_and_compare(&snap, FALSE);
	g_assert_null(warning);
	g_assert_false(g_file_test(beside, G_FILE_TEST_EXISTS));
	g_assert_null(reopen_and_compare(&snap, TRUE));
	xdg = g_build_filename(g_get_user_cache_dir(), "lttv", NULL);
	g_assert_true(g_file_test(xdg, G_FILE_TEST_IS_DIR));
	g_assert_true(analysis_set_read_only(trace_path, FALSE));
	g_free(xdg);
	g_free(beside);
	snapshot_clear(&snap);
}

int main(int argc, char **argv)
{
	const char *args[] = { "--cpus=3", "--processes=30", "--threads-per-process=2", "--events=40000", "--seed=12",
	                       "--pid-reuse", "--start-in-syscall", NULL };
	int rc;

	g_test_init(&argc, &argv, NULL);
	tmpdir = analysis_tmpdir();
	{
		/* Before GLib reads it. */
		char *xdg = g_build_filename(tmpdir, "xdg-cache", NULL);

		g_setenv("XDG_CACHE_HOME", xdg, TRUE);
		g_free(xdg);
	}
	trace_path = analysis_synth(tmpdir, "precompute", FALSE, args);
	g_test_add_func("/precompute/shared", test_shared);
	g_test_add_func("/precompute/incremental", test_incremental);
	g_test_add_func("/precompute/cancel", test_cancel);
	g_test_add_func("/precompute/window-stats", test_window_stats);
	g_test_add_func("/precompute/window-stats-job", test_window_stats_job);
	g_test_add_func("/precompute/window-stats-checkpoints", test_window_stats_checkpoints);
	g_test_add_func("/precompute/cache", test_cache);
	g_test_add_func("/precompute/cache-read-only", test_cache_read_only);
	rc = g_test_run();
	tlt_remove_dir(tmpdir);
	g_free(trace_path);
	g_free(tmpdir);
	return rc;
}
