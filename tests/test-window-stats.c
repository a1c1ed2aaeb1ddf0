/* SPDX-License-Identifier: GPL-2.0-or-later */
/* SPDX-FileCopyrightText: 2026 The LTTV authors */
/* test-window-stats.c: statistics of any time window (doc/analysis.md
 * §6.3) equal, to the nanosecond, a pass over that window: random
 * windows, windows that start or end inside frames (a nanosecond after an
 * event, at an event), on traces with forks, exits, threads, pid reuse, a
 * start inside system calls, lost events and missed switches; and the
 * tree of statistics still being computed (lttv_stats_snapshot, a job's
 * snapshot) equals a pass closed where it stands, without disturbing
 * what follows. */
#include "config.h"
#include <string.h>
#include <glib/gstdio.h>
#include <lttv/precompute.h>
#include <lttv/window-stats.h>
#include "analysis-merge.h"
#include "analysis-util.h"

static char *tmpdir;
/* Trees compared whose window had repairs (the missed case must have some). */
static guint repaired_windows;

typedef struct {
	const char *name;
	const char *args[10];
} TraceCase;

static const TraceCase cases[] = {
	{ "forks", { "--cpus=3", "--processes=30", "--threads-per-process=2", "--events=30000", "--seed=5",
	             "--pid-reuse", "--start-in-syscall", NULL } },
	{ "lost", { "--cpus=2", "--processes=20", "--events=30000", "--seed=7", "--lost-every=3",
	            "--block-size=4096", NULL } },
	/* With the scheduler's charges (sched_stat_runtime) too. */
	{ "missed", { "--cpus=4", "--processes=40", "--events=30000", "--seed=9", "--missed-switches=7",
	              "--common-pid", "--charges", NULL } },
	/* More records than the index sums at a time (LTTV_INDEX_GROUP_RECORDS),
	 * frames open at a window's start ending in each group. */
	{ "many", { "--cpus=2", "--processes=400", "--events=40000", "--seed=11", "--pid-reuse",
	            "--start-in-syscall", "--charges", NULL } },
};

/* The trace of case i, made once. */
static const char *case_path(guint i)
{
	static char *paths[G_N_ELEMENTS(cases)];

	if (paths[i] == NULL)
		paths[i] = analysis_synth(tmpdir, cases[i].name, FALSE, cases[i].args);
	g_assert_nonnull(paths[i]);
	return paths[i];
}

/* The times of every event, in time order. */
static GArray *event_times(LttTrace *trace)
{
	AnalysisMerge *m = analysis_merge_new(trace);
	GArray *times = g_array_new(FALSE, FALSE, sizeof(LttTime));
	const LttEvent *ev;

	while ((ev = analysis_merge_source.peek(m)) != NULL) {
		LttTime t = ltt_event_time(ev);

		g_array_append_val(times, t);
		analysis_merge_source.advance(m);
	}
	analysis_merge_free(m);
	return times;
}

/* A pass from the trace's start: the state alone up to t0, then
 * statistics; *m is left at the first event at or after t0. */
static LttvStats *pass_from(LttTrace *trace, LttTime t0, AnalysisMerge **m)
{
	LttvTraceState *ts = lttv_trace_state_new(trace);
	const LttEvent *ev;

	*m = analysis_merge_new(trace);
	while ((ev = analysis_merge_source.peek(*m)) != NULL && ltt_event_time(ev) < t0) {
		lttv_trace_state_apply(ts, ev);
		analysis_merge_source.advance(*m);
	}
	return lttv_stats_new(ts, t0);
}

static void apply_until(LttvStats *s, AnalysisMerge *m, LttTime t)
{
	const LttEvent *ev;

	while ((ev = analysis_merge_source.peek(m)) != NULL && ltt_event_time(ev) < t) {
		lttv_stats_apply(s, ev);
		analysis_merge_source.advance(m);
	}
}

static LttvStats *window_by_pass(LttTrace *trace, LttTime t0, LttTime t1)
{
	AnalysisMerge *m;
	LttvStats *s = pass_from(trace, t0, &m);

	apply_until(s, m, t1);
	lttv_stats_close(s, t1);
	analysis_merge_free(m);
	return s;
}

static void assert_tree_is(const LttvStats *expected, LttvStatsNode *(*tree)(const LttvStats *, gboolean, gpointer),
                           const LttvStats *s, gpointer data)
{
	gboolean per_cpu;

	for (per_cpu = FALSE; per_cpu <= TRUE; per_cpu++) {
		LttvStatsNode *a = lttv_stats_tree(expected, per_cpu), *b = tree(s, per_cpu, data);

		analysis_assert_tree_equal(a, b);
		/* Not compared by analysis_assert_tree_equal: switches the
		 * tracer missed, repaired in the window. */
		g_assert_cmpuint(a->unaccounted, ==, b->unaccounted);
		repaired_windows += a->unaccounted > 0;
		lttv_stats_node_free(a);
		lttv_stats_node_free(b);
	}
}

static LttvStatsNode *closed_tree(const LttvStats *s, gboolean per_cpu, gpointer data)
{
	return lttv_stats_tree(s, per_cpu);
}

static LttvStatsNode *snapshot_tree(const LttvStats *s, gboolean per_cpu, gpointer data)
{
	return lttv_stats_snapshot(s, *(const LttTime *) data, per_cpu);
}

static void assert_window(LttvPrecompute *p, LttTime t0, LttTime t1)
{
	GError *error = NULL;
	LttvStats *fast = lttv_precompute_window_stats(p, t0, t1, &error);
	LttvStats *slow = window_by_pass(lttv_trace_ltt(lttv_precompute_trace(p)), t0, t1);

	g_assert_no_error(error);
	assert_tree_is(slow, closed_tree, fast, NULL);
	lttv_window_stats_free(fast);
	lttv_window_stats_free(slow);
}

/* Events between two checkpoints: after every 1,000th. */
#define INTERVAL 1000

static LttvPrecompute *service(LttvTrace **t, guint c)
{
	GError *error = NULL;
	LttvPrecompute *p;

	*t = lttv_trace_open(case_path(c), &error);
	g_assert_no_error(error);
	p = lttv_precompute_get(*t);
	lttv_precompute_set_cache(p, FALSE);
	lttv_precompute_set_checkpoint_interval(p, INTERVAL);
	while (lttv_precompute_step(p, 10000, &error))
		;
	g_assert_no_error(error);
	/* The window statistics' thread has counted the whole trace. */
	g_assert_true(lttv_precompute_index_wait(p, G_MAXUINT64));
	return p;
}

/* Random windows, and windows whose ends are at an event (which is left
 * out) or a nanosecond after one (inside whatever frames it opened). */
static void test_windows(gconstpointer data)
{
	guint c = GPOINTER_TO_UINT(data);
	LttvTrace *t;
	LttvPrecompute *p = service(&t, c);
	LttTrace *trace = lttv_trace_ltt(t);
	GArray *times = event_times(trace);
	LttTime start = ltt_trace_start_time(trace), end = ltt_trace_end_time(trace);
	GRand *rand = g_rand_new_with_seed(17 + c);
	guint i;

	for (i = 0; i < 10; i++) {
		LttTime a = start + (LttTime) (g_rand_double(rand) * (double) (end - start));
		LttTime b = a + (LttTime) (g_rand_double(rand) * (double) (end - a));

		assert_window(p, a, b);
	}
	for (i = 0; i < 16; i++) {
		guint x = g_rand_int_range(rand, 0, (gint32) times->len), y = g_rand_int_range(rand, 0, (gint32) times->len);
		LttTime a = g_array_index(times, LttTime, MIN(x, y)), b = g_array_index(times, LttTime, MAX(x, y));

		assert_window(p, a + (i & 1), b + (i & 2 ? 1 : 0));
	}
	assert_window(p, start, end + 1);
	/* Most of them spanned usable checkpoints. */
	g_test_message("%" G_GUINT64_FORMAT " windows of 27 from the index", lttv_precompute_index_windows(p));
	g_assert_cmpuint(lttv_precompute_index_windows(p), >=, 10);
	if (strcmp(cases[c].name, "missed") == 0)
		g_assert_cmpuint(repaired_windows, >, 0);
	g_rand_free(rand);
	g_array_unref(times);
	lttv_precompute_unref(p);
	lttv_trace_unref(t);
}

/* The times checkpoints are taken at by service(). */
static LttTime checkpoint_time(const GArray *times, guint interval, guint k)
{
	return g_array_index(times, LttTime, MIN((k + 1) * interval - 1, times->len - 1));
}

/* Windows the pass's index gives (doc/analysis.md §6.3): spanning many
 * checkpoints, starting or ending at one (at its last event, a nanosecond
 * after it, a nanosecond before), during the pass (ends beyond what it
 * reached, too) and after it.  data: the case, and the checkpoint
 * interval times 256 (0: INTERVAL). */
static void test_index(gconstpointer data)
{
	guint c = GPOINTER_TO_UINT(data) & 0xff, interval = GPOINTER_TO_UINT(data) >> 8 ?: INTERVAL;
	GError *error = NULL;
	LttvTrace *t = lttv_trace_open(case_path(c), &error);
	LttTrace *trace = lttv_trace_ltt(t);
	GArray *times = event_times(trace);
	guint n_cps = times->len / interval, k, from_index;
	LttTime end = ltt_trace_end_time(trace);
	LttvPrecompute *p;
	GRand *rand = g_rand_new_with_seed(41 + c);

	g_assert_no_error(error);
	p = lttv_precompute_get(t);
	lttv_precompute_set_cache(p, FALSE);
	lttv_precompute_set_checkpoint_interval(p, interval);
	/* During the pass: half of the trace done, windows replayed. */
	while (lttv_precompute_events_done(p) < times->len / 2 && lttv_precompute_step(p, 0, &error))
		;
	g_assert_no_error(error);
	g_assert_false(lttv_precompute_done(p));
	g_assert_false(lttv_precompute_index_wait(p, 1));
	assert_window(p, checkpoint_time(times, interval, 1) + 1, checkpoint_time(times, interval, n_cps / 3) + 1);
	g_assert_cmpuint(lttv_precompute_index_windows(p), ==, 0);
	while (lttv_precompute_step(p, 10000, &error))
		;
	g_assert_no_error(error);
	/* The thread counts after the pass: a window comes from it once it
	 * has counted the window's end. */
	from_index = (guint) lttv_precompute_index_windows(p);
	g_assert_true(lttv_precompute_index_wait(p, checkpoint_time(times, interval, n_cps / 2 - 2) + 1));
	assert_window(p, checkpoint_time(times, interval, 1) + 1, checkpoint_time(times, interval, n_cps / 2 - 2) + 1);
	assert_window(p, checkpoint_time(times, interval, 0), checkpoint_time(times, interval, n_cps / 3));
	g_assert_cmpuint(lttv_precompute_index_windows(p), ==, from_index + 2);
	/* Wherever the counting stands. */
	assert_window(p, checkpoint_time(times, interval, 2) - 1, end + 1);
	g_assert_true(lttv_precompute_index_wait(p, G_MAXUINT64));
	/* Most checkpoints are usable: not inside a run of one time, and no
	 * frame not identified then is identified later (the forks trace
	 * starts inside system calls, identified when they return: with
	 * checkpoints every few events, the first ones are not usable). */
	g_test_message("%u checkpoints of %u usable", lttv_precompute_index_checkpoints(p), n_cps);
	g_assert_cmpuint(lttv_precompute_index_checkpoints(p), >=, n_cps / 2);
	if (interval < INTERVAL)
		g_assert_cmpuint(lttv_precompute_index_checkpoints(p), <, n_cps);

	from_index = (guint) lttv_precompute_index_windows(p);
	for (k = 0; k + 3 < n_cps; k += MAX(3, n_cps / 40)) {
		guint j = k + 2 + (guint) g_rand_int_range(rand, 0, (gint32) (n_cps - k - 2));
		LttTime a = checkpoint_time(times, interval, k), b = checkpoint_time(times, interval, j);
		LttTime da = (LttTime) g_rand_int_range(rand, 0, 3), db = (LttTime) g_rand_int_range(rand, 0, 3);

		/* At the checkpoint's last event, a nanosecond after, before. */
		assert_window(p, a + da - (da == 2 ? 3 : 0), b + db - (db == 2 ? 3 : 0));
	}
	/* Starting at each of the first checkpoints, or between two: frames
	 * open since the trace's start are identified there. */
	for (k = 0; k < 60 && k + 4 < n_cps; k++) {
		LttTime a = checkpoint_time(times, interval, k) + 1;

		if (k & 1)
			a += (checkpoint_time(times, interval, k + 1) - a) / 2;
		assert_window(p, a, checkpoint_time(times, interval, k + 2 + (guint) g_rand_int_range(rand, 1, 3)) + 1);
	}
	for (k = 0; k < 6; k++) {
		LttTime a = g_array_index(times, LttTime, (guint) g_rand_int_range(rand, 0, (gint32) times->len / 4));
		LttTime b = g_array_index(times, LttTime, (guint) g_rand_int_range(rand, (gint32) times->len / 2,
		                                                                    (gint32) times->len));

		assert_window(p, a + (k & 1), b + (k & 2 ? 1 : 0));
	}
	assert_window(p, ltt_trace_start_time(trace), end + 1);
	g_assert_cmpuint(lttv_precompute_index_windows(p) - from_index, >=, 6);
	g_rand_free(rand);
	g_array_unref(times);
	lttv_precompute_unref(p);
	lttv_trace_unref(t);
}

/* Snapshots while counting equal a pass closed there, and the statistics
 * go on as if none was taken. */
static void test_snapshot(gconstpointer data)
{
	guint c = GPOINTER_TO_UINT(data);
	GError *error = NULL;
	LttvTrace *t = lttv_trace_open(case_path(c), &error);
	LttTrace *trace = lttv_trace_ltt(t);
	GArray *times = event_times(trace);
	LttTime t0 = g_array_index(times, LttTime, times->len / 10) + 1, t1 = g_array_index(times, LttTime, times->len - 5);
	AnalysisMerge *m;
	LttvStats *s;
	guint i;

	g_assert_no_error(error);
	/* From the trace's start too: frames open since before it. */
	for (i = 0; i < 2; i++) {
		LttTime from = i == 0 ? ltt_trace_start_time(trace) : t0;
		guint k;

		s = pass_from(trace, from, &m);
		for (k = 1; k <= 6; k++) {
			LttTime at = g_array_index(times, LttTime, times->len * k / 7) + (k & 1);
			LttvStats *slow;

			if (at < from)
				continue;
			apply_until(s, m, at);
			slow = window_by_pass(trace, from, at);
			assert_tree_is(slow, snapshot_tree, s, &at);
			lttv_window_stats_free(slow);
		}
		apply_until(s, m, t1);
		lttv_stats_close(s, t1);
		{
			LttvStats *slow = window_by_pass(trace, from, t1);

			assert_tree_is(slow, closed_tree, s, NULL);
			/* A closed one's snapshot is its tree. */
			assert_tree_is(slow, snapshot_tree, s, &t1);
			lttv_window_stats_free(slow);
		}
		analysis_merge_free(m);
		lttv_window_stats_free(s);
	}
	g_array_unref(times);
	lttv_trace_unref(t);
}

/* A job's snapshots: [t0, until) after each step, then the whole window.
 * The window spans one or two checkpoint intervals (a twentieth of these
 * traces): too few for the index, so the job replays it in steps. */
static void test_job_snapshot(gconstpointer data)
{
	guint c = GPOINTER_TO_UINT(data);
	LttvTrace *t;
	LttvPrecompute *p = service(&t, c);
	LttTrace *trace = lttv_trace_ltt(t);
	LttTime start = ltt_trace_start_time(trace), end = ltt_trace_end_time(trace);
	LttTime t0 = start + (end - start) / 5 + 3, t1 = t0 + (end - start) / 20, until = 0, last = t0;
	guint64 indexed = lttv_precompute_index_windows(p);
	LttvWindowStatsJob *job = lttv_precompute_window_stats_job(p, t0, t1);
	GError *error = NULL;
	guint steps = 0, checked = 0;
	LttvStats *slow, *taken;

	g_assert_null(lttv_window_stats_job_snapshot(job, FALSE, &until));
	while (lttv_window_stats_job_step(job, 0, &error)) {
		gboolean per_cpu = steps++ % 2 == 0;
		LttvStatsNode *tree, *expected;

		/* Every step counts whole timestamps: the snapshot is a window. */
		tree = lttv_window_stats_job_snapshot(job, per_cpu, &until);
		g_assert_nonnull(tree);
		g_assert_cmpuint(until, >, last);
		g_assert_cmpuint(until, <, t1);
		last = until;
		slow = window_by_pass(trace, t0, until);
		expected = lttv_stats_tree(slow, per_cpu);
		analysis_assert_tree_equal(expected, tree);
		lttv_stats_node_free(expected);
		lttv_window_stats_free(slow);
		lttv_stats_node_free(tree);
		checked++;
	}
	g_assert_no_error(error);
	g_assert_cmpuint(checked, >=, 3);
	slow = window_by_pass(trace, t0, t1);
	{
		LttvStatsNode *a = lttv_stats_tree(slow, TRUE), *b = lttv_window_stats_job_snapshot(job, TRUE, &until);

		g_assert_cmpuint(until, ==, t1);
		analysis_assert_tree_equal(a, b);
		lttv_stats_node_free(a);
		lttv_stats_node_free(b);
	}
	taken = lttv_window_stats_job_take(job);
	assert_tree_is(slow, closed_tree, taken, NULL);
	g_assert_null(lttv_window_stats_job_snapshot(job, TRUE, &until));
	g_assert_cmpuint(lttv_precompute_index_windows(p), ==, indexed);
	lttv_window_stats_free(taken);
	lttv_window_stats_free(slow);
	lttv_window_stats_job_free(job);
	lttv_precompute_unref(p);
	lttv_trace_unref(t);
}

/* A wide window's job while the index's thread counts inside it: the job
 * waits for the index (its progress follows the count) rather than
 * replaying the window beside it, then gives the figures of a pass. */
static void test_job_waits(gconstpointer data)
{
	guint c = GPOINTER_TO_UINT(data);
	GError *error = NULL;
	LttvTrace *t = lttv_trace_open(case_path(c), &error);
	LttTrace *trace = lttv_trace_ltt(t);
	LttTime start = ltt_trace_start_time(trace), end = ltt_trace_end_time(trace);
	LttTime t0 = start + (end - start) / 9, t1 = end + 1;
	LttvPrecompute *p;
	LttvWindowStatsJob *job;
	LttvStats *slow, *taken;
	gdouble progress = 0;

	g_assert_no_error(error);
	p = lttv_precompute_get(t);
	lttv_precompute_set_cache(p, FALSE);
	/* Checkpoints every few events: the thread takes a while to count. */
	lttv_precompute_set_checkpoint_interval(p, 3);
	while (lttv_precompute_step(p, 10000, &error))
		;
	g_assert_no_error(error);
	g_assert_true(lttv_precompute_index_wait(p, t0 + (end - t0) / 3));
	job = lttv_precompute_window_stats_job(p, t0, t1);
	while (lttv_window_stats_job_step(job, 1000, &error)) {
		/* Never backwards; never replayed events meanwhile. */
		g_assert_cmpfloat(lttv_window_stats_job_progress(job), >=, progress);
		progress = lttv_window_stats_job_progress(job);
		g_assert_null(lttv_window_stats_job_snapshot(job, FALSE, NULL));
	}
	g_assert_no_error(error);
	g_assert_cmpuint(lttv_precompute_index_windows(p), ==, 1);
	taken = lttv_window_stats_job_take(job);
	slow = window_by_pass(trace, t0, t1);
	assert_tree_is(slow, closed_tree, taken, NULL);
	lttv_window_stats_free(taken);
	lttv_window_stats_free(slow);
	lttv_window_stats_job_free(job);
	lttv_precompute_unref(p);
	lttv_trace_unref(t);
}

/* A wide window's job, once the index has counted it: the first step
 * replays the window's ends while the index's threads sum the rest, the
 * next ones wait for them (each for its budget at most), then the job
 * has the same figures as a pass over the window, from the index.  A job
 * freed while they sum stops them. */
static void test_job_indexed(gconstpointer data)
{
	guint c = GPOINTER_TO_UINT(data);
	LttvTrace *t;
	LttvPrecompute *p = service(&t, c);
	LttTrace *trace = lttv_trace_ltt(t);
	LttTime start = ltt_trace_start_time(trace), end = ltt_trace_end_time(trace);
	LttTime t0 = start + (end - start) / 5 + 3, t1 = end - (end - start) / 7;
	guint64 indexed = lttv_precompute_index_windows(p);
	LttvWindowStatsJob *job = lttv_precompute_window_stats_job(p, t0, t1);
	GError *error = NULL;
	LttvStats *slow, *taken;

	LttvWindowStatsJob *dropped = lttv_precompute_window_stats_job(p, t0, t1);
	guint steps = 1;

	g_assert_true(lttv_window_stats_job_step(dropped, 0, &error));
	lttv_window_stats_job_free(dropped);
	g_assert_true(lttv_window_stats_job_step(job, 0, &error));
	g_assert_cmpfloat(lttv_window_stats_job_progress(job), <, 1.0);
	while (lttv_window_stats_job_step(job, 1000, &error))
		steps++;
	g_test_message("%u steps", steps);
	g_assert_no_error(error);
	g_assert_cmpuint(lttv_precompute_index_windows(p), ==, indexed + 1);
	g_assert_cmpfloat(lttv_window_stats_job_progress(job), ==, 1.0);
	taken = lttv_window_stats_job_take(job);
	g_assert_nonnull(taken);
	slow = window_by_pass(trace, t0, t1);
	assert_tree_is(slow, closed_tree, taken, NULL);
	lttv_window_stats_free(taken);
	lttv_window_stats_free(slow);
	lttv_window_stats_job_free(job);
	lttv_precompute_unref(p);
	lttv_trace_unref(t);
}

/* ---- the index in its file (doc/analysis.md §6.4) ---- */

static char *beside(guint c, const char *name)
{
	return g_build_filename(case_path(c), name, NULL);
}

/* Case c's caches, beside the trace and in the user's cache folder,
 * removed. */
static void forget_caches(guint c)
{
	char *paths[2] = { beside(c, ".lttv-precompute-cache"), beside(c, ".lttv-window-stats-cache") };
	char *xdg = g_build_filename(g_get_user_cache_dir(), "lttv", NULL);
	char *canonical = g_canonicalize_filename(case_path(c), NULL);
	char *sum = g_compute_checksum_for_string(G_CHECKSUM_SHA256, canonical, -1);
	guint i;

	for (i = 0; i < 2; i++) {
		char *other = g_strdup_printf("%s/%s.%s", xdg, sum, i == 0 ? "precompute" : "window-stats");

		g_unlink(paths[i]);
		g_unlink(other);
		g_free(paths[i]);
		g_free(other);
	}
	g_free(sum);
	g_free(canonical);
	g_free(xdg);
}

/* A service with the cache (the default), run to its end, its window
 * statistics waited for (counted, or read from their file). */
static LttvPrecompute *cached_service(LttvTrace **t, guint c, gboolean expect_cached)
{
	GError *error = NULL;
	LttvPrecompute *p;

	*t = lttv_trace_open(case_path(c), &error);
	g_assert_no_error(error);
	p = lttv_precompute_get(*t);
	lttv_precompute_set_checkpoint_interval(p, INTERVAL);
	while (lttv_precompute_step(p, 10000, &error))
		;
	g_assert_no_error(error);
	g_assert_cmpint(lttv_precompute_from_cache(p), ==, expect_cached);
	lttv_precompute_finish_cache(p);
	g_assert_true(lttv_precompute_index_wait(p, G_MAXUINT64));
	return p;
}

/* n wide windows (the whole trace first), each from the index and equal
 * to a pass. */
static void assert_index_windows(LttvPrecompute *p, guint n)
{
	LttTrace *trace = lttv_trace_ltt(lttv_precompute_trace(p));
	LttTime start = ltt_trace_start_time(trace), end = ltt_trace_end_time(trace), span = end - start;
	guint64 before = lttv_precompute_index_windows(p);
	guint i;

	assert_window(p, start, end + 1);
	for (i = 1; i < n; i++)
		assert_window(p, start + span / (3 + i) + i, end - span / (2 + 2 * i));
	g_assert_cmpuint(lttv_precompute_index_windows(p), ==, before + n);
}

/* Opens case c again, from the precomputation's cache: its window
 * statistics read from their file or not as expected, n windows from
 * them; then closed (which waits for a file being written).  The warning
 * given, once. */
static char *reopen(guint c, gboolean index_from_file, guint n)
{
	LttvTrace *t;
	LttvPrecompute *p = cached_service(&t, c, TRUE);
	char *warning;

	g_assert_cmpint(lttv_precompute_index_from_cache(p), ==, index_from_file);
	warning = lttv_precompute_take_cache_warning(p);
	g_assert_null(lttv_precompute_take_cache_warning(p));
	assert_index_windows(p, n);
	lttv_precompute_unref(p);
	lttv_trace_unref(t);
	return warning;
}

/* The first open counts and writes the index; a second reads it instead,
 * and its wide windows come from it, node by node those of a pass (the
 * forks trace, and the missed one, which has the kernel's charges). */
static void test_cache_reopen(void)
{
	static const guint which[] = { 0, 2 };
	guint i;

	for (i = 0; i < G_N_ELEMENTS(which); i++) {
		char *path = beside(which[i], ".lttv-window-stats-cache");
		LttvTrace *t;
		LttvPrecompute *p;

		forget_caches(which[i]);
		p = cached_service(&t, which[i], FALSE);
		g_assert_false(lttv_precompute_index_from_cache(p));
		g_assert_null(lttv_precompute_take_cache_warning(p));
		lttv_precompute_unref(p);
		lttv_trace_unref(t);
		g_assert_true(g_file_test(path, G_FILE_TEST_IS_REGULAR));
		g_assert_null(reopen(which[i], TRUE, 4));
		g_free(path);
	}
}

/* Where the first record of the first non-empty delta is, in an index
 * file (the layout of doc/analysis.md §6.4). */
static gsize take_u64(const char *data, gsize *at)
{
	guint64 v;

	memcpy(&v, data + *at, 8);
	*at += 8;
	return (gsize) v;
}

static gsize first_delta_record(const char *data)
{
	gsize at = 16, n_drains, n_records, n_spans, n_types, n_names, strings, i, first = 0, id, bulk;

	id = take_u64(data, &at);
	at += (id + 7) / 8 * 8;
	take_u64(data, &at);     /* the interval */
	n_drains = take_u64(data, &at);
	n_records = take_u64(data, &at);
	n_spans = take_u64(data, &at);
	n_types = take_u64(data, &at);
	n_names = take_u64(data, &at);
	strings = take_u64(data, &at);
	at += n_types * 8 + (n_names * 4 + 7) / 8 * 8 + (strings + 7) / 8 * 8 + n_records * 24 + (n_spans * 12 + 7) / 8 * 8;
	for (i = 0, bulk = at + n_drains * 40; i < n_drains; i++) {
		guint64 dd[5];       /* time, repairs, unusable, frames, delta length */

		memcpy(dd, data + at + i * 40, 40);
		if (first == 0 && dd[4] > 0)
			first = bulk + dd[3] * 40;
		bulk += dd[3] * 40 + dd[4];
	}
	g_assert_cmpuint(first, >, 0);
	return first;
}

/* A file truncated, with a byte changed, of another version, of another
 * trace, or whose hash is right but a delta names a record beyond the
 * records: each is reported once (naming the file), the index is counted
 * again, its windows are still exact, and the file is written again. */
static void test_cache_damaged(void)
{
	char *path = beside(0, ".lttv-window-stats-cache"), *good, *other, *bad, *warning;
	gsize len, other_len, i;
	LttvTrace *t;
	LttvPrecompute *p;
	static const char *const expected[] = { "truncated", "checksum mismatch", "checksum mismatch",
	                                        "another version", "stale", "record outside the records" };

	/* Another trace's index. */
	forget_caches(1);
	p = cached_service(&t, 1, FALSE);
	lttv_precompute_unref(p);
	lttv_trace_unref(t);
	other = beside(1, ".lttv-window-stats-cache");
	g_assert_true(g_file_get_contents(other, &bad, &other_len, NULL));
	g_free(other);
	other = bad;

	forget_caches(0);
	p = cached_service(&t, 0, FALSE);
	lttv_precompute_unref(p);
	lttv_trace_unref(t);
	g_assert_true(g_file_get_contents(path, &good, &len, NULL));
	for (i = 0; i < G_N_ELEMENTS(expected); i++) {
		gsize bad_len = len;
		char *again;

		bad = g_memdup2(good, len);
		switch (i) {
		case 0:
			bad_len = 16;
			break;
		case 1:
			bad_len = len / 2 / 8 * 8;
			break;
		case 2:
			bad[len / 2] ^= 0x10;
			break;
		case 3:
			bad[8] ^= 1;
			break;
		case 4:
			g_free(bad);
			bad = g_memdup2(other, other_len);
			bad_len = other_len;
			break;
		default: {
			gsize at = first_delta_record(bad);
			guint32 record = G_MAXUINT32 / 2;
			guint64 sum;

			memcpy(bad + at, &record, 4);
			sum = analysis_cache_hash((const guint8 *) bad, len);
			memcpy(bad + len - 8, &sum, 8);
		}
		}
		g_assert_true(g_file_set_contents(path, bad, (gssize) bad_len, NULL));
		g_free(bad);
		warning = reopen(0, FALSE, 1);
		g_test_message("%s", warning);
		g_assert_nonnull(warning);
		g_assert_nonnull(strstr(warning, path));
		g_assert_nonnull(strstr(warning, expected[i]));
		g_free(warning);
		/* Counted again: the same file as the first count's. */
		g_assert_true(g_file_get_contents(path, &again, &bad_len, NULL));
		g_assert_cmpmem(again, bad_len, good, len);
		g_free(again);
	}
	g_assert_null(reopen(0, TRUE, 1));
	g_free(good);
	g_free(other);
	g_free(path);
}

/* A trace folder that cannot be written: the index's file goes to the
 * user's cache folder, and is read from there. */
static void test_cache_read_only(void)
{
	char *path = beside(2, ".lttv-window-stats-cache");
	char *xdg = g_build_filename(g_get_user_cache_dir(), "lttv", NULL);
	char *canonical = g_canonicalize_filename(case_path(2), NULL);
	char *sum = g_compute_checksum_for_string(G_CHECKSUM_SHA256, canonical, -1);
	char *there = g_strdup_printf("%s/%s.window-stats", xdg, sum);
	LttvTrace *t;
	LttvPrecompute *p;

	forget_caches(2);
	if (!analysis_set_read_only(case_path(2), TRUE)) {
		g_test_skip("no way to make a folder read-only here");
	} else {
		p = cached_service(&t, 2, FALSE);
		lttv_precompute_unref(p);
		lttv_trace_unref(t);
		g_assert_false(g_file_test(path, G_FILE_TEST_EXISTS));
		g_assert_true(g_file_test(there, G_FILE_TEST_IS_REGULAR));
		g_assert_null(reopen(2, TRUE, 2));
		g_assert_true(analysis_set_read_only(case_path(2), FALSE));
	}
	g_free(there);
	g_free(sum);
	g_free(canonical);
	g_free(xdg);
	g_free(path);
}

/* Registers /window-stats/GROUP/TRACE.  Under valgrind (tests/valgrind-run.sh,
 * 50 times slower: all of them took 12 minutes) the memory checks run
 * every group on the first trace and the index's sums over many groups of
 * records on the last one; the normal and sanitizer suites run them all. */
static void add_case(const char *group, guint i, guint data, GTestDataFunc func)
{
	char *path;

	if (g_getenv("LTTV_TEST_UNDER_VALGRIND") != NULL && i != 0
	    && !(i == G_N_ELEMENTS(cases) - 1 && (strcmp(group, "index") == 0 || strcmp(group, "job-indexed") == 0)))
		return;
	path = g_strdup_printf("/window-stats/%s/%s", group, cases[i].name);
	g_test_add_data_func(path, GUINT_TO_POINTER(data), func);
	g_free(path);
}

int main(int argc, char **argv)
{
	int rc;
	guint i;

	g_test_init(&argc, &argv, NULL);
	tmpdir = analysis_tmpdir();
	{
		/* Before GLib reads it. */
		char *xdg = g_build_filename(tmpdir, "xdg-cache", NULL);

		g_setenv("XDG_CACHE_HOME", xdg, TRUE);
		g_free(xdg);
	}
	for (i = 0; i < G_N_ELEMENTS(cases); i++) {
		add_case("windows", i, i, test_windows);
		add_case("index", i, i, test_index);
		add_case("index-dense", i, i | 3 << 8, test_index);
		add_case("snapshot", i, i, test_snapshot);
		add_case("job-snapshot", i, i, test_job_snapshot);
		add_case("job-indexed", i, i, test_job_indexed);
		add_case("job-waits", i, i, test_job_waits);
	}
	if (g_getenv("LTTV_TEST_UNDER_VALGRIND") != NULL)
		printf("# under valgrind: every group on the first trace, the index's sums on the last "
		       "(the others run in the normal and sanitizer suites)\n");
	g_test_add_func("/window-stats/cache/reopen", test_cache_reopen);
	g_test_add_func("/window-stats/cache/damaged", test_cache_damaged);
	g_test_add_func("/window-stats/cache/read-only", test_cache_read_only);
	rc = g_test_run();
	tlt_remove_dir(tmpdir);
	g_free(tmpdir);
	return rc;
}
