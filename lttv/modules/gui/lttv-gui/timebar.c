/* SPDX-License-Identifier: GPL-2.0-or-later */
/* SPDX-FileCopyrightText: 2026 The LTTV authors */
/* timebar.c: a tab's horizontal scrollbar over the traceset's span and its
 * time bar: start, end and current time (editable; seconds.nanoseconds from
 * the traceset's start) and the window's length. */
#include <config.h>
#include "timebar.h"
#include "navigation.h"

typedef struct {
	LttvwindowTab *tab;
	GtkWidget *box;
	GtkAdjustment *adj;             /* ns from the span's start, page = the window's width */
	gulong adj_id;
	GtkWidget *start, *end, *current, *length;
} Timebar;

static void set_entry_time(Timebar *tb, GtkWidget *entry, LttTime t)
{
	char buf[LTT_TIME_STRING_SIZE];
	lttvgui_tab_format_time(tb->tab, t, buf);
	gtk_entry_set_text(GTK_ENTRY(entry), buf);
	gtk_entry_set_icon_from_stock(GTK_ENTRY(entry), GTK_ENTRY_ICON_SECONDARY, NULL);
}

static void show_window(Timebar *tb)
{
	if (lttv_traceset_number(lttvwindow_get_traceset(tb->tab)) == 0) {
		gtk_entry_set_text(GTK_ENTRY(tb->start), "");
		gtk_entry_set_text(GTK_ENTRY(tb->end), "");
		gtk_entry_set_text(GTK_ENTRY(tb->current), "");
		gtk_label_set_text(GTK_LABEL(tb->length), "");
		return;
	}
	LttvwindowTimeWindow w = lttvwindow_get_time_window(tb->tab);
	LttTime span_start, span_end;
	lttvwindow_get_time_span(tb->tab, &span_start, &span_end);
	set_entry_time(tb, tb->start, w.start);
	set_entry_time(tb, tb->end, lttvgui_window_last(w));
	char buf[LTT_TIME_STRING_SIZE];
	ltt_time_format(w.width, buf);
	char *text = g_strdup_printf("%s s", buf);
	gtk_label_set_text(GTK_LABEL(tb->length), text);
	g_free(text);
	gdouble span = (gdouble) (span_end - span_start + 1);
	gdouble width = (gdouble) w.width;
	/* Our own change: not a user's scroll to report back. */
	g_signal_handler_block(tb->adj, tb->adj_id);
	gtk_adjustment_configure(tb->adj, (gdouble) (w.start - span_start), 0, span, width / 10,
	                         width, width);
	g_signal_handler_unblock(tb->adj, tb->adj_id);
}

static void on_time_window(LttvwindowTab *tab, const LttvwindowTimeWindowChange *change,
                           Timebar *tb)
{
	show_window(tb);
}

static void on_current_time(LttvwindowTab *tab, guint64 t, gpointer source, Timebar *tb)
{
	set_entry_time(tb, tb->current, t);
}

static void on_traceset(LttvwindowTab *tab, Timebar *tb)
{
	set_entry_time(tb, tb->current, lttvwindow_get_current_time(tab));
	show_window(tb);
	gtk_widget_set_sensitive(tb->box, lttv_traceset_number(lttvwindow_get_traceset(tab)) > 0);
}

static void on_scroll(GtkAdjustment *adj, Timebar *tb)
{
	LttTime span_start, span_end;
	lttvwindow_get_time_span(tb->tab, &span_start, &span_end);
	LttvwindowTimeWindow w = lttvwindow_get_time_window(tb->tab);
	gdouble v = gtk_adjustment_get_value(adj);
	w.start = span_start + (LttTime) (v > 0 ? v + 0.5 : 0);
	lttvwindow_report_time_window(tb->tab, w, tb->box);
}

static void entry_error(GtkWidget *entry, const char *message)
{
	gtk_entry_set_icon_from_stock(GTK_ENTRY(entry), GTK_ENTRY_ICON_SECONDARY,
	                              GTK_STOCK_DIALOG_WARNING);
	gtk_entry_set_icon_tooltip_text(GTK_ENTRY(entry), GTK_ENTRY_ICON_SECONDARY, message);
	gtk_widget_error_bell(entry);
}

/* Applies what the user typed in one of the entries. */
static void on_activate(GtkWidget *entry, Timebar *tb)
{
	GError *error = NULL;
	LttTime t;
	if (!lttvgui_tab_parse_time(tb->tab, gtk_entry_get_text(GTK_ENTRY(entry)), &t, &error)) {
		entry_error(entry, error->message);
		g_error_free(error);
		return;
	}
	LttvwindowTimeWindow w = lttvwindow_get_time_window(tb->tab);
	LttTime end = w.start + w.width;
	const char *text = gtk_entry_get_text(GTK_ENTRY(entry));
	if (entry == tb->current) {
		if (!lttvgui_tab_check_time(tb->tab, t, text, &error)) {
			entry_error(entry, error->message);
			g_error_free(error);
			return;
		}
		lttvwindow_report_current_time(tb->tab, t, tb->box);
		set_entry_time(tb, entry, t);
		return;
	}
	/* End shows, and takes, the last nanosecond the window includes. */
	if (entry == tb->start ? t >= end : t < w.start) {
		entry_error(entry, "The end of the window must come after its start.");
		return;
	}
	gboolean ok = entry == tb->start
	              ? lttvgui_tab_set_window(tb->tab, t, end, text, tb->box, &error)
	              : lttvgui_tab_set_window(tb->tab, w.start, t + 1, NULL, tb->box, &error);
	if (!ok) {
		entry_error(entry, error->message);
		g_error_free(error);
		return;
	}
	show_window(tb);    /* the end cut back, or unchanged: show what holds */
}

static gboolean on_focus_out(GtkWidget *entry, GdkEventFocus *ev, Timebar *tb)
{
	on_activate(entry, tb);
	return FALSE;
}

static GtkWidget *time_entry(Timebar *tb, GtkWidget *row, const char *label, const char *tooltip)
{
	GtkWidget *l = gtk_label_new_with_mnemonic(label);
	GtkWidget *e = gtk_entry_new();
	/* "123.123456789" and the warning icon: 16 made the bar (and the
	 * window) wider than an 800-pixel screen. */
	gtk_entry_set_width_chars(GTK_ENTRY(e), 13);
	gtk_widget_set_tooltip_text(e, tooltip);
	gtk_label_set_mnemonic_widget(GTK_LABEL(l), e);
	gtk_box_pack_start(GTK_BOX(row), l, FALSE, FALSE, 0);
	gtk_box_pack_start(GTK_BOX(row), e, FALSE, FALSE, 0);
	g_signal_connect(e, "activate", G_CALLBACK(on_activate), tb);
	g_signal_connect(e, "focus-out-event", G_CALLBACK(on_focus_out), tb);
	return e;
}

GtkWidget *lttvgui_timebar_new(LttvwindowTab *tab)
{
	Timebar *tb = g_new0(Timebar, 1);
	tb->tab = tab;
	tb->box = gtk_vbox_new(FALSE, 2);
	g_object_set_data_full(G_OBJECT(tb->box), "lttvwindow-timebar", tb, g_free);

	tb->adj = GTK_ADJUSTMENT(gtk_adjustment_new(0, 0, 1, 1, 1, 1));
	tb->adj_id = g_signal_connect(tb->adj, "value-changed", G_CALLBACK(on_scroll), tb);
	GtkWidget *scrollbar = gtk_hscrollbar_new(tb->adj);
	gtk_widget_set_tooltip_text(scrollbar, "The time window within the whole trace");
	gtk_box_pack_start(GTK_BOX(tb->box), scrollbar, FALSE, FALSE, 0);

	GtkWidget *row = gtk_hbox_new(FALSE, 6);
	gtk_container_set_border_width(GTK_CONTAINER(row), 2);
	const char *rel = "seconds.nanoseconds from the start of the trace; Enter applies";
	char *tip;
	tip = g_strdup_printf("Start of the time window, %s", rel);
	tb->start = time_entry(tb, row, "_Start", tip);
	g_free(tip);
	tip = g_strdup_printf("End of the time window, %s", rel);
	tb->end = time_entry(tb, row, "_End", tip);
	g_free(tip);
	GtkWidget *l = gtk_label_new("Length");
	tb->length = gtk_label_new("");
	gtk_widget_set_tooltip_text(tb->length, "Length of the time window, in seconds");
	gtk_box_pack_start(GTK_BOX(row), l, FALSE, FALSE, 0);
	gtk_box_pack_start(GTK_BOX(row), tb->length, FALSE, FALSE, 0);
	tip = g_strdup_printf("The current time, %s", rel);
	tb->current = time_entry(tb, row, "Current _time", tip);
	g_free(tip);
	gtk_box_pack_start(GTK_BOX(tb->box), row, FALSE, FALSE, 0);

	lttvwindow_connect(tab, tb->box, LTTVWINDOW_SIGNAL_TIME_WINDOW, G_CALLBACK(on_time_window), tb);
	lttvwindow_connect(tab, tb->box, LTTVWINDOW_SIGNAL_CURRENT_TIME, G_CALLBACK(on_current_time), tb);
	lttvwindow_connect(tab, tb->box, LTTVWINDOW_SIGNAL_TRACESET, G_CALLBACK(on_traceset), tb);
	on_traceset(tab, tb);
	gtk_widget_show_all(tb->box);
	return tb->box;
}
