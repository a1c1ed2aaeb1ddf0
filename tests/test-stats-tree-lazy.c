/* SPDX-License-Identifier: GPL-2.0-or-later */
/* SPDX-FileCopyrightText: 2026 The LTTV authors */
/* test-stats-tree-lazy.c: trees built down to a level (lttv_stats_tree_to)
 * and then a node's children at a time (lttv_stats_node_children) equal
 * lttv_stats_tree's node by node, every figure of every node, both by CPU
 * and by process, built to every level: on ltt-synth traces with lost
 * events, PID reuse, threads, thousands of processes, missed switches
 * (time to no task, uncertain time), the kernel's charges, x86 vectors,
 * sparse CPU numbers; on
 * a trace's statistics counted on two threads and on a window's from the
 * precomputation service (sums of differences). */
#include "config.h"
#include <string.h>
#include <glib/gstdio.h>
#include <lttv/stats.h>
#include <lttv/traceset.h>
#include <lttv/precompute.h>
#include <lttv/window-stats.h>
#include "analysis-util.h"

static char *tmpdir;

/* Nodes built (not pending) by a tree built to level, before any
 * lttv_stats_node_children. */
static guint count_built(const LttvStatsNode *n, LttvStatsLevel level)
{
	guint built = 1;

	g_assert_true(n->level <= level || n->level == LTTV_STATS_EVENT_TYPE);
	/* Above level every node is built; at level, one with children waits. */
	g_assert_true(n->pending == (n->level == level && n->level != LTTV_STATS_EVENT_TYPE
	                              && lttv_stats_node_has_children(n)));
	if (n->pending) {
		g_assert_null(n->children);
		return built;
	}
	for (guint i = 0; n->children != NULL && i < n->children->len; i++)
		built += count_built(g_ptr_array_index(n->children, i), level);
	return built;
}

/* lazy (built on demand, from s) equals full, every field; its nodes. */
static guint assert_equal(const LttvStats *s, LttvStatsNode *lazy, const LttvStatsNode *full)
{
	GPtrArray *children;
	guint nodes = 1, i;

	g_assert_cmpint(lazy->level, ==, full->level);
	g_assert_cmpuint(lazy->cpu, ==, full->cpu);
	g_assert_cmpint(lazy->pid, ==, full->pid);
	g_assert_cmpint(lazy->tgid, ==, full->tgid);
	g_assert_cmpuint(lazy->birth, ==, full->birth);
	g_assert_cmpstr(lazy->name, ==, full->name);
	g_assert_cmpint(lazy->mode, ==, full->mode);
	g_assert_cmpint(lazy->submode, ==, full->submode);
	g_assert_true(lazy->event_type == full->event_type);
	g_assert_cmpuint(lazy->events, ==, full->events);
	g_assert_cmpuint(lazy->cpu_time, ==, full->cpu_time);
	g_assert_cmpuint(lazy->elapsed_time, ==, full->elapsed_time);
	g_assert_cmpuint(lazy->cumulative_time, ==, full->cumulative_time);
	g_assert_cmpuint(lazy->unaccounted, ==, full->unaccounted);
	g_assert_cmpuint(lazy->uncertain_time, ==, full->uncertain_time);
	g_assert_cmpuint(lazy->charged_time, ==, full->charged_time);
	g_assert_cmpuint(lazy->calls, ==, full->calls);
	g_assert_true(lttv_stats_node_has_children(lazy) == (full->children != NULL && full->children->len > 0));
	children = lttv_stats_node_children(s, lazy);
	g_assert_false(lazy->pending);
	g_assert_true(children == lazy->children);
	g_assert_true((children == NULL) == (full->children == NULL));
	if (children == NULL)
		return nodes;
	g_assert_cmpuint(children->len, ==, full->children->len);
	for (i = 0; i < children->len; i++)
		nodes += assert_equal(s, g_ptr_array_index(children, i), g_ptr_array_index(full->children, i));
	return nodes;
}

/* Built to every level, both ways, then opened everywhere. */
static void check_stats(const char *what, const LttvStats *s)
{
	for (gboolean per_cpu = FALSE; per_cpu <= TRUE; per_cpu++) {
		LttvStatsNode *full = lttv_stats_tree(s, per_cpu);
		guint all = 0;

		g_assert_cmpuint(full->children->len, >, 0);
		for (LttvStatsLevel level = LTTV_STATS_TRACE; level <= LTTV_STATS_EVENT_TYPE; level++) {
			LttvStatsNode *lazy = lttv_stats_tree_to(s, per_cpu, level);
			/* A tree by process has no CPU level: built to it, it stops at the trace. */
			guint built = count_built(lazy, !per_cpu && level == LTTV_STATS_CPU ? LTTV_STATS_TRACE : level);
			guint nodes = assert_equal(s, lazy, full);

			/* A shallow tree is a fraction of the full one. */
			if (level <= LTTV_STATS_PROCESS)
				g_assert_cmpuint(built * 2, <, nodes);
			if (level == LTTV_STATS_EVENT_TYPE)
				g_assert_cmpuint(built, ==, nodes);
			g_assert_true(all == 0 || all == nodes);
			all = nodes;
			lttv_stats_node_free(lazy);
		}
		/* Built whole in one call, as an export does. */
		LttvStatsNode *lazy = lttv_stats_tree_to(s, per_cpu, LTTV_STATS_PROCESS);
		lttv_stats_node_build(s, lazy, LTTV_STATS_EVENT_TYPE);
		g_assert_cmpuint(count_built(lazy, LTTV_STATS_EVENT_TYPE), ==, all);
		lttv_stats_node_free(lazy);
		g_test_message("%s, %s: %u nodes", what, per_cpu ? "by CPU" : "by process", all);
		lttv_stats_node_free(full);
	}
}

static void check_trace(const char *name, const char *const *args)
{
	char *path = analysis_synth(tmpdir, name, FALSE, args);
	GError *error = NULL;
	LttTrace *trace = ltt_trace_open(path, &error);
	LttvTraceState *ts;
	LttvStats *s;

	g_assert_no_error(error);
	s = analysis_whole_stats(trace, &ts, NULL);
	check_stats(name, s);
	lttv_stats_free(s);
	lttv_trace_state_free(ts);
	ltt_trace_unref(trace);
	g_free(path);
}

static void test_traces(void)
{
	const char *basic[] = { "--cpus=2", "--processes=20", "--events=60000", "--seed=1", "--charges", NULL };
	const char *lost[] = { "--cpus=3", "--events=40000", "--seed=2", "--lost-every=3", "--block-size=4096", NULL };
	const char *threads[] = { "--cpus=2", "--processes=10", "--threads-per-process=4", "--events=50000",
	                          "--seed=5", "--pid-reuse", "--start-in-syscall", NULL };
	const char *many[] = { "--cpus=8", "--processes=3000", "--events=120000", "--seed=6", NULL };
	const char *missed[] = { "--cpus=4", "--processes=30", "--events=40000", "--seed=23", "--common-pid",
	                         "--missed-switches=7", "--pid-reuse", "--irq-vectors", "--charges", NULL };
	const char *vectors[] = { "--cpus=3", "--processes=20", "--events=60000", "--seed=12", "--irq-vectors", NULL };
	/* Switches missed with no common_pid: tasks charged on CPUs where
	 * they have no CPU time, nodes of a charge alone (test-stats). */
	const char *charged[] = { "--cpus=4", "--processes=30", "--events=40000", "--seed=2", "--missed-switches=5",
	                          "--charges", NULL };

	check_trace("basic", basic);
	check_trace("lost", lost);
	check_trace("threads", threads);
	check_trace("many", many);
	check_trace("missed", missed);
	check_trace("vectors", vectors);
	check_trace("charged", charged);
}

/* CPU numbers 0 and 65535: the CPU nodes are found by number, not index. */
static void test_sparse_cpus(void)
{
	const char *args[] = { "--cpus=2", "--processes=50", "--events=20000", "--seed=5", NULL };
	char *path = analysis_synth(tmpdir, "sparse", FALSE, args);
	char *from = g_build_filename(path, "kernel_1", NULL), *to = g_build_filename(path, "kernel_65535", NULL);
	GError *error = NULL;
	LttTrace *trace;
	LttvTraceState *ts;
	LttvStats *s;
	LttvStatsNode *tree;

	g_assert_cmpint(g_rename(from, to), ==, 0);
	trace = ltt_trace_open(path, &error);
	g_assert_no_error(error);
	s = analysis_whole_stats(trace, &ts, NULL);
	tree = lttv_stats_tree_to(s, TRUE, LTTV_STATS_CPU);
	g_assert_cmpuint(tree->children->len, >=, 2);
	g_assert_cmpuint(((LttvStatsNode *) g_ptr_array_index(tree->children, tree->children->len - 1))->cpu, ==, 65535);
	lttv_stats_node_free(tree);
	check_stats("sparse", s);
	lttv_stats_free(s);
	lttv_trace_state_free(ts);
	ltt_trace_unref(trace);
	g_free(from);
	g_free(to);
	g_free(path);
}

/* Counted on two threads (the halves added), and a window's figures from
 * the service (the index's sums of differences, dense leaves). */
static void test_split_and_window(void)
{
	const char *args[] = { "--cpus=4", "--processes=200", "--events=300000", "--seed=31", "--irq-vectors",
	                       "--charges", NULL };
	char *path = analysis_synth(tmpdir, "split", FALSE, args);
	GError *error = NULL;
	LttTrace *trace = ltt_trace_open(path, &error);
	LttvTraceState *ts;
	LttvStats *s;

	g_assert_no_error(error);
	s = lttv_stats_run_trace_split(trace, 0, &ts, NULL);
	check_stats("split", s);
	lttv_stats_free(s);
	lttv_trace_state_free(ts);
	ltt_trace_unref(trace);

	LttvTrace *t = lttv_trace_open(path, &error);
	g_assert_no_error(error);
	LttvPrecompute *p = lttv_precompute_get(t);
	LttTrace *lt = lttv_trace_ltt(t);
	LttTime start = ltt_trace_start_time(lt), end = ltt_trace_end_time(lt);

	lttv_precompute_set_cache(p, FALSE);
	lttv_precompute_set_checkpoint_interval(p, 5000);
	while (lttv_precompute_step(p, 10000, &error))
		;
	g_assert_no_error(error);
	s = lttv_precompute_window_stats(p, start + (end - start) / 5, start + (end - start) * 4 / 5, &error);
	g_assert_no_error(error);
	check_stats("window", s);
	lttv_window_stats_free(s);
	lttv_precompute_unref(p);
	lttv_trace_unref(t);
	g_free(path);
}

/* No leaf: a tree of one node, nothing pending. */
static void test_empty(void)
{
	const char *args[] = { "--cpus=2", "--processes=5", "--events=2000", "--seed=4", NULL };
	char *path = analysis_synth(tmpdir, "empty", FALSE, args);
	GError *error = NULL;
	LttTrace *trace = ltt_trace_open(path, &error);
	LttvTraceState *ts;
	LttvStats *s;

	g_assert_no_error(error);
	ts = lttv_trace_state_new(trace);
	s = lttv_stats_new(ts, ltt_trace_start_time(trace));
	lttv_stats_close(s, ltt_trace_start_time(trace));
	for (LttvStatsLevel level = LTTV_STATS_TRACE; level <= LTTV_STATS_EVENT_TYPE; level++) {
		LttvStatsNode *tree = lttv_stats_tree_to(s, level & 1, level);

		g_assert_false(tree->pending);
		g_assert_false(lttv_stats_node_has_children(tree));
		g_assert_cmpuint(lttv_stats_node_children(s, tree)->len, ==, 0);
		lttv_stats_node_free(tree);
	}
	lttv_stats_free(s);
	lttv_trace_state_free(ts);
	ltt_trace_unref(trace);
	g_free(path);
}

int main(int argc, char **argv)
{
	int status;

	g_test_init(&argc, &argv, NULL);
	tmpdir = analysis_tmpdir();
	g_test_add_func("/stats-tree-lazy/traces", test_traces);
	g_test_add_func("/stats-tree-lazy/sparse-cpus", test_sparse_cpus);
	g_test_add_func("/stats-tree-lazy/split-and-window", test_split_and_window);
	g_test_add_func("/stats-tree-lazy/empty", test_empty);
	status = g_test_run();
	tlt_remove_dir(tmpdir);
	g_free(tmpdir);
	return status;
}
