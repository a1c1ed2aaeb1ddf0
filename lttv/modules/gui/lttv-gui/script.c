/* SPDX-License-Identifier: GPL-2.0-or-later */
/* SPDX-FileCopyrightText: 2026 The LTTV authors */
/* script.c: lttv-gui --script FILE, one command per line (doc/gui.md).
 *
 * The script runs inside the main loop: a low-priority idle callback
 * executes lines until a command has to wait (for the tabs' requests and
 * background work, for the window to be on screen, for a resize, for a
 * screenshot's file to be written), then returns; the signal or callback
 * that ends the wait queues the callback again.  No command polls or
 * sleeps. */
#include <config.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include "script.h"
#include "script-input.h"
#include "mainwindow-private.h"
#include "navigation.h"
#include "viewer-stack.h"
#include "snapshot.h"

typedef struct {
	char *file;                     /* as given, for messages */
	char **lines;
	guint n_lines, next;            /* next: index of the next line to run */
	guint line;                     /* number of the line running (from 1) */
	int status;
	gboolean done;
	guint idle_id;
	/* What a wait is waiting for. */
	GPtrArray *busy_tabs;           /* tabs whose "busy-changed" is connected */
	gulong window_handler;          /* on the toplevel, for map or resize */
	gboolean synced;                /* a round trip was made for the line running */
} Script;

static Script script;

static void resume(void);

static gboolean fail(const char *format, ...) G_GNUC_PRINTF(1, 2);
static gboolean fail(const char *format, ...)
{
	va_list ap;
	va_start(ap, format);
	char *msg = g_strdup_vprintf(format, ap);
	va_end(ap);
	g_printerr("lttv-gui: %s:%u: %s\n", script.file, script.line, msg);
	g_free(msg);
	script.status = 1;
	return FALSE;
}

static void finish(void)
{
	script.done = TRUE;
	while (lttvgui_main_window_count() > 0)
		lttvgui_main_window_close(lttvgui_main_window_get(0));
}

static LttvguiMainWindow *window(void)
{
	return lttvgui_main_window_count() > 0 ? lttvgui_main_window_get(0) : NULL;
}

static LttvwindowTab *tab(void)
{
	LttvguiMainWindow *mw = window();
	if (mw == NULL)
		return NULL;
	LttvwindowTab *t = lttvgui_main_window_tab(mw);
	return t != NULL ? t : lttvgui_main_window_new_tab(mw);
}

static gboolean need_args(char **argv, guint min, guint max, const char *usage)
{
	guint n = g_strv_length(argv) - 1;
	if (n < min || n > max)
		return fail("expected: %s", usage);
	return TRUE;
}

static gboolean parse_time(const char *text, LttTime *t)
{
	GError *error = NULL;
	if (lttvgui_tab_parse_time(tab(), text, t, &error))
		return TRUE;
	fail("%s", error->message);
	g_error_free(error);
	return FALSE;
}

/* ---- waiting ---- */

/* The tabs of every window. */
static GPtrArray *all_tabs(void)
{
	GPtrArray *tabs = g_ptr_array_new();
	for (guint w = 0; w < lttvgui_main_window_count(); w++) {
		LttvguiMainWindow *mw = lttvgui_main_window_get(w);
		for (guint i = 0; i < lttvgui_main_window_tab_count(mw); i++)
			g_ptr_array_add(tabs, lttvgui_main_window_nth_tab(mw, i));
	}
	return tabs;
}

static gboolean any_busy(void)
{
	GPtrArray *tabs = all_tabs();
	gboolean busy = FALSE;
	for (guint i = 0; i < tabs->len && !busy; i++)
		busy = lttvwindow_tab_busy(g_ptr_array_index(tabs, i));
	g_ptr_array_free(tabs, TRUE);
	return busy;
}

static void stop_waiting_for_tabs(void)
{
	for (guint i = 0; i < script.busy_tabs->len; i++) {
		LttvwindowTab *t = g_ptr_array_index(script.busy_tabs, i);
		g_signal_handlers_disconnect_by_data(t, &script);
		g_object_unref(t);
	}
	g_ptr_array_set_size(script.busy_tabs, 0);
}

/* Idle now: the next line runs from the main loop, once this turn's
 * handlers are done; run_lines checks again then, since a viewer may
 * start new work in the same turn (one computation ending as the next
 * begins), and the wait goes on if so. */
static void on_busy_changed(LttvwindowTab *t, gpointer data)
{
	if (!any_busy())
		resume();
}

/* `wait`: until no tab has a pending request or a background computation
 * in progress.  Each tab says when that changes. */
static gboolean wait_idle(void)
{
	if (!any_busy())
		return TRUE;
	GPtrArray *tabs = all_tabs();
	for (guint i = 0; i < tabs->len; i++) {
		LttvwindowTab *t = g_ptr_array_index(tabs, i);
		g_ptr_array_add(script.busy_tabs, g_object_ref(t));
		g_signal_connect(t, LTTVWINDOW_SIGNAL_BUSY, G_CALLBACK(on_busy_changed), &script);
	}
	g_ptr_array_free(tabs, TRUE);
	return FALSE;
}

static void stop_waiting_for_window(void)
{
	LttvguiMainWindow *mw = window();
	if (script.window_handler != 0 && mw != NULL)
		g_signal_handler_disconnect(mw->window, script.window_handler);
	script.window_handler = 0;
}

static gboolean on_map(GtkWidget *w, GdkEvent *ev, gpointer data)
{
	stop_waiting_for_window();
	resume();
	return FALSE;
}

static gboolean on_configure(GtkWidget *w, GdkEventConfigure *ev, gpointer data)
{
	stop_waiting_for_window();
	resume();
	return FALSE;
}

/* ---- commands ---- */

static void warn_line(const char *message, gpointer data)
{
	g_printerr("lttv-gui: %s:%u: warning: %s\n", script.file, script.line, message);
}

static gboolean cmd_open(char **argv)
{
	if (!need_args(argv, 1, 1, "open PATH"))
		return FALSE;
	GError *error = NULL;
	tab();
	if (!lttvgui_main_window_add_trace(window(), argv[1], warn_line, NULL, &error)) {
		fail("%s", error->message);
		g_error_free(error);
		return FALSE;
	}
	return TRUE;
}

static gboolean cmd_tab(char **argv)
{
	if (!need_args(argv, 0, 0, "tab"))
		return FALSE;
	lttvgui_main_window_new_tab(window());
	return TRUE;
}

static gboolean cmd_viewer(char **argv)
{
	if (!need_args(argv, 1, 1, "viewer NAME"))
		return FALSE;
	GError *error = NULL;
	tab();
	if (lttvgui_main_window_insert_viewer(window(), argv[1], &error) == NULL) {
		fail("%s", error->message);
		g_error_free(error);
		return FALSE;
	}
	return TRUE;
}

static gboolean cmd_window(char **argv)
{
	LttTime start, end;
	if (!need_args(argv, 2, 2, "window START END (seconds.nanoseconds from the trace start)") ||
	    !parse_time(argv[1], &start) || !parse_time(argv[2], &end))
		return FALSE;
	if (end <= start)
		return fail("window: the end (%s) must come after the start (%s)", argv[2], argv[1]);
	GError *error = NULL;
	if (!lttvgui_tab_set_window(tab(), start, end, argv[1], NULL, &error)) {
		fail("window: %s", error->message);
		g_error_free(error);
		return FALSE;
	}
	return TRUE;
}

static gboolean cmd_time(char **argv)
{
	LttTime t;
	if (!need_args(argv, 1, 1, "time T (seconds.nanoseconds from the trace start)") ||
	    !parse_time(argv[1], &t))
		return FALSE;
	GError *error = NULL;
	if (!lttvgui_tab_check_time(tab(), t, argv[1], &error)) {
		fail("time: %s", error->message);
		g_error_free(error);
		return FALSE;
	}
	lttvwindow_report_current_time(tab(), t, NULL);
	return TRUE;
}

static GtkWidget *find_viewer(const char *name)
{
	GtkWidget *stack = lttvgui_main_window_stack(window());
	GtkWidget *v = stack != NULL ? lttvgui_viewer_stack_find(stack, name) : NULL;
	if (v == NULL)
		fail("no viewer %s in the current tab (insert it with `viewer %s`)", name, name);
	return v;
}

/* The worker wrote the file (or failed): the script goes on from the line
 * after `screenshot`, which is still the line running. */
static void on_saved(const GError *error, gpointer file)
{
	if (error != NULL) {
		fail("screenshot %s: %s", (const char *) file, error->message);
		finish();
	} else {
		resume();
	}
	g_free(file);
}

/* The pixels are read now; the next line waits for the file. */
static gboolean take_screenshot(const char *file, const char *viewer)
{
	GtkWidget *w = window()->window;
	if (viewer != NULL && (w = find_viewer(viewer)) == NULL)
		return FALSE;
	GError *error = NULL;
	char *copy = g_strdup(file);
	if (!lttvgui_snapshot_save(w, file, on_saved, copy, &error)) {
		fail("screenshot %s: %s", file, error->message);
		g_error_free(error);
		g_free(copy);
	}
	return FALSE;
}

/* The window must be on screen; its expose events are then processed
 * before the picture is read (a round trip brings them in; the main loop
 * handles them before this low-priority script runs again). */
/* FALSE until the window is on screen with its layout settled: then this
 * line runs again.  A viewer inserted after the window was shown changes
 * its size request; GTK asks the server for the new size and lays the
 * window out when the server's answer comes.  A round trip brings every
 * answer in; the main loop handles them (and the redraws they cause)
 * before this low-priority script runs again. */
static gboolean settled(void)
{
	if (!window()->mapped) {
		script.next--;
		script.window_handler = g_signal_connect_after(window()->window, "map-event",
		                                               G_CALLBACK(on_map), NULL);
		return FALSE;
	}
	if (script.synced) {
		script.synced = FALSE;
		return TRUE;
	}
	script.next--;
	gdk_display_sync(gtk_widget_get_display(window()->window));
	script.synced = TRUE;
	resume();
	return FALSE;
}

static gboolean cmd_screenshot(char **argv)
{
	if (!need_args(argv, 1, 2, "screenshot FILE [VIEWER]") || !settled())
		return FALSE;
	return take_screenshot(argv[1], argv[2]);
}

static gboolean parse_size(const char *text, gint *v)
{
	char *end;
	errno = 0;
	long n = strtol(text, &end, 10);
	if (errno != 0 || *end != '\0' || n < 1 || n > 16384)
		return fail("\"%s\": expected a size in pixels, 1 to 16384", text);
	*v = (gint) n;
	return TRUE;
}

static gboolean cmd_resize(char **argv)
{
	gint width, height;
	if (!need_args(argv, 2, 2, "resize WIDTH HEIGHT") || !parse_size(argv[1], &width) ||
	    !parse_size(argv[2], &height) || !settled())
		return FALSE;
	GtkWidget *w = window()->window;
	GtkAllocation a;
	gtk_widget_get_allocation(w, &a);
	gtk_window_resize(GTK_WINDOW(w), width, height);
	if (a.width == width && a.height == height)
		return TRUE;
	/* The server answers with a configure event (with the size it could
	 * give, at least the window's minimum); GtkWindow's own handler stops
	 * the emission, so this one runs before it. */
	script.window_handler = g_signal_connect(w, "configure-event", G_CALLBACK(on_configure),
	                                         NULL);
	return FALSE;
}

static gboolean cmd_key(char **argv)
{
	if (!need_args(argv, 1, G_MAXUINT, "key KEY... (GTK accelerator names: w <Control>plus Left)") ||
	    !settled())
		return FALSE;
	for (guint i = 1; argv[i] != NULL; i++) {
		GError *error = NULL;
		if (!lttvgui_script_key(window()->window, argv[i], &error)) {
			fail("%s", error->message);
			g_error_free(error);
			return FALSE;
		}
	}
	return TRUE;
}

static gboolean cmd_click(char **argv)
{
	gint x, y;
	if (!need_args(argv, 3, 3, "click VIEWER X Y") || !settled())
		return FALSE;
	GtkWidget *v = find_viewer(argv[1]);
	if (v == NULL)
		return FALSE;
	char *end1, *end2;
	x = (gint) strtol(argv[2], &end1, 10);
	y = (gint) strtol(argv[3], &end2, 10);
	GError *error = NULL;
	if (*end1 != '\0' || *end2 != '\0' || argv[2][0] == '\0' || argv[3][0] == '\0')
		return fail("click: \"%s %s\" are not pixel coordinates", argv[2], argv[3]);
	if (!lttvgui_script_click(v, x, y, &error)) {
		fail("%s", error->message);
		g_error_free(error);
		return FALSE;
	}
	return TRUE;
}

/* `drag VIEWER X1 Y1 X2 Y2`: button 1 pressed at (X1, Y1) of the viewer,
 * moved to (X2, Y2), released there. */
static gboolean cmd_drag(char **argv)
{
	if (!need_args(argv, 5, 5, "drag VIEWER X1 Y1 X2 Y2") || !settled())
		return FALSE;
	GtkWidget *v = find_viewer(argv[1]);
	if (v == NULL)
		return FALSE;
	gint at[4];
	for (guint i = 0; i < 4; i++) {
		char *end;
		at[i] = (gint) strtol(argv[2 + i], &end, 10);
		if (*end != '\0' || argv[2 + i][0] == '\0')
			return fail("drag: \"%s\" is not a pixel coordinate", argv[2 + i]);
	}
	GError *error = NULL;
	if (!lttvgui_script_drag(v, at[0], at[1], at[2], at[3], &error)) {
		fail("%s", error->message);
		g_error_free(error);
		return FALSE;
	}
	return TRUE;
}

/* `print`: the current tab's state on standard output, one line:
 * window START END time T traces N viewers NAME... */
static gboolean cmd_print(char **argv)
{
	if (!need_args(argv, 0, 0, "print"))
		return FALSE;
	LttvwindowTab *t = tab();
	LttvwindowTimeWindow w = lttvwindow_get_time_window(t);
	char start[LTT_TIME_STRING_SIZE], end[LTT_TIME_STRING_SIZE], now[LTT_TIME_STRING_SIZE];
	lttvgui_tab_format_time(t, w.start, start);
	lttvgui_tab_format_time(t, w.start + w.width, end);
	lttvgui_tab_format_time(t, lttvwindow_get_current_time(t), now);
	printf("window %s %s time %s traces %u viewers", start, end, now,
	       lttv_traceset_number(lttvwindow_get_traceset(t)));
	GtkWidget *stack = lttvgui_main_window_stack(window());
	for (guint i = 0; i < lttvgui_viewer_stack_count(stack); i++)
		printf(" %s", lttvgui_viewer_stack_name(stack, i));
	printf("\n");
	fflush(stdout);
	return TRUE;
}

/* `layout`: where the current tab's viewers are, one line each:
 * layout NAME X Y WIDTH HEIGHT fits|scrolls, their slots (title bar
 * included) in the window's coordinates, and whether the slot is lower
 * than the viewer's minimum and scrolls it. */
static gboolean cmd_layout(char **argv)
{
	if (!need_args(argv, 0, 0, "layout") || !settled())
		return FALSE;
	GtkWidget *stack = lttvgui_main_window_stack(window());
	for (guint i = 0; i < lttvgui_viewer_stack_count(stack); i++) {
		GtkWidget *slot = lttvgui_viewer_stack_slot(stack, i);
		GtkAllocation a;
		gint x = 0, y = 0;
		gtk_widget_get_allocation(slot, &a);
		gtk_widget_translate_coordinates(slot, window()->window, 0, 0, &x, &y);
		printf("layout %s %d %d %d %d %s\n", lttvgui_viewer_stack_name(stack, i), x, y, a.width, a.height,
		       lttvgui_viewer_stack_scrolls(stack, i) ? "scrolls" : "fits");
	}
	fflush(stdout);
	return TRUE;
}

/* `scroll VIEWER X Y up|down`: one step of the mouse wheel over the
 * viewer. */
static gboolean cmd_scroll(char **argv)
{
	if (!need_args(argv, 4, 4, "scroll VIEWER X Y up|down") || !settled())
		return FALSE;
	GtkWidget *v = find_viewer(argv[1]);
	if (v == NULL)
		return FALSE;
	char *end1, *end2;
	gint x = (gint) strtol(argv[2], &end1, 10);
	gint y = (gint) strtol(argv[3], &end2, 10);
	if (*end1 != '\0' || *end2 != '\0' || argv[2][0] == '\0' || argv[3][0] == '\0')
		return fail("scroll: \"%s %s\" are not pixel coordinates", argv[2], argv[3]);
	if (strcmp(argv[4], "up") != 0 && strcmp(argv[4], "down") != 0)
		return fail("scroll: \"%s\": expected up or down", argv[4]);
	GError *error = NULL;
	if (!lttvgui_script_scroll(v, x, y, strcmp(argv[4], "down") == 0, &error)) {
		fail("%s", error->message);
		g_error_free(error);
		return FALSE;
	}
	return TRUE;
}

/* `filter [EXPR...]`: the current tab's filter, as the Filter dialog sets
 * it (the words joined by spaces, so that the expression needs no
 * quotes; none: no filter).  An expression that does not compile fails
 * the line with the dialog's message. */
static gboolean cmd_filter(char **argv)
{
	char *expression = g_strjoinv(" ", argv + 1);
	GError *error = NULL;
	gboolean ok = lttvwindow_report_filter(tab(), expression, NULL, &error);
	if (!ok) {
		fail("filter: %s", error->message);
		g_error_free(error);
	}
	g_free(expression);
	return ok;
}

/* `clock`: "clock MONOTONIC_MS CPU_MS" on standard output: the monotonic
 * clock and the main thread's CPU time, read once the window is settled
 * (a round trip to the X server, then the redraws it brings in).  The
 * script runs at low priority, after the redraws and the requests a key
 * or a window change caused, so two of them around a command time it from
 * the input to the settled screen, in both clocks, without the delay of
 * whatever reads the output. */
static gboolean cmd_clock(char **argv)
{
	if (!need_args(argv, 0, 0, "clock") || !settled())
		return FALSE;
	struct timespec cpu;
	clock_gettime(CLOCK_THREAD_CPUTIME_ID, &cpu);
	printf("clock %.3f %.3f\n", g_get_monotonic_time() / 1000.0,
	       cpu.tv_sec * 1000.0 + cpu.tv_nsec / 1e6);
	fflush(stdout);
	return TRUE;
}

static gboolean cmd_quit(char **argv)
{
	if (!need_args(argv, 0, 0, "quit"))
		return FALSE;
	finish();
	return FALSE;
}

/* `status`: prints the status bar's message as "status MESSAGE". */
static gboolean cmd_status(char **argv)
{
	if (!need_args(argv, 0, 0, "status"))
		return FALSE;
	printf("status %s\n", lttvgui_main_window_status_text(window()));
	fflush(stdout);
	return TRUE;
}

static gboolean cmd_wait(char **argv)
{
	return need_args(argv, 0, 0, "wait") && wait_idle();
}

static const struct {
	const char *name;
	gboolean (*run)(char **argv);   /* FALSE: stop here (an error, or a wait) */
} commands[] = {
	{ "open", cmd_open }, { "tab", cmd_tab }, { "viewer", cmd_viewer },
	{ "window", cmd_window }, { "time", cmd_time }, { "wait", cmd_wait },
	{ "screenshot", cmd_screenshot }, { "resize", cmd_resize }, { "key", cmd_key },
	{ "click", cmd_click }, { "drag", cmd_drag }, { "print", cmd_print },
	{ "layout", cmd_layout }, { "quit", cmd_quit },
	{ "filter", cmd_filter }, { "scroll", cmd_scroll }, { "clock", cmd_clock },
	{ "status", cmd_status },
};

/* Runs one line; FALSE when the script must stop running lines for now. */
static gboolean run_line(const char *text)
{
	char **argv = NULL;
	GError *error = NULL;
	char *stripped = g_strstrip(g_strdup(text));
	gboolean go_on = TRUE;
	if (stripped[0] == '\0' || stripped[0] == '#') {
		g_free(stripped);
		return TRUE;
	}
	if (!g_shell_parse_argv(stripped, NULL, &argv, &error)) {
		fail("%s", error->message);
		g_error_free(error);
		g_free(stripped);
		return FALSE;
	}
	guint i;
	for (i = 0; i < G_N_ELEMENTS(commands); i++)
		if (strcmp(argv[0], commands[i].name) == 0)
			break;
	if (i == G_N_ELEMENTS(commands))
		go_on = fail("unknown command \"%s\" (open, tab, viewer, window, time, wait, "
		             "screenshot, resize, key, click, drag, scroll, print, layout, status, clock, filter, quit)", argv[0]);
	else if (window() == NULL)
		go_on = fail("the window was closed: nothing to run %s on", argv[0]);
	else
		go_on = commands[i].run(argv);
	g_strfreev(argv);
	g_free(stripped);
	return go_on;
}

static gboolean run_lines(gpointer data)
{
	script.idle_id = 0;
	if (script.busy_tabs->len > 0) {
		/* A wait: still busy, it goes on (each tab says when that changes). */
		if (any_busy())
			return FALSE;
		stop_waiting_for_tabs();
	}
	while (!script.done && script.status == 0 && script.next < script.n_lines) {
		script.line = script.next + 1;
		script.next++;
		if (!run_line(script.lines[script.line - 1]))
			break;
	}
	if (script.status != 0)
		finish();
	return FALSE;
}

static void resume(void)
{
	if (script.idle_id == 0 && !script.done)
		script.idle_id = g_idle_add_full(G_PRIORITY_LOW, run_lines, NULL, NULL);
}

gboolean lttvgui_script_start(const char *file, GError **error)
{
	char *text = NULL;
	gsize len;
	if (strcmp(file, "-") == 0) {
		GString *s = g_string_new(NULL);
		char buf[4096];
		size_t n;
		while ((n = fread(buf, 1, sizeof buf, stdin)) > 0)
			g_string_append_len(s, buf, (gssize) n);
		if (ferror(stdin)) {
			g_set_error(error, G_FILE_ERROR, G_FILE_ERROR_IO, "standard input: %s",
			            g_strerror(errno));
			g_string_free(s, TRUE);
			return FALSE;
		}
		len = s->len;
		text = g_string_free(s, FALSE);
	} else if (!g_file_get_contents(file, &text, &len, error)) {
		return FALSE;
	}
	if (!g_utf8_validate(text, (gssize) len, NULL) || memchr(text, '\0', len) != NULL) {
		g_set_error(error, G_FILE_ERROR, G_FILE_ERROR_INVAL, "%s: not a text file",
		            strcmp(file, "-") == 0 ? "standard input" : file);
		g_free(text);
		return FALSE;
	}
	script.file = g_strdup(strcmp(file, "-") == 0 ? "stdin" : file);
	script.lines = g_strsplit(text, "\n", -1);
	script.n_lines = g_strv_length(script.lines);
	script.busy_tabs = g_ptr_array_new();
	g_free(text);
	resume();
	return TRUE;
}

int lttvgui_script_status(void)
{
	return script.status;
}
