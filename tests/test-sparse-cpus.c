/* SPDX-License-Identifier: GPL-2.0-or-later */
/* SPDX-FileCopyrightText: 2026 The LTTV authors */
/* test-sparse-cpus.c: a trace whose channel files are kernel_0 and
 * kernel_65535 (a CPU number the format allows) costs the state, its
 * checkpoints and the precomputation what two CPUs cost, not 65,536
 * (issue 24 §5): the interval store has rows for the CPUs named only; the checkpoints'
 * file and the precomputation's cache stay as small as with CPUs 0 and 1
 * and read back. */
#include "config.h"
#include <stdlib.h>
#include <string.h>
#include <glib/gstdio.h>
#include <lttv/precompute.h>
#include <lttv/intervals.h>
#include <lttv/checkpoint.h>
#include <lttv/state.h>
#include "analysis-merge.h"
#include "analysis-util.h"

static char *tmpdir;

/* Runs the pass (cache written) and returns the cache file's size. */
static gint64 precompute(const char *path, guint *cpu_rows, gboolean *from_cache)
{
	GError *error = NULL;
	LttvTrace *t = lttv_trace_open(path, &error);
	LttvPrecompute *p;
	const LttvIntervalStore *store;
	char *cache;
	GStatBuf st;
	guint e;

	g_assert_no_error(error);
	p = lttv_precompute_get(t);
	while (lttv_precompute_step(p, 100000, &error))
		;
	g_assert_no_error(error);
	g_assert_true(lttv_precompute_done(p));
	lttv_precompute_finish_cache(p);
	*from_cache = lttv_precompute_from_cache(p);
	store = lttv_precompute_intervals(p);
	*cpu_rows = 0;
	for (e = 0; e < lttv_intervals_entity_count(store); e++)
		if (lttv_intervals_entity(store, e)->kind == LTTV_ENTITY_CPU)
			(*cpu_rows)++;
	cache = g_build_filename(path, ".lttv-precompute-cache", NULL);
	g_assert_cmpint(g_stat(cache, &st), ==, 0);
	g_free(cache);
	lttv_precompute_unref(p);
	lttv_trace_unref(t);
	return (gint64) st.st_size;
}

/* Resident memory of this process, in kB. */
static long vm_rss_kb(void)
{
	char *status = NULL;
	long kb = -1;

	g_assert_true(g_file_get_contents("/proc/self/status", &status, NULL, NULL));
	const char *line = strstr(status, "\nVmRSS:");
	g_assert_nonnull(line);
	kb = strtol(line + strlen("\nVmRSS:"), NULL, 10);
	g_free(status);
	return kb;
}

/* 64 copies of a state (what checkpoints keep) cost what their present
 * CPUs hold: with kernel_65535, not 64 times a table of 65,536 CPUs (1 MB
 * each when the whole table was copied). */
static void copies_stay_small(const LttvTraceState *ts)
{
	LttvTraceState *copies[64];
	long before = vm_rss_kb();

	for (guint i = 0; i < G_N_ELEMENTS(copies); i++)
		copies[i] = lttv_trace_state_copy(ts);
	long grown = vm_rss_kb() - before;
	g_test_message("64 state copies: resident memory grew by %ld kB", grown);
	g_assert_cmpint(grown, <, 16 * 1024);
	for (guint i = 0; i < G_N_ELEMENTS(copies); i++)
		lttv_trace_state_free(copies[i]);
}

/* Builds, saves and loads again the state checkpoints of path (every
 * 1,000 events); returns the file's size.  The state restored at the end
 * knows the trace's second CPU. */
static gint64 checkpoints(const char *path)
{
	GError *error = NULL;
	LttTrace *trace = ltt_trace_open(path, &error);
	AnalysisMerge *m;
	LttvCheckpoints *cps, *back;
	LttvTraceState *ts;
	char *file;
	GStatBuf st;

	g_assert_no_error(error);
	m = analysis_merge_new(trace);
	cps = lttv_checkpoints_build(trace, 1000, &analysis_merge_source, m, &error);
	g_assert_no_error(error);
	g_assert_cmpuint(lttv_checkpoints_count(cps), >=, 10);
	file = lttv_checkpoints_cache_path(trace);
	g_assert_true(lttv_checkpoints_save(cps, file, &error));
	back = lttv_checkpoints_load(trace, file, &error);
	g_assert_no_error(error);
	ts = lttv_checkpoints_state_at(back, ltt_trace_end_time(trace), &analysis_merge_source, m, &error);
	g_assert_no_error(error);
	g_assert_nonnull(lttv_trace_state_running_process(ts, ltt_tracefile_cpu(ltt_trace_tracefile(trace, 1))));
	copies_stay_small(ts);
	g_assert_cmpint(g_stat(file, &st), ==, 0);
	lttv_trace_state_free(ts);
	lttv_checkpoints_free(back);
	lttv_checkpoints_free(cps);
	analysis_merge_free(m);
	g_free(file);
	ltt_trace_unref(trace);
	return (gint64) st.st_size;
}

static void test_sparse(void)
{
	const char *args[] = { "--cpus=2", "--processes=50", "--events=20000", "--seed=5", NULL };
	char *dense = analysis_synth(tmpdir, "dense", FALSE, args);
	char *sparse = analysis_synth(tmpdir, "sparse", FALSE, args);
	char *from = g_build_filename(sparse, "kernel_1", NULL), *to = g_build_filename(sparse, "kernel_65535", NULL);
	guint dense_rows, sparse_rows;
	gboolean cached;
	gint64 dense_cache, sparse_cache, dense_cps, sparse_cps;

	g_assert_cmpint(g_rename(from, to), ==, 0);
	dense_cps = checkpoints(dense);
	sparse_cps = checkpoints(sparse);
	g_assert_cmpint(sparse_cps, <=, dense_cps + dense_cps / 10);

	dense_cache = precompute(dense, &dense_rows, &cached);
	g_assert_false(cached);
	sparse_cache = precompute(sparse, &sparse_rows, &cached);
	g_assert_false(cached);
	/* The renamed file's events still name CPU 1 (migrations, the state
	 * dump): a row for it too, and none for the 65,533 others. */
	g_assert_cmpuint(dense_rows, ==, 2);
	g_assert_cmpuint(sparse_rows, ==, 3);
	g_assert_cmpint(sparse_cache, <=, dense_cache + dense_cache / 10);
	/* The states in the cache read back. */
	precompute(sparse, &sparse_rows, &cached);
	g_assert_true(cached);
	g_assert_cmpuint(sparse_rows, ==, 3);
	g_free(from);
	g_free(to);
	g_free(dense);
	g_free(sparse);
}

int main(int argc, char **argv)
{
	int rc;

	g_test_init(&argc, &argv, NULL);
	tmpdir = analysis_tmpdir();
	{
		char *xdg = g_build_filename(tmpdir, "xdg-cache", NULL);

		g_setenv("XDG_CACHE_HOME", xdg, TRUE);
		g_free(xdg);
	}
	g_test_add_func("/sparse-cpus/state-checkpoints-precompute", test_sparse);
	rc = g_test_run();
	tlt_remove_dir(tmpdir);
	g_free(tmpdir);
	return rc;
}
