/* SPDX-License-Identifier: GPL-2.0-or-later */
/* SPDX-FileCopyrightText: 2026 The LTTV authors */
/* mainwindow.c: lttv-gui's windows, their tabs and status bar. */
#include <config.h>
#include <string.h>
#include "mainwindow-private.h"
#include "viewer-stack.h"
#include "viewer-modules.h"
#include "timebar.h"
#include "icon-button.h"

#define PAGE_TAB_KEY "lttvwindow-page-tab"
#define PAGE_STACK_KEY "lttvwindow-page-stack"
#define PAGE_LABEL_KEY "lttvwindow-page-label"

static GList *windows;          /* LttvguiMainWindow *, oldest first */

static const char *const builtin_defaults[] = { "controlflow", "detailedevents", NULL };
static char **default_viewers;

void lttvgui_set_default_viewers(const char *const *names)
{
	g_strfreev(default_viewers);
	default_viewers = g_strdupv((char **) names);
}

const char *const *lttvgui_get_default_viewers(void)
{
	return default_viewers != NULL ? (const char *const *) default_viewers : builtin_defaults;
}

guint lttvgui_main_window_count(void)
{
	return g_list_length(windows);
}

LttvguiMainWindow *lttvgui_main_window_get(guint i)
{
	return g_list_nth_data(windows, i);
}

GtkWindow *lttvgui_main_window_widget(LttvguiMainWindow *mw)
{
	return GTK_WINDOW(mw->window);
}

static GtkWidget *current_page(LttvguiMainWindow *mw)
{
	gint i = gtk_notebook_get_current_page(GTK_NOTEBOOK(mw->notebook));
	return i < 0 ? NULL : gtk_notebook_get_nth_page(GTK_NOTEBOOK(mw->notebook), i);
}

guint lttvgui_main_window_tab_count(LttvguiMainWindow *mw)
{
	return (guint) gtk_notebook_get_n_pages(GTK_NOTEBOOK(mw->notebook));
}

LttvwindowTab *lttvgui_main_window_nth_tab(LttvguiMainWindow *mw, guint i)
{
	GtkWidget *page = gtk_notebook_get_nth_page(GTK_NOTEBOOK(mw->notebook), (gint) i);
	return page != NULL ? g_object_get_data(G_OBJECT(page), PAGE_TAB_KEY) : NULL;
}

LttvwindowTab *lttvgui_main_window_tab(LttvguiMainWindow *mw)
{
	GtkWidget *page = current_page(mw);
	return page != NULL ? g_object_get_data(G_OBJECT(page), PAGE_TAB_KEY) : NULL;
}

GtkWidget *lttvgui_main_window_stack(LttvguiMainWindow *mw)
{
	GtkWidget *page = current_page(mw);
	return page != NULL ? g_object_get_data(G_OBJECT(page), PAGE_STACK_KEY) : NULL;
}

void lttvgui_main_window_status(LttvguiMainWindow *mw, const char *message)
{
	GtkStatusbar *sb = GTK_STATUSBAR(mw->status);
	guint ctx = gtk_statusbar_get_context_id(sb, "messages");
	gtk_statusbar_pop(sb, ctx);
	gtk_statusbar_push(sb, ctx, message);
}

/* The tabs' messages (a damaged cache computed again, a precomputation
 * that failed) go to the status bar and to the terminal. */
static void show_messages(LttvguiMainWindow *mw)
{
	for (guint i = 0; i < lttvgui_main_window_tab_count(mw); i++) {
		LttvwindowTab *tab = lttvgui_main_window_nth_tab(mw, i);
		char *m;
		while (tab != NULL && (m = lttvwindow_tab_take_message(tab)) != NULL) {
			g_printerr("lttv-gui: %s\n", m);
			lttvgui_main_window_status(mw, m);
			g_free(m);
		}
	}
}

/* A cache's window statistics index is checked by a thread after the
 * precomputation ended: what it finds is looked for now and then. */
static gboolean poll_messages(gpointer data)
{
	show_messages(data);
	return G_SOURCE_CONTINUE;
}

const char *lttvgui_main_window_status_text(LttvguiMainWindow *mw)
{
	GList *children = gtk_container_get_children(
		GTK_CONTAINER(gtk_statusbar_get_message_area(GTK_STATUSBAR(mw->status))));
	const char *text = "";
	for (GList *l = children; l != NULL; l = l->next)
		if (GTK_IS_LABEL(l->data))
			text = gtk_label_get_text(GTK_LABEL(l->data));
	g_list_free(children);
	return text;
}

void lttvgui_main_window_update_status(LttvguiMainWindow *mw)
{
	show_messages(mw);
	LttvwindowTab *tab = lttvgui_main_window_tab(mw);
	GtkProgressBar *pb = GTK_PROGRESS_BAR(mw->progress);
	if (tab == NULL || lttv_traceset_number(lttvwindow_get_traceset(tab)) == 0) {
		gtk_progress_bar_set_fraction(pb, 0);
		gtk_progress_bar_set_text(pb, "No trace");
		gtk_widget_set_sensitive(mw->stop, FALSE);
		lttvgui_menus_update(mw);
		return;
	}
	gdouble f = lttvwindow_tab_background_progress(tab);
	guint pending = lttvwindow_scheduler_pending(lttvwindow_get_scheduler(tab));
	char *text;
	if (lttvwindow_tab_stopped(tab))
		text = g_strdup_printf("Stopped (precomputed %.0f%%)", f * 100);
	else if (pending > 0)
		text = g_strdup_printf("Reading events for %u request%s", pending, pending > 1 ? "s" : "");
	else if (f < 1.0)
		text = g_strdup_printf("Precomputing %.0f%%", f * 100);
	else
		text = g_strdup("Ready");
	gtk_progress_bar_set_fraction(pb, CLAMP(f, 0.0, 1.0));
	gtk_progress_bar_set_text(pb, text);
	g_free(text);
	gtk_widget_set_sensitive(mw->stop, lttvwindow_tab_busy(tab));
	lttvgui_menus_update(mw);
}

static void on_busy(LttvwindowTab *tab, LttvguiMainWindow *mw)
{
	if (lttvgui_main_window_tab(mw) == tab)
		lttvgui_main_window_update_status(mw);
}

/* The tab's label: the names of its traces. */
static void on_traceset(LttvwindowTab *tab, GtkWidget *page)
{
	LttvTraceset *ts = lttvwindow_get_traceset(tab);
	GString *s = g_string_new(NULL);
	for (guint i = 0; i < lttv_traceset_number(ts); i++)
		g_string_append_printf(s, "%s%s", i > 0 ? ", " : "",
		                       ltt_trace_name(lttv_trace_ltt(lttv_traceset_get(ts, i))));
	if (s->len == 0)
		g_string_assign(s, "(no trace)");
	/* A filter hides events in every viewer of the tab: said on the tab. */
	const char *filter = lttvwindow_get_filter_text(tab);
	if (filter != NULL)
		g_string_append(s, " (filtered)");
	GtkWidget *label = g_object_get_data(G_OBJECT(page), PAGE_LABEL_KEY);
	gtk_label_set_text(GTK_LABEL(label), s->str);
	char *tip = filter != NULL ? g_strdup_printf("Filter: %s", filter) : NULL;
	gtk_widget_set_tooltip_text(label, tip);
	g_free(tip);
	g_string_free(s, TRUE);
	LttvguiMainWindow *mw = g_object_get_data(G_OBJECT(page), "lttvwindow-page-window");
	if (lttvgui_main_window_tab(mw) == tab) {
		char *title = g_strdup_printf("%s - lttv-gui", gtk_label_get_text(GTK_LABEL(label)));
		gtk_window_set_title(GTK_WINDOW(mw->window), title);
		g_free(title);
	}
}

static void on_close_tab_clicked(GtkButton *b, GtkWidget *page)
{
	gtk_widget_destroy(page);
}

static GtkWidget *tab_label(GtkWidget *page)
{
	GtkWidget *box = gtk_hbox_new(FALSE, 4);
	GtkWidget *label = gtk_label_new("(no trace)");
	gtk_label_set_ellipsize(GTK_LABEL(label), PANGO_ELLIPSIZE_MIDDLE);
	gtk_label_set_max_width_chars(GTK_LABEL(label), 40);
	GtkWidget *close = lttvgui_icon_button(GTK_STOCK_CLOSE, "Close this tab",
	                                          G_CALLBACK(on_close_tab_clicked), page);
	gtk_box_pack_start(GTK_BOX(box), label, TRUE, TRUE, 0);
	gtk_box_pack_start(GTK_BOX(box), close, FALSE, FALSE, 0);
	g_object_set_data(G_OBJECT(page), PAGE_LABEL_KEY, label);
	gtk_widget_show_all(box);
	return box;
}

static void on_filter(LttvwindowTab *tab, LttvFilter *filter, gpointer source, GtkWidget *page)
{
	on_traceset(tab, page);
	LttvguiMainWindow *mw = g_object_get_data(G_OBJECT(page), "lttvwindow-page-window");
	char *m = filter != NULL ? g_strdup_printf("Filter: %s", lttvwindow_get_filter_text(tab))
	                         : g_strdup("Filter removed: every event is shown");
	lttvgui_main_window_status(mw, m);
	g_free(m);
}

/* The current time set outside the time window (a viewer went to an event
 * or a time there): the window follows, centred on it, so that every
 * viewer shows it. */
static void on_current_time(LttvwindowTab *tab, guint64 time, gpointer source, gpointer data)
{
	LttvwindowTimeWindow w = lttvwindow_get_time_window(tab);
	if (time >= w.start && time - w.start < w.width)
		return;
	LttvwindowTimeWindow c = { time > w.width / 2 ? time - w.width / 2 : 0, w.width };
	LttTime start, end;
	lttvwindow_get_time_span(tab, &start, &end);
	if (c.start < start)
		c.start = start;
	lttvwindow_report_time_window(tab, c, NULL);
}

LttvwindowTab *lttvgui_main_window_new_tab(LttvguiMainWindow *mw)
{
	LttvwindowTab *tab = lttvwindow_tab_new(GTK_WINDOW(mw->window));
	GtkWidget *page = gtk_vbox_new(FALSE, 0);
	g_object_set_data_full(G_OBJECT(page), PAGE_TAB_KEY, tab, g_object_unref);
	g_object_set_data(G_OBJECT(page), "lttvwindow-page-window", mw);
	GtkWidget *stack = lttvgui_viewer_stack_new(tab);
	g_object_set_data(G_OBJECT(page), PAGE_STACK_KEY, stack);
	gtk_box_pack_start(GTK_BOX(page), stack, TRUE, TRUE, 0);
	gtk_box_pack_start(GTK_BOX(page), lttvgui_timebar_new(tab), FALSE, FALSE, 0);
	GtkWidget *label = tab_label(page);
	lttvwindow_connect(tab, page, LTTVWINDOW_SIGNAL_BUSY, G_CALLBACK(on_busy), mw);
	lttvwindow_connect(tab, page, LTTVWINDOW_SIGNAL_TRACESET, G_CALLBACK(on_traceset), page);
	lttvwindow_connect(tab, page, LTTVWINDOW_SIGNAL_FILTER, G_CALLBACK(on_filter), page);
	lttvwindow_connect(tab, page, LTTVWINDOW_SIGNAL_CURRENT_TIME, G_CALLBACK(on_current_time), NULL);
	gtk_widget_show(page);
	gint i = gtk_notebook_append_page(GTK_NOTEBOOK(mw->notebook), page, label);
	gtk_notebook_set_tab_reorderable(GTK_NOTEBOOK(mw->notebook), page, TRUE);
	gtk_notebook_set_current_page(GTK_NOTEBOOK(mw->notebook), i);
	return tab;
}

void lttvgui_main_window_close_tab(LttvguiMainWindow *mw)
{
	GtkWidget *page = current_page(mw);
	if (page != NULL)
		gtk_widget_destroy(page);
}

GtkWidget *lttvgui_main_window_insert_viewer(LttvguiMainWindow *mw, const char *name,
                                                GError **error)
{
	const LttvwindowViewerInfo *info = lttvgui_viewer_require(name, error);
	if (info == NULL)
		return NULL;
	if (lttvgui_main_window_tab(mw) == NULL)
		lttvgui_main_window_new_tab(mw);
	return lttvgui_viewer_stack_insert(lttvgui_main_window_stack(mw), info, error);
}

/* What the reader skipped in trace i of tab, for the user. */
static void report_damage(LttvwindowTab *tab, guint i, const char *path,
                          void (*warn)(const char *message, gpointer data), gpointer data)
{
	LttTrace *t = lttv_trace_ltt(lttv_traceset_get(lttvwindow_get_traceset(tab), i));
	guint n = ltt_trace_warning_count(t);
	if (n == 0 || warn == NULL)
		return;
	GString *s = g_string_new(NULL);
	g_string_printf(s, "%s: the reader skipped %u damaged part%s:", path, n, n > 1 ? "s" : "");
	for (guint k = 0; k < MIN(n, 5); k++)
		g_string_append_printf(s, "\n%s", ltt_trace_warning(t, k));
	if (n > 5)
		g_string_append_printf(s, "\n(and %u more)", n - 5);
	warn(s->str, data);
	g_string_free(s, TRUE);
}

/* Trace i's span and that of the tab's other traces: traces whose spans
 * do not meet (two machines' clocks since boot, say) share one time line
 * that is mostly empty, each trace in a corner of it: the user is told,
 * with the spans, rather than shown blank rows. */
static void report_apart(LttvwindowTab *tab, guint i, const char *path,
                         void (*warn)(const char *message, gpointer data), gpointer data)
{
	LttvTraceset *ts = lttvwindow_get_traceset(tab);
	LttTrace *t = lttv_trace_ltt(lttv_traceset_get(ts, i));
	LttTime start = LTT_TIME_INFINITE, end = 0;
	for (guint k = 0; k < lttv_traceset_number(ts); k++) {
		LttTrace *o = lttv_trace_ltt(lttv_traceset_get(ts, k));
		if (k == i || ltt_trace_start_time(o) > ltt_trace_end_time(o))
			continue;
		start = MIN(start, ltt_trace_start_time(o));
		end = MAX(end, ltt_trace_end_time(o));
	}
	if (warn == NULL || start > end || ltt_trace_start_time(t) > ltt_trace_end_time(t)
	    || (ltt_trace_start_time(t) <= end && ltt_trace_end_time(t) >= start))
		return;
	char a[LTT_TIME_STRING_SIZE], b[LTT_TIME_STRING_SIZE], c[LTT_TIME_STRING_SIZE], d[LTT_TIME_STRING_SIZE];
	ltt_time_format(ltt_trace_start_time(t), a);
	ltt_time_format(ltt_trace_end_time(t), b);
	ltt_time_format(start, c);
	ltt_time_format(end, d);
	char *m = g_strdup_printf("%s spans %s to %s s of its clock, the tab's other traces %s to %s s: "
	                          "they do not overlap in time, so each is in a corner of the tab's time line "
	                          "(type a range in Start and End to see one)", path, a, b, c, d);
	warn(m, data);
	g_free(m);
}

gboolean lttvgui_main_window_add_trace(LttvguiMainWindow *mw, const char *path,
                                          void (*warn)(const char *message, gpointer data),
                                          gpointer data, GError **error)
{
	LttvwindowTab *tab = lttvgui_main_window_tab(mw);
	if (tab == NULL)
		tab = lttvgui_main_window_new_tab(mw);
	guint n = lttv_traceset_number(lttvwindow_get_traceset(tab));
	if (!lttvwindow_tab_add_trace(tab, path, error))
		return FALSE;
	report_damage(tab, n, path, warn, data);
	report_apart(tab, n, path, warn, data);
	if (n == 0 && lttvgui_viewer_stack_count(lttvgui_main_window_stack(mw)) == 0) {
		for (const char *const *v = lttvgui_get_default_viewers(); *v != NULL; v++) {
			GError *e = NULL;
			if (lttvwindow_viewer_find(*v) == NULL)
				continue;
			if (lttvgui_main_window_insert_viewer(mw, *v, &e) == NULL) {
				if (warn != NULL)
					warn(e->message, data);
				g_error_free(e);
			}
		}
	}
	char *msg = g_strdup_printf("Opened %s", path);
	lttvgui_main_window_status(mw, msg);
	g_free(msg);
	return TRUE;
}

static void on_switch_page(GtkNotebook *nb, gpointer page, guint num, LttvguiMainWindow *mw)
{
	/* After the switch: the current page is then the new one. */
	GtkWidget *p = gtk_notebook_get_nth_page(nb, num);
	LttvwindowTab *tab = g_object_get_data(G_OBJECT(p), PAGE_TAB_KEY);
	GtkWidget *label = g_object_get_data(G_OBJECT(p), PAGE_LABEL_KEY);
	char *title = g_strdup_printf("%s - lttv-gui", gtk_label_get_text(GTK_LABEL(label)));
	gtk_window_set_title(GTK_WINDOW(mw->window), title);
	g_free(title);
	if (tab != NULL)
		lttvgui_main_window_update_status(mw);
}

static void on_page_count_changed(GtkNotebook *nb, GtkWidget *child, guint num,
                                  LttvguiMainWindow *mw)
{
	gtk_notebook_set_show_tabs(nb, gtk_notebook_get_n_pages(nb) > 1);
	lttvgui_main_window_update_status(mw);
}

/* The status bar's last message was about the tab that went ("Opened
 * ..."): say what is left. */
static void on_page_removed(GtkNotebook *nb, GtkWidget *child, guint num, LttvguiMainWindow *mw)
{
	if (gtk_notebook_get_n_pages(nb) == 0) {
		gtk_window_set_title(GTK_WINDOW(mw->window), "lttv-gui");
		lttvgui_main_window_status(mw, "Tab closed; no trace open (File > Open Trace)");
	} else {
		lttvgui_main_window_status(mw, "Tab closed");
	}
}

static void on_stop_clicked(GtkButton *b, LttvguiMainWindow *mw)
{
	LttvwindowTab *tab = lttvgui_main_window_tab(mw);
	if (tab != NULL)
		lttvwindow_report_stop(tab);
}

static void main_window_free(gpointer mw, GObject *window)
{
	g_object_unref(((LttvguiMainWindow *) mw)->ui);
	g_free(mw);
}

static void on_window_destroy(GtkWidget *w, LttvguiMainWindow *mw)
{
	/* The pages die after this handler: nothing may call back into mw. */
	g_signal_handlers_disconnect_by_data(mw->notebook, mw);
	g_source_remove(mw->messages_source);
	windows = g_list_remove(windows, mw);
	lttvwindow_viewers_remove_listener(mw->registry_listener);
	if (windows == NULL && gtk_main_level() > 0)
		gtk_main_quit();
}

/* GDK drops a shown window's "withdrawn" state at once; only the server's
 * map event says the window is really on screen (for the script). */
static gboolean on_map_event(GtkWidget *w, GdkEvent *ev, LttvguiMainWindow *mw)
{
	mw->mapped = ev->type == GDK_MAP;
	return FALSE;
}

static void on_registry_changed(gpointer unused, gpointer mw)
{
	lttvgui_menus_viewers_changed(mw);
}

static GtkWidget *status_bar(LttvguiMainWindow *mw)
{
	GtkWidget *row = gtk_hbox_new(FALSE, 4);
	mw->status = gtk_statusbar_new();
	gtk_statusbar_set_has_resize_grip(GTK_STATUSBAR(mw->status), FALSE);
	mw->progress = gtk_progress_bar_new();
	gtk_widget_set_tooltip_text(mw->progress,
	                            "Background precomputation of this tab's traces "
	                            "(state checkpoints, statistics, event index)");
	gtk_widget_set_size_request(mw->progress, 220, -1);
	mw->stop = gtk_button_new_from_stock(GTK_STOCK_STOP);
	gtk_widget_set_tooltip_text(mw->stop, "Stop reading and precomputing (Continue resumes)");
	g_signal_connect(mw->stop, "clicked", G_CALLBACK(on_stop_clicked), mw);
	gtk_box_pack_start(GTK_BOX(row), mw->status, TRUE, TRUE, 0);
	gtk_box_pack_start(GTK_BOX(row), mw->progress, FALSE, FALSE, 0);
	gtk_box_pack_start(GTK_BOX(row), mw->stop, FALSE, FALSE, 0);
	return row;
}

/* Four fifths of the monitor, at least 1000 x 700 where the monitor has
 * room: a trace viewer wants rows and pixels of time, and a fixed size
 * leaves most of a large screen unused. */
static void set_default_size(GtkWindow *window)
{
	GdkScreen *screen = gtk_window_get_screen(window);
	GdkRectangle mon;
	gdk_screen_get_monitor_geometry(screen, gdk_screen_get_primary_monitor(screen), &mon);
	gint w = MAX(mon.width * 4 / 5, MIN(1000, mon.width));
	gint h = MAX(mon.height * 4 / 5, MIN(700, mon.height));
	gtk_window_set_default_size(window, w, h);
}

LttvguiMainWindow *lttvgui_main_window_new(void)
{
	LttvguiMainWindow *mw = g_new0(LttvguiMainWindow, 1);
	mw->window = gtk_window_new(GTK_WINDOW_TOPLEVEL);
	gtk_window_set_title(GTK_WINDOW(mw->window), "lttv-gui");
	set_default_size(GTK_WINDOW(mw->window));
	gtk_window_set_icon_name(GTK_WINDOW(mw->window), "utilities-system-monitor");
	GtkWidget *vbox = gtk_vbox_new(FALSE, 0);
	gtk_container_add(GTK_CONTAINER(mw->window), vbox);
	lttvgui_menus_build(mw, vbox);
	mw->notebook = gtk_notebook_new();
	gtk_notebook_set_scrollable(GTK_NOTEBOOK(mw->notebook), TRUE);
	gtk_notebook_set_show_border(GTK_NOTEBOOK(mw->notebook), FALSE);
	g_signal_connect_after(mw->notebook, "switch-page", G_CALLBACK(on_switch_page), mw);
	g_signal_connect(mw->notebook, "page-added", G_CALLBACK(on_page_count_changed), mw);
	g_signal_connect(mw->notebook, "page-removed", G_CALLBACK(on_page_count_changed), mw);
	g_signal_connect(mw->notebook, "page-removed", G_CALLBACK(on_page_removed), mw);
	gtk_box_pack_start(GTK_BOX(vbox), mw->notebook, TRUE, TRUE, 0);
	gtk_box_pack_start(GTK_BOX(vbox), status_bar(mw), FALSE, FALSE, 0);
	lttvgui_keys_attach(mw);
	g_signal_connect(mw->window, "destroy", G_CALLBACK(on_window_destroy), mw);
	mw->messages_source = g_timeout_add_seconds(1, poll_messages, mw);
	g_signal_connect(mw->window, "map-event", G_CALLBACK(on_map_event), mw);
	g_signal_connect(mw->window, "unmap-event", G_CALLBACK(on_map_event), mw);
	g_object_weak_ref(G_OBJECT(mw->window), main_window_free, mw);
	mw->registry_listener = lttvwindow_viewers_add_listener(on_registry_changed, mw);
	windows = g_list_append(windows, mw);
	lttvgui_main_window_new_tab(mw);
	gtk_widget_show_all(mw->window);
	lttvgui_main_window_update_status(mw);
	return mw;
}

void lttvgui_main_window_close(LttvguiMainWindow *mw)
{
	gtk_widget_destroy(mw->window);
}
