/* SPDX-License-Identifier: GPL-2.0-or-later */
/* SPDX-FileCopyrightText: 2026 The LTTV authors */
/* controlflow.c: the control flow viewer: what every task did over time.
 *
 * Read this file first if you write a viewer: it shows the whole life of
 * one.  The module's init registers the viewer; the host calls
 * controlflow_new() to insert it in a tab; the viewer follows the tab's
 * shared values through lttvwindow_connect() and changes them with
 * lttvwindow_report_*(); the host disconnects everything when the viewer's
 * widget is destroyed.  This viewer reads no events at all: its rows come
 * from each trace's precomputed state intervals, and it asks the trace's
 * background scheduler to tell it as they fill in. */
#include <config.h>
#include <lttv/module.h>
#include "cfv.h"

/* How often the rows and the tree catch up with the precomputation while
 * it runs: often enough to see the view fill in, rarely enough that
 * drawing never competes with it. */
#define CFV_PROGRESS_MS 250

LttTime cfv_time_at(const Cfv *v, double x)
{
	double ns = (double) v->window.width * x / MAX(cfv_canvas_width(v), 1);
	if (ns <= 0)
		return v->window.start;
	return v->window.start + (LttTime) ns;
}

double cfv_x_of(const Cfv *v, LttTime t)
{
	double d = (double) t - (double) v->window.start;
	return d * cfv_canvas_width(v) / (double) v->window.width;
}

gint cfv_canvas_width(const Cfv *v)
{
	GtkAllocation a;

	if (v->canvas == NULL)
		return 1;
	gtk_widget_get_allocation(v->canvas, &a);
	return MAX(a.width, 1);
}

static gboolean all_done(const Cfv *v)
{
	guint i;
	for (i = 0; i < v->traces->len; i++)
		if (!lttv_precompute_done(g_array_index(v->traces, CfvTrace, i).pc))
			return FALSE;
	return TRUE;
}

/* While the precomputation runs, new tasks get rows and the rows fill in. */
static gboolean catch_up(gpointer data)
{
	Cfv *v = data;
	cfv_tree_refresh(v);
	cfv_queue_redraw(v);
	lttvwindow_damage_label_update(v->damage, v->tab, "the rows leave out");
	if (all_done(v)) {
		v->refresh_source = 0;
		return FALSE;
	}
	return TRUE;
}

/* Once, then every CFV_PROGRESS_MS while the precomputation runs. */
static gboolean catch_up_now(gpointer data)
{
	Cfv *v = data;
	v->refresh_source = 0;
	if (catch_up(v))
		v->refresh_source = g_timeout_add(CFV_PROGRESS_MS, catch_up, v);
	return FALSE;
}

/* A trace is precomputed: the last rows and tasks in a turn of their own,
 * not inside the precomputation's step that tells it (a refill of 10,000
 * tasks takes 20 ms). */
static gboolean on_trace_ready(void *hook_data, void *call_data)
{
	Cfv *v = hook_data;
	if (v->refresh_source != 0)
		g_source_remove(v->refresh_source);
	v->refresh_source = g_idle_add_full(G_PRIORITY_DEFAULT, catch_up_now, v, NULL);
	return FALSE;
}

static void on_time_window(LttvwindowTab *tab, const LttvwindowTimeWindowChange *change, gpointer data)
{
	Cfv *v = data;
	v->window = change->new_window;
	gtk_widget_queue_draw(v->ruler);
	cfv_wakeups_request(v);
	cfv_tree_apply_hide_idle(v);
	cfv_queue_redraw(v);
}

static void on_current_time(LttvwindowTab *tab, guint64 time, gpointer source, gpointer data)
{
	Cfv *v = data;
	v->current_time = time;
	/* The line is drawn over the backing pixmap: no row is drawn again. */
	gtk_widget_queue_draw(v->canvas);
}

static void on_redraw(LttvwindowTab *tab, gpointer data)
{
	cfv_queue_redraw(data);
}

static void forget_traces(Cfv *v)
{
	guint i;
	for (i = 0; i < v->traces->len; i++)
		lttv_precompute_unref(g_array_index(v->traces, CfvTrace, i).pc);
	g_array_set_size(v->traces, 0);
}

/* Takes the tab's traces: one precomputation service each, shared with
 * every other viewer and tab on the same trace. */
static void take_traces(Cfv *v)
{
	LttvTraceset *ts = lttvwindow_get_traceset(v->tab);
	guint i;

	cfv_tree_clear(v);
	forget_traces(v);
	for (i = 0; i < lttv_traceset_number(ts); i++) {
		CfvTrace t = { 0 };
		t.pc = lttv_precompute_get(lttv_traceset_get(ts, i));
		g_array_append_val(v->traces, t);
		/* Starts the background work if nobody did, and says when it ends. */
		lttvwindow_background_request(v->tab, v->top, i, LTT_TIME_INFINITE, on_trace_ready, v);
	}
	lttvwindow_get_time_span(v->tab, &v->trace_start, &v->trace_end);
	v->window = lttvwindow_get_time_window(v->tab);
	v->current_time = lttvwindow_get_current_time(v->tab);
	/* This covers the traces that told they were ready above. */
	if (v->refresh_source != 0)
		g_source_remove(v->refresh_source);
	v->refresh_source = 0;
	catch_up(v);
	if (!all_done(v))
		v->refresh_source = g_timeout_add(CFV_PROGRESS_MS, catch_up, v);
}

/* The scheduler cancelled every request: the wakeups are asked again. */
static void on_traceset(LttvwindowTab *tab, gpointer data)
{
	take_traces(data);
	cfv_wakeups_request(data);
}

static void on_continue(LttvwindowTab *tab, gpointer data)
{
	cfv_wakeups_request(data);
	cfv_queue_redraw(data);
}

/* Another viewer of the tab moved its dividor: this one follows, and
 * keeps it. */
static void on_dividor(LttvwindowTab *tab, gint position, gpointer source, gpointer data)
{
	Cfv *v = data;
	if (source != v->top) {
		v->pane_chosen = TRUE;
		gtk_paned_set_position(GTK_PANED(v->paned), position);
	}
}

/* Until the user moves the handle, the tree pane shows the columns that
 * fit the viewer's width (cfv_tree_fitting_width): the name and the ids
 * on a 1024-pixel screen, every column on a wide one.  A fixed width left
 * a wide screen's tree as narrow as a small one's. */
static void on_paned_allocate(GtkWidget *paned, GtkAllocation *a, gpointer data)
{
	Cfv *v = data;
	if (v->pane_chosen || a->width == v->fitted_width)
		return;
	v->fitted_width = a->width;
	gtk_paned_set_position(GTK_PANED(paned), cfv_tree_fitting_width(v, a->width));
}

/* A press on the handle (a drag), or its keys (F8, then the arrows). */
static gboolean on_paned_press(GtkWidget *paned, GdkEventButton *event, gpointer data)
{
	Cfv *v = data;
	if (event->window == gtk_paned_get_handle_window(GTK_PANED(paned)))
		v->pane_chosen = TRUE;
	return FALSE;
}

static gboolean on_paned_keys(GtkPaned *paned, GtkScrollType scroll, gpointer data)
{
	Cfv *v = data;
	v->pane_chosen = TRUE;
	return FALSE;
}

/* The width the user chose is the tab's: the other viewers follow it (a
 * width fitted to this viewer is not theirs to keep). */
static void on_paned_moved(GObject *paned, GParamSpec *pspec, gpointer data)
{
	Cfv *v = data;
	if (v->pane_chosen)
		lttvwindow_report_dividor(v->tab, gtk_paned_get_position(GTK_PANED(paned)), v->top);
}

static void on_destroy(GtkWidget *w, gpointer data)
{
	Cfv *v = data;
	if (v->refresh_source != 0)
		g_source_remove(v->refresh_source);
	forget_traces(v);
	g_array_free(v->traces, TRUE);
	cfv_wakeups_free(v);
	cfv_draw_free(v);
	cfv_tree_free(v);
	g_free(v);
}

static void on_find(GtkEntry *entry, gpointer data)
{
	Cfv *v = data;
	const char *text = gtk_entry_get_text(entry);
	gtk_label_set_text(GTK_LABEL(v->status),
	                   text[0] == '\0' || cfv_tree_find(v, text) ? "" : "no such process");
}

static void on_hide_idle(GtkToggleButton *button, gpointer data)
{
	cfv_tree_apply_hide_idle(data);
	cfv_queue_redraw(data);
}

static void on_show_wakeups(GtkToggleButton *button, gpointer data)
{
	cfv_wakeups_request(data);
}

static void on_pin(GtkButton *button, gpointer data)
{
	cfv_tree_toggle_pin_selected(data);
}

/* Above the tree: find a process, hide the idle ones, pin a row. */
static GtkWidget *tool_row(Cfv *v)
{
	GtkWidget *row = gtk_hbox_new(FALSE, 4);
	GtkWidget *label = gtk_label_new_with_mnemonic("Find proce_ss:");
	GtkWidget *pin = gtk_button_new_with_mnemonic("Pin _row");

	v->find_entry = gtk_entry_new();
	gtk_widget_set_tooltip_text(v->find_entry, "A name (or part of it) or a PID; Enter finds the next");
	gtk_label_set_mnemonic_widget(GTK_LABEL(label), v->find_entry);
	g_signal_connect(v->find_entry, "activate", G_CALLBACK(on_find), v);
	v->hide_idle = gtk_check_button_new_with_mnemonic("Hide _inactive");
	gtk_widget_set_tooltip_text(v->hide_idle, "Hide the tasks that never ran in the time window");
	g_signal_connect(v->hide_idle, "toggled", G_CALLBACK(on_hide_idle), v);
	v->show_wakeups = gtk_check_button_new_with_mnemonic("_Wakeups");
	gtk_widget_set_tooltip_text(v->show_wakeups, "Draw a line from each task that woke another to the task woken");
	g_signal_connect(v->show_wakeups, "toggled", G_CALLBACK(on_show_wakeups), v);
	gtk_widget_set_tooltip_text(pin, "Keep the selected row at the top, whatever the sort");
	g_signal_connect(pin, "clicked", G_CALLBACK(on_pin), v);
	v->status = gtk_label_new("");

	gtk_box_pack_start(GTK_BOX(row), label, FALSE, FALSE, 0);
	gtk_box_pack_start(GTK_BOX(row), v->find_entry, FALSE, FALSE, 0);
	gtk_box_pack_start(GTK_BOX(row), v->hide_idle, FALSE, FALSE, 0);
	gtk_box_pack_start(GTK_BOX(row), v->show_wakeups, FALSE, FALSE, 0);
	gtk_box_pack_start(GTK_BOX(row), pin, FALSE, FALSE, 0);
	gtk_box_pack_start(GTK_BOX(row), v->status, FALSE, FALSE, 0);
	return row;
}

static GtkWidget *controlflow_new(LttvwindowTab *tab)
{
	Cfv *v = g_new0(Cfv, 1);
	GtkWidget *paned, *right, *rows, *spacer;
	GtkSizeGroup *level;

	v->tab = tab;
	v->traces = g_array_new(FALSE, TRUE, sizeof(CfvTrace));
	cfv_wakeups_init(v);
	v->top = gtk_vbox_new(FALSE, 2);
	gtk_widget_set_size_request(v->top, -1, 200);

	/* The tree and the rows scroll together: one vertical adjustment. */
	v->vadj = GTK_ADJUSTMENT(gtk_adjustment_new(0, 0, 1, 1, 10, 1));
	paned = v->paned = gtk_hpaned_new();
	gtk_paned_pack1(GTK_PANED(paned), cfv_tree_new(v), FALSE, TRUE);
	right = gtk_vbox_new(FALSE, 0);
	rows = gtk_hbox_new(FALSE, 0);
	v->ruler = cfv_ruler_new(v);
	v->canvas = cfv_canvas_new(v);
	gtk_box_pack_start(GTK_BOX(right), v->ruler, FALSE, FALSE, 0);
	gtk_box_pack_start(GTK_BOX(right), v->canvas, TRUE, TRUE, 0);
	/* As tall as the tree's sideways scrollbar, so rows end level. */
	spacer = gtk_drawing_area_new();
	level = gtk_size_group_new(GTK_SIZE_GROUP_VERTICAL);
	gtk_size_group_add_widget(level, v->tree_hscroll);
	gtk_size_group_add_widget(level, spacer);
	g_object_unref(level);
	gtk_box_pack_start(GTK_BOX(right), spacer, FALSE, FALSE, 0);
	gtk_box_pack_start(GTK_BOX(rows), right, TRUE, TRUE, 0);
	gtk_box_pack_start(GTK_BOX(rows), gtk_vscrollbar_new(v->vadj), FALSE, FALSE, 0);
	gtk_paned_pack2(GTK_PANED(paned), rows, TRUE, TRUE);

	gtk_box_pack_start(GTK_BOX(v->top), tool_row(v), FALSE, FALSE, 0);
	v->damage = lttvwindow_damage_label_new();
	gtk_box_pack_start(GTK_BOX(v->top), v->damage, FALSE, FALSE, 0);
	gtk_box_pack_start(GTK_BOX(v->top), paned, TRUE, TRUE, 0);
	gtk_box_pack_start(GTK_BOX(v->top), cfv_legend_new(), FALSE, FALSE, 0);
	cfv_input_connect(v);

	g_signal_connect(paned, "notify::position", G_CALLBACK(on_paned_moved), v);
	g_signal_connect(paned, "size-allocate", G_CALLBACK(on_paned_allocate), v);
	g_signal_connect(paned, "button-press-event", G_CALLBACK(on_paned_press), v);
	g_signal_connect(paned, "move-handle", G_CALLBACK(on_paned_keys), v);
	lttvwindow_connect(tab, v->top, LTTVWINDOW_SIGNAL_TIME_WINDOW, G_CALLBACK(on_time_window), v);
	lttvwindow_connect(tab, v->top, LTTVWINDOW_SIGNAL_CURRENT_TIME, G_CALLBACK(on_current_time), v);
	lttvwindow_connect(tab, v->top, LTTVWINDOW_SIGNAL_TRACESET, G_CALLBACK(on_traceset), v);
	lttvwindow_connect(tab, v->top, LTTVWINDOW_SIGNAL_REDRAW, G_CALLBACK(on_redraw), v);
	lttvwindow_connect(tab, v->top, LTTVWINDOW_SIGNAL_CONTINUE, G_CALLBACK(on_continue), v);
	lttvwindow_connect(tab, v->top, LTTVWINDOW_SIGNAL_DIVIDOR, G_CALLBACK(on_dividor), v);
	/* Connected after the host's own handler (lttvwindow_connect made it):
	 * the host removes what the viewer registered before v is freed. */
	g_signal_connect(v->top, "destroy", G_CALLBACK(on_destroy), v);

	take_traces(v);
	gtk_widget_show_all(v->top);
	return v->top;
}

static const LttvwindowViewerInfo controlflow_info = {
	LTTVWINDOW_ABI, "controlflow", "Control flow",
	"What every process and thread did over time, coloured by state",
	GTK_STOCK_JUSTIFY_FILL, NULL, controlflow_new
};

static gboolean init(GError **error)
{
	return lttvwindow_register_viewer(&controlflow_info, error);
}

LTTV_MODULE("controlflow", "Control flow viewer for lttv-gui",
            "One row per process and thread, coloured by its state (user mode, system call, "
            "trap, IRQ, waiting for a CPU, blocked...) over the tab's time window, drawn from "
            "the precomputed state intervals.",
            init, NULL, NULL);
