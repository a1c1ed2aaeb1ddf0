/* SPDX-License-Identifier: GPL-2.0-or-later */
/* SPDX-FileCopyrightText: 2026 The LTTV authors */
/* test-checkpoint.c: the state restored from checkpoints equals a full
 * replay at random times; the cache file is reused when valid and rebuilt
 * when missing, stale or damaged. */
#include "config.h"
#include <string.h>
#include <utime.h>
#include <glib/gstdio.h>
#include <lttv/checkpoint.h>
#include "analysis-merge.h"
#include "analysis-util.h"

static char *tmpdir;
static char *trace_path;

static void test_seek_equals_replay(void)
{
	GError *error = NULL;
	LttTrace *trace = ltt_trace_open(trace_path, &error);
	AnalysisMerge *m = analysis_merge_new(trace);
	LttvCheckpoints *cps;
	LttTime start, end;
	GRand *rand = g_rand_new_with_seed(42);
	guint i;

	g_assert_no_error(error);
	cps = lttv_checkpoints_build(trace, 1000, &analysis_merge_source, m, &error);
	g_assert_no_error(error);
	g_assert_cmpuint(lttv_checkpoints_count(cps), >=, 30);
	start = ltt_trace_start_time(trace);
	end = ltt_trace_end_time(trace);
	for (i = 0; i < 40; i++) {
		/* Random times, the exact times of checkpoints and the ends. */
		LttTime t = i == 0 ? start : i == 1 ? end + 1 : i < 6 ? lttv_checkpoints_time(cps, i * 5)
		          : i < 10 ? lttv_checkpoints_time(cps, i * 3) + 1
		          : start + (LttTime) (g_rand_double(rand) * (double) (end - start));
		LttvTraceState *fast = lttv_checkpoints_state_at(cps, t, &analysis_merge_source, m, &error);
		LttvTraceState *slow = analysis_replay(trace, t);
		const LttEvent *next = analysis_merge_source.peek(m);

		g_assert_no_error(error);
		analysis_assert_state_equal(fast, slow);
		/* The source is left at the first event at or after t. */
		g_assert_true(next == NULL || ltt_event_time(next) >= t);
		g_assert_cmpuint(lttv_trace_state_time(fast), <, MAX(t, start + 1));
		lttv_trace_state_free(fast);
		lttv_trace_state_free(slow);
	}
	g_rand_free(rand);
	lttv_checkpoints_free(cps);
	analysis_merge_free(m);
	ltt_trace_unref(trace);
}

static void assert_checkpoints_equal(const LttvCheckpoints *a, const LttvCheckpoints *b, LttTrace *trace)
{
	AnalysisMerge *m = analysis_merge_new(trace);
	guint i;

	g_assert_cmpuint(lttv_checkpoints_count(a), ==, lttv_checkpoints_count(b));
	g_assert_cmpuint(lttv_checkpoints_interval(a), ==, lttv_checkpoints_interval(b));
	for (i = 0; i < lttv_checkpoints_count(a); i += 7) {
		LttTime t = lttv_checkpoints_time(a, i) + 1;
		GError *error = NULL;
		LttvTraceState *x = lttv_checkpoints_state_at(a, t, &analysis_merge_source, m, &error);
		LttvTraceState *y;

		g_assert_no_error(error);
		y = lttv_checkpoints_state_at(b, t, &analysis_merge_source, m, &error);
		g_assert_no_error(error);
		g_assert_cmpuint(lttv_checkpoints_time(a, i), ==, lttv_checkpoints_time(b, i));
		analysis_assert_state_equal(x, y);
		lttv_trace_state_free(x);
		lttv_trace_state_free(y);
	}
	analysis_merge_free(m);
}

static LttvCheckpoints *open_cached(LttTrace *trace, guint interval, gboolean *from_cache)
{
	AnalysisMerge *m = analysis_merge_new(trace);
	GError *error = NULL;
	LttvCheckpoints *cps = lttv_checkpoints_open(trace, interval, &analysis_merge_source, m, from_cache, &error);

	g_assert_no_error(error);
	g_assert_nonnull(cps);
	analysis_merge_free(m);
	return cps;
}

static void rewrite_cache(const char *path, gsize offset, const char *bytes, gsize n, gboolean truncate)
{
	char *data;
	gsize len;

	g_assert_true(g_file_get_contents(path, &data, &len, NULL));
	g_assert_cmpuint(offset + n, <=, len);
	memcpy(data + offset, bytes, n);
	g_assert_true(g_file_set_contents(path, data, truncate ? (gssize) offset + (gssize) n : (gssize) len, NULL));
	g_free(data);
}

static void test_cache(void)
{
	GError *error = NULL;
	LttTrace *trace = ltt_trace_open(trace_path, &error);
	char *cache = lttv_checkpoints_cache_path(trace);
	LttvCheckpoints *built, *again;
	gboolean from_cache = TRUE;
	char *metadata;
	gsize len;

	g_assert_no_error(error);
	g_unlink(cache);
	built = open_cached(trace, 2000, &from_cache);
	g_assert_false(from_cache);
	g_assert_true(g_file_test(cache, G_FILE_TEST_EXISTS));

	/* Second open: read back, equal to what was built. */
	again = open_cached(trace, 2000, &from_cache);
	g_assert_true(from_cache);
	assert_checkpoints_equal(built, again, trace);
	lttv_checkpoints_free(again);

	/* Another interval: rebuilt. */
	again = open_cached(trace, 3000, &from_cache);
	g_assert_false(from_cache);
	g_assert_cmpuint(lttv_checkpoints_interval(again), ==, 3000);
	lttv_checkpoints_free(again);
	lttv_checkpoints_free(open_cached(trace, 2000, &from_cache));
	g_assert_false(from_cache);

	/* Damage: a flipped byte in the middle, a cut, foreign content. */
	g_assert_true(g_file_get_contents(cache, &metadata, &len, NULL));
	g_free(metadata);
	rewrite_cache(cache, len / 2, "\xff\x00\xff", 3, FALSE);
	g_assert_null(lttv_checkpoints_load(trace, cache, &error));
	g_assert_error(error, LTTV_ANALYSIS_ERROR, LTTV_ANALYSIS_ERROR_CACHE);
	g_assert_nonnull(strstr(error->message, cache));
	g_clear_error(&error);
	again = open_cached(trace, 2000, &from_cache);
	g_assert_false(from_cache);
	assert_checkpoints_equal(built, again, trace);
	lttv_checkpoints_free(again);

	rewrite_cache(cache, len / 3, "x", 1, TRUE);
	g_assert_null(lttv_checkpoints_load(trace, cache, &error));
	g_assert_error(error, LTTV_ANALYSIS_ERROR, LTTV_ANALYSIS_ERROR_CACHE);
	g_clear_error(&error);
	lttv_checkpoints_free(open_cached(trace, 2000, &from_cache));
	g_assert_false(from_cache);

	g_assert_true(g_file_set_contents(cache, "LTTVSTCP but not really a cache file, long enough to pass", -1, NULL));
	g_assert_null(lttv_checkpoints_load(trace, cache, &error));
	g_assert_error(error, LTTV_ANALYSIS_ERROR, LTTV_ANALYSIS_ERROR_CACHE);
	g_clear_error(&error);
	lttv_checkpoints_free(open_cached(trace, 2000, &from_cache));
	g_assert_false(from_cache);
	lttv_checkpoints_free(open_cached(trace, 2000, &from_cache));
	g_assert_true(from_cache);

	/* Stale: the trace changed after the cache was written. */
	{
		char *channel = g_build_filename(trace_path, "kernel_0", NULL);
		struct utimbuf times = { 1000000000, 1000000000 };

		g_assert_cmpint(utime(channel, &times), ==, 0);
		g_assert_null(lttv_checkpoints_load(trace, cache, &error));
		g_assert_error(error, LTTV_ANALYSIS_ERROR, LTTV_ANALYSIS_ERROR_CACHE);
		g_assert_nonnull(strstr(error->message, "stale"));
		g_clear_error(&error);
		lttv_checkpoints_free(open_cached(trace, 2000, &from_cache));
		g_assert_false(from_cache);
		g_free(channel);
	}

	/* Missing cache file: a plain error. */
	g_unlink(cache);
	g_assert_null(lttv_checkpoints_load(trace, cache, &error));
	g_assert_nonnull(error);
	g_clear_error(&error);

	lttv_checkpoints_free(built);
	g_free(cache);
	ltt_trace_unref(trace);
}

/* Every truncation of a valid cache is refused without crashing. */
static void test_cache_truncations(void)
{
	GError *error = NULL;
	LttTrace *trace = ltt_trace_open(trace_path, &error);
	char *cache = lttv_checkpoints_cache_path(trace);
	char *copy = g_build_filename(tmpdir, "cut-cache", NULL);
	gboolean from_cache;
	char *data;
	gsize len, cut;

	g_assert_no_error(error);
	lttv_checkpoints_free(open_cached(trace, 5000, &from_cache));
	g_assert_true(g_file_get_contents(cache, &data, &len, NULL));
	for (cut = 0; cut < len; cut += 1 + cut / 3) {
		g_assert_true(g_file_set_contents(copy, data, (gssize) cut, NULL));
		g_assert_null(lttv_checkpoints_load(trace, copy, &error));
		g_assert_error(error, LTTV_ANALYSIS_ERROR, LTTV_ANALYSIS_ERROR_CACHE);
		g_clear_error(&error);
	}
	g_free(data);
	g_free(copy);
	g_free(cache);
	ltt_trace_unref(trace);
}

int main(int argc, char **argv)
{
	const char *args[] = { "--cpus=3", "--processes=25", "--threads-per-process=2", "--events=40000",
	                       "--seed=11", "--start-in-syscall", "--pid-reuse", NULL };
	int status;

	g_test_init(&argc, &argv, NULL);
	tmpdir = analysis_tmpdir();
	trace_path = analysis_synth(tmpdir, "trace", FALSE, args);
	g_test_add_func("/checkpoint/seek-equals-replay", test_seek_equals_replay);
	g_test_add_func("/checkpoint/cache", test_cache);
	g_test_add_func("/checkpoint/cache-truncations", test_cache_truncations);
	status = g_test_run();
	tlt_remove_dir(tmpdir);
	g_free(trace_path);
	g_free(tmpdir);
	return status;
}
