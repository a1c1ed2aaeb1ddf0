/* SPDX-License-Identifier: GPL-2.0-or-later */
/* SPDX-FileCopyrightText: 2026 The LTTV authors */
/* test-lttv-event-index: event numbers over a traceset (event-index.h),
 * the index built in steps beside a viewer's context, and states restored
 * at a position and at an event number (state-context.h).  Over one trace
 * the index is the precomputation's event marks: equal to one a private
 * read builds, fresh and from the cache file, and never taken as complete
 * (nor cached) when the precomputation stopped short. */
#include "config.h"
#include <glib/gstdio.h>
#include <lttv/event-index.h>
#include <lttv/precompute.h>
#include <lttv/state-context.h>
#include "analysis-util.h"

static char *tmpdir;
static LttvTraceset *set;
static char *single_path;           /* a trace of its own, for the precomputation's marks */
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
	/* k < 12: from the context's checkpoints; then from the traces' done
	 * precomputations, with no checkpoints of the context's own. */
	for (guint k = 0; k < 24; k++) {
		if (k == 12) {
			lttv_context_state_free(cs);
			cs = lttv_context_state_new(ctx);
			for (guint i = 0; i < ctx->n_traces; i++) {
				LttvPrecompute *p = lttv_precompute_get(ctx->traces[i]->vt);

				lttv_precompute_set_cache(p, FALSE);
				while (lttv_precompute_step(p, 100000, &error))
					;
				g_assert_no_error(error);
				lttv_context_state_use_precompute(cs, i, p);
				lttv_precompute_unref(p);
			}
			g_assert_true(lttv_context_state_seeks_anywhere(cs));
		}
		guint64 n = k % 12 == 0 ? 0 : k % 12 == 1 ? all->len : (guint64) g_rand_int_range(rand, 0, all->len);
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

/* Opens single_path alone in a traceset; its events' times in *times. */
static LttvTraceset *single_set(GArray **times)
{
	LttvTraceset *ts = lttv_traceset_new();
	GError *error = NULL;
	LttvTrace *t = lttv_trace_open(single_path, &error);

	g_assert_no_error(error);
	lttv_traceset_add(ts, t);
	lttv_trace_unref(t);
	if (times != NULL) {
		LttvTracesetContext *ctx = lttv_traceset_context_new(ts);

		*times = g_array_new(FALSE, FALSE, sizeof(LttTime));
		read_events(ctx, *times, G_MAXUINT64);
		g_object_unref(ctx);
	}
	return ts;
}

static char *cache_beside(void)
{
	return g_build_filename(single_path, ".lttv-precompute-cache", NULL);
}

/* No cache file of the single trace, beside it or in the user's folder. */
static void remove_caches(void)
{
	char *beside = cache_beside(), *dir = g_build_filename(g_get_user_cache_dir(), "lttv", NULL);
	GDir *d = g_dir_open(dir, 0, NULL);
	const char *name;

	g_unlink(beside);
	while (d != NULL && (name = g_dir_read_name(d)) != NULL)
		if (g_str_has_suffix(name, ".precompute")) {
			char *path = g_build_filename(dir, name, NULL);

			g_unlink(path);
			g_free(path);
		}
	if (d != NULL)
		g_dir_close(d);
	g_free(dir);
	g_free(beside);
}

/* Both indexes designate the same event at every mark, and seeking there
 * delivers the events that follow it (so every tracefile's place is
 * right, not only the marked event's). */
static void assert_same_marks(LttvEventIndex *a, LttvEventIndex *b, LttvTracesetContext *ctx, const GArray *times)
{
	LttvTracesetContextPosition *pa = lttv_traceset_context_position_new(ctx);
	LttvTracesetContextPosition *pb = lttv_traceset_context_position_new(ctx);
	guint k = lttv_event_index_interval(a);
	GError *error = NULL;

	g_assert_true(lttv_event_index_complete(a));
	g_assert_true(lttv_event_index_complete(b));
	g_assert_cmpuint(k, ==, lttv_event_index_interval(b));
	g_assert_cmpuint(lttv_event_index_count(a), ==, times->len);
	g_assert_cmpuint(lttv_event_index_count(b), ==, times->len);
	for (guint64 n = 0; n <= times->len; n += n + k <= times->len || n == times->len ? k : times->len - n) {
		GArray *seen = g_array_new(FALSE, FALSE, sizeof(LttTime));
		guint64 want = MIN((guint64) k + 1, times->len - n);

		g_assert_true(lttv_event_index_position(a, n, pa, &error));
		g_assert_no_error(error);
		g_assert_true(lttv_event_index_position(b, n, pb, &error));
		g_assert_no_error(error);
		g_assert_cmpint(lttv_traceset_context_position_compare(pa, pb), ==, 0);
		g_assert_true(lttv_process_traceset_seek_position(ctx, pa, &error));
		g_assert_no_error(error);
		g_assert_cmpuint(read_events(ctx, seen, want), ==, want);
		g_assert_cmpmem(seen->data, want * sizeof(LttTime), &g_array_index(times, LttTime, n), want * sizeof(LttTime));
		g_array_free(seen, TRUE);
		if (n == times->len)
			break;
	}
	lttv_traceset_context_position_destroy(pa);
	lttv_traceset_context_position_destroy(pb);
}

/* Random lookups: seek, number and position agree with the events. */
static void assert_lookups(LttvEventIndex *idx, LttvTracesetContext *ctx, const GArray *times)
{
	LttvTracesetContextPosition *pos = lttv_traceset_context_position_new(ctx);
	GRand *rand = g_rand_new_with_seed(5);
	GError *error = NULL;
	guint64 n;

	for (guint k = 0; k < 100; k++) {
		guint64 want = k == 0 ? 0 : k == 1 ? times->len - 1 : k == 2 ? times->len
		               : (guint64) g_rand_int_range(rand, 0, times->len);
		GArray *one = g_array_new(FALSE, FALSE, sizeof(LttTime));

		g_assert_true(lttv_event_index_seek(idx, ctx, want, &error));
		g_assert_no_error(error);
		lttv_traceset_context_position_save(ctx, pos);
		g_assert_true(lttv_event_index_number(idx, pos, &n, &error));
		g_assert_no_error(error);
		g_assert_cmpuint(n, ==, want);
		g_assert_cmpuint(read_events(ctx, one, 1), ==, want < times->len ? 1 : 0);
		if (want < times->len)
			g_assert_cmpuint(g_array_index(one, LttTime, 0), ==, g_array_index(times, LttTime, want));
		g_array_free(one, TRUE);
	}
	g_rand_free(rand);
	lttv_traceset_context_position_destroy(pos);
}

/* Over one trace the index is the precomputation's: it equals the index a
 * private read builds with the same interval, from the pass and then from
 * the cache file the pass wrote. */
static void test_precomputed(void)
{
	GArray *times;
	LttvTraceset *ts = single_set(&times);
	LttvTracesetContext *ctx = lttv_traceset_context_new(ts);
	char *beside = cache_beside();

	remove_caches();
	for (guint open = 0; open < 2; open++) {
		LttvEventIndex *marks = lttv_event_index_new(ctx, 0);
		LttvPrecompute *p = lttv_precompute_get(lttv_traceset_get(ts, 0));
		LttvEventIndex *fresh;

		/* Nothing read yet; from the cache, all of it after one step. */
		g_assert_false(lttv_event_index_complete(marks));
		if (open == 1)
			lttv_event_index_step(marks, 0);
		lttv_event_index_build(marks);
		g_assert_cmpint(lttv_precompute_from_cache(p), ==, open == 1);
		fresh = lttv_event_index_new(ctx, lttv_event_index_interval(marks));
		lttv_event_index_build(fresh);
		assert_same_marks(marks, fresh, ctx, times);
		assert_lookups(marks, ctx, times);
		/* The first open's pass writes the cache file. */
		lttv_precompute_finish_cache(p);
		g_assert_true(g_file_test(beside, G_FILE_TEST_EXISTS));
		lttv_precompute_unref(p);
		lttv_event_index_free(fresh);
		lttv_event_index_free(marks);
	}
	g_free(beside);
	g_object_unref(ctx);
	lttv_traceset_destroy(ts);
	g_array_free(times, TRUE);
}

/* A precomputation cancelled midway: its index stays partial (a number at
 * or past its count is not indexed, not the end), stepping it ends, and no
 * cache file keeps it: the next open computes everything again. */
static void test_stopped(void)
{
	GArray *times;
	LttvTraceset *ts = single_set(&times);
	LttvTracesetContext *ctx = lttv_traceset_context_new(ts);
	LttvTracesetContextPosition *pos = lttv_traceset_context_position_new(ctx);
	char *beside = cache_beside();
	GError *error = NULL;
	guint64 count, n;

	remove_caches();
	{
		LttvEventIndex *idx = lttv_event_index_new(ctx, 0);
		LttvPrecompute *p = lttv_precompute_get(lttv_traceset_get(ts, 0));

		while (lttv_event_index_count(idx) < times->len / 3)
			g_assert_false(lttv_event_index_step(idx, 0));
		lttv_precompute_cancel(p);
		g_assert_true(lttv_event_index_step(idx, 1000));
		lttv_event_index_build(idx);
		count = lttv_event_index_count(idx);
		g_assert_cmpuint(count, <, times->len);
		g_assert_false(lttv_event_index_complete(idx));
		g_assert_true(lttv_event_index_stopped(idx));
		/* The count is where it stopped, not the end. */
		g_assert_false(lttv_event_index_seek(idx, ctx, count, &error));
		g_assert_error(error, LTTV_CONTEXT_ERROR, LTTV_CONTEXT_ERROR_NOT_INDEXED);
		g_assert_nonnull(strstr(error->message, "stopped"));
		g_clear_error(&error);
		/* Below it, lookups answer. */
		g_assert_true(lttv_event_index_position(idx, count - 1, pos, &error));
		g_assert_no_error(error);
		g_assert_true(lttv_event_index_number(idx, pos, &n, &error));
		g_assert_cmpuint(n, ==, count - 1);
		/* Beyond it, a position has no number. */
		lttv_process_traceset_seek_time(ctx, g_array_index(times, LttTime, times->len - 1));
		lttv_traceset_context_position_save(ctx, pos);
		g_assert_false(lttv_event_index_number(idx, pos, &n, &error));
		g_assert_error(error, LTTV_CONTEXT_ERROR, LTTV_CONTEXT_ERROR_NOT_INDEXED);
		g_clear_error(&error);
		lttv_precompute_unref(p);
		lttv_event_index_free(idx);
	}
	g_assert_false(g_file_test(beside, G_FILE_TEST_EXISTS));
	{
		LttvEventIndex *idx = lttv_event_index_new(ctx, 0);
		LttvPrecompute *p = lttv_precompute_get(lttv_traceset_get(ts, 0));

		lttv_event_index_build(idx);
		g_assert_false(lttv_precompute_from_cache(p));
		g_assert_true(lttv_event_index_complete(idx));
		g_assert_cmpuint(lttv_event_index_count(idx), ==, times->len);
		lttv_precompute_unref(p);
		lttv_event_index_free(idx);
	}
	g_free(beside);
	lttv_traceset_context_position_destroy(pos);
	g_object_unref(ctx);
	lttv_traceset_destroy(ts);
	g_array_free(times, TRUE);
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
	{
		/* Blocks of 4 KiB: many blocks, marks in most of them. */
		const char *args[] = { "--cpus=4", "--processes=30", "--events=30000", "--seed=53",
		                       "--block-size=4096", NULL };

		single_path = analysis_synth(tmpdir, "single", FALSE, args);
		g_assert_nonnull(single_path);
	}
}

int main(int argc, char **argv)
{
	int status;

	g_test_init(&argc, &argv, NULL);
	tmpdir = analysis_tmpdir();
	{
		/* Before GLib reads it: the precomputation's files stay here. */
		char *xdg = g_build_filename(tmpdir, "xdg-cache", NULL);

		g_setenv("XDG_CACHE_HOME", xdg, TRUE);
		g_free(xdg);
	}
	setup();
	g_test_add_func("/event-index/steps-beside-viewer", test_steps_beside_viewer);
	g_test_add_data_func("/event-index/lookups/interval-100", GUINT_TO_POINTER(100), test_lookups);
	g_test_add_data_func("/event-index/lookups/interval-default", GUINT_TO_POINTER(0), test_lookups);
	g_test_add_data_func("/event-index/lookups/interval-7", GUINT_TO_POINTER(7), test_lookups);
	g_test_add_func("/event-index/state-at-number", test_state_at_number);
	g_test_add_func("/event-index/empty", test_empty);
	g_test_add_func("/event-index/precomputed", test_precomputed);
	g_test_add_func("/event-index/stopped", test_stopped);
	status = g_test_run();
	lttv_traceset_destroy(set);
	g_array_free(all, TRUE);
	g_free(single_path);
	tlt_remove_dir(tmpdir);
	g_free(tmpdir);
	return status;
}
