/* SPDX-License-Identifier: GPL-2.0-or-later */
/* SPDX-FileCopyrightText: 2026 The LTTV authors */
/* statistics.c: the statistics viewer: events, calls, CPU time,
 * cumulative and elapsed time per trace, CPU, process, mode, submode and
 * event type, for the whole trace or for the tab's time window.
 *
 * It reads no events through the tab: a window's figures come from each
 * trace's precomputation service (stv-compute.c), as controlflow's rows
 * do; the whole trace's from the core's statistics pass, off the main
 * thread (stv-whole.c).  It follows the tab's time window (in window
 * mode), its traceset, filter (to say it does not apply), redraw and
 * continue. */
#include <config.h>
#include <gdk/gdkkeysyms.h>
#include <ltt/trace.h>
#include <lttv/module.h>
#include "stv.h"

void stv_set_status(Stv *v, const char *format, ...)
{
	va_list ap;
	va_start(ap, format);
	char *text = g_strdup_vprintf(format, ap);
	va_end(ap);
	gtk_label_set_text(GTK_LABEL(v->status), text);
	g_free(text);
}

/* Damage is marked, not hidden: the figures leave out what the reader
 * skipped, and this line says so. */
void stv_update_damage(Stv *v)
{
	lttvwindow_damage_label_update(v->damage, v->tab, "the figures leave out");
}

gboolean stv_whole_trace(const Stv *v)
{
	return gtk_toggle_button_get_active(GTK_TOGGLE_BUTTON(v->whole));
}

void stv_range(const Stv *v, LttTime *start, LttTime *end)
{
	if (stv_whole_trace(v)) {
		/* Closed at the last event, as lttv -m textDump -s does. */
		lttvwindow_get_time_span(v->tab, start, end);
		return;
	}
	LttvwindowTimeWindow w = lttvwindow_get_time_window(v->tab);
	*start = w.start;
	*end = w.start + w.width;
}

static void on_time_window(LttvwindowTab *tab, const LttvwindowTimeWindowChange *change, gpointer data)
{
	Stv *v = data;
	if (!stv_whole_trace(v))
		stv_recompute(v);
}

static void on_traceset(LttvwindowTab *tab, gpointer data)
{
	stv_take_traces(data);
}

static void on_redraw(LttvwindowTab *tab, gpointer data)
{
	stv_recompute(data);
}

static void on_filter(LttvwindowTab *tab, LttvFilter *filter, gpointer source, gpointer data)
{
	stv_say_progress(data);
}

static void on_mode(GtkToggleButton *b, gpointer data)
{
	stv_recompute(data);
}

static void on_export(GtkButton *b, gpointer data)
{
	stv_export_dialog(data);
}

static gboolean on_key(GtkWidget *w, GdkEventKey *ev, gpointer data)
{
	if ((ev->state & GDK_CONTROL_MASK) && (ev->keyval == GDK_c || ev->keyval == GDK_C)) {
		stv_copy(data, (ev->state & GDK_SHIFT_MASK) != 0);
		return TRUE;
	}
	return FALSE;
}

static GtkWidget *tool_row(Stv *v)
{
	GtkWidget *row = gtk_hbox_new(FALSE, 4);
	v->whole = gtk_radio_button_new_with_mnemonic(NULL, "Whole tr_ace");
	gtk_widget_set_tooltip_text(v->whole, "The figures of the whole traceset");
	GtkWidget *window = gtk_radio_button_new_with_mnemonic_from_widget(GTK_RADIO_BUTTON(v->whole),
	                                                                   "Ti_me window");
	gtk_widget_set_tooltip_text(window, "The figures of the tab's time window; they follow it");
	v->per_cpu = gtk_check_button_new_with_mnemonic("By _CPU");
	gtk_widget_set_tooltip_text(v->per_cpu, "Split the processes by the CPU they ran on");
	gtk_toggle_button_set_active(GTK_TOGGLE_BUTTON(v->per_cpu), TRUE);
	GtkWidget *export = gtk_button_new_with_mnemonic("_Export CSV...");
	gtk_widget_set_tooltip_text(export, "Save the figures as CSV (Ctrl+C copies them, Ctrl+Shift+C the rows shown)");
	v->status = gtk_label_new("");
	gtk_misc_set_alignment(GTK_MISC(v->status), 0, 0.5);
	gtk_label_set_ellipsize(GTK_LABEL(v->status), PANGO_ELLIPSIZE_END);

	g_signal_connect(v->whole, "toggled", G_CALLBACK(on_mode), v);
	g_signal_connect(v->per_cpu, "toggled", G_CALLBACK(on_mode), v);
	g_signal_connect(export, "clicked", G_CALLBACK(on_export), v);
	gtk_box_pack_start(GTK_BOX(row), v->whole, FALSE, FALSE, 0);
	gtk_box_pack_start(GTK_BOX(row), window, FALSE, FALSE, 0);
	gtk_box_pack_start(GTK_BOX(row), v->per_cpu, FALSE, FALSE, 8);
	gtk_box_pack_start(GTK_BOX(row), export, FALSE, FALSE, 0);
	gtk_box_pack_start(GTK_BOX(row), v->status, TRUE, TRUE, 4);
	return row;
}

static void on_destroy(GtkWidget *w, gpointer data)
{
	Stv *v = data;
	stv_forget_traces(v);
	g_array_free(v->traces, TRUE);
	g_ptr_array_free(v->jobs, TRUE);
	g_hash_table_destroy(v->rows);
	g_hash_table_destroy(v->expanded);
	g_hash_table_destroy(v->open_rows);
	g_object_unref(v->store);
	g_free(v);
}

static GtkWidget *statistics_new(LttvwindowTab *tab)
{
	Stv *v = g_new0(Stv, 1);
	v->tab = tab;
	v->traces = g_array_new(FALSE, TRUE, sizeof(StvTrace));
	v->jobs = g_ptr_array_new();
	v->top = gtk_vbox_new(FALSE, 2);
	gtk_widget_set_size_request(v->top, -1, 96);
	gtk_box_pack_start(GTK_BOX(v->top), tool_row(v), FALSE, FALSE, 0);
	v->damage = lttvwindow_damage_label_new();
	gtk_box_pack_start(GTK_BOX(v->top), v->damage, FALSE, FALSE, 0);
	gtk_box_pack_start(GTK_BOX(v->top), stv_tree_new(v), TRUE, TRUE, 0);
	/* On the viewer's box: a key pressed in any of its widgets (the rows,
	 * the Whole trace / Time window buttons) comes up to it. */
	g_signal_connect(v->top, "key-press-event", G_CALLBACK(on_key), v);

	lttvwindow_connect(tab, v->top, LTTVWINDOW_SIGNAL_TIME_WINDOW, G_CALLBACK(on_time_window), v);
	lttvwindow_connect(tab, v->top, LTTVWINDOW_SIGNAL_TRACESET, G_CALLBACK(on_traceset), v);
	lttvwindow_connect(tab, v->top, LTTVWINDOW_SIGNAL_FILTER, G_CALLBACK(on_filter), v);
	lttvwindow_connect(tab, v->top, LTTVWINDOW_SIGNAL_REDRAW, G_CALLBACK(on_redraw), v);
	lttvwindow_connect(tab, v->top, LTTVWINDOW_SIGNAL_CONTINUE, G_CALLBACK(on_redraw), v);
	/* After the host's handler, which removes the notifications that use v. */
	g_signal_connect(v->top, "destroy", G_CALLBACK(on_destroy), v);

	gtk_widget_show_all(v->top);
	stv_take_traces(v);
	return v->top;
}

static const LttvwindowViewerInfo statistics_info = {
	LTTVWINDOW_ABI, "statistics", "Statistics",
	"Events and times per CPU, process, mode and event type, for the trace or the time window",
	GTK_STOCK_PROPERTIES, NULL, statistics_new
};

static gboolean init(GError **error)
{
	return lttvwindow_register_viewer(&statistics_info, error);
}

/* The worker threads run this module's code. */
static void destroy(void)
{
	stv_threads_join();
	stv_whole_unload();
}

LTTV_MODULE("statistics", "Statistics viewer for lttv-gui",
            "A sortable tree of the statistics (events, CPU time, cumulative and elapsed time, "
            "share) per trace, CPU, process, execution mode, submode and event type, for the "
            "whole trace or for the tab's time window, filled in while the trace is read; "
            "exported as CSV.",
            init, destroy, NULL);
