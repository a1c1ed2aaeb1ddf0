/* SPDX-License-Identifier: GPL-2.0-or-later */
/* SPDX-FileCopyrightText: 2026 The LTTV authors */
/* bench-state.c: speed of the analysis engines on one trace: reading alone,
 * state, state + statistics, with checkpoints (fed by the tests' heap
 * merge), reading and state + statistics through the traceset context (as
 * lttv -m batchAnalysis runs them when a module takes events), state +
 * statistics read by CPU on one thread and on two (lttv_stats_run_trace,
 * as lttv -m batchAnalysis -s runs them when no module does), and the cost
 * of the state at a random time for several checkpoint intervals.  Prints
 * figures (CPU time of this process; elapsed time too for two threads);
 * asserts nothing (doc/performance.md, doc/analysis.md §2.1, §3.2). */
#include "config.h"
#include <stdio.h>
#include <stdlib.h>
#include <time.h>
#include <glib/gstdio.h>
#include <lttv/state.h>
#include <lttv/stats.h>
#include <lttv/checkpoint.h>
#include <lttv/tracecontext.h>
#include <lttv/traceset.h>
#include "analysis-merge.h"
#include "test-ltt-util.h"

static char *trace_arg;
static gint64 events_arg = 10000000;
static int seeks_arg = 200;
static char *intervals_arg;
static int rounds_arg = 1;
static char *passes_arg;
static gboolean version_arg;

static const GOptionEntry entries[] = {
	{ "trace", 't', 0, G_OPTION_ARG_FILENAME, &trace_arg, "Trace to measure (default: make one with ltt-synth)", "DIR" },
	{ "events", 'n', 0, G_OPTION_ARG_INT64, &events_arg, "Events of the synthetic trace (10000000)", "N" },
	{ "seeks", 's', 0, G_OPTION_ARG_INT, &seeks_arg, "Random times per interval (200)", "N" },
	{ "intervals", 'i', 0, G_OPTION_ARG_STRING, &intervals_arg,
	  "Checkpoint intervals to compare (10000,20000,50000,100000; empty: none)", "N,N,..." },
	{ "rounds", 'r', 0, G_OPTION_ARG_INT, &rounds_arg,
	  "Rounds of the passes, alternated; prints the min and median events/s (1)", "N" },
	{ "passes", 'p', 0, G_OPTION_ARG_STRING, &passes_arg,
	  "Passes to run, among read, state, stats, checkpoints, ctx-read, ctx-stats, by-cpu, two-threads (all)",
	  "P,P,..." },
	{ "version", 0, 0, G_OPTION_ARG_NONE, &version_arg, "Print the version and exit", NULL },
	{ NULL }
};

/* Seconds of CPU used by this process: the machine the benchmarks run on
 * is shared, so wall time would measure the neighbours too. */
static double cpu_seconds(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &ts);
	return (double) ts.tv_sec + (double) ts.tv_nsec / 1e9;
}

typedef enum {
	PASS_READ, PASS_STATE, PASS_STATS, PASS_STATS_CHECKPOINTS, PASS_CTX_READ, PASS_CTX_STATS, PASS_BY_CPU,
	PASS_TWO_THREADS
} PassKind;

/* lttv_stats_run_trace: the trace read CPU by CPU, only the events that
 * touch more than their CPU in time order, on one thread (CPU time) or
 * split in time over two (elapsed time; *cpu_rate: per CPU second).  The
 * first round says whether the run had to be redone in time order. */
static double by_cpu_pass(LttTrace *trace, guint threads, guint64 *count, double *cpu_rate)
{
	static gboolean told[3];
	gboolean redone;
	LttvTraceState *ts;
	double start = cpu_seconds(), wall = (double) g_get_monotonic_time() / 1e6, seconds;
	LttvStats *s = lttv_stats_run_trace_threads(trace, threads, &ts, &redone);

	seconds = cpu_seconds() - start;
	*count = lttv_trace_state_event_count(ts);
	if (cpu_rate != NULL)
		*cpu_rate = (double) *count / seconds;
	if (threads > 1)
		seconds = (double) g_get_monotonic_time() / 1e6 - wall;
	if (!told[MIN(threads, 2)]) {
		told[MIN(threads, 2)] = TRUE;
		printf("by CPU, %u thread%s: %s\n", threads, threads > 1 ? "s" : "",
		       redone ? "run void and redone in time order" : "one run");
	}
	lttv_stats_free(s);
	lttv_trace_state_free(ts);
	return (double) *count / seconds;
}

/* One full pass; returns events/s and the number of events in *count.  For
 * statistics, *tree_seconds gets the time of building the whole tree. */
static double pass(LttTrace *trace, PassKind kind, guint64 *count, double *tree_seconds)
{
	AnalysisMerge *m = analysis_merge_new(trace);
	LttvTraceState *ts = lttv_trace_state_new(trace);
	LttvStats *s = kind >= PASS_STATS ? lttv_stats_new(ts, ltt_trace_start_time(trace)) : NULL;
	LttvCheckpoints *cps = kind == PASS_STATS_CHECKPOINTS ? lttv_checkpoints_new(trace, 0) : NULL;
	double start = cpu_seconds();
	const LttEvent *ev;
	LttTime last = 0;
	guint64 n = 0;
	double seconds;

	while ((ev = analysis_merge_source.peek(m)) != NULL) {
		last = ltt_event_time(ev);
		if (s != NULL)
			lttv_stats_apply(s, ev);
		else if (kind == PASS_STATE)
			lttv_trace_state_apply(ts, ev);
		if (cps != NULL)
			lttv_checkpoints_record(cps, ts, ev);
		analysis_merge_source.advance(m);
		n++;
	}
	if (s != NULL)
		lttv_stats_close(s, last);
	seconds = cpu_seconds() - start;
	if (s != NULL && tree_seconds != NULL) {
		double t0 = cpu_seconds();
		LttvStatsNode *tree = lttv_stats_tree(s, TRUE);

		*tree_seconds = cpu_seconds() - t0;
		lttv_stats_node_free(tree);
	}
	lttv_stats_free(s);
	lttv_trace_state_free(ts);
	lttv_checkpoints_free(cps);
	analysis_merge_free(m);
	*count = n;
	return (double) n / seconds;
}

static gboolean ctx_count(void *hook_data, void *call_data)
{
	(*(guint64 *) hook_data)++;
	return FALSE;
}

static gboolean ctx_stats(void *hook_data, void *call_data)
{
	LttvTracefileContext *tfc = call_data;

	lttv_stats_apply(hook_data, tfc->e);
	return FALSE;
}

/* The traceset context of the context passes, opened once; its first pass
 * maps every page, as the heap's passes find them after their first round. */
static LttvTraceset *ctx_set;
static LttvTracesetContext *ctx_shared;

static LttvTracesetContext *ctx_get(LttTrace *trace)
{
	GError *error = NULL;
	LttvTrace *t;
	LttvHooks *hooks;
	guint64 n = 0;

	if (ctx_shared != NULL)
		return ctx_shared;
	t = lttv_trace_open(ltt_trace_path(trace), &error);
	if (t == NULL) {
		fprintf(stderr, "bench-state: %s\n", error->message);
		exit(1);
	}
	ctx_set = lttv_traceset_new();
	lttv_traceset_add(ctx_set, t);
	lttv_trace_unref(t);
	ctx_shared = lttv_traceset_context_new(ctx_set);
	hooks = lttv_hooks_new();
	lttv_hooks_add(hooks, ctx_count, &n, LTTV_PRIO_DEFAULT);
	lttv_process_traceset_begin(ctx_shared, NULL, NULL, NULL, hooks, NULL);
	lttv_process_traceset_middle(ctx_shared, LTT_TIME_INFINITE, G_MAXUINT64, NULL);
	lttv_process_traceset_end(ctx_shared, NULL, NULL, NULL, hooks, NULL);
	lttv_hooks_destroy(hooks);
	return ctx_shared;
}

static void ctx_free(void)
{
	if (ctx_shared == NULL)
		return;
	g_object_unref(ctx_shared);
	lttv_traceset_destroy(ctx_set);
}

/* The pipeline of lttv -m batchAnalysis -s: the traceset context's merge
 * calls the statistics' hook, its only one. */
static double ctx_pass(LttTrace *trace, gboolean stats, guint64 *count)
{
	LttvTracesetContext *ctx = ctx_get(trace);
	LttvHooks *hooks = lttv_hooks_new();
	LttvTraceState *ts = lttv_trace_state_new(ctx->traces[0]->t);
	LttvStats *s = stats ? lttv_stats_new(ts, ltt_trace_start_time(trace)) : NULL;
	guint64 n = 0;
	double start, seconds;

	if (s != NULL)
		lttv_hooks_add(hooks, ctx_stats, s, LTTV_PRIO_DEFAULT);
	else
		lttv_hooks_add(hooks, ctx_count, &n, LTTV_PRIO_DEFAULT);
	lttv_process_traceset_begin(ctx, NULL, NULL, NULL, hooks, NULL);
	lttv_process_traceset_seek_time(ctx, 0);
	start = cpu_seconds();
	lttv_process_traceset_middle(ctx, LTT_TIME_INFINITE, G_MAXUINT64, NULL);
	if (s != NULL) {
		lttv_stats_close(s, lttv_trace_state_time(ts));
		n = lttv_trace_state_event_count(ts);
	}
	seconds = cpu_seconds() - start;
	lttv_process_traceset_end(ctx, NULL, NULL, NULL, hooks, NULL);
	lttv_hooks_destroy(hooks);
	lttv_stats_free(s);
	lttv_trace_state_free(ts);
	*count = n;
	return (double) n / seconds;
}

static void measure_seeks(LttTrace *trace, guint interval)
{
	AnalysisMerge *m = analysis_merge_new(trace);
	GError *error = NULL;
	double t0 = cpu_seconds();
	LttvCheckpoints *cps = lttv_checkpoints_build(trace, interval, &analysis_merge_source, m, &error);
	double build = cpu_seconds() - t0;
	LttTime start = ltt_trace_start_time(trace), end = ltt_trace_end_time(trace);
	GRand *rand = g_rand_new_with_seed(7);
	double total = 0, worst = 0;
	char *cache = g_build_filename(g_get_tmp_dir(), "bench-state-cache", NULL);
	GStatBuf st;
	double save, load;
	int i;

	if (cps == NULL) {
		fprintf(stderr, "bench-state: %s\n", error->message);
		exit(1);
	}
	for (i = 0; i < seeks_arg; i++) {
		LttTime t = start + (LttTime) (g_rand_double(rand) * (double) (end - start));
		double s0 = cpu_seconds();
		LttvTraceState *ts = lttv_checkpoints_state_at(cps, t, &analysis_merge_source, m, &error);
		double ms = (cpu_seconds() - s0) * 1e3;

		total += ms;
		worst = MAX(worst, ms);
		lttv_trace_state_free(ts);
	}
	t0 = cpu_seconds();
	lttv_checkpoints_save(cps, cache, NULL);
	save = (cpu_seconds() - t0) * 1e3;
	t0 = cpu_seconds();
	lttv_checkpoints_free(lttv_checkpoints_load(trace, cache, NULL));
	load = (cpu_seconds() - t0) * 1e3;
	st.st_size = 0;
	g_stat(cache, &st);
	printf("interval %6u: %5u checkpoints, build %.2f s, state at a random time %.3f ms mean, %.3f ms max; "
	       "cache %.1f MB, save %.0f ms, load %.0f ms\n",
	       interval, lttv_checkpoints_count(cps), build, total / seeks_arg, worst,
	       (double) st.st_size / 1e6, save, load);
	g_unlink(cache);
	g_free(cache);
	g_rand_free(rand);
	lttv_checkpoints_free(cps);
	analysis_merge_free(m);
}

static char *make_trace(char **tmpdir)
{
	GError *error = NULL;
	char *events = g_strdup_printf("--events=%" G_GINT64_FORMAT, events_arg);
	char *synth = g_build_filename(TOP_BUILDDIR, "ltt", "ltt-synth", NULL);
	char *path;
	const char *argv[] = { synth, "-o", NULL, "--cpus=4", "--processes=200", events, "--seed=1", NULL };
	int status;

	*tmpdir = g_dir_make_tmp("bench-state-XXXXXX", &error);
	if (*tmpdir == NULL) {
		fprintf(stderr, "bench-state: %s\n", error->message);
		exit(1);
	}
	path = g_build_filename(*tmpdir, "trace", NULL);
	argv[2] = path;
	if (!g_spawn_sync(NULL, (char **) argv, NULL, G_SPAWN_DEFAULT, NULL, NULL, NULL, NULL, &status, &error)
	    || !g_spawn_check_wait_status(status, &error)) {
		fprintf(stderr, "bench-state: %s: %s\n", synth, error->message);
		exit(1);
	}
	g_free(events);
	g_free(synth);
	return path;
}

static int compare_doubles(const void *a, const void *b)
{
	double x = *(const double *) a, y = *(const double *) b;

	return x < y ? -1 : x > y;
}

/* The passes asked for, each run rounds_arg times, alternated so that a
 * neighbour's burst of load hits all of them alike. */
static void run_passes(LttTrace *trace)
{
	static const char *const names[] = { "read", "state", "stats", "checkpoints", "ctx-read", "ctx-stats",
	                                     "by-cpu", "two-threads" };
	static const char *const labels[] = {
		"read only", "state", "state + statistics", "state + statistics + checkpoints",
		"read, traceset context", "state + statistics, context", "state + statistics, by CPU",
		"state + statistics, 2 threads"
	};
	char **wanted = g_strsplit(passes_arg != NULL ? passes_arg
	                                                : "read,state,stats,checkpoints,ctx-read,ctx-stats,by-cpu,two-threads",
	                           ",", -1);
	int rounds = MAX(rounds_arg, 1);
	double rates[G_N_ELEMENTS(names)][rounds], trees[rounds], two_cpu[rounds];
	gboolean run[G_N_ELEMENTS(names)] = { FALSE };
	guint64 n = 0;
	guint k;
	int r;

	for (k = 0; k < G_N_ELEMENTS(names); k++)
		run[k] = g_strv_contains((const char *const *) wanted, names[k]);
	g_strfreev(wanted);
	for (r = 0; r < rounds; r++)
		for (k = 0; k < G_N_ELEMENTS(names); k++)
			if (run[k])
				rates[k][r] = (k == PASS_BY_CPU ? by_cpu_pass(trace, 1, &n, NULL)
				               : k == PASS_TWO_THREADS ? by_cpu_pass(trace, 2, &n, &two_cpu[r])
				               : k >= PASS_CTX_READ ? ctx_pass(trace, k == PASS_CTX_STATS, &n)
				               : pass(trace, (PassKind) k, &n, k == PASS_STATS ? &trees[r] : NULL)) / 1e6;
	for (k = 0; k < G_N_ELEMENTS(names); k++) {
		if (!run[k])
			continue;
		qsort(rates[k], rounds, sizeof(double), compare_doubles);
		printf("%-34s best %6.2f M events/s, median %6.2f, worst %6.2f (%d rounds, %" G_GUINT64_FORMAT " events)\n",
		       labels[k], rates[k][rounds - 1], rates[k][rounds / 2], rates[k][0], rounds, n);
		if (k == PASS_STATS) {
			qsort(trees, rounds, sizeof(double), compare_doubles);
			printf("%-34s %6.3f s (median)\n", "then the per-CPU tree", trees[rounds / 2]);
		}
		if (k == PASS_TWO_THREADS) {
			qsort(two_cpu, rounds, sizeof(double), compare_doubles);
			printf("%-34s %6.2f M events per CPU second (median); the line above: elapsed time\n",
			       "  its CPU time", two_cpu[rounds / 2] / 1e6);
		}
	}
}

int main(int argc, char **argv)
{
	GOptionContext *oc = g_option_context_new("- speed of the state and statistics engines");
	GError *error = NULL;
	char *tmpdir = NULL, *path;
	LttTrace *trace;
	char **intervals;
	guint i;

	g_option_context_add_main_entries(oc, entries, NULL);
	if (!g_option_context_parse(oc, &argc, &argv, &error)) {
		fprintf(stderr, "bench-state: %s\n", error->message);
		return 1;
	}
	g_option_context_free(oc);
	if (version_arg) {
		printf("bench-state %s\n", PACKAGE_VERSION);
		return 0;
	}
	path = trace_arg != NULL ? g_strdup(trace_arg) : make_trace(&tmpdir);
	trace = ltt_trace_open(path, &error);
	if (trace == NULL) {
		fprintf(stderr, "bench-state: %s\n", error->message);
		return 1;
	}
	run_passes(trace);
	intervals = g_strsplit(intervals_arg != NULL ? intervals_arg : "10000,20000,50000,100000", ",", -1);
	for (i = 0; intervals[i] != NULL; i++)
		if (intervals[i][0] != '\0')
			measure_seeks(trace, (guint) g_ascii_strtoull(intervals[i], NULL, 10));
	g_strfreev(intervals);
	ctx_free();
	ltt_trace_unref(trace);
	if (tmpdir != NULL)
		tlt_remove_dir(tmpdir);
	g_free(tmpdir);
	g_free(path);
	return 0;
}
