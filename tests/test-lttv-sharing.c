/* SPDX-License-Identifier: GPL-2.0-or-later */
/* SPDX-FileCopyrightText: 2026 The LTTV authors */
/* test-lttv-sharing: what a context reads is not disturbed by other readers
 * of the same traces: the statistics' fast paths (which read by CPU) and
 * the private passes of an LttvContextState. */
#include "config.h"
#include <lttv/tracecontext.h>
#include <lttv/state-context.h>
#include <lttv/stats.h>
#include "analysis-util.h"

static char *tmpdir;
static char *path_a;
/* Traces added later: enough that indices past the context state's arrays
 * leave their allocations (small ones have slack). */
#define N_LATER 6
static char *later[N_LATER];

static gboolean append_time(void *hook_data, void *call_data)
{
	LttvTracefileContext *tfc = call_data;

	g_array_append_val((GArray *) hook_data, tfc->e->time);
	return FALSE;
}

/* Every event time ctx delivers from where it is to its end. */
static void read_rest(LttvTracesetContext *ctx, GArray *times, guint64 max)
{
	LttvHooks *event = lttv_hooks_new();

	lttv_hooks_add(event, append_time, times, LTTV_PRIO_DEFAULT);
	lttv_process_traceset_begin(ctx, NULL, NULL, NULL, event, NULL);
	lttv_process_traceset_middle(ctx, LTT_TIME_INFINITE, max, NULL);
	lttv_process_traceset_end(ctx, NULL, NULL, NULL, event, NULL);
	lttv_hooks_destroy(event);
}

static LttvTraceset *traceset_of(const char *const *paths, guint n)
{
	LttvTraceset *set = lttv_traceset_new();
	GError *error = NULL;

	for (guint i = 0; i < n; i++) {
		LttvTrace *t = lttv_trace_open(paths[i], &error);

		g_assert_no_error(error);
		lttv_traceset_add(set, t);
		lttv_trace_unref(t);
	}
	return set;
}

static void assert_times_equal(const GArray *got, const GArray *want)
{
	g_assert_cmpuint(got->len, ==, want->len);
	for (guint i = 0; i < got->len; i++)
		if (g_array_index(got, LttTime, i) != g_array_index(want, LttTime, i))
			g_error("event %u: time %" G_GUINT64_FORMAT " instead of %" G_GUINT64_FORMAT, i,
			        g_array_index(got, LttTime, i), g_array_index(want, LttTime, i));
}

/* Regression: the statistics of a whole trace (by CPU, on one thread or
 * split on two) moved the shared tracefile cursors under a context that
 * was reading the trace: it then delivered the wrong events. */
static void test_stats_fast_path(gconstpointer data)
{
	guint threads = GPOINTER_TO_UINT(data);
	const char *paths[] = { path_a };
	LttvTraceset *set = traceset_of(paths, 1);
	LttvTracesetContext *ctx = lttv_traceset_context_new(set);
	GArray *want = g_array_new(FALSE, FALSE, sizeof(LttTime));
	GArray *got = g_array_new(FALSE, FALSE, sizeof(LttTime));
	LttvTraceState *ts;
	LttvStats *s;

	read_rest(ctx, want, G_MAXUINT64);
	lttv_process_traceset_seek_time(ctx, 0);
	read_rest(ctx, got, 1000);
	s = threads == 2 ? lttv_stats_run_trace_split(ctx->traces[0]->t, 0, &ts, NULL)
	                 : lttv_stats_run_trace_threads(ctx->traces[0]->t, 1, &ts, NULL);
	g_assert_cmpuint(lttv_trace_state_event_count(ts), ==, want->len);
	read_rest(ctx, got, G_MAXUINT64);
	assert_times_equal(got, want);
	lttv_stats_free(s);
	lttv_trace_state_free(ts);
	g_array_free(want, TRUE);
	g_array_free(got, TRUE);
	g_object_unref(ctx);
	lttv_traceset_destroy(set);
}

/* Regression: a trace added to the traceset after the context state was
 * made reached its private passes (invalid reads of per-trace arrays).
 * Contexts read the traces their traceset had when they were made. */
static void test_traceset_grows(void)
{
	const char *paths[] = { path_a };
	LttvTraceset *set = traceset_of(paths, 1);
	LttvTracesetContext *ctx = lttv_traceset_context_new(set);
	LttvContextState *cs = lttv_context_state_new(ctx);
	LttTime t = ctx->start_time + (ctx->end_time - ctx->start_time) / 2;
	LttvTraceState *full;

	for (guint i = 0; i < N_LATER; i++) {
		GError *error = NULL;
		LttvTrace *b = lttv_trace_open(later[i], &error);

		g_assert_no_error(error);
		g_assert_true(lttv_traceset_add(set, b));
		lttv_trace_unref(b);
	}
	lttv_context_state_compute_checkpoints(cs, 1000);
	lttv_context_state_seek_time(cs, t);
	g_assert_cmpuint(ctx->n_traces, ==, 1);
	g_assert_null(lttv_context_state_get(cs, 1));
	full = analysis_replay(ctx->traces[0]->t, t);
	analysis_assert_state_equal(lttv_context_state_get(cs, 0), full);
	lttv_trace_state_free(full);
	lttv_context_state_free(cs);
	g_object_unref(ctx);
	lttv_traceset_destroy(set);
}

int main(int argc, char **argv)
{
	const char *args_a[] = { "--cpus=2", "--processes=20", "--events=20000", "--seed=31", NULL };
	int status;

	g_test_init(&argc, &argv, NULL);
	tmpdir = analysis_tmpdir();
	path_a = analysis_synth(tmpdir, "a", FALSE, args_a);
	g_assert_nonnull(path_a);
	for (guint i = 0; i < N_LATER; i++) {
		char *name = g_strdup_printf("later%u", i), *seed = g_strdup_printf("--seed=%u", 40 + i);
		const char *args[] = { "--cpus=2", "--processes=5", "--events=2000", seed, NULL };

		later[i] = analysis_synth(tmpdir, name, FALSE, args);
		g_assert_nonnull(later[i]);
		g_free(name);
		g_free(seed);
	}
	g_test_add_data_func("/sharing/stats-fast-path/one-thread", GUINT_TO_POINTER(1), test_stats_fast_path);
	g_test_add_data_func("/sharing/stats-fast-path/split", GUINT_TO_POINTER(2), test_stats_fast_path);
	g_test_add_func("/sharing/context-state/traceset-grows", test_traceset_grows);
	status = g_test_run();
	tlt_remove_dir(tmpdir);
	g_free(tmpdir);
	g_free(path_a);
	for (guint i = 0; i < N_LATER; i++)
		g_free(later[i]);
	return status;
}
