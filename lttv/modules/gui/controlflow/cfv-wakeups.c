/* SPDX-License-Identifier: GPL-2.0-or-later */
/* SPDX-FileCopyrightText: 2026 The LTTV authors */
/* cfv-wakeups.c: lines from the task that woke another to the task woken,
 * drawn on demand (the "Wakeups" check box).
 *
 * The interval store keeps states, not causes, so the wakeups of the time
 * window are read as events: one events request to the tab's scheduler for
 * the window's sched_wakeup and sched_wakeup_new events.  The waker is the
 * task running on the CPU where the wakeup happened, taken from the process
 * state the scheduler keeps for the hooks.  A new window cancels the
 * request and asks again, so no line from an older window is ever drawn. */
#include <config.h>
#include <math.h>
#include "cfv.h"

/* Beyond this many the lines would hide the rows: the first ones are
 * drawn and the status says so. */
#define CFV_MAX_WAKEUPS 4000

typedef struct {
	LttTime time;
	guint trace;
	gint32 waker, wakee;
	guint cpu;
} CfvWakeup;

static gboolean on_wakeup(void *hook_data, void *call_data)
{
	Cfv *v = hook_data;
	LttvTracefileContext *tfc = call_data;
	const LttEvent *ev = tfc->e;
	/* The task woken: "pid" in the kernel's tracepoint, "tid" in LTTng's
	 * (where "pid" would be its thread group). */
	const LttField *pid_field = ltt_event_type_field_by_name(ltt_event_type(ev), "tid");
	if (pid_field == NULL)
		pid_field = ltt_event_type_field_by_name(ltt_event_type(ev), "pid");
	guint trace = tfc->t_context->index;
	LttvTraceState *ts = lttv_context_state_get(lttvwindow_get_state(v->tab), trace);
	LttvProcess *running;
	CfvWakeup w;

	if (pid_field == NULL || ts == NULL)
		return FALSE;
	w.time = ltt_event_time(ev);
	w.trace = trace;
	w.cpu = ltt_event_cpu(ev);
	w.wakee = (gint32) ltt_event_get_int(ev, pid_field);
	running = lttv_trace_state_running_process(ts, w.cpu);
	w.waker = running != NULL ? lttv_process_pid(running) : -1;
	g_array_append_val(v->wakeups, w);
	/* TRUE ends this request only: enough lines for one window. */
	return v->wakeups->len >= CFV_MAX_WAKEUPS;
}

static gboolean on_request_end(void *hook_data, void *call_data)
{
	Cfv *v = hook_data;
	v->wakeups_request = 0;
	if (v->wakeups->len >= CFV_MAX_WAKEUPS)
		gtk_label_set_text(GTK_LABEL(v->status), "only the first 4000 wakeups are drawn: zoom in");
	cfv_queue_redraw(v);
	return FALSE;
}

void cfv_wakeups_request(Cfv *v)
{
	static const LttvwindowEventHookByName by_name[] = {
		{ "kernel", "sched_wakeup", on_wakeup },
		{ "kernel", "sched_wakeup_new", on_wakeup },
	};
	LttvwindowEventsRequest *r;

	if (v->wakeups_request != 0)
		lttvwindow_events_cancel(v->tab, v->wakeups_request);
	v->wakeups_request = 0;
	g_array_set_size(v->wakeups, 0);
	gtk_label_set_text(GTK_LABEL(v->status), "");
	if (!gtk_toggle_button_get_active(GTK_TOGGLE_BUTTON(v->show_wakeups))) {
		cfv_queue_redraw(v);
		return;
	}
	r = lttvwindow_events_request_new(v->top, v);
	r->start_time = v->window.start;
	r->end_time = v->window.start + v->window.width;
	r->event_by_name = by_name;
	r->n_event_by_name = G_N_ELEMENTS(by_name);
	r->after_request = v->wakeups_done;
	v->wakeups_request = lttvwindow_events_request(v->tab, v->top, r);
	lttvwindow_events_request_free(r);
}

void cfv_wakeups_init(Cfv *v)
{
	v->wakeups = g_array_new(FALSE, FALSE, sizeof(CfvWakeup));
	v->wakeups_done = lttv_hooks_new();
	lttv_hooks_add(v->wakeups_done, on_request_end, v, LTTV_PRIO_DEFAULT);
}

void cfv_wakeups_free(Cfv *v)
{
	g_array_free(v->wakeups, TRUE);
	lttv_hooks_destroy(v->wakeups_done);
}

/* Canvas heights of the rows shown, by (trace, entity). */
static void note_row(const Cfv *v, guint trace, LttvIntervalEntity e, gint y, gint h, gpointer data)
{
	g_hash_table_insert(data, GUINT_TO_POINTER(trace << 24 | e), GINT_TO_POINTER(y + h / 2));
}

static gboolean row_center(GHashTable *rows, guint trace, LttvIntervalEntity e, gint *y)
{
	gpointer value;
	if (e == LTTV_INTERVAL_ENTITY_NONE ||
	    !g_hash_table_lookup_extended(rows, GUINT_TO_POINTER(trace << 24 | e), NULL, &value))
		return FALSE;
	*y = GPOINTER_TO_INT(value);
	return TRUE;
}

void cfv_wakeups_draw(Cfv *v, cairo_t *cr, gint height)
{
	GHashTable *rows;
	guint i;

	if (v->wakeups->len == 0)
		return;
	rows = g_hash_table_new(g_direct_hash, g_direct_equal);
	cfv_tree_foreach_visible(v, height, note_row, rows);
	cairo_set_line_width(cr, 1);
	for (i = 0; i < v->wakeups->len; i++) {
		const CfvWakeup *w = &g_array_index(v->wakeups, CfvWakeup, i);
		const LttvIntervalStore *store =
			lttv_precompute_intervals(g_array_index(v->traces, CfvTrace, w->trace).pc);
		double x = floor(cfv_x_of(v, w->time)) + 0.5;
		gint y0, y1;
		gboolean has_waker = row_center(rows, w->trace,
		                                lttv_intervals_find_process_at(store, w->waker, w->cpu, w->time), &y0);
		if (!row_center(rows, w->trace, lttv_intervals_find_process_at(store, w->wakee, w->cpu, w->time), &y1))
			continue;
		cairo_set_source_rgb(cr, 0.10, 0.10, 0.10);
		if (has_waker) {
			cairo_move_to(cr, x, y0);
			cairo_line_to(cr, x, y1);
			cairo_stroke(cr);
		}
		/* The head points at the task woken. */
		cairo_move_to(cr, x, y1);
		cairo_line_to(cr, x - 3, y1 + (y1 > y0 || !has_waker ? -5 : 5));
		cairo_line_to(cr, x + 3, y1 + (y1 > y0 || !has_waker ? -5 : 5));
		cairo_close_path(cr);
		cairo_fill(cr);
	}
	g_hash_table_destroy(rows);
}
