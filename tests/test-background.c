/* SPDX-License-Identifier: GPL-2.0-or-later */
/* SPDX-FileCopyrightText: 2026 The LTTV authors */
/* test-background.c: the background scheduler without a display.  Two tabs
 * showing one trace share one computation; it steps only while no
 * foreground scheduler has work; notifications at a time, a position and
 * the end come once each, in order, when the results reach them; one whose
 * owner went never comes; stop pauses it and start resumes it. */
#include "config.h"
#include "analysis-util.h"
#include "lttvwindow/background.h"
#include "lttvwindow/scheduler.h"

typedef struct {
	LttvwindowBackground *b;
	LttvwindowScheduler *fg;
	GMainLoop *loop;
	guint steps;
	gdouble progress;
	guint64 paused_at;          /* events done when stopped; G_MAXUINT64: not stopped yet */
	gboolean resumed;
	guint order;                /* notifications called so far */
	guint ends;
} Run;

typedef struct {
	Run *run;
	LttTime t;                  /* the results must reach it when called */
	guint calls;
	guint rank;                 /* order among the notifications */
} Note;

static gboolean noted(void *hook_data, void *call_data)
{
	Note *n = hook_data;
	Run *run = n->run;

	g_assert_true(call_data == run->b);
	g_assert_cmpuint(lttvwindow_background_ready_until(run->b), >, n->t);
	n->calls++;
	n->rank = ++run->order;
	return FALSE;
}

static gboolean noted_end(void *hook_data, void *call_data)
{
	Note *n = hook_data;

	noted(hook_data, call_data);
	g_assert_true(lttvwindow_background_ready(n->run->b));
	if (++n->run->ends == 2)
		g_main_loop_quit(n->run->loop);
	return FALSE;
}

static gboolean never(void *hook_data, void *call_data)
{
	g_assert_not_reached();
	return FALSE;
}

/* Below the background scheduler: runs only while it is stopped. */
static gboolean check_paused(gpointer data)
{
	Run *run = data;
	LttvPrecompute *p = lttvwindow_background_precompute(run->b);

	g_assert_false(lttvwindow_background_in_progress(run->b));
	g_assert_cmpuint(lttv_precompute_events_done(p), ==, run->paused_at);
	run->resumed = TRUE;
	lttvwindow_background_start(run->b);
	return G_SOURCE_REMOVE;
}

static void on_progress(gpointer data, gpointer background)
{
	Run *run = data;
	gdouble progress = lttvwindow_background_progress(run->b);

	g_assert_true(background == run->b);
	/* Foreground work first: the tab's request was served before any step. */
	g_assert_cmpuint(lttvwindow_scheduler_pending(run->fg), ==, 0);
	g_assert_cmpfloat(progress, >=, run->progress);
	run->progress = progress;
	run->steps++;
	if (run->steps == 1) {
		lttvwindow_background_stop(run->b);
		run->paused_at = lttv_precompute_events_done(lttvwindow_background_precompute(run->b));
		g_idle_add_full(G_PRIORITY_LOW + 10, check_paused, run, NULL);
	}
}

static gboolean count_event(void *hook_data, void *call_data)
{
	(*(guint64 *) hook_data)++;
	return FALSE;
}

/* The position of event n of ctx's traceset. */
static LttvTracesetContextPosition *position_of(LttvTracesetContext *ctx, guint64 n)
{
	LttvTracesetContextPosition *pos = lttv_traceset_context_position_new(ctx);

	lttv_process_traceset_seek_time(ctx, LTT_TIME_ZERO);
	g_assert_cmpuint(lttv_process_traceset_seek_n_forward(ctx, n), ==, n);
	lttv_traceset_context_position_save(ctx, pos);
	return pos;
}

static void test_two_tabs(void)
{
	const char *args[] = { "--cpus=2", "--processes=10", "--events=30000", "--seed=41", NULL };
	char *tmpdir = analysis_tmpdir();
	char *path = analysis_synth(tmpdir, "t", FALSE, args);
	GError *error = NULL;
	LttvTrace *t = lttv_trace_open(path, &error);
	LttvTraceset *ts = lttv_traceset_new();
	LttvwindowScheduler *fg;
	LttvwindowBackground *tab1, *tab2;
	LttvwindowEventsRequest *r;
	LttvTracesetContextPosition *pos;
	LttvHooks *hooks = lttv_hooks_new();
	Run run = { 0 };
	Note at_time = { &run }, at_pos = { &run }, end1 = { &run, LTT_TIME_INFINITE - 1 },
	     end2 = { &run, LTT_TIME_INFINITE - 1 }, late = { &run, LTT_TIME_INFINITE - 1 };
	guint64 delivered = 0;
	int tab3;

	g_assert_no_error(error);
	lttv_traceset_add(ts, t);
	fg = lttvwindow_scheduler_new(ts);

	/* Two tabs, one computation. */
	tab1 = lttvwindow_background_get(t);
	tab2 = lttvwindow_background_get(t);
	g_assert_true(tab1 == tab2);
	g_assert_false(lttvwindow_background_ready(tab1));
	g_assert_cmpfloat(lttvwindow_background_progress(tab1), ==, 0.0);
	run.b = tab1;
	run.fg = fg;
	run.loop = g_main_loop_new(NULL, FALSE);
	run.paused_at = G_MAXUINT64;
	lttvwindow_background_set_step(tab1, 1);
	lttvwindow_background_add_progress_listener(tab1, on_progress, &run);

	/* Notifications: tab1 at a time, tab2 at a later position, both at
	 * the end; a third tab's goes with it. */
	pos = position_of(lttvwindow_scheduler_context(fg), 8000);
	at_time.t = lttv_traceset_context_position_get_time(pos);
	lttv_traceset_context_position_destroy(pos);
	pos = position_of(lttvwindow_scheduler_context(fg), 20000);
	at_pos.t = lttv_traceset_context_position_get_time(pos);
	g_assert_cmpuint(lttvwindow_background_notify(tab1, at_time.t, tab1, noted, &at_time), >, 0);
	g_assert_cmpuint(lttvwindow_background_notify_position(tab2, pos, tab2, noted, &at_pos), >, 0);
	g_assert_cmpuint(lttvwindow_background_notify(tab1, LTT_TIME_INFINITE, tab1, noted_end, &end1), >, 0);
	g_assert_cmpuint(lttvwindow_background_notify(tab2, LTT_TIME_INFINITE, tab2, noted_end, &end2), >, 0);
	g_assert_cmpuint(lttvwindow_background_notify(tab1, at_time.t, &tab3, never, NULL), >, 0);
	g_assert_cmpuint(lttvwindow_background_remove_owner(tab1, &tab3), ==, 1);

	/* A foreground request is pending when both tabs start the computation. */
	lttv_hooks_add(hooks, count_event, &delivered, LTTV_PRIO_DEFAULT);
	r = lttvwindow_events_request_new(&run, &run);
	r->event = hooks;
	lttvwindow_scheduler_submit(fg, r);
	lttvwindow_events_request_free(r);
	lttvwindow_background_start(tab1);
	lttvwindow_background_start(tab2);
	g_assert_true(lttvwindow_background_in_progress(tab2));
	g_main_loop_run(run.loop);

	g_assert_cmpuint(delivered, ==, 30000);
	g_assert_true(run.resumed);
	g_assert_cmpuint(run.steps, >, 2);
	g_assert_cmpfloat(run.progress, ==, 1.0);
	g_assert_true(lttvwindow_background_ready(tab2));
	g_assert_false(lttvwindow_background_in_progress(tab1));
	g_assert_cmpuint(lttvwindow_background_ready_until(tab1), ==, LTT_TIME_INFINITE);
	g_assert_null(lttvwindow_background_error(tab1));
	g_assert_cmpuint(at_time.calls, ==, 1);
	g_assert_cmpuint(at_pos.calls, ==, 1);
	g_assert_cmpuint(end1.calls, ==, 1);
	g_assert_cmpuint(end2.calls, ==, 1);
	g_assert_cmpuint(at_time.rank, ==, 1);
	g_assert_cmpuint(at_pos.rank, ==, 2);
	/* Once done: called at once. */
	g_assert_cmpuint(lttvwindow_background_notify(tab2, LTT_TIME_INFINITE, tab2, noted, &late), ==, 0);
	g_assert_cmpuint(late.calls, ==, 1);

	lttv_traceset_context_position_destroy(pos);
	lttvwindow_background_unref(tab1);
	lttvwindow_background_unref(tab2);
	lttvwindow_scheduler_free(fg);
	lttv_hooks_destroy(hooks);
	g_main_loop_unref(run.loop);
	lttv_traceset_destroy(ts);
	lttv_trace_unref(t);
	tlt_remove_dir(tmpdir);
	g_free(tmpdir);
	g_free(path);
}

int main(int argc, char **argv)
{
	g_test_init(&argc, &argv, NULL);
	g_test_add_func("/background/two-tabs", test_two_tabs);
	return g_test_run();
}
