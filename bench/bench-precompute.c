/* SPDX-License-Identifier: GPL-2.0-or-later */
/* SPDX-FileCopyrightText: 2026 The LTTV authors */
/* bench-precompute: the precomputation service on a trace (doc/analysis.md
 * §6, doc/performance.md): its pass against `lttv -m batchAnalysis -s` in
 * alternated rounds, the longest step, heap and mapped sizes, interval
 * queries (50 rows x 1,500 pixels) at five zoom levels and window
 * statistics at five widths.  Prints "name value unit" lines. */
#include "config.h"
#include <malloc.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <time.h>
#include <glib/gstdio.h>
#include <lttv/precompute.h>
#include <lttv/window-stats.h>

static double now_s(void)
{
	return (double) g_get_monotonic_time() / 1e6;
}

static double cpu_s(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &ts);
	return (double) ts.tv_sec + (double) ts.tv_nsec / 1e9;
}

static double thread_cpu_s(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts);
	return (double) ts.tv_sec + (double) ts.tv_nsec / 1e9;
}

static double children_cpu_s(void)
{
	struct rusage ru;

	getrusage(RUSAGE_CHILDREN, &ru);
	return (double) ru.ru_utime.tv_sec + (double) ru.ru_utime.tv_usec / 1e6 + (double) ru.ru_stime.tv_sec
	       + (double) ru.ru_stime.tv_usec / 1e6;
}

static int cmp_double(const void *a, const void *b)
{
	double x = *(const double *) a, y = *(const double *) b;

	return x < y ? -1 : x > y;
}

/* The q-quantile of v (sorted in place). */
static double quantile(double *v, guint n, double q)
{
	guint i;

	qsort(v, n, sizeof(double), cmp_double);
	i = (guint) (q * (double) (n - 1) + 0.5);
	return v[MIN(i, n - 1)];
}

static void fig(const char *name, double value, const char *unit)
{
	printf("%s %.3f %s\n", name, value, unit);
	fflush(stdout);
}

/* One run of batchAnalysis; wall and CPU seconds. */
static gboolean run_batch(const char *lttv, const char *trace, double *wall, double *cpu)
{
	const char *argv[] = { lttv, "-m", "batchAnalysis", "-s", "-t", trace, NULL };
	GSpawnFlags quiet = G_SPAWN_STDOUT_TO_DEV_NULL | G_SPAWN_STDERR_TO_DEV_NULL;
	GError *error = NULL;
	gint status;
	double w0 = now_s(), c0 = children_cpu_s();

	if (!g_spawn_sync(NULL, (char **) argv, NULL, quiet, NULL, NULL, NULL, NULL, &status, &error)
	    || !g_spawn_check_wait_status(status, &error)) {
		g_printerr("bench-precompute: %s: %s\n", lttv, error->message);
		g_error_free(error);
		return FALSE;
	}
	*wall = now_s() - w0;
	*cpu = children_cpu_s() - c0;
	return TRUE;
}

/* One pass of the service in steps of budget_us; wall and CPU seconds,
 * the longest step in ms (wall) and in CPU ms (what the step itself did,
 * without the time the host gave to others).  Returns the service, done. */
static double longest_step_cpu_ms;

/* Of the last run_pass: the CPU time of its steps (the main thread's),
 * and the wall and process CPU time until the window statistics' thread
 * had counted the whole trace too. */
static double pass_steps_cpu, index_wall, index_cpu;
/* The most malloc'd bytes seen between two steps (both threads'). */
static gsize heap_peak;

static LttvPrecompute *run_pass(LttvTrace *t, gboolean cache, gint64 budget_us, double *wall, double *cpu,
                                double *longest_ms)
{
	LttvPrecompute *p = lttv_precompute_get(t);
	GError *error = NULL;
	double w0 = now_s(), c0 = cpu_s();
	gboolean more = TRUE;

	lttv_precompute_set_cache(p, cache);
	*longest_ms = 0;
	pass_steps_cpu = 0;
	while (more) {
		double s0 = now_s(), t0 = thread_cpu_s();

		more = lttv_precompute_step(p, budget_us, &error);
		*longest_ms = MAX(*longest_ms, (now_s() - s0) * 1e3);
		longest_step_cpu_ms = MAX(longest_step_cpu_ms, (thread_cpu_s() - t0) * 1e3);
		pass_steps_cpu += thread_cpu_s() - t0;
		heap_peak = MAX(heap_peak, mallinfo2().uordblks);
	}
	if (error != NULL) {
		g_printerr("bench-precompute: %s\n", error->message);
		exit(1);
	}
	lttv_precompute_finish_cache(p);
	*wall = now_s() - w0;
	*cpu = cpu_s() - c0;
	/* The heap while the thread counts, at 64 places of the trace. */
	{
		LttTrace *trace = lttv_trace_ltt(t);
		LttTime from = ltt_trace_start_time(trace), span = ltt_trace_end_time(trace) - from;
		guint k;

		for (k = 1; k <= 64 && lttv_precompute_index_wait(p, from + span / 64 * k); k++)
			heap_peak = MAX(heap_peak, mallinfo2().uordblks);
	}
	lttv_precompute_index_wait(p, G_MAXUINT64);
	index_wall = now_s() - w0;
	index_cpu = cpu_s() - c0;
	return p;
}

/* The pass writing the cache, then five opens reading it; returns the
 * last of them. */
static LttvPrecompute *bench_cache(LttvTrace *t, const char *trace_path, gint64 budget_us)
{
	char *path = g_build_filename(trace_path, ".lttv-precompute-cache", NULL);
	char *index_path = g_build_filename(trace_path, ".lttv-window-stats-cache", NULL);
	double wall, cpu, longest, reopen[5], reopen_cpu[5], longest_reopen = 0, index_read[5], index_read_cpu[5];
	LttvPrecompute *p;
	GStatBuf st;
	guint i;

	g_unlink(path);
	g_unlink(index_path);
	longest_step_cpu_ms = 0;
	p = run_pass(t, TRUE, budget_us, &wall, &cpu, &longest);
	fig("precompute_with_cache_write_longest_step_cpu", longest_step_cpu_ms, "ms");
	fig("precompute_with_cache_write_wall", wall, "s");
	lttv_precompute_unref(p);
	if (g_stat(path, &st) == 0)
		fig("cache_file", (double) st.st_size / 1e6, "MB");
	/* Written by the index's thread, complete once the service is gone. */
	if (g_stat(index_path, &st) == 0)
		fig("window_stats_index_file", (double) st.st_size / 1e6, "MB");
	longest_step_cpu_ms = 0;
	for (i = 0; i < G_N_ELEMENTS(reopen); i++) {
		p = run_pass(t, TRUE, budget_us, &reopen[i], &reopen_cpu[i], &longest);
		if (!lttv_precompute_from_cache(p) || !lttv_precompute_index_from_cache(p)) {
			g_printerr("bench-precompute: the cache was not used\n");
			exit(1);
		}
		/* From the open's end to the index read from its file and checked
		 * (on the index's thread), and that thread's CPU time. */
		index_read[i] = (index_wall - reopen[i]) * 1e3;
		index_read_cpu[i] = (index_cpu - reopen_cpu[i]) * 1e3;
		longest_reopen = MAX(longest_reopen, longest);
		if (i + 1 < G_N_ELEMENTS(reopen))
			lttv_precompute_unref(p);
	}
	fig("cache_reopen_median", quantile(reopen, G_N_ELEMENTS(reopen), 0.5) * 1e3, "ms");
	/* Its own CPU time: under load the wall time is mostly the other jobs'. */
	fig("cache_reopen_cpu_median", quantile(reopen_cpu, G_N_ELEMENTS(reopen_cpu), 0.5) * 1e3, "ms");
	fig("cache_reopen_longest_step", longest_reopen, "ms");
	fig("cache_reopen_longest_step_cpu", longest_step_cpu_ms, "ms");
	fig("window_stats_index_read_median", quantile(index_read, G_N_ELEMENTS(index_read), 0.5), "ms");
	fig("window_stats_index_read_cpu_median", quantile(index_read_cpu, G_N_ELEMENTS(index_read_cpu), 0.5), "ms");
	g_free(index_path);
	g_free(path);
	return p;
}

static gboolean alive_in(const LttvEntityInfo *info, LttTime t0, LttTime t1)
{
	return info->first < t1 && info->last > t0;
}

static void bench_queries(LttvPrecompute *p, LttTime start, LttTime end, guint windows)
{
	static const struct {
		const char *name;
		LttTime width;           /* 0: the whole trace */
	} zooms[] = { { "whole", 0 }, { "1s", 1000000000 }, { "10ms", 10000000 }, { "100us", 100000 }, { "1us", 1000 } };
	const LttvIntervalStore *store = lttv_precompute_intervals(p);
	GArray *procs = lttv_intervals_processes(store);
	LttvIntervalItem *items = g_new(LttvIntervalItem, 1500);
	double *times = g_new(double, windows), *cpu = g_new(double, windows);
	GRand *rand = g_rand_new_with_seed(1);
	guint z, w, row;
	guint64 returned = 0;

	for (z = 0; z < G_N_ELEMENTS(zooms); z++) {
		LttTime width = zooms[z].width == 0 || zooms[z].width > end - start ? end - start : zooms[z].width;
		char name[64];

		for (w = 0; w < windows; w++) {
			LttTime t0 = start + (LttTime) (g_rand_double(rand) * (double) (end - start - width));
			LttvIntervalEntity rows[50];
			double t, c;

			/* Tasks alive in the window, as a control-flow view shows them
			 * (any task after 200 tries). */
			for (row = 0; row < 50; row++) {
				guint tries = 0;

				do
					rows[row] = g_array_index(procs, LttvIntervalEntity,
					                          g_rand_int_range(rand, 0, (gint32) procs->len));
				while (++tries < 200 && !alive_in(lttv_intervals_entity(store, rows[row]), t0, t0 + width));
			}
			t = now_s();
			c = thread_cpu_s();
			for (row = 0; row < 50; row++)
				returned += lttv_intervals_query(store, rows[row], t0, t0 + width, MAX(width / 1500, 1), items,
				                                 1500);
			times[w] = (now_s() - t) * 1e3;
			cpu[w] = (thread_cpu_s() - c) * 1e3;
		}
		g_snprintf(name, sizeof(name), "intervals_50x1500_%s_median", zooms[z].name);
		fig(name, quantile(times, windows, 0.5), "ms");
		g_snprintf(name, sizeof(name), "intervals_50x1500_%s_p99", zooms[z].name);
		fig(name, quantile(times, windows, 0.99), "ms");
		g_snprintf(name, sizeof(name), "intervals_50x1500_%s_cpu_median", zooms[z].name);
		fig(name, quantile(cpu, windows, 0.5), "ms");
		g_snprintf(name, sizeof(name), "intervals_50x1500_%s_cpu_p99", zooms[z].name);
		fig(name, quantile(cpu, windows, 0.99), "ms");
	}
	fig("intervals_items_per_row", (double) returned / (double) (G_N_ELEMENTS(zooms) * windows * 50), "items");
	g_rand_free(rand);
	g_free(times);
	g_free(cpu);
	g_free(items);
	g_array_unref(procs);
}

/* Window statistics at five widths; figures named window_stats[_label]_... */
static void bench_window_stats(LttvPrecompute *p, const char *label, LttTime start, LttTime end, guint n)
{
	static const struct {
		const char *name;
		LttTime width;
	} widths[] = { { "1ms", 1000000 }, { "10ms", 10000000 }, { "100ms", 100000000 }, { "1s", 1000000000 },
	               { "whole", 0 } };
	double *times = g_new(double, n), *cpu = g_new(double, n), *tree_times = g_new(double, 4 * n);
	guint64 from_index = lttv_precompute_index_windows(p);
	GRand *rand = g_rand_new_with_seed(2);
	guint k, i;

	for (k = 0; k < G_N_ELEMENTS(widths); k++) {
		LttTime width = widths[k].width == 0 || widths[k].width > end - start ? end - start + 1 : widths[k].width;
		guint rounds = widths[k].width == 0 ? MIN(n, 3) : n;
		char name[64];

		for (i = 0; i < rounds; i++) {
			LttTime t0 = widths[k].width == 0 ? start
			           : start + (LttTime) (g_rand_double(rand) * (double) (end - start - width));
			GError *error = NULL;
			double t = now_s(), c = cpu_s();
			LttvStats *s = lttv_precompute_window_stats(p, t0, t0 + width, &error);

			times[i] = (now_s() - t) * 1e3;
			cpu[i] = (cpu_s() - c) * 1e3;
			if (s == NULL) {
				g_printerr("bench-precompute: %s\n", error->message);
				exit(1);
			}
			if (widths[k].width == 0) {
				/* What a viewer does next: the tree of nodes, whole or
				 * down to the processes (lttv_stats_tree_to, the
				 * statistics viewer's), by process and by CPU. */
				for (guint v = 0; v < 4; v++) {
					double tt = now_s();
					LttvStatsNode *tree = v & 1 ? lttv_stats_tree_to(s, v >= 2, LTTV_STATS_PROCESS)
					                            : lttv_stats_tree(s, v >= 2);

					tree_times[v * n + i] = (now_s() - tt) * 1e3;
					lttv_stats_node_free(tree);
				}
			}
			lttv_window_stats_free(s);
		}
		if (widths[k].width == 0) {
			static const char *const trees[] = { "", "_shallow", "_by_cpu", "_by_cpu_shallow" };

			for (guint v = 0; v < 4; v++) {
				g_snprintf(name, sizeof(name), "window_stats%s%s_whole_tree%s_median", *label ? "_" : "",
				           label, trees[v]);
				fig(name, quantile(tree_times + v * n, rounds, 0.5), "ms");
			}
		}
		g_snprintf(name, sizeof(name), "window_stats%s%s_%s_median", *label ? "_" : "", label, widths[k].name);
		fig(name, quantile(times, rounds, 0.5), "ms");
		g_snprintf(name, sizeof(name), "window_stats%s%s_%s_max", *label ? "_" : "", label, widths[k].name);
		fig(name, times[rounds - 1], "ms");
		g_snprintf(name, sizeof(name), "window_stats%s%s_%s_cpu_median", *label ? "_" : "", label, widths[k].name);
		fig(name, quantile(cpu, rounds, 0.5), "ms");
		g_snprintf(name, sizeof(name), "window_stats%s%s_%s_cpu_max", *label ? "_" : "", label, widths[k].name);
		fig(name, cpu[rounds - 1], "ms");
	}
	{
		char name[64];

		g_snprintf(name, sizeof(name), "window_stats%s%s_from_index", *label ? "_" : "", label);
		fig(name, (double) (lttv_precompute_index_windows(p) - from_index), "windows");
	}
	g_rand_free(rand);
	g_free(times);
	g_free(cpu);
	g_free(tree_times);
}

/* The whole trace's window on one thread (a job in one step), against
 * lttv_precompute_window_stats, which splits it on two: wall and CPU time
 * of each, in the same run. */
static void bench_window_threads(LttvPrecompute *p, LttTime start, LttTime end)
{
	LttvWindowStatsJob *job = lttv_precompute_window_stats_job(p, start, end + 1);
	GError *error = NULL;
	LttvStats *s;
	double w = now_s(), c = cpu_s();

	while (lttv_window_stats_job_step(job, G_MAXINT64 / 2, &error))
		;
	fig("window_stats_whole_one_thread_wall", (now_s() - w) * 1e3, "ms");
	fig("window_stats_whole_one_thread_cpu", (cpu_s() - c) * 1e3, "ms");
	lttv_window_stats_job_free(job);
	w = now_s();
	c = cpu_s();
	s = lttv_precompute_window_stats(p, start, end + 1, &error);
	fig("window_stats_whole_two_threads_wall", (now_s() - w) * 1e3, "ms");
	fig("window_stats_whole_two_threads_cpu", (cpu_s() - c) * 1e3, "ms");
	if (s == NULL || error != NULL) {
		g_printerr("bench-precompute: %s\n", error != NULL ? error->message : "no statistics");
		exit(1);
	}
	lttv_window_stats_free(s);
}

/* A tree read while it is computed: the whole trace's statistics counted
 * halfway by a job, then its snapshot.  Before any pass is over: with no
 * index yet, the job replays (with one, it would wait for the index and
 * sum it, and have no snapshot to give meanwhile). */
static void bench_snapshot(LttvTrace *t, LttTime start, LttTime end)
{
	GError *error = NULL;
	LttvPrecompute *p = lttv_precompute_get(t);
	LttvWindowStatsJob *job;
	LttvStatsNode *tree;
	LttTime until;
	double w, c;

	lttv_precompute_set_cache(p, FALSE);
	while (lttv_precompute_events_done(p) < 100000 && lttv_precompute_step(p, 10000, &error))
		;
	job = lttv_precompute_window_stats_job(p, start, end + 1);
	while (error == NULL && lttv_window_stats_job_progress(job) < 0.5 && lttv_window_stats_job_step(job, 10000, &error))
		;
	if (error != NULL) {
		g_printerr("bench-precompute: %s\n", error->message);
		exit(1);
	}
	w = now_s();
	c = cpu_s();
	tree = lttv_window_stats_job_snapshot(job, TRUE, &until);
	fig("window_stats_snapshot_half_trace_wall", (now_s() - w) * 1e3, "ms");
	fig("window_stats_snapshot_half_trace_cpu", (cpu_s() - c) * 1e3, "ms");
	if (tree == NULL) {
		g_printerr("bench-precompute: the job has no snapshot\n");
		exit(1);
	}
	lttv_stats_node_free(tree);
	lttv_window_stats_job_free(job);
	lttv_precompute_unref(p);
}

int main(int argc, char **argv)
{
	const char *trace_path = "/tmp/t10m", *lttv = NULL;
	gint rounds = 3, windows = 1000, stats_windows = 10;
	gint64 budget_us = 10000;
	GOptionEntry entries[] = {
		{ "trace", 0, 0, G_OPTION_ARG_STRING, &trace_path, "trace directory (/tmp/t10m)", "DIR" },
		{ "lttv", 0, 0, G_OPTION_ARG_STRING, &lttv, "lttv program for batchAnalysis (none: skipped)", "PATH" },
		{ "rounds", 0, 0, G_OPTION_ARG_INT, &rounds, "alternated rounds of each pass (3)", "R" },
		{ "budget", 0, 0, G_OPTION_ARG_INT64, &budget_us, "budget of a step in us (10000)", "US" },
		{ "windows", 0, 0, G_OPTION_ARG_INT, &windows, "random windows per zoom level (1000)", "N" },
		{ "stats-windows", 0, 0, G_OPTION_ARG_INT, &stats_windows, "random windows per width (10)", "N" },
		{ NULL }
	};
	GOptionContext *ctx = g_option_context_new("- the precomputation service's figures");
	GError *error = NULL;
	LttvTrace *t;
	LttvPrecompute *p = NULL;
	double *pre_wall, *pre_cpu, *bat_wall, *bat_cpu, longest = 0;
	gsize heap_before = 0;
	LttTrace *trace;
	gint r;

	g_option_context_add_main_entries(ctx, entries, NULL);
	if (!g_option_context_parse(ctx, &argc, &argv, &error) || rounds < 1 || windows < 1 || stats_windows < 1) {
		g_printerr("bench-precompute: %s\n", error != NULL ? error->message : "counts must be positive");
		return 2;
	}
	g_option_context_free(ctx);
	t = lttv_trace_open(trace_path, &error);
	if (t == NULL) {
		g_printerr("bench-precompute: %s\n", error->message);
		return 1;
	}
	trace = lttv_trace_ltt(t);
	bench_snapshot(t, ltt_trace_start_time(trace), ltt_trace_end_time(trace));
	double *steps_cpu = g_new(double, rounds), *idx_wall = g_new(double, rounds), *idx_cpu = g_new(double, rounds);

	pre_wall = g_new(double, rounds);
	pre_cpu = g_new(double, rounds);
	bat_wall = g_new(double, rounds);
	bat_cpu = g_new(double, rounds);
	for (r = 0; r < rounds; r++) {
		double step_max;

		if (lttv != NULL && !run_batch(lttv, trace_path, &bat_wall[r], &bat_cpu[r]))
			return 1;
		lttv_precompute_unref(p);
		heap_before = mallinfo2().uordblks;
		heap_peak = 0;
		p = run_pass(t, FALSE, budget_us, &pre_wall[r], &pre_cpu[r], &step_max);
		longest = MAX(longest, step_max);
		steps_cpu[r] = pass_steps_cpu;
		idx_wall[r] = index_wall;
		idx_cpu[r] = index_cpu;
	}
	fig("precompute_events", (double) lttv_precompute_events_done(p), "events");
	fig("precompute_wall_median", quantile(pre_wall, rounds, 0.5), "s");
	fig("precompute_cpu_median", quantile(pre_cpu, rounds, 0.5), "s");
	fig("precompute_steps_cpu_median", quantile(steps_cpu, rounds, 0.5), "s");
	/* The window statistics' thread, which counts beside the pass. */
	fig("precompute_with_window_index_wall_median", quantile(idx_wall, rounds, 0.5), "s");
	fig("precompute_with_window_index_cpu_median", quantile(idx_cpu, rounds, 0.5), "s");
	if (lttv != NULL) {
		fig("batchAnalysis_wall_median", quantile(bat_wall, rounds, 0.5), "s");
		fig("batchAnalysis_cpu_median", quantile(bat_cpu, rounds, 0.5), "s");
		fig("precompute_over_batchAnalysis_wall", quantile(pre_wall, rounds, 0.5) / quantile(bat_wall, rounds, 0.5),
		    "x");
		fig("precompute_with_window_index_over_batchAnalysis_wall",
		    quantile(idx_wall, rounds, 0.5) / quantile(bat_wall, rounds, 0.5), "x");
	}
	fig("precompute_longest_step", longest, "ms");
	fig("precompute_longest_step_cpu", longest_step_cpu_ms, "ms");
	{
		gsize heap, mapped;

		lttv_precompute_sizes(p, &heap, &mapped);
		fig("precompute_heap_malloc", (double) (mallinfo2().uordblks - MIN(heap_before, mallinfo2().uordblks)) / 1e6,
		    "MB");
		fig("precompute_heap_own", (double) heap / 1e6, "MB");
		fig("precompute_heap_malloc_peak", (double) (heap_peak - MIN(heap_before, heap_peak)) / 1e6, "MB");
		fig("precompute_mapped", (double) mapped / 1e6, "MB");
		fig("intervals_changes", (double) lttv_intervals_change_count(lttv_precompute_intervals(p)), "changes");
	}
	/* Window statistics from the pass's results and the index its thread
	 * counted. */
	fig("window_stats_index_usable_checkpoints", (double) lttv_precompute_index_checkpoints(p), "checkpoints");
	bench_window_stats(p, "pass", ltt_trace_start_time(trace), ltt_trace_end_time(trace), (guint) stats_windows);
	/* The queries and window statistics below run on results read from
	 * the cache and the index read from its file, as a second open has
	 * them. */
	lttv_precompute_unref(p);
	p = bench_cache(t, trace_path, budget_us);
	bench_queries(p, ltt_trace_start_time(trace), ltt_trace_end_time(trace), (guint) windows);
	bench_window_stats(p, "", ltt_trace_start_time(trace), ltt_trace_end_time(trace), (guint) stats_windows);
	bench_window_threads(p, ltt_trace_start_time(trace), ltt_trace_end_time(trace));
	lttv_precompute_unref(p);
	lttv_trace_unref(t);
	g_free(steps_cpu);
	g_free(idx_wall);
	g_free(idx_cpu);
	g_free(pre_wall);
	g_free(pre_cpu);
	g_free(bat_wall);
	g_free(bat_cpu);
	return 0;
}
