/* SPDX-License-Identifier: GPL-2.0-or-later */
/* SPDX-FileCopyrightText: 2026 The LTTV authors */
/* test-lttv-event-index: event numbers over a traceset (event-index.h),
 * the index built in steps beside a viewer's context, and states restored
 * at a position and at an event number (state-context.h). */
#include "config.h"
#include <lttv/event-index.h>
#include <lttv/state-context.h>
#include "analysis-util.h"

static char *tmpdir;
static LttvTraceset *set;
static GArray *all;                 /* LttTime of every event, merge order */

static gboolean append_time(void *hook_data, void *call_data)
{
	LttvTracefileContext *tfc = call_data;

	g_array_append_val((GArray *) hook_data, tfc->e->time);
	return FALSE;
}

/* Reads up to max events of ctx, appending their times to times. */
static guint64 read_events(LttvTracesetContext *ctx, GArray *times, guint64 max)
{
	LttvHooks *event = lttv_hooks_new();
	guint64 n;

	lttv_hooks_add(event, append_time, times, LTTV_PRIO_DEFAULT);
	lttv_process_traceset_begin(ctx, NULL, NULL, NULL, event, NULL);
	n = lttv_process_traceset_middle(ctx, LTT_TIME_INFINITE, max, NULL);
	lttv_process_traceset_end(ctx, NULL, NULL, NULL, event, NULL);
	lttv_hooks_destroy(event);
	return n;
}

/* The next event of ctx is event n (or the end when n is the count). */
static void assert_next_is(LttvTracesetContext *ctx, guint64 n)
{
	GArray *one = g_array_new(FALSE, FALSE, sizeof(LttTime));

	g_assert_cmpuint(read_events(ctx, one, 1), ==, n < all->len ? 1 : 0);
	if (n < all->len)
		g_assert_cmpuint(g_array_index(one, LttTime, 0), ==, g_array_index(all, LttTime, n));
	g_array_free(one, TRUE);
}

/* The index is built in small steps while a viewer reads the same traces
 * and lookups are made: the viewer sees every event once, in order, and
 * what is indexed answers at once. */
static void test_steps_beside_viewer(void)
{
	LttvTracesetContext *viewer = lttv_traceset_context_new(set);
	LttvEventIndex *idx = lttv_event_index_new(viewer, 100);
	LttvTracesetContextPosition *pos = lttv_traceset_context_position_new(viewer);
	GArray *seen = g_array_new(FALSE, FALSE, sizeof(LttTime));
	guint steps = 0;
	GError *error = NULL;
	guint64 n;

	g_assert_cmpuint(lttv_event_index_total_estimate(idx), ==, all->len);
	while (!lttv_event_index_step(idx, 200)) {
		guint64 counted = lttv_event_index_count(idx);

		steps++;
		read_events(viewer, seen, 97);
		g_assert_false(lttv_event_index_position(idx, counted, pos, &error));
		g_assert_error(error, LTTV_CONTEXT_ERROR, LTTV_CONTEXT_ERROR_NOT_INDEXED);
		g_clear_error(&error);
		g_assert_true(lttv_event_index_position(idx, counted / 2, pos, &error));
		g_assert_no_error(error);
		g_assert_true(lttv_event_index_number(idx, pos, &n, &error));
		g_assert_no_error(error);
		g_assert_cmpuint(n, ==, counted / 2);
	}
	g_assert_cmpuint(steps, >, 3);
	read_events(viewer, seen, G_MAXUINT64);
	g_assert_cmpuint(seen->len, ==, all->len);
	g_assert_cmpmem(seen->data, seen->len * sizeof(LttTime), all->data, all->len * sizeof(LttTime));
	g_assert_cmpuint(lttv_event_index_count(idx), ==, all->len);
	lttv_traceset_context_position_destroy(pos);
	lttv_event_index_free(idx);
	g_array_free(seen, TRUE);
	g_object_unref(viewer);
}

static void test_lookups(gconstpointer data)
{
	LttvTracesetContext *viewer = lttv_traceset_context_new(set);
	LttvEventIndex *idx = lttv_event_index_new(viewer, GPOINTER_TO_UINT(data));
	LttvTracesetContextPosition *pos = lttv_traceset_context_position_new(viewer);
	GRand *rand = g_rand_new_with_seed(3);
	GError *error = NULL;
	guint64 n;

	lttv_event_index_build(idx);
	g_assert_true(lttv_event_index_complete(idx));
	g_assert_cmpuint(lttv_event_index_count(idx), ==, all->len);
	for (guint k = 0; k < 200; k++) {
		guint64 want = k == 0 ? 0 : k == 1 ? all->len - 1 : k == 2 ? all->len : (guint64) g_rand_int_range(rand, 0, all->len);

		g_assert_true(lttv_event_index_seek(idx, viewer, want, &error));
		g_assert_no_error(error);
		/* The viewer's own position there has that number. */
		lttv_traceset_context_position_save(viewer, pos);
		g_assert_true(lttv_event_index_number(idx, pos, &n, &error));
		g_assert_no_error(error);
		g_assert_cmpuint(n, ==, want);
		assert_next_is(viewer, want);
		g_assert_true(lttv_event_index_position(idx, want, pos, &error));
		g_assert_cmpint(lttv_traceset_context_ctx_pos_compare(viewer, pos), ==, want < all->len ? 1 : 0);
	}
	g_assert_false(lttv_event_index_seek(idx, viewer, all->len + 1, &error));
	g_assert_error(error, LTTV_CONTEXT_ERROR, LTTV_CONTEXT_ERROR_NOT_INDEXED);
	g_clear_error(&error);
	g_rand_free(rand);
	lttv_traceset_context_position_destroy(pos);
	lttv_event_index_free(idx);
	g_object_unref(viewer);
}

/* States restored at an event number and at a position equal the states
 * of a context that read that many events from the start. */
static void test_state_at_number(void)
{
	LttvTracesetContext *ctx = lttv_traceset_context_new(set), *ref = lttv_traceset_context_new(set);
	LttvContextState *cs = lttv_context_state_new(ctx);
	LttvEventIndex *idx = lttv_event_index_new(ctx, 0);
	LttvTracesetContextPosition *pos = lttv_traceset_context_position_new(ctx);
	GRand *rand = g_rand_new_with_seed(4);
	GError *error = NULL;

	lttv_event_index_build(idx);
	lttv_context_state_compute_checkpoints(cs, 1000);
	for (guint k = 0; k < 12; k++) {
		guint64 n = k == 0 ? 0 : k == 1 ? all->len : (guint64) g_rand_int_range(rand, 0, all->len);
		LttvContextState *want = lttv_context_state_new(ref);

		lttv_process_traceset_seek_time(ref, 0);
		lttv_context_state_add_hooks(want);
		lttv_process_traceset_middle(ref, LTT_TIME_INFINITE, n, NULL);
		lttv_context_state_remove_hooks(want);
		lttv_traceset_context_position_save(ref, pos);
		if (k % 2) {
			g_assert_true(lttv_context_state_seek_event_number(cs, idx, n, &error));
		} else {
			g_assert_true(lttv_context_state_seek_position(cs, pos, &error));
		}
		g_assert_no_error(error);
		for (guint i = 0; i < ctx->n_traces; i++)
			analysis_assert_state_equal(lttv_context_state_get(cs, i), lttv_context_state_get(want, i));
		g_assert_cmpint(lttv_traceset_context_ctx_pos_compare(ctx, pos), ==, 0);
		lttv_context_state_free(want);
	}
	g_assert_false(lttv_context_state_seek_event_number(cs, idx, all->len + 1, &error));
	g_assert_error(error, LTTV_CONTEXT_ERROR, LTTV_CONTEXT_ERROR_NOT_INDEXED);
	g_clear_error(&error);
	g_rand_free(rand);
	lttv_traceset_context_position_destroy(pos);
	lttv_event_index_free(idx);
	lttv_context_state_free(cs);
	g_object_unref(ref);
	g_object_unref(ctx);
}

/* A traceset without traces: complete at once, event 0 is the end. */
static void test_empty(void)
{
	LttvTraceset *none = lttv_traceset_new();
	LttvTracesetContext *ctx = lttv_traceset_context_new(none);
	LttvEventIndex *idx = lttv_event_index_new(ctx, 0);
	LttvTracesetContextPosition *pos = lttv_traceset_context_position_new(ctx);
	GError *error = NULL;
	guint64 n = 1;

	g_assert_cmpuint(lttv_event_index_total_estimate(idx), ==, 0);
	g_assert_true(lttv_event_index_step(idx, 0));
	g_assert_cmpuint(lttv_event_index_count(idx), ==, 0);
	g_assert_true(lttv_event_index_seek(idx, ctx, 0, &error));
	g_assert_true(lttv_traceset_context_at_end(ctx));
	lttv_traceset_context_position_save(ctx, pos);
	g_assert_true(lttv_event_index_number(idx, pos, &n, &error));
	g_assert_no_error(error);
	g_assert_cmpuint(n, ==, 0);
	g_assert_false(lttv_event_index_seek(idx, ctx, 1, &error));
	g_assert_error(error, LTTV_CONTEXT_ERROR, LTTV_CONTEXT_ERROR_NOT_INDEXED);
	g_clear_error(&error);
	lttv_traceset_context_position_destroy(pos);
	lttv_event_index_free(idx);
	g_object_unref(ctx);
	lttv_traceset_destroy(none);
}

static void setup(void)
{
	const char *args_a[] = { "--cpus=2", "--processes=20", "--events=20000", "--seed=51", NULL };
	const char *args_b[] = { "--cpus=3", "--processes=10", "--events=15000", "--seed=52", "--pid-reuse", NULL };
	char *paths[2] = { analysis_synth(tmpdir, "a", FALSE, args_a), analysis_synth(tmpdir, "b", FALSE, args_b) };
	LttvTracesetContext *ctx;

	set = lttv_traceset_new();
	for (guint i = 0; i < 2; i++) {
		GError *error = NULL;
		LttvTrace *t;

		g_assert_nonnull(paths[i]);
		t = lttv_trace_open(paths[i], &error);
		g_assert_no_error(error);
		lttv_traceset_add(set, t);
		lttv_trace_unref(t);
		g_free(paths[i]);
	}
	ctx = lttv_traceset_context_new(set);
	all = g_array_new(FALSE, FALSE, sizeof(LttTime));
	read_events(ctx, all, G_MAXUINT64);
	g_assert_cmpuint(all->len, ==, 35000);
	g_object_unref(ctx);
}

int main(int argc, char **argv)
{
	int status;

	g_test_init(&argc, &argv, NULL);
	tmpdir = analysis_tmpdir();
	setup();
	g_test_add_func("/event-index/steps-beside-viewer", test_steps_beside_viewer);
	g_test_add_data_func("/event-index/lookups/interval-100", GUINT_TO_POINTER(100), test_lookups);
	g_test_add_data_func("/event-index/lookups/interval-default", GUINT_TO_POINTER(0), test_lookups);
	g_test_add_data_func("/event-index/lookups/interval-7", GUINT_TO_POINTER(7), test_lookups);
	g_test_add_func("/event-index/state-at-number", test_state_at_number);
	g_test_add_func("/event-index/empty", test_empty);
	status = g_test_run();
	lttv_traceset_destroy(set);
	g_array_free(all, TRUE);
	tlt_remove_dir(tmpdir);
	g_free(tmpdir);
	return status;
}
