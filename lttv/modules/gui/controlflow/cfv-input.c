/* SPDX-License-Identifier: GPL-2.0-or-later */
/* SPDX-FileCopyrightText: 2026 The LTTV authors */
/* cfv-input.c: what the mouse and the keyboard do in the rows.
 *
 *   click            sets the tab's current time (and selects the row)
 *   drag             zooms to the band dragged over
 *   wheel            scrolls time; Ctrl+wheel zooms around the pointer (by
 *                    2, as the window's Ctrl+wheel does around the centre);
 *                    Shift+wheel scrolls the rows, as the wheel over the
 *                    process tree does
 *   Home/End         go to the start/end of the traceset, same width
 * The window's keys (A/D and the arrows pan a fifth, W/S and +/- zoom by
 * 2: lttv-gui's keys.c, Help > Keys) are left to it, so that every viewer
 * moves the same.
 *   Up/Down, PgUp/PgDn  move through the rows
 *   hover            a tooltip names the task, its state and when it began and ended
 */
#include <config.h>
#include <gdk/gdkkeysyms.h>
#include "cfv.h"
#include "cfv-states.h"

/* A drag shorter than this is a click. */
#define CFV_DRAG_MIN_PX 4
#define CFV_ZOOM_STEP 2.0

static void set_window(Cfv *v, LttTime start, LttTime width)
{
	LttvwindowTimeWindow w = { start, MAX(width, 1) };
	lttvwindow_report_time_window(v->tab, w, v->top);
}

/* Scrolls by fraction of the window's width (negative: back in time). */
static void pan(Cfv *v, double fraction)
{
	double shift = fraction * (double) v->window.width;
	LttTime start = v->window.start;
	if (shift < 0)
		start = (double) start - v->trace_start > -shift ? (LttTime) ((double) start + shift) : v->trace_start;
	else
		start += (LttTime) shift;
	set_window(v, start, v->window.width);
}

/* Zooms by factor (> 1: in) keeping the time at canvas x where it is. */
static void zoom_at(Cfv *v, double x, double factor)
{
	LttTime at = cfv_time_at(v, x);
	double width = MAX((double) v->window.width / factor, 1.0);
	double left = (double) (at - v->window.start) / factor;
	set_window(v, at - (LttTime) MIN(left, (double) (at - v->trace_start)), (LttTime) width);
}

static void select_row_at(Cfv *v, gint y)
{
	GtkTreePath *path;
	if (gtk_tree_view_get_path_at_pos(GTK_TREE_VIEW(v->tree), 1, y, &path, NULL, NULL, NULL)) {
		gtk_tree_selection_select_path(gtk_tree_view_get_selection(GTK_TREE_VIEW(v->tree)), path);
		gtk_tree_path_free(path);
	}
}

static gboolean on_press(GtkWidget *w, GdkEventButton *ev, gpointer data)
{
	Cfv *v = data;
	gtk_widget_grab_focus(w);
	if (ev->button != 1 || ev->type != GDK_BUTTON_PRESS)
		return FALSE;
	v->dragging = TRUE;
	v->drag_x0 = v->drag_x1 = (gint) ev->x;
	return TRUE;
}

static gboolean on_motion(GtkWidget *w, GdkEventMotion *ev, gpointer data)
{
	Cfv *v = data;
	if (!v->dragging)
		return FALSE;
	v->drag_x1 = (gint) ev->x;
	gtk_widget_queue_draw(w);
	return TRUE;
}

static gboolean on_release(GtkWidget *w, GdkEventButton *ev, gpointer data)
{
	Cfv *v = data;
	gint x0, x1;
	if (ev->button != 1 || !v->dragging)
		return FALSE;
	v->dragging = FALSE;
	v->drag_x1 = (gint) ev->x;
	x0 = MIN(v->drag_x0, v->drag_x1);
	x1 = MAX(v->drag_x0, v->drag_x1);
	gtk_widget_queue_draw(w);
	if (x1 - x0 >= CFV_DRAG_MIN_PX) {
		LttTime t0 = cfv_time_at(v, MAX(x0, 0)), t1 = cfv_time_at(v, x1);
		set_window(v, t0, t1 - t0);
	} else {
		select_row_at(v, (gint) ev->y);
		lttvwindow_report_current_time(v->tab, cfv_time_at(v, ev->x), v->top);
	}
	return TRUE;
}

/* Three rows up or down. */
static void scroll_rows(Cfv *v, gboolean up)
{
	double value = gtk_adjustment_get_value(v->vadj) +
	               (up ? -1 : 1) * gtk_adjustment_get_step_increment(v->vadj) * 3;
	value = CLAMP(value, gtk_adjustment_get_lower(v->vadj),
	              gtk_adjustment_get_upper(v->vadj) - gtk_adjustment_get_page_size(v->vadj));
	gtk_adjustment_set_value(v->vadj, value);
}

static gboolean on_scroll(GtkWidget *w, GdkEventScroll *ev, gpointer data)
{
	Cfv *v = data;
	gboolean up = ev->direction == GDK_SCROLL_UP || ev->direction == GDK_SCROLL_LEFT;
	if (ev->state & GDK_CONTROL_MASK) {
		zoom_at(v, ev->x, up ? CFV_ZOOM_STEP : 1 / CFV_ZOOM_STEP);
	} else if (ev->state & GDK_SHIFT_MASK) {
		scroll_rows(v, up);
	} else {
		pan(v, up ? -0.1 : 0.1);
	}
	return TRUE;
}

/* The wheel over the process tree scrolls its rows (and the canvas's): the
 * tree sits in no scrolled window that would do it. */
static gboolean on_tree_scroll(GtkWidget *w, GdkEventScroll *ev, gpointer data)
{
	if (ev->direction != GDK_SCROLL_UP && ev->direction != GDK_SCROLL_DOWN)
		return FALSE;
	scroll_rows(data, ev->direction == GDK_SCROLL_UP);
	return TRUE;
}

/* Up/Down and the page keys go to the tree, which moves its selection and
 * scrolls the shared adjustment. */
static gboolean forward_to_tree(Cfv *v, GdkEventKey *ev)
{
	gtk_widget_grab_focus(v->tree);
	return gtk_widget_event(v->tree, (GdkEvent *) ev);
}

static gboolean on_key(GtkWidget *w, GdkEventKey *ev, gpointer data)
{
	Cfv *v = data;
	switch (ev->keyval) {
	case GDK_Home:
		set_window(v, v->trace_start, v->window.width);
		return TRUE;
	case GDK_End:
		set_window(v, v->trace_end > v->window.width ? v->trace_end - v->window.width : v->trace_start,
		           v->window.width);
		return TRUE;
	case GDK_Up:
	case GDK_Down:
	case GDK_Page_Up:
	case GDK_Page_Down:
		return forward_to_tree(v, ev);
	default:
		return FALSE;
	}
}

/* The whole interval of entity that holds t: widens the query around t
 * until the interval's ends are inside it (or are the trace's ends). */
static gboolean interval_at(Cfv *v, const LttvIntervalStore *store, LttvIntervalEntity e, LttTime t,
                            LttvIntervalItem *out)
{
	guint64 half = MAX(v->window.width / 512, 1);
	LttvIntervalItem items[64];

	for (;;) {
		LttTime t0 = t - MIN(half, t - MIN(t, v->trace_start));
		LttTime t1 = t + half;
		guint n = lttv_intervals_query(store, e, t0, t1, 1, items, G_N_ELEMENTS(items)), i;
		for (i = 0; i < n; i++)
			if (items[i].start <= t && t < items[i].end)
				break;
		if (i == n)
			return FALSE;
		*out = items[i];
		if ((out->start > t0 || t0 <= v->trace_start) && (out->end < t1 || t1 >= v->trace_end) &&
		    n < G_N_ELEMENTS(items))
			return TRUE;
		if (half > (v->trace_end - v->trace_start))
			return TRUE;
		half *= 16;
	}
}

static void describe_state(GString *s, LttvPrecompute *pc, const LttvIntervalItem *it)
{
	int state = cfv_state_of_item(it, FALSE);
	const char *what = lttv_precompute_submode_name(pc, it->mode, it->submode);

	g_string_append(s, state >= 0 ? cfv_state_style(state)->name : "gone");
	if (it->status != LTTV_STATUS_RUNNING && it->mode == LTTV_MODE_SYSCALL)
		g_string_append(s, " in system call");
	if (what != NULL && (it->mode == LTTV_MODE_SYSCALL || it->mode == LTTV_MODE_IRQ ||
	                     it->mode == LTTV_MODE_SOFTIRQ || it->mode == LTTV_MODE_TRAP))
		g_string_append_printf(s, " %s", what);
	else if (it->submode >= 0 && it->mode != LTTV_MODE_USER && it->mode != LTTV_MODE_IDLE)
		g_string_append_printf(s, " %d", it->submode);
}

/* A CPU's item: what it executes, and the task it runs. */
static void describe_cpu(GString *s, const LttvIntervalStore *store, const LttvIntervalItem *it, gint32 cpu)
{
	g_string_append(s, lttv_cpu_mode_name((LttvCpuMode) it->status));
	if (it->pid > 0) {
		LttvIntervalEntity e = lttv_intervals_find_process(store, it->pid, LTT_TIME_INFINITE, (guint) cpu);
		const LttvEntityInfo *task = e != LTTV_INTERVAL_ENTITY_NONE ? lttv_intervals_entity(store, e) : NULL;
		char *t = g_markup_printf_escaped(", running %s (PID %d)",
		                                  task != NULL && task->name[0] != '\0' ? task->name : "?", it->pid);
		g_string_append(s, t);
		g_free(t);
	}
	if (it->mixed)
		g_string_append(s, " (the longest of several in this pixel)");
}

static gboolean on_query_tooltip(GtkWidget *w, gint x, gint y, gboolean keyboard, GtkTooltip *tip, gpointer data)
{
	Cfv *v = data;
	guint trace;
	LttvIntervalEntity e;
	gint ry, rh;
	LttvPrecompute *pc;
	const LttvIntervalStore *store;
	const LttvEntityInfo *info;
	LttvIntervalItem it;
	LttTime t = cfv_time_at(v, x);
	GString *s;
	GdkRectangle area;

	if (keyboard || !cfv_tree_row_at(v, y, &trace, &e, &ry, &rh))
		return FALSE;
	pc = g_array_index(v->traces, CfvTrace, trace).pc;
	store = lttv_precompute_intervals(pc);
	info = lttv_intervals_entity(store, e);
	s = g_string_new(NULL);
	if (info->kind == LTTV_ENTITY_CPU) {
		g_string_append_printf(s, "<b>CPU %d</b>", info->id);
	} else {
		char *name = g_markup_printf_escaped("<b>%s</b>  PID %d", info->name[0] != '\0' ? info->name : "?",
		                                     info->id);
		g_string_append(s, name);
		g_free(name);
	}
	if (info->kind == LTTV_ENTITY_PROCESS && info->tgid > 0 && info->tgid != info->id)
		g_string_append_printf(s, " (thread of %d)", info->tgid);
	if (v->traces->len > 1)
		g_string_append_printf(s, ", trace %u", trace);
	g_string_append(s, "\n");
	if (t >= lttv_intervals_ready_until(store)) {
		g_string_append(s, "not computed yet");
	} else if (interval_at(v, store, e, t, &it)) {
		/* An idle task not running is drawn as nothing: the CPU runs
		 * another task, which is not the idle task "waiting". */
		if (info->kind == LTTV_ENTITY_CPU)
			describe_cpu(s, store, &it, info->id);
		else if (info->id == 0 && it.status != LTTV_STATUS_RUNNING)
			g_string_append(s, "not running: its CPU runs another task");
		else
			describe_state(s, pc, &it);
		g_string_append_printf(s, "\nfrom %.9f s to %.9f s (%.6f ms)", (it.start - v->trace_start) / 1e9,
		                       (it.end - v->trace_start) / 1e9, (it.end - it.start) / 1e6);
	} else {
		g_string_append(s, "no state known here");
	}
	gtk_tooltip_set_markup(tip, s->str);
	g_string_free(s, TRUE);
	/* The tooltip stays while the pointer is in the same row and pixel. */
	area.x = x;
	area.y = ry;
	area.width = 1;
	area.height = rh;
	gtk_tooltip_set_tip_area(tip, &area);
	return TRUE;
}

void cfv_input_connect(Cfv *v)
{
	g_signal_connect(v->canvas, "button-press-event", G_CALLBACK(on_press), v);
	g_signal_connect(v->canvas, "button-release-event", G_CALLBACK(on_release), v);
	g_signal_connect(v->canvas, "motion-notify-event", G_CALLBACK(on_motion), v);
	g_signal_connect(v->canvas, "scroll-event", G_CALLBACK(on_scroll), v);
	g_signal_connect(v->tree, "scroll-event", G_CALLBACK(on_tree_scroll), v);
	g_signal_connect(v->canvas, "key-press-event", G_CALLBACK(on_key), v);
	gtk_widget_set_has_tooltip(v->canvas, TRUE);
	g_signal_connect(v->canvas, "query-tooltip", G_CALLBACK(on_query_tooltip), v);
}
