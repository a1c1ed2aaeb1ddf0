/* SPDX-License-Identifier: GPL-2.0-or-later */
/* SPDX-FileCopyrightText: 2026 The LTTV authors */
/* test-state-context.c: the state engine attached to a traceset context:
 * its hook keeps the states equal to a replay by the test's own merge, and
 * seeks through checkpoints (computed, then read from the cache) give the
 * state a full replay gives. */
#include "config.h"
#include <lttv/precompute.h>
#include <lttv/state-context.h>
#include "analysis-merge.h"
#include "analysis-util.h"

static char *tmpdir;

/* Statistics of [a, b) of trace computed with the test's merge. */
static LttvStatsNode *reference_stats(LttTrace *trace, LttTime a, LttTime b)
{
	AnalysisMerge *m = analysis_merge_new(trace);
	LttvTraceState *ts = lttv_trace_state_new(trace);
	LttvStats *s = NULL;
	LttvStatsNode *tree;
	const LttEvent *ev;

	while ((ev = analysis_merge_source.peek(m)) != NULL && ltt_event_time(ev) < b) {
		if (s == NULL && ltt_event_time(ev) >= a)
			s = lttv_stats_new(ts, a);
		if (s != NULL)
			lttv_stats_apply(s, ev);
		else
			lttv_trace_state_apply(ts, ev);
		analysis_merge_source.advance(m);
	}
	if (s == NULL)
		s = lttv_stats_new(ts, a);
	lttv_stats_close(s, b);
	tree = lttv_stats_tree(s, TRUE);
	lttv_stats_free(s);
	lttv_trace_state_free(ts);
	analysis_merge_free(m);
	return tree;
}

static void test_context(void)
{
	const char *args_a[] = { "--cpus=2", "--processes=20", "--events=20000", "--seed=21", "--start-in-syscall", NULL };
	const char *args_b[] = { "--cpus=3", "--processes=10", "--events=15000", "--seed=22", "--pid-reuse", NULL };
	char *paths[2] = { analysis_synth(tmpdir, "a", FALSE, args_a), analysis_synth(tmpdir, "b", FALSE, args_b) };
	LttvTraceset *set = lttv_traceset_new();
	LttvTracesetContext *ctx;
	LttvContextState *cs;
	GRand *rand = g_rand_new_with_seed(5);
	GError *error = NULL;
	LttTime start, end;
	guint i, k;

	for (i = 0; i < 2; i++) {
		LttvTrace *t = lttv_trace_open(paths[i], &error);

		g_assert_no_error(error);
		lttv_traceset_add(set, t);
		lttv_trace_unref(t);
	}
	ctx = lttv_traceset_context_new(set);
	cs = lttv_context_state_new(ctx);
	start = ctx->start_time;
	end = ctx->end_time;

	/* The hook: reading the whole traceset leaves the states of a full replay. */
	lttv_context_state_add_hooks(cs);
	lttv_process_traceset_begin(ctx, NULL, NULL, NULL, NULL, NULL);
	lttv_process_traceset_seek_time(ctx, LTT_TIME_ZERO);
	g_assert_cmpuint(lttv_process_traceset_middle(ctx, LTT_TIME_INFINITE, G_MAXUINT64, NULL), ==, 35000);
	lttv_process_traceset_end(ctx, NULL, NULL, NULL, NULL, NULL);
	for (i = 0; i < 2; i++) {
		LttvTraceState *full = analysis_replay(ctx->traces[i]->t, LTT_TIME_INFINITE);

		analysis_assert_state_equal(lttv_context_state_get(cs, i), full);
		lttv_trace_state_free(full);
	}

	/* Seeks: without checkpoints, with computed ones, with cached ones, and
	 * from the traces' done precomputations (no checkpoints of its own). */
	for (k = 0; k < 4; k++) {
		if (k == 1) {
			lttv_context_state_compute_checkpoints(cs, 1000);
			g_assert_cmpuint(lttv_checkpoints_count(lttv_context_state_checkpoints(cs, 0)), ==, 20);
		}
		if (k == 2) {
			lttv_context_state_free(cs);
			cs = lttv_context_state_new(ctx);
			lttv_context_state_add_hooks(cs);
			lttv_context_state_compute_checkpoints(cs, 1000);
			g_assert_cmpuint(lttv_checkpoints_count(lttv_context_state_checkpoints(cs, 1)), ==, 15);
		}
		if (k == 3) {
			lttv_context_state_free(cs);
			cs = lttv_context_state_new(ctx);
			lttv_context_state_add_hooks(cs);
			for (i = 0; i < 2; i++) {
				LttvPrecompute *p = lttv_precompute_get(ctx->traces[i]->vt);

				lttv_precompute_set_cache(p, FALSE);
				while (lttv_precompute_step(p, 100000, &error))
					;
				g_assert_no_error(error);
				g_assert_false(lttv_context_state_seeks_anywhere(cs));
				lttv_context_state_use_precompute(cs, i, p);
				lttv_precompute_unref(p);
			}
			g_assert_true(lttv_context_state_seeks_anywhere(cs));
			g_assert_null(lttv_context_state_checkpoints(cs, 0));
		}
		for (i = 0; i < 8; i++) {
			LttTime t = start + (LttTime) (g_rand_double(rand) * (double) (end - start));
			guint j;

			lttv_context_state_seek_time(cs, t);
			g_assert_cmpuint(lttv_traceset_context_current_time(ctx), >=, t);
			for (j = 0; j < 2; j++) {
				LttvTraceState *full = analysis_replay(ctx->traces[j]->t, t);

				analysis_assert_state_equal(lttv_context_state_get(cs, j), full);
				lttv_trace_state_free(full);
			}
		}
	}

	/* After a seek, reading on with the hook keeps the states exact. */
	lttv_process_traceset_begin(ctx, NULL, NULL, NULL, NULL, NULL);
	lttv_context_state_seek_time(cs, start + (end - start) / 2);
	lttv_process_traceset_middle(ctx, start + (end - start) * 3 / 4, G_MAXUINT64, NULL);
	lttv_process_traceset_end(ctx, NULL, NULL, NULL, NULL, NULL);
	for (i = 0; i < 2; i++) {
		LttvTraceState *full = analysis_replay(ctx->traces[i]->t, start + (end - start) * 3 / 4);

		analysis_assert_state_equal(lttv_context_state_get(cs, i), full);
		lttv_trace_state_free(full);
	}

	/* Statistics of an interval gathered by the hook equal the reference. */
	{
		LttTime a = start + (end - start) / 3, b = start + (end - start) * 2 / 3;

		lttv_process_traceset_begin(ctx, NULL, NULL, NULL, NULL, NULL);
		lttv_context_state_seek_time(cs, a);
		lttv_context_state_start_stats(cs, a);
		lttv_process_traceset_middle(ctx, b, G_MAXUINT64, NULL);
		lttv_context_state_stop_stats(cs, b);
		lttv_process_traceset_end(ctx, NULL, NULL, NULL, NULL, NULL);
		for (i = 0; i < 2; i++) {
			LttvStatsNode *got = lttv_stats_tree(lttv_context_state_stats(cs, i), TRUE);
			LttvStatsNode *want = reference_stats(ctx->traces[i]->t, a, b);

			g_assert_cmpuint(got->events, >, 1000);
			analysis_assert_tree_equal(got, want);
			lttv_stats_node_free(got);
			lttv_stats_node_free(want);
		}
	}
	lttv_context_state_remove_hooks(cs);
	lttv_context_state_free(cs);
	g_object_unref(ctx);
	lttv_traceset_destroy(set);
	g_rand_free(rand);
	g_free(paths[0]);
	g_free(paths[1]);
}

int main(int argc, char **argv)
{
	int status;

	g_test_init(&argc, &argv, NULL);
	tmpdir = analysis_tmpdir();
	g_test_add_func("/state-context/hooks-and-seeks", test_context);
	status = g_test_run();
	tlt_remove_dir(tmpdir);
	g_free(tmpdir);
	return status;
}
