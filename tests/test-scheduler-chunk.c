/* SPDX-License-Identifier: GPL-2.0-or-later */
/* SPDX-FileCopyrightText: 2026 The LTTV authors */
/* test-scheduler-chunk.c: the scheduler returns to the main loop after each
 * chunk, whatever its viewers' hooks cost.  A hook that costs time makes
 * the work span several chunks; a one-shot source of higher priority added
 * after each chunk must have run before the next one starts (the
 * scheduler's idle callback returned in between).  Times are not asserted:
 * only that chunks are many and interleaved, and the events exact. */
#include "config.h"
#include "analysis-util.h"
#include "scheduler-util.h"

typedef struct {
	guint chunks;               /* chunks ended */
	guint returns;              /* one-shot sources run since */
	gint64 longest;             /* usec, for the log */
	gint64 chunk_start;
} Interleave;

static gboolean costly(Viewer *v, guint index, LttvTracefileContext *tfc)
{
	gint64 until = g_get_monotonic_time() + 5;

	while (g_get_monotonic_time() < until)
		;
	return FALSE;
}

static gboolean count_return(gpointer data)
{
	((Interleave *) data)->returns++;
	return G_SOURCE_REMOVE;
}

static gboolean chunk_begins(void *hook_data, void *call_data)
{
	Interleave *il = hook_data;

	/* Every earlier chunk was followed by a return to the main loop. */
	g_assert_cmpuint(il->returns, ==, il->chunks);
	il->chunk_start = g_get_monotonic_time();
	return FALSE;
}

static gboolean chunk_ends(void *hook_data, void *call_data)
{
	Interleave *il = hook_data;

	il->longest = MAX(il->longest, g_get_monotonic_time() - il->chunk_start);
	il->chunks++;
	g_idle_add_full(G_PRIORITY_DEFAULT, count_return, il, NULL);
	return FALSE;
}

static void test_chunks(void)
{
	char *tmpdir = analysis_tmpdir();
	Reference *ref = reference_new(tmpdir);
	LttvwindowScheduler *s = lttvwindow_scheduler_new(ref->set);
	Ask all = ASK_ALL, part = ASK_ALL;
	Viewer *slow = viewer_new(ref, s, &all), *other;
	Interleave il = { 0 };

	part.start_index = 4000;
	part.end_time = g_array_index(ref->events, RefEvent, 12000).time;
	other = viewer_new(ref, s, &part);
	slow->on_event = costly;
	lttv_hooks_add(slow->before_chunk, chunk_begins, &il, LTTV_PRIO_DEFAULT);
	lttv_hooks_add(slow->after_chunk, chunk_ends, &il, LTTV_PRIO_DEFAULT);
	lttvwindow_scheduler_set_chunk(s, 2000);
	viewer_submit(slow);
	viewer_submit(other);
	run_until_idle(s);

	g_test_message("%u chunks, the longest %" G_GINT64_FORMAT " us", il.chunks, il.longest);
	g_assert_cmpuint(il.chunks, >, 1);
	g_assert_cmpuint(slow->chunks, ==, il.chunks);
	g_assert_cmpuint(other->chunks, >, 1);
	viewer_assert_exact(slow);
	viewer_assert_exact(other);

	viewer_free(slow);
	viewer_free(other);
	lttvwindow_scheduler_free(s);
	reference_free(ref);
	tlt_remove_dir(tmpdir);
	g_free(tmpdir);
}

int main(int argc, char **argv)
{
	g_test_init(&argc, &argv, NULL);
	g_test_add_func("/scheduler/chunks", test_chunks);
	return g_test_run();
}
