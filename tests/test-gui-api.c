/* SPDX-License-Identifier: GPL-2.0-or-later */
/* SPDX-FileCopyrightText: 2026 The LTTV authors */
/* test-gui-api: the viewer plugin API of lttvwindow.h, on a real display
 * (test-gui-api.sh starts Xvfb): registration, the tab's reports and
 * signals, and the host's cleanup when a viewer, its tab or its module goes. */
#include <string.h>
#include <lttv/module.h>
#include <lttvwindow/lttvwindow.h>
#include <lttvwindow/host.h>
#include <lttv-gui/viewer-stack.h>
#include <lttv-gui/viewer-modules.h>

static char *trace_path;

/* ---- registration ---- */

static GtkWidget *label_viewer(LttvwindowTab *tab)
{
	return gtk_label_new("test viewer");
}

static void test_register(void)
{
	static const LttvwindowViewerInfo good = {
		LTTVWINDOW_ABI, "testviewer", "Tests/Test Viewer", "a test", GTK_STOCK_INDEX, NULL,
		label_viewer };
	static const LttvwindowViewerInfo stale = {
		LTTVWINDOW_ABI + 1, "staleviewer", "Stale", NULL, NULL, NULL, label_viewer };
	static const LttvwindowViewerInfo badname = {
		LTTVWINDOW_ABI, "Bad Name", "Bad", NULL, NULL, NULL, label_viewer };
	static const LttvwindowViewerInfo noctor = {
		LTTVWINDOW_ABI, "noctor", "No constructor", NULL, NULL, NULL, NULL };
	GError *error = NULL;
	guint before = lttvwindow_viewer_count();

	g_assert_true(lttvwindow_register_viewer(&good, &error));
	g_assert_no_error(error);
	g_assert_true(lttvwindow_viewer_find("testviewer") == &good);
	g_assert_cmpuint(lttvwindow_viewer_count(), ==, before + 1);

	g_assert_false(lttvwindow_register_viewer(&good, &error));
	g_assert_error(error, LTTVWINDOW_ERROR, LTTVWINDOW_ERROR_INVALID);
	g_assert_nonnull(strstr(error->message, "already registered"));
	g_clear_error(&error);

	g_assert_false(lttvwindow_register_viewer(&stale, &error));
	g_assert_error(error, LTTVWINDOW_ERROR, LTTVWINDOW_ERROR_ABI);
	g_assert_nonnull(strstr(error->message, "staleviewer"));
	g_clear_error(&error);

	g_assert_false(lttvwindow_register_viewer(&badname, &error));
	g_assert_error(error, LTTVWINDOW_ERROR, LTTVWINDOW_ERROR_INVALID);
	g_clear_error(&error);
	g_assert_false(lttvwindow_register_viewer(&noctor, &error));
	g_assert_error(error, LTTVWINDOW_ERROR, LTTVWINDOW_ERROR_INVALID);
	g_clear_error(&error);
	g_assert_cmpuint(lttvwindow_viewer_count(), ==, before + 1);
	g_assert_null(lttvwindow_viewer_find("staleviewer"));
}

/* ---- reports and signals ---- */

typedef struct {
	guint time_windows, current_times, continues, after_requests, events;
	LttvwindowTimeWindowChange last;
	gpointer last_source;
	LttvwindowTab *tab;
	GtkWidget *viewer;
	guint resubmitted;              /* what a submit from after_request returned */
} Seen;

static void on_time_window(LttvwindowTab *tab, const LttvwindowTimeWindowChange *c, Seen *seen)
{
	seen->time_windows++;
	seen->last = *c;
}

static void on_current_time(LttvwindowTab *tab, guint64 t, gpointer source, Seen *seen)
{
	seen->current_times++;
	seen->last_source = source;
}

static void on_continue(LttvwindowTab *tab, Seen *seen)
{
	seen->continues++;
}

static LttvwindowTab *tab_with_trace(void)
{
	GError *error = NULL;
	LttvwindowTab *tab = lttvwindow_tab_new(NULL);
	g_assert_true(lttvwindow_tab_add_trace(tab, trace_path, &error));
	g_assert_no_error(error);
	return tab;
}

static void test_reports(void)
{
	LttvwindowTab *tab = tab_with_trace();
	GtkWidget *viewer = g_object_ref_sink(gtk_label_new("v"));
	Seen seen = { 0 };
	lttvwindow_connect(tab, viewer, LTTVWINDOW_SIGNAL_TIME_WINDOW, G_CALLBACK(on_time_window), &seen);
	lttvwindow_connect(tab, viewer, LTTVWINDOW_SIGNAL_CURRENT_TIME, G_CALLBACK(on_current_time),
	                   &seen);
	LttTime start, end;
	lttvwindow_get_time_span(tab, &start, &end);
	LttvwindowTimeWindow all = lttvwindow_get_time_window(tab);
	g_assert_cmpuint(all.start, ==, start);
	g_assert_cmpuint(all.width, ==, end - start + 1);

	/* A zoom, then a scroll, each carrying its source. */
	LttvwindowTimeWindow w = { start + 1000, all.width / 4 };
	lttvwindow_report_time_window(tab, w, viewer);
	g_assert_cmpuint(seen.time_windows, ==, 1);
	g_assert_true(seen.last.zoom);
	g_assert_true(seen.last.source == viewer);
	g_assert_cmpuint(seen.last.old_window.width, ==, all.width);
	w.start += 500;
	lttvwindow_report_time_window(tab, w, NULL);
	g_assert_cmpuint(seen.time_windows, ==, 2);
	g_assert_false(seen.last.zoom);
	g_assert_null(seen.last.source);
	/* The same window again: nothing to tell. */
	lttvwindow_report_time_window(tab, w, NULL);
	g_assert_cmpuint(seen.time_windows, ==, 2);
	/* Past the end: clamped to the span, the width kept. */
	w.start = end;
	lttvwindow_report_time_window(tab, w, NULL);
	LttvwindowTimeWindow got = lttvwindow_get_time_window(tab);
	g_assert_cmpuint(got.width, ==, w.width);
	g_assert_cmpuint(got.start + got.width, ==, end + 1);

	lttvwindow_report_current_time(tab, start + 42, viewer);
	g_assert_cmpuint(lttvwindow_get_current_time(tab), ==, start + 42);
	g_assert_true(seen.last_source == viewer);
	lttvwindow_report_current_time(tab, start + 42, NULL);
	g_assert_cmpuint(seen.current_times, ==, 1);

	GError *error = NULL;
	g_assert_false(lttvwindow_report_filter(tab, "event.name = ", NULL, &error));
	g_assert_error(error, LTTV_FILTER_ERROR, LTTV_FILTER_ERROR_PARSE);
	g_clear_error(&error);
	g_assert_null(lttvwindow_get_filter(tab));
	g_assert_true(lttvwindow_report_filter(tab, "event.name = sched_switch", NULL, &error));
	g_assert_nonnull(lttvwindow_get_filter(tab));
	g_assert_cmpstr(lttvwindow_get_filter_text(tab), ==, "event.name = sched_switch");

	gtk_widget_destroy(viewer);
	g_object_unref(viewer);
	g_object_unref(tab);
}

/* ---- the host's cleanup ---- */

static gboolean count_event(void *hook_data, void *call_data)
{
	((Seen *) hook_data)->events++;
	return FALSE;
}

static gboolean after_request(void *hook_data, void *call_data)
{
	Seen *seen = hook_data;
	seen->after_requests++;
	/* The viewer is still whole here; a submit now is refused. */
	g_assert_true(GTK_IS_WIDGET(seen->viewer));
	LttvwindowEventsRequest *r = lttvwindow_events_request_new(NULL, seen);
	seen->resubmitted = lttvwindow_events_request(seen->tab, seen->viewer, r);
	lttvwindow_events_request_free(r);
	return FALSE;
}

static gboolean count_after(void *hook_data, void *call_data)
{
	((Seen *) hook_data)->after_requests++;
	return FALSE;
}

static LttvHooks *single_hook(LttvHook f, Seen *seen)
{
	LttvHooks *h = lttv_hooks_new();
	lttv_hooks_add(h, f, seen, LTTV_PRIO_DEFAULT);
	return h;
}

static void submit(Seen *seen, LttvHooks *event, LttvHooks *after)
{
	LttvwindowEventsRequest *r = lttvwindow_events_request_new(NULL, seen);
	r->event = event;
	r->after_request = after;
	g_assert_cmpuint(lttvwindow_events_request(seen->tab, seen->viewer, r), >, 0);
	lttvwindow_events_request_free(r);
}

static void test_viewer_destroyed(void)
{
	Seen seen = { 0 };
	seen.tab = tab_with_trace();
	seen.viewer = g_object_ref_sink(gtk_label_new("v"));
	LttvHooks *event = single_hook(count_event, &seen), *after = single_hook(after_request, &seen);
	lttvwindow_connect(seen.tab, seen.viewer, LTTVWINDOW_SIGNAL_TIME_WINDOW,
	                   G_CALLBACK(on_time_window), &seen);
	submit(&seen, event, after);
	submit(&seen, event, after);
	LttvwindowScheduler *s = lttvwindow_get_scheduler(seen.tab);
	g_assert_cmpuint(lttvwindow_scheduler_pending(s), ==, 2);

	gtk_widget_destroy(seen.viewer);
	g_assert_cmpuint(seen.after_requests, ==, 2);
	g_assert_cmpuint(seen.resubmitted, ==, 0);
	g_assert_cmpuint(lttvwindow_scheduler_pending(s), ==, 0);
	g_assert_cmpuint(seen.events, ==, 0);
	/* The handler went with the viewer. */
	lttvgui_tab_zoom(seen.tab, 0.5, NULL);
	g_assert_cmpuint(seen.time_windows, ==, 0);
	/* Destroyed but still referenced (here by the test; in a viewer, by a
	 * closure or an idle): a late submit or connect is refused, never
	 * registered again for a widget that will not be destroyed twice. */
	LttvwindowEventsRequest *late = lttvwindow_events_request_new(NULL, &seen);
	late->event = event;
	g_assert_cmpuint(lttvwindow_events_request(seen.tab, seen.viewer, late), ==, 0);
	lttvwindow_events_request_free(late);
	g_assert_cmpuint(lttvwindow_scheduler_pending(s), ==, 0);

	g_object_unref(seen.viewer);
	g_object_unref(seen.tab);
	lttv_hooks_destroy(event);
	lttv_hooks_destroy(after);
}

static void count_busy(LttvwindowTab *tab, gpointer data)
{
	(*(guint *) data)++;
}

/* A viewer working in its own steps keeps the tab busy (and says so once
 * per change) until it says it is done, or until it is removed. */
static void test_viewer_working(void)
{
	/* No trace: no background computation keeps it busy. */
	LttvwindowTab *tab = lttvwindow_tab_new(NULL);
	GtkWidget *a = g_object_ref_sink(gtk_label_new("a")), *b = g_object_ref_sink(gtk_label_new("b"));
	guint changes = 0;
	g_signal_connect(tab, LTTVWINDOW_SIGNAL_BUSY, G_CALLBACK(count_busy), &changes);
	g_assert_false(lttvwindow_tab_busy(tab));
	lttvwindow_viewer_working(tab, a, TRUE);
	lttvwindow_viewer_working(tab, a, TRUE);
	g_assert_true(lttvwindow_tab_busy(tab));
	g_assert_cmpuint(changes, ==, 1);
	lttvwindow_viewer_working(tab, b, TRUE);
	lttvwindow_viewer_working(tab, a, FALSE);
	g_assert_true(lttvwindow_tab_busy(tab));
	/* Removed while working: no longer busy. */
	gtk_widget_destroy(b);
	g_assert_false(lttvwindow_tab_busy(tab));
	/* Done, said once removed (from a destroy path): nothing changes. */
	lttvwindow_viewer_working(tab, b, FALSE);
	g_assert_false(lttvwindow_tab_busy(tab));
	g_assert_cmpuint(changes, ==, 4);   /* a on, b on, a off, b removed */
	gtk_widget_destroy(a);
	g_object_unref(a);
	g_object_unref(b);
	g_object_unref(tab);
}

static void test_stop_continue(void)
{
	Seen seen = { 0 };
	seen.tab = tab_with_trace();
	seen.viewer = g_object_ref_sink(gtk_label_new("v"));
	LttvHooks *event = single_hook(count_event, &seen), *after = single_hook(count_after, &seen);
	lttvwindow_connect(seen.tab, seen.viewer, LTTVWINDOW_SIGNAL_CONTINUE, G_CALLBACK(on_continue),
	                   &seen);
	submit(&seen, event, after);
	submit(&seen, event, after);
	lttvwindow_report_stop(seen.tab);
	g_assert_true(lttvwindow_tab_stopped(seen.tab));
	g_assert_cmpuint(seen.after_requests, ==, 2);
	g_assert_cmpuint(lttvwindow_scheduler_pending(lttvwindow_get_scheduler(seen.tab)), ==, 0);
	g_assert_false(lttvwindow_tab_busy(seen.tab));
	lttvwindow_report_continue(seen.tab);
	g_assert_false(lttvwindow_tab_stopped(seen.tab));
	g_assert_cmpuint(seen.continues, ==, 1);

	gtk_widget_destroy(seen.viewer);
	g_object_unref(seen.viewer);
	g_object_unref(seen.tab);
	lttv_hooks_destroy(event);
	lttv_hooks_destroy(after);
}

static void on_position(LttvwindowTab *tab, const LttvTracesetContextPosition *pos,
                        gpointer source, Seen *seen)
{
	seen->events++;
}

static void on_dividor(LttvwindowTab *tab, gint position, gpointer source, Seen *seen)
{
	seen->continues++;
}

static gboolean background_reached(void *hook_data, void *call_data)
{
	((Seen *) hook_data)->after_requests++;
	return FALSE;
}

/* The current position, the dividor, and a background notification at the
 * end, reached by running the main loop until it comes. */
static void test_position_dividor_background(void)
{
	Seen seen = { 0 };
	seen.tab = tab_with_trace();
	seen.viewer = g_object_ref_sink(gtk_label_new("v"));
	lttvwindow_connect(seen.tab, seen.viewer, LTTVWINDOW_SIGNAL_CURRENT_POSITION,
	                   G_CALLBACK(on_position), &seen);
	lttvwindow_connect(seen.tab, seen.viewer, LTTVWINDOW_SIGNAL_DIVIDOR, G_CALLBACK(on_dividor),
	                   &seen);
	LttvTracesetContext *ctx = lttvwindow_get_traceset_context(seen.tab);
	LttvTracesetContextPosition *pos = lttv_traceset_context_position_new(ctx);
	LttTime start, end;
	lttvwindow_get_time_span(seen.tab, &start, &end);
	lttv_process_traceset_seek_time(ctx, start + (end - start) / 2);
	lttv_traceset_context_position_save(ctx, pos);
	g_assert_null(lttvwindow_get_current_position(seen.tab));
	lttvwindow_report_current_position(seen.tab, pos, seen.viewer);
	lttvwindow_report_current_position(seen.tab, pos, seen.viewer);
	g_assert_cmpuint(seen.events, ==, 1);
	g_assert_cmpint(lttv_traceset_context_position_compare(
	                        lttvwindow_get_current_position(seen.tab), pos), ==, 0);
	g_assert_cmpuint(lttvwindow_get_current_time(seen.tab), ==,
	                 lttv_traceset_context_position_get_time(pos));
	lttv_traceset_context_position_destroy(pos);

	lttvwindow_report_dividor(seen.tab, 120, NULL);
	lttvwindow_report_dividor(seen.tab, 120, NULL);
	g_assert_cmpint(lttvwindow_get_dividor(seen.tab), ==, 120);
	g_assert_cmpuint(seen.continues, ==, 1);

	lttvwindow_background_request(seen.tab, seen.viewer, 0, LTT_TIME_INFINITE,
	                              background_reached, &seen);
	while (seen.after_requests == 0)
		g_main_context_iteration(NULL, TRUE);
	g_assert_true(lttvwindow_background_ready(lttvwindow_get_background(seen.tab, 0)));
	g_assert_false(lttvwindow_tab_busy(seen.tab));

	gtk_widget_destroy(seen.viewer);
	g_object_unref(seen.viewer);
	g_object_unref(seen.tab);
}

/* Tabs on the same trace share the opened trace and its precomputation. */
static void test_tabs_share(void)
{
	LttvwindowTab *a = tab_with_trace(), *b = tab_with_trace();
	g_assert_true(lttv_traceset_get(lttvwindow_get_traceset(a), 0) ==
	              lttv_traceset_get(lttvwindow_get_traceset(b), 0));
	g_assert_true(lttvwindow_get_background(a, 0) == lttvwindow_get_background(b, 0));
	GError *error = NULL;
	g_assert_false(lttvwindow_tab_add_trace(a, trace_path, &error));
	g_assert_error(error, LTTVWINDOW_ERROR, LTTVWINDOW_ERROR_TRACE);
	g_clear_error(&error);
	g_assert_false(lttvwindow_tab_add_trace(a, "/nonexistent/trace", &error));
	g_assert_nonnull(strstr(error->message, "/nonexistent/trace"));
	g_clear_error(&error);
	g_object_unref(a);
	g_object_unref(b);
}

/* ---- the viewer stack and module unloading ---- */

static void test_stack(void)
{
	LttvwindowTab *tab = tab_with_trace();
	GtkWidget *stack = g_object_ref_sink(lttvgui_viewer_stack_new(tab));
	GError *error = NULL;
	const LttvwindowViewerInfo *info = lttvwindow_viewer_find("testviewer");
	g_assert_nonnull(info);
	GtkWidget *v1 = lttvgui_viewer_stack_insert(stack, info, &error);
	GtkWidget *v2 = lttvgui_viewer_stack_insert(stack, info, &error);
	GtkWidget *v3 = lttvgui_viewer_stack_insert(stack, info, &error);
	g_assert_no_error(error);
	g_assert_cmpuint(lttvgui_viewer_stack_count(stack), ==, 3);
	lttvgui_viewer_stack_move(stack, v3, -1);
	g_assert_true(lttvgui_viewer_stack_get(stack, 1) == v3);
	g_assert_true(lttvgui_viewer_stack_get(stack, 2) == v2);
	lttvgui_viewer_stack_move(stack, v1, -1);    /* already on top */
	g_assert_true(lttvgui_viewer_stack_get(stack, 0) == v1);
	lttvgui_viewer_stack_remove(stack, v3);
	g_assert_cmpuint(lttvgui_viewer_stack_count(stack), ==, 2);
	g_assert_true(lttvgui_viewer_stack_get(stack, 1) == v2);
	/* A viewer that destroys itself leaves no empty slot. */
	gtk_widget_destroy(v1);
	g_assert_cmpuint(lttvgui_viewer_stack_count(stack), ==, 1);
	gtk_widget_destroy(stack);
	g_object_unref(stack);
	g_object_unref(tab);
}

static void test_unload_module(void)
{
	GError *error = NULL;
	LttvwindowTab *tab = tab_with_trace();
	GtkWidget *stack = g_object_ref_sink(lttvgui_viewer_stack_new(tab));
	const LttvwindowViewerInfo *info = lttvgui_viewer_require("eventrate", &error);
	g_assert_no_error(error);
	g_assert_nonnull(lttv_module_find("eventrate"));
	GtkWidget *v = lttvgui_viewer_stack_insert(stack, info, &error);
	g_assert_nonnull(v);
	/* It asked for the events of its window. */
	g_assert_cmpuint(lttvwindow_scheduler_pending(lttvwindow_get_scheduler(tab)), ==, 1);

	g_assert_true(lttvwindow_unload_module("eventrate", &error));
	g_assert_no_error(error);
	g_assert_cmpuint(lttvgui_viewer_stack_count(stack), ==, 0);
	g_assert_null(lttvwindow_viewer_find("eventrate"));
	g_assert_null(lttv_module_find("eventrate"));
	g_assert_cmpuint(lttvwindow_scheduler_pending(lttvwindow_get_scheduler(tab)), ==, 0);
	/* The tab's signals reach no code of the unloaded module. */
	lttvgui_tab_zoom(tab, 0.5, NULL);

	g_assert_false(lttvwindow_unload_module("eventrate", &error));
	g_assert_error(error, LTTVWINDOW_ERROR, LTTVWINDOW_ERROR_UNKNOWN);
	g_clear_error(&error);
	gtk_widget_destroy(stack);
	g_object_unref(stack);
	g_object_unref(tab);
}

/* The statistics viewer on a trace big enough for its whole-trace
 * figures to be computed in a worker thread, unloaded at once: the module
 * waits for its threads and drops their pending results, so no code of
 * the unmapped module runs afterwards (lttv-gui quitting right after an
 * open crashed so under ASan). */
static void test_unload_busy_statistics(void)
{
	GError *error = NULL;
	LttvwindowTab *tab = lttvwindow_tab_new(NULL);
	g_assert_true(lttvwindow_tab_add_trace(tab, g_getenv("GUI_TEST_BIG_TRACE"), &error));
	g_assert_no_error(error);
	GtkWidget *stack = g_object_ref_sink(lttvgui_viewer_stack_new(tab));
	const LttvwindowViewerInfo *info = lttvgui_viewer_require("statistics", &error);
	g_assert_no_error(error);
	g_assert_nonnull(lttvgui_viewer_stack_insert(stack, info, &error));
	g_assert_true(lttvwindow_unload_module("statistics", &error));
	g_assert_no_error(error);
	g_assert_null(lttv_module_find("statistics"));
	/* The main loop runs on: nothing of the module is left queued. */
	while (g_main_context_iteration(NULL, FALSE))
		;
	gtk_widget_destroy(stack);
	g_object_unref(stack);
	g_object_unref(tab);
}

int main(int argc, char **argv)
{
	g_test_init(&argc, &argv, NULL);
	if (!gtk_init_check(&argc, &argv)) {
		printf("1..0 # SKIP no display (test-gui-api.sh starts Xvfb)\n");
		return 0;
	}
	trace_path = g_strdup(g_getenv("GUI_TEST_TRACE"));
	if (trace_path == NULL) {
		printf("Bail out! GUI_TEST_TRACE is not set (test-gui-api.sh sets it)\n");
		return 1;
	}
	g_test_add_func("/gui/register", test_register);
	g_test_add_func("/gui/reports", test_reports);
	g_test_add_func("/gui/viewer-destroyed", test_viewer_destroyed);
	g_test_add_func("/gui/stop-continue", test_stop_continue);
	g_test_add_func("/gui/viewer-working", test_viewer_working);
	g_test_add_func("/gui/position-dividor-background", test_position_dividor_background);
	g_test_add_func("/gui/tabs-share", test_tabs_share);
	g_test_add_func("/gui/stack", test_stack);
	g_test_add_func("/gui/unload-module", test_unload_module);
	if (g_getenv("GUI_TEST_BIG_TRACE") != NULL)
		g_test_add_func("/gui/unload-busy-statistics", test_unload_busy_statistics);
	int status = g_test_run();
	lttv_module_unload_all();
	g_free(trace_path);
	return status;
}
