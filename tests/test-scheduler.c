/* SPDX-License-Identifier: GPL-2.0-or-later */
/* SPDX-FileCopyrightText: 2026 The LTTV authors */
/* test-scheduler.c: the foreground scheduler without a display.  Fake
 * viewers ask overlapping ranges by time, position and count, cancel,
 * submit from inside their hooks; each must get exactly the events a
 * brute-force read designates, with the state a replay gives at its first
 * event, whether seeks go through checkpoints or not; a seek itself is
 * done in chunks. */
#include "config.h"
#include "analysis-util.h"
#include "scheduler-util.h"

static char *tmpdir;
static Reference *ref;

static LttTime time_at(guint i)
{
	return g_array_index(ref->events, RefEvent, i).time;
}

/* The first index from i whose event is the first at its time (the state
 * before it is then a replay up to its time). */
static gint first_of_time(guint i)
{
	while (i > 0 && time_at(i - 1) == time_at(i))
		i++;
	return (gint) i;
}

static Viewer *viewer(LttvwindowScheduler *s, LttTime start, gint start_index, LttTime end, gint end_index,
                      guint64 n, gint trace, const char *name)
{
	Ask ask = { start, start_index, end, end_index, n, trace, name };

	return viewer_new(ref, s, &ask);
}

static void overlapping_round(void)
{
	LttvwindowScheduler *s = lttvwindow_scheduler_new(ref->set);
	const char *name = g_array_index(ref->events, RefEvent, 100).name;
	const LttTime inf = LTT_TIME_INFINITE;
	Viewer *v[11];
	guint i;

	v[0] = viewer(s, time_at(2000), -1, time_at(9000), -1, G_MAXUINT64, -1, NULL);
	v[1] = viewer(s, time_at(5000), -1, time_at(14000), -1, G_MAXUINT64, -1, NULL);
	v[2] = viewer(s, 0, first_of_time(3000), inf, first_of_time(7000), G_MAXUINT64, -1, NULL);
	v[3] = viewer(s, 0, first_of_time(11000), inf, -1, 500, -1, NULL);
	v[4] = viewer(s, time_at(2000), -1, inf, -1, 2000, 1, NULL);
	v[5] = viewer(s, 0, -1, time_at(14000), -1, G_MAXUINT64, -1, name);
	v[6] = viewer(s, 0, -1, inf, -1, G_MAXUINT64, -1, NULL);
	/* Empty: starts after it ends. */
	v[7] = viewer(s, 0, first_of_time(6000), time_at(5000), -1, G_MAXUINT64, -1, NULL);
	/* Ends at a position inside another's range, by count in trace 0. */
	v[8] = viewer(s, time_at(8000), -1, inf, 9500, 800, 0, NULL);
	/* Behind every other: a pass of its own after them. */
	v[9] = viewer(s, time_at(600), -1, time_at(1200), -1, G_MAXUINT64, -1, NULL);
	/* Ahead of where the pass stands: read on to it, no seek. */
	v[10] = viewer(s, time_at(1500), -1, time_at(1700), -1, G_MAXUINT64, -1, NULL);
	for (i = 0; i < G_N_ELEMENTS(v); i++)
		v[i]->check_state = i != 5 && i != 7;
	/* Submitted out of order: the scheduler orders them. */
	for (i = 0; i < 9; i++)
		viewer_submit(v[(i * 4) % 9]);
	run_until_idle(s);
	viewer_submit(v[9]);
	run_until_idle(s);
	viewer_submit(v[10]);
	run_until_idle(s);
	for (i = 0; i < G_N_ELEMENTS(v); i++) {
		viewer_assert_exact(v[i]);
		viewer_free(v[i]);
	}
	lttvwindow_scheduler_free(s);
}

static void test_overlapping(void)
{
	LttvTracesetContext *ctx;
	LttvContextState *cs;
	guint i;

	/* Seeks replaying from the start, then through the cached checkpoints. */
	overlapping_round();
	ctx = lttv_traceset_context_new(ref->set);
	cs = lttv_context_state_new(ctx);
	lttv_context_state_compute_checkpoints(cs, 0);
	for (i = 0; i < ctx->n_traces; i++) {
		char *path = lttv_checkpoints_cache_path(ctx->traces[i]->t);

		g_assert_true(g_file_test(path, G_FILE_TEST_IS_REGULAR));
		g_free(path);
	}
	lttv_context_state_free(cs);
	g_object_unref(ctx);
	overlapping_round();
}

/* ---- cancelling ---- */

typedef struct {
	Viewer *b, *c, *self;
} CancelPlan;

static gboolean cancel_others(Viewer *v, guint index, LttvTracefileContext *tfc)
{
	CancelPlan *p = v->data;

	if (index == 1000)
		g_assert_true(lttvwindow_scheduler_cancel(v->s, p->b->handle));
	if (index == 3000)
		g_assert_cmpuint(lttvwindow_scheduler_remove_owner(v->s, p->c), ==, 1);
	if (index == 5000)
		g_assert_true(lttvwindow_scheduler_cancel(v->s, v->handle));
	return FALSE;
}

static gboolean stop_at_700(Viewer *v, guint index, LttvTracefileContext *tfc)
{
	return index == 700;
}

static void test_cancel(void)
{
	LttvwindowScheduler *s = lttvwindow_scheduler_new(ref->set);
	Viewer *a = viewer(s, 0, -1, LTT_TIME_INFINITE, -1, G_MAXUINT64, -1, NULL);
	Viewer *b = viewer(s, 0, -1, LTT_TIME_INFINITE, -1, G_MAXUINT64, -1, NULL);
	Viewer *c = viewer(s, time_at(12000), -1, LTT_TIME_INFINITE, -1, G_MAXUINT64, -1, NULL);
	Viewer *d = viewer(s, 0, -1, LTT_TIME_INFINITE, -1, G_MAXUINT64, -1, NULL);
	Viewer *e = viewer(s, 0, -1, LTT_TIME_INFINITE, -1, G_MAXUINT64, -1, NULL);
	Viewer *f = viewer(s, 0, -1, LTT_TIME_INFINITE, -1, G_MAXUINT64, -1, NULL);
	CancelPlan plan = { b, c, a };

	a->on_event = cancel_others;
	a->data = &plan;
	d->on_event = stop_at_700;
	viewer_submit(a);
	viewer_submit(b);
	viewer_submit(c);
	viewer_submit(d);
	viewer_submit(e);
	/* Cancelled before it starts: ended, never started. */
	viewer_submit(f);
	g_assert_cmpuint(lttvwindow_scheduler_remove_owner(s, f), ==, 1);
	g_assert_false(lttvwindow_scheduler_cancel(s, f->handle));
	g_assert_cmpuint(f->after_request, ==, 1);
	g_assert_cmpuint(lttvwindow_scheduler_pending(s), ==, 5);
	g_assert_true(lttvwindow_scheduler_run(s, 0));

	/* A cancelled itself from its hook at 5000: no further event. */
	viewer_assert_range(a, 0, 5001);
	/* B was cancelled by A's hook, which runs first, at 1000. */
	viewer_assert_range(b, 0, 1000);
	g_assert_cmpuint(b->after_request, ==, 1);
	g_assert_cmpuint(c->before_request, ==, 0);
	g_assert_cmpuint(c->after_request, ==, 1);
	g_assert_cmpuint(c->got->len, ==, 0);
	/* TRUE from D's hook ends D only. */
	viewer_assert_range(d, 0, 701);
	g_assert_cmpuint(d->after_request, ==, 1);
	viewer_assert_exact(e);
	g_assert_false(lttvwindow_scheduler_cancel(s, a->handle));
	g_assert_cmpuint(f->before_request, ==, 0);

	/* A new traceset ends what is pending; so does freeing the scheduler. */
	viewer_submit(f);
	lttvwindow_scheduler_set_traceset(s, ref->set);
	g_assert_cmpuint(f->after_request, ==, 2);
	g_assert_cmpuint(lttvwindow_scheduler_pending(s), ==, 0);
	viewer_submit(f);
	lttvwindow_scheduler_free(s);
	g_assert_cmpuint(f->after_request, ==, 3);
	g_assert_cmpuint(f->got->len, ==, 0);

	viewer_free(a);
	viewer_free(b);
	viewer_free(c);
	viewer_free(d);
	viewer_free(e);
	viewer_free(f);
}

/* ---- submitting from hooks ---- */

static gboolean submit_others(Viewer *v, guint index, LttvTracefileContext *tfc)
{
	Viewer **others = v->data;
	guint i;

	/* The first joined the pass in progress: it got 2001 with A. */
	if (index == 2002)
		g_assert_cmpuint(others[0]->got->len, ==, 1);
	if (index != 2000)
		return FALSE;
	for (i = 0; others[i] != NULL; i++)
		viewer_submit(others[i]);
	return FALSE;
}

static void test_submit_from_hook(void)
{
	LttvwindowScheduler *s = lttvwindow_scheduler_new(ref->set);
	Viewer *a = viewer(s, 0, -1, LTT_TIME_INFINITE, -1, G_MAXUINT64, -1, NULL);
	Viewer *others[] = {
		/* At the next event: joins the pass. */
		viewer(s, 0, 2001, LTT_TIME_INFINITE, 4000, G_MAXUINT64, -1, NULL),
		/* Ahead, by time. */
		viewer(s, time_at(3000), -1, LTT_TIME_INFINITE, -1, 100, -1, NULL),
		/* Behind: a later pass seeks back. */
		viewer(s, time_at(500), -1, LTT_TIME_INFINITE, 800, G_MAXUINT64, -1, NULL),
		/* At the event being delivered: behind too. */
		viewer(s, 0, 2000, LTT_TIME_INFINITE, 2100, G_MAXUINT64, -1, NULL),
		NULL
	};
	guint i;

	a->on_event = submit_others;
	a->data = others;
	/* No read stops for time: joining must not depend on one. */
	lttvwindow_scheduler_set_chunk(s, 600 * G_USEC_PER_SEC);
	others[1]->check_state = TRUE;
	others[2]->check_state = TRUE;
	viewer_submit(a);
	run_until_idle(s);
	viewer_assert_exact(a);
	for (i = 0; others[i] != NULL; i++) {
		viewer_assert_exact(others[i]);
		viewer_free(others[i]);
	}
	viewer_free(a);
	lttvwindow_scheduler_free(s);
}

/* ---- seeks in chunks ---- */

static void test_seek_in_chunks(void)
{
	LttvwindowScheduler *s = lttvwindow_scheduler_new(ref->set);
	Viewer *v = viewer(s, 0, first_of_time(12000), LTT_TIME_INFINITE, -1, 300, -1, NULL);
	guint calls = 0;

	/* Restoring the state at event 12000 replays 12,000 events: with a
	 * chunk of 1 us that takes many main-loop iterations, none of which
	 * delivers before the state is there. */
	v->check_state = TRUE;
	lttvwindow_scheduler_set_chunk(s, 1);
	viewer_submit(v);
	while (v->before_request == 0) {
		g_assert_false(lttvwindow_scheduler_run(s, 1));
		calls++;
	}
	/* A seek in one piece takes two calls: the seek, then the start. */
	g_assert_cmpuint(calls, >, 2);
	g_assert_true(lttvwindow_scheduler_run(s, 0));
	viewer_assert_exact(v);
	viewer_free(v);
	lttvwindow_scheduler_free(s);
}

int main(int argc, char **argv)
{
	int rc;

	g_test_init(&argc, &argv, NULL);
	tmpdir = analysis_tmpdir();
	ref = reference_new(tmpdir);
	g_test_add_func("/scheduler/overlapping", test_overlapping);
	g_test_add_func("/scheduler/cancel", test_cancel);
	g_test_add_func("/scheduler/submit-from-hook", test_submit_from_hook);
	g_test_add_func("/scheduler/seek-in-chunks", test_seek_in_chunks);
	rc = g_test_run();
	reference_free(ref);
	tlt_remove_dir(tmpdir);
	g_free(tmpdir);
	return rc;
}
