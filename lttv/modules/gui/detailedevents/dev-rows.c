/* SPDX-License-Identifier: GPL-2.0-or-later */
/* SPDX-FileCopyrightText: 2026 The LTTV authors */
/* dev-rows.c: reading the page's rows.
 *
 * A viewer never reads a trace: the page is one events request to the
 * tab's scheduler, from the top's position, that ends itself once the page
 * is full (its event hook returns TRUE).  The rows arrive in chunks, so a
 * slow filter never freezes the window; the list draws them as they come.
 * The event after the page is remembered: Page Down starts there without
 * the event index. */
#include <config.h>
#include <ltt/event.h>
#include <ltt/trace.h>
#include <ltt/tracefile.h>
#include <lttv/state-filter.h>
#include "dev.h"

static void row_free(gpointer p)
{
	DevRow *row = p;
	lttv_traceset_context_position_destroy(row->pos);
	g_free(row->process);
	g_free(row->fields);
	g_free(row);
}

gboolean dev_passes_filter(Dev *d, const LttEvent *e)
{
	LttvFilter *f = lttvwindow_get_filter(d->tab);
	return f == NULL || lttv_filter_eval(f, e, lttv_context_state_filter_process,
	                                     lttvwindow_get_state(d->tab));
}

/* A switch's prev_comm when its prev_tid (LTTng) or prev_pid (ftrace) is
 * pid, else NULL. */
static const char *switch_prev_comm(const LttEvent *e, gint pid)
{
	const LttEventType *type = ltt_event_type(e);
	const LttField *comm = ltt_event_type_field_by_name(type, "prev_comm");
	const LttField *who = ltt_event_type_field_by_name(type, "prev_tid");
	if (who == NULL)
		who = ltt_event_type_field_by_name(type, "prev_pid");
	if (comm == NULL || who == NULL || ltt_event_get_int(e, who) != pid)
		return NULL;
	return ltt_event_get_string(e, comm);
}

/* The task the event ran in (doc/detailedevents.md, "PID and Process"):
 * the one the event names itself (common_pid, a switch's prev_pid), else
 * the task the state believes runs on its CPU; pid -1 ("-") when neither
 * says.  The hook runs before the state's (see dev_rows_init), so the
 * state is the one just before the event. */
static void set_row_task(Dev *d, LttvTracefileContext *tfc, DevRow *row)
{
	const LttEvent *e = tfc->e;
	LttvTraceState *ts = lttv_context_state_get(lttvwindow_get_state(d->tab), tfc->t_context->index);
	const LttvProcess *p = ts != NULL ? lttv_trace_state_event_process(ts, e) : NULL;
	if (p != NULL) {
		const char *name = lttv_process_name(p);
		row->pid = lttv_process_pid(p);
		/* A switch out of a task the state has not named yet names it
		 * itself (the state learns the name from this very event). */
		if (name == NULL || *name == '\0')
			name = switch_prev_comm(e, row->pid);
		row->process = g_strdup(name != NULL ? name : "");
		return;
	}
	/* A task the state does not know: its pid still, when the event
	 * carries one; no name. */
	const LttField *common_pid = ltt_event_type_field_by_name(ltt_event_type(e), "common_pid");
	row->pid = common_pid != NULL ? (gint) ltt_event_get_int(e, common_pid) : -1;
	if (row->pid < 0)
		row->pid = -1;
	row->process = g_strdup("");
}

/* Decodes one event into a row: only the page's events come here. */
static DevRow *row_new(Dev *d, LttvTracefileContext *tfc, guint64 number)
{
	const LttEvent *e = tfc->e;
	DevRow *row = g_new0(DevRow, 1);
	LttvTracesetContext *ctx = lttvwindow_get_traceset_context(d->tab);
	row->number = number;
	row->pos = lttv_traceset_context_position_new(ctx);
	lttv_traceset_context_position_save(ctx, row->pos);
	row->time = ltt_event_time(e);
	row->trace = ltt_trace_name(tfc->t_context->t);
	row->channel = ltt_tracefile_channel(tfc->tf);
	row->cpu = ltt_event_cpu(e);
	row->clock_offset = ltt_trace_info(tfc->t_context->t)->clock_offset;
	row->event = ltt_event_name(e);
	set_row_task(d, tfc, row);
	GString *fields = g_string_new(NULL);
	ltt_event_format_payload(e, fields, LTT_FORMAT_FIELD_NAMES | LTT_FORMAT_HEX_ADDRESSES);
	row->fields = g_string_free(fields, FALSE);
	return row;
}

static gboolean on_row_event(void *hook_data, void *call_data)
{
	Dev *d = hook_data;
	LttvTracefileContext *tfc = call_data;
	guint64 number = d->top_number == DEV_NO_NUMBER ? DEV_NO_NUMBER : d->top_number + d->delivered;
	d->delivered++;
	if (d->rows->len >= d->page_rows) {
		/* The first event after a full page: where Page Down starts. */
		lttv_traceset_context_position_save(lttvwindow_get_traceset_context(d->tab), d->next_pos);
		d->has_next = TRUE;
		d->next_number = number;
		return TRUE;
	}
	if (dev_passes_filter(d, tfc->e)) {
		DevRow *row = row_new(d, tfc, number);
		if (d->have_selection && lttv_traceset_context_position_compare(row->pos, d->selected_pos) == 0)
			d->selected = (gint) d->rows->len;
		g_ptr_array_add(d->rows, row);
	}
	return FALSE;
}

static gboolean on_row_chunk(void *hook_data, void *call_data)
{
	Dev *d = hook_data;
	gtk_widget_queue_draw(d->area);
	return FALSE;
}

static gboolean on_row_after(void *hook_data, void *call_data)
{
	Dev *d = hook_data;
	d->request = 0;
	gtk_widget_queue_draw(d->area);
	/* Reading may have met damage the open did not see. */
	dev_update_damage(d);
	if (d->rows->len == 0)
		dev_set_status(d, "%s", lttvwindow_get_filter(d->tab) != NULL
		               ? "No event passes the tab's filter from here on" : "No event from here on");
	else
		dev_set_status(d, "%s", d->page_note);
	d->page_note[0] = '\0';
	return FALSE;
}

void dev_rows_init(Dev *d)
{
	d->rows = g_ptr_array_new_with_free_func(row_free);
	d->row_event = lttv_hooks_new();
	/* Below the state's priority: the process columns show the task
	 * running before the event, as textDump -p does. */
	lttv_hooks_add(d->row_event, on_row_event, d, LTTV_PRIO_STATE - 5);
	d->row_after = lttv_hooks_new();
	lttv_hooks_add(d->row_after, on_row_after, d, LTTV_PRIO_DEFAULT);
	d->row_chunk = lttv_hooks_new();
	lttv_hooks_add(d->row_chunk, on_row_chunk, d, LTTV_PRIO_DEFAULT);
	d->top_number = DEV_NO_NUMBER;
	d->pending_number = DEV_NO_NUMBER;
	d->selected = -1;
}

void dev_rows_free(Dev *d)
{
	g_ptr_array_free(d->rows, TRUE);
	lttv_hooks_destroy(d->row_event);
	lttv_hooks_destroy(d->row_after);
	lttv_hooks_destroy(d->row_chunk);
	if (d->top_pos != NULL)
		lttv_traceset_context_position_destroy(d->top_pos);
	if (d->next_pos != NULL)
		lttv_traceset_context_position_destroy(d->next_pos);
	if (d->selected_pos != NULL)
		lttv_traceset_context_position_destroy(d->selected_pos);
}

/* Positions belong to one context: a new traceset needs new ones. */
void dev_ensure_positions(Dev *d)
{
	LttvTracesetContext *ctx = lttvwindow_get_traceset_context(d->tab);
	if (d->top_pos == NULL) {
		d->top_pos = lttv_traceset_context_position_new(ctx);
		d->next_pos = lttv_traceset_context_position_new(ctx);
		d->selected_pos = lttv_traceset_context_position_new(ctx);
	}
}

void dev_show_from(Dev *d, const LttvTracesetContextPosition *pos, guint64 number)
{
	if (d->request != 0)
		lttvwindow_events_cancel(d->tab, d->request);
	d->request = 0;
	/* A page asked for now replaces one a backward read would show. */
	dev_tail_cancel(d);
	dev_ensure_positions(d);
	if (pos != d->top_pos)
		lttv_traceset_context_position_copy(d->top_pos, pos);
	d->top_number = number;
	g_ptr_array_set_size(d->rows, 0);
	d->selected = -1;
	d->has_next = FALSE;
	d->delivered = 0;
	dev_index_sync_scrollbar(d);
	gtk_widget_queue_draw(d->area);
	if (lttv_traceset_number(lttvwindow_get_traceset(d->tab)) == 0 || d->page_rows == 0)
		return;
	LttvwindowEventsRequest *r = lttvwindow_events_request_new(d->top, d);
	r->start_position = d->top_pos;
	r->event = d->row_event;
	r->after_chunk_traceset = d->row_chunk;
	r->after_request = d->row_after;
	d->request = lttvwindow_events_request(d->tab, d->top, r);
	lttvwindow_events_request_free(r);
}

void dev_reload(Dev *d)
{
	if (d->top_pos != NULL)
		dev_show_from(d, d->top_pos, d->top_number);
	else
		dev_goto_time(d, d->trace_start, FALSE);
}

void dev_page_down(Dev *d)
{
	if (d->request == 0 && d->has_next) {
		LttvTracesetContextPosition *next = lttv_traceset_context_position_new(
			lttvwindow_get_traceset_context(d->tab));
		lttv_traceset_context_position_copy(next, d->next_pos);
		dev_show_from(d, next, d->next_number);
		lttv_traceset_context_position_destroy(next);
	}
}

void dev_rows_down(Dev *d, guint k)
{
	if (d->request == 0 && k > 0 && d->rows->len > k) {
		DevRow *row = g_ptr_array_index(d->rows, k);
		LttvTracesetContextPosition *pos = lttv_traceset_context_position_new(
			lttvwindow_get_traceset_context(d->tab));
		lttv_traceset_context_position_copy(pos, row->pos);
		dev_show_from(d, pos, row->number);
		lttv_traceset_context_position_destroy(pos);
	}
}
