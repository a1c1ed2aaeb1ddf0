/* SPDX-License-Identifier: GPL-2.0-or-later */
/* SPDX-FileCopyrightText: 2026 The LTTV authors */
/* detailedevents.c: the detailed event list: one row per event, with its
 * trace, channel, CPU, time, name, task and fields.
 *
 * How this viewer is built (read controlflow.c first for the general
 * shape of a viewer):
 *   - it reads no trace itself: the visible page is one events request
 *     (dev-rows.c), and only those rows are decoded;
 *   - the scrollbar is the event number, from an event index it builds in
 *     idle steps (dev-index.c);
 *   - selecting a row reports the tab's current position (and so its
 *     current time); a position or time reported by another viewer brings
 *     its event to the top of the list;
 *   - the tab's filter applies to the rows whatever the move (going back
 *     reads back through it: dev-tail.c); a second filter expression
 *     finds events (dev-search.c). */
#include <config.h>
#include <ltt/trace.h>
#include <lttv/module.h>
#include "dev.h"

void dev_set_status(Dev *d, const char *format, ...)
{
	va_list ap;
	va_start(ap, format);
	char *text = g_strdup_vprintf(format, ap);
	va_end(ap);
	gtk_label_set_text(GTK_LABEL(d->status), text);
	g_free(text);
}

void dev_report_selection(Dev *d, const DevRow *row)
{
	lttv_traceset_context_position_copy(d->selected_pos, row->pos);
	d->have_selection = TRUE;
	d->selected_number = row->number;
	lttvwindow_report_current_position(d->tab, row->pos, d->top);
}

/* Damage is marked, not hidden: the reader skips what it cannot decode
 * and says where; the list says that it did. */
void dev_update_damage(Dev *d)
{
	lttvwindow_damage_label_update(d->damage, d->tab, "the list skips");
}

static void forget_positions(Dev *d)
{
	if (d->request != 0)
		lttvwindow_events_cancel(d->tab, d->request);
	d->request = 0;
	dev_tail_cancel(d);
	g_ptr_array_set_size(d->rows, 0);
	g_clear_pointer(&d->top_pos, lttv_traceset_context_position_destroy);
	g_clear_pointer(&d->next_pos, lttv_traceset_context_position_destroy);
	g_clear_pointer(&d->selected_pos, lttv_traceset_context_position_destroy);
	g_clear_pointer(&d->search_pos, lttv_traceset_context_position_destroy);
	d->have_selection = FALSE;
	d->top_number = DEV_NO_NUMBER;
}

/* A new traceset: new positions, a new index, the list from its start. */
static void take_traceset(Dev *d)
{
	LttTime end;
	forget_positions(d);
	lttvwindow_get_time_span(d->tab, &d->trace_start, &end);
	dev_index_start(d);
	dev_update_damage(d);
	memset(d->col_width, 0, sizeof d->col_width);
	const LttvTracesetContextPosition *pos = lttvwindow_get_current_position(d->tab);
	if (pos != NULL)
		dev_show_from(d, pos, DEV_NO_NUMBER);
	else
		dev_goto_time(d, d->trace_start, FALSE);
}

static void on_traceset(LttvwindowTab *tab, gpointer data)
{
	take_traceset(data);
}

static void on_current_position(LttvwindowTab *tab, const LttvTracesetContextPosition *pos,
                                gpointer source, gpointer data)
{
	Dev *d = data;
	if (source == d->top)
		return;     /* our own selection: already shown */
	dev_ensure_positions(d);
	lttv_traceset_context_position_copy(d->selected_pos, pos);
	d->have_selection = TRUE;
	dev_show_from(d, pos, dev_index_number(d, pos));
}

static void on_current_time(LttvwindowTab *tab, guint64 time, gpointer source, gpointer data)
{
	Dev *d = data;
	const LttvTracesetContextPosition *pos = lttvwindow_get_current_position(tab);
	if (source == d->top)
		return;
	/* A position report sets the time too: its event is already shown. */
	if (pos != NULL && lttv_traceset_context_position_get_time(pos) == time)
		return;
	d->have_selection = FALSE;
	dev_goto_time(d, time, FALSE);
}

/* The list follows the time window when it leaves the page behind. */
static void on_time_window(LttvwindowTab *tab, const LttvwindowTimeWindowChange *change, gpointer data)
{
	Dev *d = data;
	LttvwindowTimeWindow w = change->new_window;
	if (change->source == d->top || d->rows->len == 0)
		return;
	LttTime first = ((DevRow *) g_ptr_array_index(d->rows, 0))->time;
	LttTime last = ((DevRow *) g_ptr_array_index(d->rows, d->rows->len - 1))->time;
	if (last < w.start || first >= w.start + w.width)
		dev_goto_time(d, w.start, FALSE);
}

static void on_filter(LttvwindowTab *tab, LttvFilter *filter, gpointer source, gpointer data)
{
	dev_reload(data);
}

static void on_redraw(LttvwindowTab *tab, gpointer data)
{
	Dev *d = data;
	dev_update_damage(d);
	dev_reload(d);
}

static void on_find(GtkWidget *w, gpointer data)
{
	Dev *d = data;
	const char *text = gtk_entry_get_text(GTK_ENTRY(d->find_entry));
	if (text[0] != '\0')
		dev_find(d, text, GPOINTER_TO_INT(g_object_get_data(G_OBJECT(w), "dev-backward")));
}

static void on_goto(GtkEntry *entry, gpointer data)
{
	Dev *d = data;
	const char *text = gtk_entry_get_text(entry);
	if (text[0] != '\0')
		dev_goto_text(d, text);
}

static void on_wall_clock(GtkToggleButton *b, gpointer data)
{
	Dev *d = data;
	memset(d->col_width, 0, sizeof d->col_width);
	gtk_widget_queue_draw(d->area);
}

static GtkWidget *button(const char *mnemonic, const char *tooltip)
{
	GtkWidget *b = gtk_button_new_with_mnemonic(mnemonic);
	gtk_widget_set_tooltip_text(b, tooltip);
	return b;
}

/* Above the list: find, go to, the time's form, the status. */
static GtkWidget *tool_row(Dev *d)
{
	GtkWidget *row = gtk_hbox_new(FALSE, 4);
	GtkWidget *find_label = gtk_label_new_with_mnemonic("Fin_d:");
	GtkWidget *next = button("_Next", "The next event after the selection that matches the expression");
	GtkWidget *previous = button("Previ_ous", "The last event before the selection that matches");
	GtkWidget *goto_label = gtk_label_new_with_mnemonic("_Go to:");

	d->find_entry = gtk_entry_new();
	gtk_entry_set_width_chars(GTK_ENTRY(d->find_entry), 28);
	gtk_widget_set_tooltip_text(d->find_entry, "A filter expression, e.g. event.name = sched_switch "
	                            "& state.pid = 42; Enter finds the next");
	gtk_label_set_mnemonic_widget(GTK_LABEL(find_label), d->find_entry);
	g_signal_connect(d->find_entry, "activate", G_CALLBACK(on_find), d);
	g_signal_connect(next, "clicked", G_CALLBACK(on_find), d);
	g_object_set_data(G_OBJECT(previous), "dev-backward", GINT_TO_POINTER(TRUE));
	g_signal_connect(previous, "clicked", G_CALLBACK(on_find), d);

	d->goto_entry = gtk_entry_new();
	gtk_entry_set_width_chars(GTK_ENTRY(d->goto_entry), 14);
	gtk_widget_set_tooltip_text(d->goto_entry, "Seconds since the trace start (1.25), or an event "
	                            "number (#1000)");
	gtk_label_set_mnemonic_widget(GTK_LABEL(goto_label), d->goto_entry);
	g_signal_connect(d->goto_entry, "activate", G_CALLBACK(on_goto), d);

	d->wall_clock = gtk_check_button_new_with_mnemonic("Wa_ll clock");
	gtk_widget_set_tooltip_text(d->wall_clock, "Show times as UTC dates from the trace's clock "
	                            "instead of seconds since the start");
	g_signal_connect(d->wall_clock, "toggled", G_CALLBACK(on_wall_clock), d);
	d->status = gtk_label_new("");
	gtk_label_set_ellipsize(GTK_LABEL(d->status), PANGO_ELLIPSIZE_END);
	gtk_misc_set_alignment(GTK_MISC(d->status), 0, 0.5);

	gtk_box_pack_start(GTK_BOX(row), find_label, FALSE, FALSE, 0);
	gtk_box_pack_start(GTK_BOX(row), d->find_entry, FALSE, FALSE, 0);
	gtk_box_pack_start(GTK_BOX(row), next, FALSE, FALSE, 0);
	gtk_box_pack_start(GTK_BOX(row), previous, FALSE, FALSE, 0);
	gtk_box_pack_start(GTK_BOX(row), goto_label, FALSE, FALSE, 6);
	gtk_box_pack_start(GTK_BOX(row), d->goto_entry, FALSE, FALSE, 0);
	gtk_box_pack_start(GTK_BOX(row), d->wall_clock, FALSE, FALSE, 6);
	gtk_box_pack_start(GTK_BOX(row), d->status, TRUE, TRUE, 0);
	return row;
}

static void on_destroy(GtkWidget *w, gpointer data)
{
	Dev *d = data;
	dev_index_stop(d);
	dev_search_free(d);
	dev_tail_free(d);
	dev_rows_free(d);
	g_object_unref(d->vadj);
	g_free(d);
}

static GtkWidget *detailedevents_new(LttvwindowTab *tab)
{
	Dev *d = g_new0(Dev, 1);
	d->tab = tab;
	dev_rows_init(d);
	dev_search_init(d);
	dev_tail_init(d);
	d->top = gtk_vbox_new(FALSE, 2);
	gtk_widget_set_size_request(d->top, -1, 96);
	d->vadj = GTK_ADJUSTMENT(gtk_adjustment_new(0, 0, 1, 1, 1, 1));
	g_object_ref_sink(d->vadj);
	dev_index_connect_scrollbar(d);

	d->damage = lttvwindow_damage_label_new();
	/* Shown only when a trace is damaged, whoever calls show_all. */
	GtkWidget *rows = gtk_hbox_new(FALSE, 0);
	gtk_box_pack_start(GTK_BOX(rows), dev_list_new(d), TRUE, TRUE, 0);
	gtk_box_pack_start(GTK_BOX(rows), gtk_vscrollbar_new(d->vadj), FALSE, FALSE, 0);
	gtk_box_pack_start(GTK_BOX(d->top), tool_row(d), FALSE, FALSE, 0);
	gtk_box_pack_start(GTK_BOX(d->top), d->damage, FALSE, FALSE, 0);
	gtk_box_pack_start(GTK_BOX(d->top), rows, TRUE, TRUE, 0);

	lttvwindow_connect(tab, d->top, LTTVWINDOW_SIGNAL_TIME_WINDOW, G_CALLBACK(on_time_window), d);
	lttvwindow_connect(tab, d->top, LTTVWINDOW_SIGNAL_CURRENT_TIME, G_CALLBACK(on_current_time), d);
	lttvwindow_connect(tab, d->top, LTTVWINDOW_SIGNAL_CURRENT_POSITION, G_CALLBACK(on_current_position), d);
	lttvwindow_connect(tab, d->top, LTTVWINDOW_SIGNAL_TRACESET, G_CALLBACK(on_traceset), d);
	lttvwindow_connect(tab, d->top, LTTVWINDOW_SIGNAL_FILTER, G_CALLBACK(on_filter), d);
	lttvwindow_connect(tab, d->top, LTTVWINDOW_SIGNAL_REDRAW, G_CALLBACK(on_redraw), d);
	lttvwindow_connect(tab, d->top, LTTVWINDOW_SIGNAL_CONTINUE, G_CALLBACK(on_redraw), d);
	/* After the host's own "destroy" handler, which removes the requests
	 * whose after_request hooks still use d. */
	g_signal_connect(d->top, "destroy", G_CALLBACK(on_destroy), d);

	gtk_widget_show_all(d->top);
	take_traceset(d);
	return d->top;
}

static const LttvwindowViewerInfo detailedevents_info = {
	LTTVWINDOW_ABI, "detailedevents", "Detailed events",
	"Every event, one per row: time, CPU, task and fields; find, go to, copy",
	GTK_STOCK_JUSTIFY_LEFT, NULL, detailedevents_new
};

static gboolean init(GError **error)
{
	return lttvwindow_register_viewer(&detailedevents_info, error);
}

LTTV_MODULE("detailedevents", "Detailed event list for lttv-gui",
            "The events of the tab's traceset, one per row (trace, channel, CPU, time, event, "
            "task, fields), scrolled by event number; selecting a row sets the current time and "
            "position of every viewer; find by filter expression, go to a time or event number.",
            init, NULL, NULL);
