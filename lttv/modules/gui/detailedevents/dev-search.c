/* SPDX-License-Identifier: GPL-2.0-or-later */
/* SPDX-FileCopyrightText: 2026 The LTTV authors */
/* dev-search.c: finding an event and jumping to it.
 *
 * Both are events requests, like the page: going to a time reads the one
 * event at or after it; finding reads forward from the selection until an
 * event matches, or backward in blocks of events (the index gives each
 * block's start) keeping the last match.  Whatever is found becomes the
 * top of the page and the selection. */
#include <config.h>
#include <stdlib.h>
#include <lttv/state-filter.h>
#include "dev.h"

/* A cancelled search's after_request hook runs too: search_request 0
 * tells it to do nothing. */
static void search_cancel(Dev *d)
{
	guint request = d->search_request;
	d->search_request = 0;
	if (request != 0)
		lttvwindow_events_cancel(d->tab, request);
}

static gboolean on_search_event(void *hook_data, void *call_data)
{
	Dev *d = hook_data;
	LttvTracefileContext *tfc = call_data;
	guint64 k = d->search_number++;
	/* Finding forward starts at the selection itself: skip it. */
	if (d->search_filter != NULL && !d->search_backward && k == 0)
		return FALSE;
	if (d->search_filter != NULL &&
	    !lttv_filter_eval(d->search_filter, tfc->e, lttv_context_state_filter_process,
	                      lttvwindow_get_state(d->tab)))
		return FALSE;
	lttv_traceset_context_position_save(lttvwindow_get_traceset_context(d->tab), d->search_pos);
	d->search_found = TRUE;
	/* search_block: the found event's number (search_start: the first
	 * event's number in this request). */
	d->search_block = d->search_start == DEV_NO_NUMBER ? DEV_NO_NUMBER : d->search_start + k;
	/* Backward: the last match of the block is the one wanted. */
	return !d->search_backward;
}

static void submit(Dev *d, LttTime t, const LttvTracesetContextPosition *from,
                   const LttvTracesetContextPosition *to, guint64 num_events)
{
	LttvwindowEventsRequest *r = lttvwindow_events_request_new(d->top, d);
	r->start_time = t;
	r->start_position = from;
	r->end_position = to;
	r->num_events = num_events;
	r->event = d->search_event;
	r->after_request = d->search_after;
	d->search_request = lttvwindow_events_request(d->tab, d->top, r);
	lttvwindow_events_request_free(r);
}

/* Reads the block of events before event `end` (its number), for a
 * backward search. */
static gboolean search_back_block(Dev *d, guint64 end)
{
	LttvTracesetContext *ctx = lttvwindow_get_traceset_context(d->tab);
	LttvTracesetContextPosition *from = lttv_traceset_context_position_new(ctx);
	LttvTracesetContextPosition *to = lttv_traceset_context_position_new(ctx);
	guint64 start = end > DEV_BACK_BLOCK ? end - DEV_BACK_BLOCK : 0;
	gboolean ok = lttv_event_index_position(d->index, start, from, NULL) &&
	              lttv_event_index_position(d->index, end, to, NULL);
	if (ok) {
		d->search_start = start;
		d->search_block_len = end - start;
		d->search_number = 0;
		submit(d, 0, from, to, G_MAXUINT64);
	}
	lttv_traceset_context_position_destroy(from);
	lttv_traceset_context_position_destroy(to);
	return ok;
}

static gboolean on_search_after(void *hook_data, void *call_data)
{
	Dev *d = hook_data;
	if (d->search_request == 0)
		return FALSE;
	d->search_request = 0;
	/* A block read to its end (not stopped) without a match: the one
	 * before it. */
	if (d->search_backward && !d->search_found && d->search_start > 0 && d->search_filter != NULL &&
	    d->search_number == d->search_block_len) {
		dev_set_status(d, "Searching back from event %" G_GUINT64_FORMAT "...", d->search_start);
		if (search_back_block(d, d->search_start))
			return FALSE;
	}
	if (!d->search_found) {
		if (d->search_filter != NULL)
			dev_set_status(d, "No %s event matches", d->search_backward ? "earlier" : "later");
		return FALSE;
	}
	guint64 number = d->search_block;
	if (number == DEV_NO_NUMBER)
		number = dev_index_number(d, d->search_pos);
	lttv_traceset_context_position_copy(d->selected_pos, d->search_pos);
	d->have_selection = TRUE;
	d->selected_number = number;
	dev_show_from(d, d->search_pos, number);
	if (d->search_select)
		lttvwindow_report_current_position(d->tab, d->search_pos, d->top);
	return FALSE;
}

void dev_search_init(Dev *d)
{
	d->search_event = lttv_hooks_new();
	lttv_hooks_add(d->search_event, on_search_event, d, LTTV_PRIO_STATE - 5);
	d->search_after = lttv_hooks_new();
	lttv_hooks_add(d->search_after, on_search_after, d, LTTV_PRIO_DEFAULT);
}

void dev_search_free(Dev *d)
{
	lttv_hooks_destroy(d->search_event);
	lttv_hooks_destroy(d->search_after);
	if (d->search_filter != NULL)
		lttv_filter_free(d->search_filter);
	if (d->search_pos != NULL)
		lttv_traceset_context_position_destroy(d->search_pos);
}

static void search_begin(Dev *d, LttvFilter *filter, gboolean backward, gboolean select)
{
	search_cancel(d);
	if (d->search_filter != NULL)
		lttv_filter_free(d->search_filter);
	d->search_filter = filter;
	d->search_backward = backward;
	d->search_select = select;
	d->search_found = FALSE;
	d->search_number = 0;
	dev_ensure_positions(d);
	if (d->search_pos == NULL)
		d->search_pos = lttv_traceset_context_position_new(lttvwindow_get_traceset_context(d->tab));
}

void dev_goto_time(Dev *d, LttTime t, gboolean select)
{
	if (lttv_traceset_number(lttvwindow_get_traceset(d->tab)) == 0)
		return;
	search_begin(d, NULL, FALSE, select);
	d->search_start = DEV_NO_NUMBER;
	submit(d, t, NULL, NULL, 1);
}

gboolean dev_find(Dev *d, const char *expression, gboolean backward)
{
	GError *error = NULL;
	LttvFilter *f = lttv_filter_new(expression, &error);
	if (f == NULL) {
		dev_set_status(d, "Find: %s", error->message);
		g_error_free(error);
		return FALSE;
	}
	const LttvTracesetContextPosition *from = d->have_selection ? d->selected_pos : d->top_pos;
	guint64 from_number = d->have_selection ? dev_index_number(d, d->selected_pos) : d->top_number;
	if (from == NULL) {
		lttv_filter_free(f);
		return FALSE;
	}
	search_begin(d, f, backward, TRUE);
	dev_set_status(d, "Searching...");
	if (!backward) {
		d->search_start = from_number;
		LttvTracesetContextPosition *copy =
			lttv_traceset_context_position_new(lttvwindow_get_traceset_context(d->tab));
		lttv_traceset_context_position_copy(copy, from);
		submit(d, 0, copy, NULL, G_MAXUINT64);
		lttv_traceset_context_position_destroy(copy);
		return TRUE;
	}
	if (from_number == DEV_NO_NUMBER || !search_back_block(d, from_number)) {
		dev_set_status(d, "Finding backward needs the events indexed up to here");
		return FALSE;
	}
	return TRUE;
}

/* "#N" is event N; anything else is seconds since the start, as the
 * field's hint says (a bare "99" is 99 s, not event 99).  A time past the
 * last event goes to the last event and says so. */
void dev_goto_text(Dev *d, const char *text)
{
	if (text[0] == '#') {
		char *end;
		guint64 n = g_ascii_strtoull(text + 1, &end, 10);
		if (text[1] >= '0' && text[1] <= '9' && *end == '\0') {
			dev_select_number(d, n);
			return;
		}
		dev_set_status(d, "Go to \"%s\": an event number is # and digits (#1234)", text);
		return;
	}
	LttTime t, start, last;
	GError *error = NULL;
	if (!ltt_time_parse(text, &t, &error)) {
		dev_set_status(d, "Go to \"%s\": an event number (#1234) or seconds since the start (1.5)",
		               text);
		g_error_free(error);
		return;
	}
	lttvwindow_get_time_span(d->tab, &start, &last);
	if (t > last - start) {
		char buf[LTT_TIME_STRING_SIZE];
		ltt_time_format(last - start, buf);
		g_snprintf(d->page_note, sizeof d->page_note,
		           "%s is past the end (%s): the last event", text, buf);
		dev_goto_time(d, last, TRUE);
		return;
	}
	dev_goto_time(d, d->trace_start + t, TRUE);
}
